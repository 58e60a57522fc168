#version 450

struct buf_out_0 {
    int out_0_f0;
    int out_0_f1;
};

layout(std140, binding = 0) uniform buf_in_0 {
    vec4 in_0_f0;
    uint in_0_f1[4];
    int in_0_f2;
    int in_0_f3[4];
} in_0;
layout(std140, binding = 1) uniform buf_in_1 {
    uint in_1_f0[1];
    uvec4 in_1_f1;
    uint in_1_f2;
} in_1;
layout(location = 0) out uvec4 _color;

buf_out_0 out_0 = buf_out_0(-1157992117, -52);
uvec3 out_1_f0 = uvec3(1u, 2u, 0u);
vec4 out_1_f1 = vec4(-34.0, 76.0, 1569.0, -10.0);
const bool glob_0 = bvec2(false, true).y;
int _ss_loop_total = 0;

int SAFE_BITFIELD_EXTRACT_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
    return _ss_a;
}

uvec2 SAFE_DIV_uvec2_uint(uvec2 _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
}

vec4 SAFE_FADD_ASSIGN_vec4_float(inout vec4 _ss_a, float _ss_b) {
    vec4 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec4(0.1))) || any(greaterThanEqual(abs(_ss_n), vec4(16777215.0))) ? mix(mix(_ss_n, vec4(10.0), lessThan(abs(_ss_n), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_n), vec4(16777215.0))) : _ss_n;
    return _ss_a;
}

float SAFE_FMUL_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a * _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

vec2 SAFE_FMUL_ASSIGN_vec2_float(inout vec2 _ss_a, float _ss_b) {
    vec2 _ss_n = _ss_a * _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
    return _ss_a;
}

vec2 SAFE_FMUL_ASSIGN_vec2_vec2(inout vec2 _ss_a, vec2 _ss_b) {
    vec2 _ss_n = _ss_a * _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

float SAFE_MAKE_IN_RANGE_float(float _ss_a) {
    return abs(_ss_a) < 0.1 || abs(_ss_a) >= 16777215.0 ? 10.0 : _ss_a;
}

vec2 SAFE_MAKE_IN_RANGE_vec2(vec2 _ss_a) {
    return any(lessThan(abs(_ss_a), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a), vec2(16777215.0))) ? mix(mix(_ss_a, vec2(10.0), lessThan(abs(_ss_a), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a), vec2(16777215.0))) : _ss_a;
}

uint SAFE_MOD_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b) {
    _ss_a = _ss_b == 0u ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
    return _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

uint SAFE_MOD_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
}

float SAFE_POST_DEC_float(inout float _ss_a) {
    float _ss_old = _ss_a;
    float _ss_n = _ss_a - 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_old;
}

float SAFE_POST_INC_float(inout float _ss_a) {
    float _ss_old = _ss_a;
    float _ss_n = _ss_a + 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_old;
}

vec4 SAFE_POST_INC_vec4(inout vec4 _ss_a) {
    vec4 _ss_old = _ss_a;
    vec4 _ss_n = _ss_a + 1.0;
    _ss_a = any(lessThan(abs(_ss_n), vec4(0.1))) || any(greaterThanEqual(abs(_ss_n), vec4(16777215.0))) ? mix(mix(_ss_n, vec4(10.0), lessThan(abs(_ss_n), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_n), vec4(16777215.0))) : _ss_n;
    return _ss_old;
}

vec2 SAFE_PRE_INC_vec2(inout vec2 _ss_a) {
    vec2 _ss_n = _ss_a + 1.0;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
    return _ss_a;
}

int SAFE_SHL_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

ivec4 SAFE_SHR_ivec4_uint(ivec4 _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

uint SAFE_TO_UINT_float(float _ss_a) {
    return _ss_a < 0.0 ? uint(int(_ss_a)) : uint(_ss_a);
}

void func_0(inout bool param_0) {
    int var_0 = in_0.in_0_f2;
    uint var_1 = out_1_f0.x++ + (false ? 2469908587u : 95u) | in_0.in_0_f1[1];
    uvec3 var_2[1] = uvec3[1](in_1.in_1_f1.qst);
}

int func_1(bvec4 param_1, const bool param_2) {
    bvec3 var_3[2] = bvec3[2](bvec3(false), param_1.qtq);
    int _ss_loop0 = 0;
    while (SAFE_TO_UINT_float(gl_FragCoord.y) % 4u == 1u) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        if ((glob_0 ? in_1.in_1_f1.ts : uvec2(3027382129u, 101u)) == SAFE_DIV_uvec2_uint(in_1.in_1_f1.xz, in_1.in_1_f1.z) || param_2) {
            float var_4[1] = float[1](in_0.in_0_f0[0]);
            switch (4 + SAFE_MOD_int_int(in_0.in_0_f2, 2)) {
                case 4:
                    {
                        SAFE_PRE_INC_vec2(out_1_f1.yz);
                        SAFE_POST_INC_vec4(out_1_f1);
                    }
                    break;
                case 5:
                    {
                        float var_5 = 1.0;
                    }
                    break;
                default:
                    {
                        bool var_6[1] = bool[1](false);
                        param_1.ywz = var_3[SAFE_INDEX_int_int(param_2 ? in_0.in_0_f2 ^ in_0.in_0_f3[2] : 1208106668, 2)];
                        func_0(var_6[0]);
                        if (glob_0) {
                            return ~(out_0.out_0_f1 = int(param_2));
                        }
                    }
                    break;
            }
        } else {
        }
    }
    return SAFE_SHL_int_int(out_0.out_0_f0++, SAFE_SHR_int_uint(in_0.in_0_f3[0], in_0.in_0_f1[3u]) | findMSB(2257448699u));
}

void fragment_body() {
    uint var_7 = SAFE_MOD_uint_uint(in_1.in_1_f0[0] + (in_0.in_0_f1[0] & in_1.in_1_f0[0]), out_1_f0.t);
    float var_8 = 1.0;
    bool var_9 = ivec2(67, 2147483647).x >= SAFE_SHL_int_uint(SAFE_MOD_int_int(out_0.out_0_f1, 12), in_1.in_1_f0[0u]);
    float _ss_t0 = 1.0;
    SAFE_FMUL_ASSIGN_vec2_float(out_1_f1.xz, (_ss_t0 = SAFE_POST_INC_float(var_8), SAFE_MAKE_IN_RANGE_float(roundEven(var_8) * _ss_t0)));
    if (bvec4(false, false, false, false).s) {
        return;
    }
    if (true ^^ glob_0) {
        if (bvec3(true, false, false).rbrb.p) {
            return;
        }
        switch (in_0.in_0_f3[1]) {
            case -1719670738:
                {
                    int _ss_loop1 = 0;
                    while (false) {
                        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop1++;
                        _ss_loop_total++;
                        out_0.out_0_f0 ^= in_0.in_0_f3[0];
                        var_9 = any(bvec2(in_0.in_0_f0.ab));
                        uvec3 var_10 = out_1_f0;
                    }
                    switch (0 + SAFE_MOD_int_int(out_0.out_0_f0, 3)) {
                        case 0:
                            {
                                SAFE_FMUL_ASSIGN_vec2_vec2(out_1_f1.ga, vec2(88.0));
                                SAFE_POST_DEC_float(out_1_f1.z);
                                SAFE_FMUL_ASSIGN_float_float(var_8, out_1_f1.r);
                            }
                            break;
                        case 1:
                            {
                                if (SAFE_TO_UINT_float(gl_FragCoord.y) % 3u == 1u) {
                                    break;
                                }
                                SAFE_MOD_ASSIGN_uint_uint(var_7, in_1.in_1_f1.tt[SAFE_INDEX_int_int(in_0.in_0_f2 - 1023005192 + (glob_0 ? -1 : in_0.in_0_f2), 2)]);
                                const bool var_11 = bool(-1200344516) ^^ glob_0;
                            }
                            break;
                        case 2:
                            {
                                const uvec4 var_12 = uvec4(uvec3(1567392458u, 89u, 2771758982u), uvec3(3260668214u).y);
                                SAFE_DIV_ASSIGN_int_int(out_0.out_0_f1, in_0.in_0_f3[3]);
                                out_0.out_0_f0 = int(var_9 = bvec3(true, false, false).g);
                                ivec2 var_13 = ivec2(976667604, -2) ^ ivec2(-1558358499);
                            }
                            break;
                        default:
                            {
                                float var_14 = min(SAFE_MAKE_IN_RANGE_float(in_0.in_0_f0.q - in_0.in_0_f0.s), in_0.in_0_f0[SAFE_INDEX_int_int(in_0.in_0_f3[2u], 4)]);
                                int _ss_t1 = 1;
                                var_9 = (_ss_t1 = out_0.out_0_f1 *= out_0.out_0_f0--, SAFE_SHL_int_uint(out_0.out_0_f0 ^ out_0.out_0_f1, var_7) > _ss_t1);
                                func_1(bvec4(53u), glob_0);
                            }
                            break;
                    }
                    break;
                }
                break;
            case 1673508341:
                {
                    out_0.out_0_f1 += int(in_0.in_0_f0.w);
                    int _ss_loop2 = 0;
                    for (;;) {
                        if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop2++;
                        _ss_loop_total++;
                        ++out_1_f0[1];
                        if (greaterThan(SAFE_SHR_ivec4_uint(ivec4(1589386479, -962587752, 2088187939, 50), in_1.in_1_f2), ivec4(89)).y) {
                            break;
                        }
                        var_9 = in_0.in_0_f0.yw == SAFE_MAKE_IN_RANGE_vec2(vec2(-56.0) + in_0.in_0_f0.g);
                        SAFE_FADD_ASSIGN_vec4_float(out_1_f1.ptqs, SAFE_MAKE_IN_RANGE_float(var_8 - SAFE_MAKE_IN_RANGE_float(float(var_9))));
                        int var_15[1] = int[1](true ? 32 : in_0.in_0_f3[1]);
                    }
                    bool var_16 = bool(94u) || SAFE_TO_UINT_float(gl_FragCoord.y) % 3u == 0u;
                }
                break;
        }
        int var_17 = (out_0.out_0_f1-- & int(in_0.in_0_f0.b)) - int(var_9);
    }
    uint var_18 = in_1.in_1_f2;
    if (!glob_0) {
        return;
    }
    bool var_19 = glob_0;
    out_0.out_0_f1 <<= 19;
    out_1_f1[3] = -in_0.in_0_f0.p;
    if (var_19 || var_19 || glob_0 || any(bvec3(false, true, true))) {
        int _ss_loop3 = 0;
        for (;;) {
            if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop3++;
            _ss_loop_total++;
            var_7 = uint(+(-59) ^ (glob_0 ? 732503690 : in_0.in_0_f2));
            if (glob_0 && var_19) {
                break;
            }
        }
        int var_20 = 1;
    }
    int _ss_t2 = func_1(bvec4(true, false, false, false), all(bvec3(false, true, true)));
    out_0.out_0_f0 = _ss_t2;
    out_0.out_0_f1 += SAFE_BITFIELD_EXTRACT_int_int_int(-(0), out_0.out_0_f1, 16) | int(out_1_f0.b);
    out_1_f0 = uvec3(1302697551u, 1u, 4250935925u) + uvec3(SAFE_TO_UINT_float(gl_FragCoord.y));
    out_1_f1 = vec4(SAFE_MAKE_IN_RANGE_float(float(-568846413)));
}

void main() {
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4((((2166136261u ^ uint(out_0.out_0_f0)) * 16777619u ^ out_1_f0.z) * 16777619u ^ floatBitsToUint(out_1_f1.w)) * 16777619u, ((2166136261u ^ uint(out_0.out_0_f1)) * 16777619u ^ floatBitsToUint(out_1_f1.x)) * 16777619u, ((2166136261u ^ out_1_f0.x) * 16777619u ^ floatBitsToUint(out_1_f1.y)) * 16777619u, ((2166136261u ^ out_1_f0.y) * 16777619u ^ floatBitsToUint(out_1_f1.z)) * 16777619u);
}
