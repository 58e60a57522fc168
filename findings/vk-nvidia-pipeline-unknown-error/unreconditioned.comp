#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uvec2 in_0_f0;
    float in_0_f1[1];
} in_0;

void main() {
    uvec2 var_0 = uvec2(0u);
    var_0[findLSB(0u)] /= 0u;
    bool var_16 = double(in_0.in_0_f1[0u]) - 0.0lf != 0.0lf && in_0.in_0_f1[0] >= 0.0;
    do {
        if (4294967295u / in_0.in_0_f0[0] < var_0[0u]) {
            break;
        }
    } while (false);
}
