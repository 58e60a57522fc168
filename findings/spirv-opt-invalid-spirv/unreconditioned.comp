#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

void main() {
    for (; vec3(0.0) == vec3(0.0); 0u) {
        for (uint for_var_0 = 0u; false; 0) {
        }
    }
}
