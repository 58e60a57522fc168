#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    uint out_0_f0[1];
} out_0;
layout(std430, binding = 3) buffer buf_out_1 {
    uint out_1_f0;
    uint out_1_f1;
};

void main() {
    int var_5 = 0 >> out_1_f0;
    switch (uaddCarry(0u, 0u, out_0.out_0_f0[0])) {
        case 5u:
        case 6u:
        default:
        case 7u:
        case 8u:
            break;
    }
}
