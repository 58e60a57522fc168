#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    ivec4 in_0_f0;
};
layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f0;
} out_1;

void main() {
    uint var_8;
    var_8 = uint(in_0_f0.sq[1]);
    out_1.out_1_f0 >>= var_8;
}
