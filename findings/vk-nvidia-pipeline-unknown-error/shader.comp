#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uvec2 in_0_f0;
    float in_0_f1[1];
} in_0;

int _ss_loop_total = 0;

uint SAFE_DIV_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b) {
    _ss_a = _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
    return _ss_a;
}

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

double SAFE_MAKE_IN_RANGE_double(double _ss_a) {
    return abs(_ss_a) < 0.1lf || abs(_ss_a) >= 16777215.0lf ? 10.0lf : _ss_a;
}

void main() {
    uvec2 var_0 = uvec2(0u);
    SAFE_DIV_ASSIGN_uint_uint(var_0[SAFE_INDEX_int_int(findLSB(0u), 2)], 0u);
    bool var_16 = SAFE_MAKE_IN_RANGE_double(double(in_0.in_0_f1[0u]) - 10.0lf) != 10.0lf && in_0.in_0_f1[0] >= 10.0;
    int _ss_loop0 = 0;
    do {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        if (SAFE_DIV_uint_uint(4294967295u, uint(in_0.in_0_f0[0])) < var_0[0u]) {
            break;
        }
    } while (false);
}
