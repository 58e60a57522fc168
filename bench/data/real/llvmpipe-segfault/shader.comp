#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uint in_0_f0[4];
    uint in_0_f1[3];
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    vec2 out_0_f0[2];
    vec2 out_0_f1[1];
    vec4 out_0_f2[3];
};
layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f0;
    int out_1_f1;
    uvec2 out_1_f2[1];
    float out_1_f3[2];
} out_1;

const bvec3 glob_0 = bvec3(false, false, false);
const int glob_1 = -23 & (2021879396 | 1050196605);
int _ss_loop_total = 0;

int SAFE_ABS_int(int _ss_a) {
    return _ss_a == -2147483648 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) : abs(_ss_a);
}

int SAFE_BITFIELD_EXTRACT_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

uint SAFE_BITFIELD_EXTRACT_uint_int_int(uint _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
    return _ss_a;
}

uint SAFE_DIV_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b) {
    _ss_a = _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
    return _ss_a;
}

ivec3 SAFE_DIV_ivec3_int(ivec3 _ss_a, int _ss_b) {
    return _ss_b == 0 || any(equal(_ss_a, ivec3(-2147483648))) && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
}

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
}

float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a + _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

vec4 SAFE_FADD_ASSIGN_vec4_vec4(inout vec4 _ss_a, vec4 _ss_b) {
    vec4 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec4(0.1))) || any(greaterThanEqual(abs(_ss_n), vec4(16777215.0))) ? mix(mix(_ss_n, vec4(10.0), lessThan(abs(_ss_n), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_n), vec4(16777215.0))) : _ss_n;
    return _ss_a;
}

float SAFE_FMUL_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a * _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_a >= _ss_b ? _ss_a % _ss_b : _ss_a;
}

float SAFE_MAKE_IN_RANGE_float(float _ss_a) {
    return abs(_ss_a) < 0.1 || abs(_ss_a) >= 16777215.0 ? 10.0 : _ss_a;
}

vec2 SAFE_MAKE_IN_RANGE_vec2(vec2 _ss_a) {
    return any(lessThan(abs(_ss_a), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a), vec2(16777215.0))) ? mix(mix(_ss_a, vec2(10.0), lessThan(abs(_ss_a), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a), vec2(16777215.0))) : _ss_a;
}

vec4 SAFE_MAKE_IN_RANGE_vec4(vec4 _ss_a) {
    return any(lessThan(abs(_ss_a), vec4(0.1))) || any(greaterThanEqual(abs(_ss_a), vec4(16777215.0))) ? mix(mix(_ss_a, vec4(10.0), lessThan(abs(_ss_a), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_a), vec4(16777215.0))) : _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

float SAFE_PRE_INC_float(inout float _ss_a) {
    float _ss_n = _ss_a + 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

uint SAFE_SHL_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b) {
    _ss_a = _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
    return _ss_a;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

uint SAFE_SHL_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

int SAFE_SHR_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
}

ivec4 SAFE_SHR_ivec4_uvec4(ivec4 _ss_a, uvec4 _ss_b) {
    return any(greaterThanEqual(_ss_b, uvec4(32u))) ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

uint SAFE_TO_UINT_float(float _ss_a) {
    return _ss_a < 0.0 ? uint(int(_ss_a)) : uint(_ss_a);
}

void func_0() {
    int var_0 = SAFE_SHR_int_int(glob_1, SAFE_MOD_int_int(out_1.out_1_f1, 87 * out_1.out_1_f1));
    SAFE_FMUL_ASSIGN_float_float(out_0_f1[0].t, SAFE_PRE_INC_float(out_1.out_1_f3[0]));
    bvec4 var_1 = glob_0.gr.xyyy;
    const uint var_2 = (1174450247u >> 11u) + (3164784598u >> 14u);
}

uint func_1() {
    int _ss_loop1 = 0;
    while (glob_0.b) {
        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        int _ss_loop0 = 0;
        for (int for_var_0 = -6; for_var_0 > -10; for_var_0 = for_var_0 - 1) {
            if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop0++;
            _ss_loop_total++;
            SAFE_DIV_ASSIGN_uint_uint(out_1.out_1_f2[SAFE_INDEX_int_int(+out_1.out_1_f0, 1)].s, in_0.in_0_f0[1]);
            ivec4 var_3 = SAFE_SHR_ivec4_uvec4(ivec4(1, -2, -1384633316, -1), out_1.out_1_f2[0u].tttt / uvec4(5u));
        }
    }
    int var_4 = 1;
    float var_5 = out_0_f0[1u].sst.s;
    int _ss_loop2 = 0;
    while (false) {
        if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop2++;
        _ss_loop_total++;
        uint var_6 = 1u;
        switch (SAFE_SHL_int_uint(out_1.out_1_f0, var_6)) {
            case -119:
                {
                    float var_7 = var_5;
                    switch (6u + (out_1.out_1_f0 < (-2 & 1782733023) ? SAFE_BITFIELD_EXTRACT_uint_int_int(in_0.in_0_f0[0u], out_1.out_1_f1, 9) : out_1.out_1_f2[SAFE_INDEX_uint_uint(in_0.in_0_f1[0], 1u)][1]) % 3u) {
                        case 6u:
                            {
                                bool var_8 = max(-40, out_1.out_1_f0) <= floatBitsToInt(out_0_f1[0][1]) >> 11u;
                                break;
                            }
                        case 7u:
                            {
                            }
                        case 8u:
                            {
                            }
                    }
                }
                break;
            case -1164399748:
                {
                }
                break;
            case -25:
            case -2050856150:
            default:
                {
                }
        }
    }
    return in_0.in_0_f0[3u];
}

bvec4 func_2(inout vec4 param_0, uint param_1, inout int param_2) {
    uint _ss_t0 = 1u;
    if (bool((_ss_t0 = func_1(), uaddCarry(SAFE_SHL_ASSIGN_uint_uint(param_1, out_1.out_1_f2[0].g), _ss_t0, out_1.out_1_f2[0][1])))) {
        int var_9 = param_2;
    }
    bvec2 var_10[1] = bvec2[1](bvec2(true));
    out_0_f0[SAFE_INDEX_int_int(param_2, 2)].r = out_0_f0[SAFE_INDEX_int_int(var_10[0][0] ? out_1.out_1_f0 : glob_1, 2)][1] = param_0.a = SAFE_MAKE_IN_RANGE_float(float(out_1.out_1_f0));
    float var_11 = ceil(SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(out_0_f0[1u].g * 510.0) * SAFE_MAKE_IN_RANGE_float(out_0_f1[0u].r - -2450.0)));
    return var_10[SAFE_INDEX_int_int(out_1.out_1_f0 ^= out_1.out_1_f1, 1)].rggg;
}

void main() {
    bool var_12 = glob_0[SAFE_INDEX_int_int(out_1.out_1_f1, 3)];
    vec4 var_13 = SAFE_MAKE_IN_RANGE_vec4(+vec4(105.0, -86.0, 2229.0, -90.0) - -vec4(-236.0, 771.0, 1627.0, 2.0));
    uint var_14 = func_1();
    out_1.out_1_f2[SAFE_INDEX_int_int(out_1.out_1_f0++, 1)].x -= +SAFE_DIV_uint_uint(SAFE_SHL_uint_uint(3718874726u, in_0.in_0_f1[1]), usubBorrow(var_14, 3603475864u, var_14));
    func_0();
    const uint var_15[3] = uint[3](~1350123655u, 932462422u, 0u);
    bool var_16 = true;
    int _ss_loop4 = 0;
    do {
        if (_ss_loop4 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop4++;
        _ss_loop_total++;
        uint var_17 = out_1.out_1_f2[0].yxxx[SAFE_INDEX_int_int((out_1.out_1_f0 &= -2147483648) + int(var_12), 4)];
        float var_18 = out_1.out_1_f3[SAFE_INDEX_int_int(out_1.out_1_f0, 2)];
        var_17 &= in_0.in_0_f1[2];
        int _ss_loop3 = 0;
        for (int for_var_1 = 2; for_var_1 < 8; for_var_1 *= 2) {
            if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop3++;
            _ss_loop_total++;
            uint var_19 = func_1();
            break;
        }
    } while (var_16 ? var_12 : uvec3(out_1.out_1_f2[0].y, in_0.in_0_f1[2], var_14) == uvec3(17u));
    bool var_20 = glob_0.x;
    out_0_f0 = out_0_f0;
    uint var_21 = var_20 ? (var_12 = true) ? 4294967295u : in_0.in_0_f1[0u] : in_0.in_0_f0[2u] * ~out_1.out_1_f2[0][0];
    int _ss_t0 = --out_1.out_1_f0;
    func_2(out_0_f2[SAFE_INDEX_int_int(_ss_t0, 3)], (out_1.out_1_f2[0].t &= in_0.in_0_f1[1]) / 14u, out_1.out_1_f0);
    func_0();
    int _ss_t1 = out_1.out_1_f1;
    imulExtended(-1, SAFE_MOD_int_int(out_1.out_1_f1 - out_1.out_1_f0, 12) * +(out_1.out_1_f0 >> 9), out_1.out_1_f1, _ss_t1);
    int var_22 = out_1.out_1_f1 + (102 & SAFE_DIV_ASSIGN_int_int(out_1.out_1_f0, out_1.out_1_f0));
    ivec3 var_23 = SAFE_DIV_ivec3_int(ivec3(26), out_1.out_1_f1) & (out_1.out_1_f1 ^ out_1.out_1_f0--);
    switch (int(-var_13[1u])) {
        case -2:
        default:
            {
                var_16 = SAFE_MAKE_IN_RANGE_float(15.0 + 2966.0 - round(out_0_f1[0].g)) != out_0_f2[1].s;
                int _ss_loop5 = 0;
                for (uint for_var_2 = 2u; for_var_2 <= 15u; for_var_2 *= 2u) {
                    if (_ss_loop5 >= 32 || _ss_loop_total >= 1000) {
                        break;
                    }
                    _ss_loop5++;
                    _ss_loop_total++;
                    float var_24 = SAFE_MAKE_IN_RANGE_float(out_0_f0[SAFE_INDEX_int_int(out_1.out_1_f0, 2)][1] - -out_0_f0[1][0]);
                    if (!(out_1.out_1_f2[0].sss != uvec3(1187759110u, 1002086297u, 2u))) {
                        SAFE_PRE_INC_float(var_24);
                        out_1.out_1_f2[SAFE_INDEX_int_int(++out_1.out_1_f1, 1)] |= out_1.out_1_f2[SAFE_INDEX_int_int(var_23[1] + (out_1.out_1_f0 - glob_1), 1)];
                        uvec2 var_25 = out_1.out_1_f2[0u] ^ out_1.out_1_f2[0].gg;
                        ivec4 var_26 = var_23.brgg + (floatBitsToInt(out_0_f2[2][0]) | SAFE_ABS_int(glob_1));
                    }
                    float var_27 = var_13[3];
                    if (SAFE_MAKE_IN_RANGE_float(SAFE_PRE_INC_float(out_0_f2[0][0]) - (72.0 + -1875.0)) < out_0_f2[2][SAFE_INDEX_int_int(SAFE_BITFIELD_EXTRACT_int_int_int(354982703, 5, var_22), 4)]) {
                        float var_28 = var_27;
                    }
                }
            }
            break;
    }
    func_0();
    out_1.out_1_f3 = out_1.out_1_f3;
    if (any(glob_0)) {
        bool var_29 = true;
        float var_30 = 1.0;
        int _ss_loop6 = 0;
        do {
            if (_ss_loop6 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop6++;
            _ss_loop_total++;
            var_16 = all(bvec2(true, true));
            uint var_31 = SAFE_DIV_uint_uint(SAFE_TO_UINT_float(89.0) + var_15[1], out_1.out_1_f2[SAFE_INDEX_int_int(var_22, 1)][0u]);
        } while (var_14 >> 2 > SAFE_SHL_uint_uint(~var_21, out_1.out_1_f2[0][0] & 175212609u));
    }
    if (-(-(0)) >= (var_22 *= -var_23.b)) {
        int _ss_loop7 = 0;
        for (int for_var_3 = 4; for_var_3 > 2; for_var_3 /= 2) {
            if (_ss_loop7 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop7++;
            _ss_loop_total++;
        }
    } else {
    }
    out_0_f0 = vec2[2](out_0_f0[1u], SAFE_MAKE_IN_RANGE_vec2(-461.0 - vec2(2607.0, 4.0)));
    out_0_f1[0] = SAFE_MAKE_IN_RANGE_vec2(SAFE_FMUL_ASSIGN_float_float(out_1.out_1_f3[1], out_1.out_1_f3[0]) + -SAFE_MAKE_IN_RANGE_vec2(vec2(-6.0) - out_0_f1[0]));
    SAFE_FADD_ASSIGN_vec4_vec4(out_0_f2[2], SAFE_MAKE_IN_RANGE_vec4(vec4(bool(out_1.out_1_f2[0].grgg.b * 101u))));
    out_1.out_1_f0 = int(var_16);
    out_1.out_1_f1 = var_22;
    out_1.out_1_f2[0] = out_1.out_1_f2[0].ts;
    SAFE_FADD_ASSIGN_float_float(out_1.out_1_f3[0], (glob_0[1] ? out_0_f0[0].r : var_13[0u]) < out_0_f1[0].y ? 1678.0 : out_0_f0[0][0u]);
}
