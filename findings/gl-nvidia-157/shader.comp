#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    float out_0_f1;
};

float SAFE_FMUL_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a * _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

void main() {
    vec3 var_0[2] = vec3[2](vec3(10.0), vec3(10.0));
    ivec2 var_17 = ivec2(0);
    SAFE_FMUL_ASSIGN_float_float(var_0[SAFE_INDEX_int_int(var_17[0] &= 0, 2)].b, 10.0);
    out_0_f1 = var_0[0].z;
}
