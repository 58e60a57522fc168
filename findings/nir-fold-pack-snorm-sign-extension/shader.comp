#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_out_0 {
    uint out_0_f0;
    uint out_0_f1;
    vec4 in_0_f2;
};

void main() {
    out_0_f0 = packSnorm4x8(vec4(2.0, 3.0, -5.0, 4.0));
    out_0_f1 = packSnorm4x8(in_0_f2);
}
