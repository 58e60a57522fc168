#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f0;
};

const bvec2 glob_0 = bvec2(true, false);

void main() {
    do {
        if (glob_0.s == (uvec2(0u) != uvec2(0u, 4294967295u))) {
            break;
        }
    } while (bool(out_1_f0 |= -1522674317));
}
