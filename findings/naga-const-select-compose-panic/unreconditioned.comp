#version 450
layout(local_size_x = 4, local_size_y = 3, local_size_z = 1) in;

const vec3 glob_0 = vec3(0.0, vec2(0.0));

void main() {
    for (vec2(0.0); 0.0 < (false ? vec3(0.0) : glob_0).g; 0u) {
    }
}
