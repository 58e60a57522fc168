#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    vec2 out_0_f0[1];
} out_0;
layout(std430, binding = 2) buffer buf_out_1 {
    uvec4 out_1_f2[1];
} out_1;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

void func_0(out float param_0) {
    param_0 = 1.0;
    out_1.out_1_f2[0].bra = out_1.out_1_f2[0].agr;
}

int func_1() {
    func_0(out_0.out_0_f0[SAFE_INDEX_int_int(SAFE_SHR_int_uint(0, out_1.out_1_f2[0u].q = 0u), 1)].x);
    return 1;
}

void main() {
    if (func_1() == 0) {
    }
}
