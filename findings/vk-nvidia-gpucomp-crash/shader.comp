#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    int in_0_f0;
};
layout(std430, binding = 1) buffer buf_out_0 {
    uvec4 out_0_f0;
    ivec2 out_0_f1;
    uvec2 out_0_f2;
};

int _ss_loop_total = 0;

int SAFE_MOD_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
    return _ss_a;
}

uvec4 SAFE_SHR_ASSIGN_uvec4_uvec4(inout uvec4 _ss_a, uvec4 _ss_b) {
    _ss_a = any(greaterThanEqual(_ss_b, uvec4(32u))) ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
    return _ss_a;
}

void main() {
    int var_0 = in_0_f0;
    bool var_1 = true;
    uint var_2 = 1u;
    const int var_3 = -99;
    int var_5 = int(var_1);
    bvec3 var_7 = bvec3(var_1, bvec2(true, true));
    uvec4 var_11 = SAFE_SHR_ASSIGN_uvec4_uvec4(out_0_f0.sqtp, out_0_f0);
    bool var_12 = var_1;
    int _ss_loop0 = 0;
    for (var_7.s = out_0_f2.yxxx != uvec4(91u); all(var_7 = var_7); SAFE_MOD_ASSIGN_int_int(out_0_f1[0], 8)) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
    }
    int _ss_loop1 = 0;
    for (int for_var_6 = 9; 1 < for_var_6; for_var_6 /= 3) {
        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        return;
    }
    int var_17 = findMSB(out_0_f2.g);
    out_0_f1 = ivec2(2107437424);
}
