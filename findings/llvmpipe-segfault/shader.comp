#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f1;
} out_1;

void main() {
    int _ss_t0 = out_1.out_1_f1;
    imulExtended(-1, out_1.out_1_f1, out_1.out_1_f1, _ss_t0);
}
