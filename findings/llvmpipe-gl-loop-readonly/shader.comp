#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uvec4 in_0_f2;
} in_0;
layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f1;
} out_1;

int _ss_loop_total = 0;

void main() {
    int _ss_loop0 = 0;
    while (0u == in_0.in_0_f2.yw.y) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
    }
    out_1.out_1_f1 = int(in_0.in_0_f2.r);
}
