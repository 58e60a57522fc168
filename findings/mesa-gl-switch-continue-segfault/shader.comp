#version 450
layout(local_size_x = 3, local_size_y = 2, local_size_z = 1) in;

struct Struct_0 {
    int field_0;
    bool field_1;
};

shared float shared_0[6];

int _ss_loop_uniform_total = 0;

uint SAFE_DIV_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b) {
    _ss_a = _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
    return _ss_a;
}

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_a >= _ss_b ? _ss_a % _ss_b : _ss_a;
}

float SAFE_MAKE_IN_RANGE_float(float _ss_a) {
    return abs(_ss_a) < 0.1 || abs(_ss_a) >= 16777215.0 ? 10.0 : _ss_a;
}

void main() {
    uint var_1[2] = uint[2](0u, 0u);
    int _ss_loop0 = 0;
    for (int for_var_0 = 0; for_var_0 < 2; ++for_var_0) {
        if (_ss_loop0 >= 32 || _ss_loop_uniform_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_uniform_total++;
        SAFE_DIV_ASSIGN_uint_uint(var_1[SAFE_INDEX_uint_uint(gl_WorkGroupID[0], 2u)], 0u);
    }
    float var_8 = 10.0;
    int _ss_loop1 = 0;
    for (int for_var_1 = 0; 0 <= 0; 0) {
        if (_ss_loop1 >= 32 || _ss_loop_uniform_total >= 1000) {
            break;
        }
        _ss_loop1++;
        _ss_loop_uniform_total++;
        switch (SAFE_MAKE_IN_RANGE_float(10.0 + var_8) >= 10.0 ? 0 : 0) {
            case 3:
                switch (0) {
                    case 1:
                    case 2:
                        continue;
                }
                switch (var_1[0u] = 0u) {
                    case 5u:
                    default:
                        break;
                }
            case 4:
            case 5:
                break;
        }
    }
}
