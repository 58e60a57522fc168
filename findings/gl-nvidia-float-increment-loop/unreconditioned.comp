#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    float out_0_f0;
} out_0;

void main() {
    while (out_0.out_0_f0++ != float(0)) {
        return;
    }
}
