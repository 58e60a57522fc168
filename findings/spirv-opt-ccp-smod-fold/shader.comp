#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_out_0 {
    int out_0_f0;
};

void main() {
    int a = 522391150;
    int b = 1813808445;
    out_0_f0 = a % b;
}
