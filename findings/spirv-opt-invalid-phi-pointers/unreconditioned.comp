#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    ivec2 out_0_f0;
};

void main() {
    bvec2 var_4 = bvec2(false);
    out_0_f0[0] /= 0;
    bool var_9 = ivec2(0) == out_0_f0;
    while (var_4.s) {
        if (var_9) {
            continue;
        }
    }
    do {
    } while (var_9 = var_4[0]);
}
