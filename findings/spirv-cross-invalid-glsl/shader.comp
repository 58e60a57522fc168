#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    uint out_0_f0[1];
} out_0;
layout(std430, binding = 3) buffer buf_out_1 {
    uint out_1_f0;
    uint out_1_f1;
};

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

void main() {
    int var_5 = SAFE_SHR_int_uint(0, out_1_f0);
    switch (uaddCarry(0u, 0u, out_0.out_0_f0[0])) {
        case 5u:
        case 6u:
        default:
        case 7u:
        case 8u:
            break;
    }
}
