#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    uint out_0_f0;
};

void main() {
    out_0_f0 = -(out_0_f0 / 0u);
}
