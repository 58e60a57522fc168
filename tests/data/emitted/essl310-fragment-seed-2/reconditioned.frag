#version 310 es
precision highp float;
precision highp int;

layout(std140, binding = 0) uniform buf_in_0 {
    uint in_0_f0;
};
layout(location = 0) out uvec4 _color;

vec4 out_0_f0[4] = vec4[4](vec4(114.0, -3568.0, 82.0, 43.0), vec4(-7.0, 93.0, 745.0, 107.0), vec4(-3125.0, 1483.0, 661.0, 119.0), vec4(72.0, 3406.0, 1863.0, -117.0));
vec4 out_0_f1 = vec4(84.0, 3591.0, -123.0, 2893.0);
float glob_0 = false ? 1119.0 * 3090.0 : -131.0 + -7.0;
const bool glob_1 = bvec2(false, true).x;
int _ss_loop_total = 0;

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
}

vec4 SAFE_FADD_ASSIGN_vec4_float(inout vec4 _ss_a, float _ss_b) {
    vec4 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec4(0.1))) || any(greaterThanEqual(abs(_ss_n), vec4(16777215.0))) ? mix(mix(_ss_n, vec4(10.0), lessThan(abs(_ss_n), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_n), vec4(16777215.0))) : _ss_n;
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

vec3 SAFE_FMUL_ASSIGN_vec3_float(inout vec3 _ss_a, float _ss_b) {
    vec3 _ss_n = _ss_a * _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec3(0.1))) || any(greaterThanEqual(abs(_ss_n), vec3(16777215.0))) ? mix(mix(_ss_n, vec3(10.0), lessThan(abs(_ss_n), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_n), vec3(16777215.0))) : _ss_n;
    return _ss_a;
}

vec4 SAFE_FMUL_ASSIGN_vec4_float(inout vec4 _ss_a, float _ss_b) {
    vec4 _ss_n = _ss_a * _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec4(0.1))) || any(greaterThanEqual(abs(_ss_n), vec4(16777215.0))) ? mix(mix(_ss_n, vec4(10.0), lessThan(abs(_ss_n), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_n), vec4(16777215.0))) : _ss_n;
    return _ss_a;
}

float SAFE_FSUB_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a - _ss_b;
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

vec3 SAFE_MAKE_IN_RANGE_vec3(vec3 _ss_a) {
    return any(lessThan(abs(_ss_a), vec3(0.1))) || any(greaterThanEqual(abs(_ss_a), vec3(16777215.0))) ? mix(mix(_ss_a, vec3(10.0), lessThan(abs(_ss_a), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_a), vec3(16777215.0))) : _ss_a;
}

vec4 SAFE_MAKE_IN_RANGE_vec4(vec4 _ss_a) {
    return any(lessThan(abs(_ss_a), vec4(0.1))) || any(greaterThanEqual(abs(_ss_a), vec4(16777215.0))) ? mix(mix(_ss_a, vec4(10.0), lessThan(abs(_ss_a), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_a), vec4(16777215.0))) : _ss_a;
}

uint SAFE_MOD_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
}

float SAFE_PRE_DEC_float(inout float _ss_a) {
    float _ss_n = _ss_a - 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

float SAFE_PRE_INC_float(inout float _ss_a) {
    float _ss_n = _ss_a + 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

uint SAFE_SHL_uint_int(uint _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

uint SAFE_SHR_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

uint SAFE_TO_UINT_float(float _ss_a) {
    return _ss_a < 0.0 ? uint(int(_ss_a)) : uint(_ss_a);
}

bool func_0(uint param_0, out vec4 param_1, const bvec3 param_2) {
    param_1 = vec4(1.0);
    vec4 _ss_t0 = SAFE_FMUL_ASSIGN_vec4_float(param_1, SAFE_MAKE_IN_RANGE_float(2866.0 - out_0_f0[1].tstt.z));
    param_1 = _ss_t0;
    float var_0 = 1.0;
    bool var_1 = true;
    return bool(uint(2147483647));
}

float func_1() {
    SAFE_FMUL_ASSIGN_float_float(out_0_f0[2][SAFE_INDEX_uint_uint(in_0_f0, 4u)], glob_1 ? glob_0 : SAFE_MAKE_IN_RANGE_float(glob_0 - glob_0));
    out_0_f0 = vec4[4](vec4(123.0, 1717.0, -1216.0, 67.0), vec4(-292.0, 601.0, -3271.0, 4050.0), vec4(3626.0, -74.0, 3891.0, 85.0), SAFE_MAKE_IN_RANGE_vec4(vec4(1469.0) + glob_0));
    float var_2 = SAFE_MAKE_IN_RANGE_float(SAFE_FMUL_ASSIGN_float_float(out_0_f0[0][0], 2007.0) * glob_0);
    int _ss_loop2 = 0;
    for (uint for_var_0 = in_0_f0; vec3(-104.0, 3414.0, -42.0) == vec3(-1.0) ? !true : false; -(-824293204 >> 17) & 593170681) {
        if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop2++;
        _ss_loop_total++;
        ivec3 var_3 = findMSB(max(mix(ivec3(-91, 29, -1593600438), ivec3(-164249692, -1, -2087290697), bvec3(true)), bitCount(-2147483648)));
        int _ss_loop1 = 0;
        for (int for_var_1 = 4; 1 < for_var_1; for_var_1 /= 2) {
            if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop1++;
            _ss_loop_total++;
            int _ss_loop0 = 0;
            for (int for_var_2 = -8; -2 > for_var_2; for_var_2 += 2) {
                if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                    break;
                }
                _ss_loop0++;
                _ss_loop_total++;
                vec3 var_4 = vec3(103.0, -106.0, -28.0);
            }
        }
        if (glob_1) {
            switch ((glob_1 ? glob_1 : glob_1) ? int(SAFE_MAKE_IN_RANGE_float(glob_0 - glob_0)) : 2147483647) {
                default:
                    {
                        var_3.x &= +(-78);
                        vec2 var_5 = SAFE_MAKE_IN_RANGE_vec2((-3041.0 - 3017.0) * vec2(-28.0));
                    }
            }
        }
    }
    return out_0_f1[SAFE_INDEX_uint_uint(in_0_f0 | floatBitsToUint(glob_0), 4u)];
}

void fragment_body() {
    float _ss_t0 = func_0(in_0_f0, out_0_f1, bvec3(false)) ? func_1() : SAFE_MAKE_IN_RANGE_float(float(-802802441));
    float var_6 = SAFE_MAKE_IN_RANGE_float(SAFE_PRE_DEC_float(out_0_f1.p) + _ss_t0);
    uint var_7 = uvec2(353310331u, 3707790619u).x ^ 1u;
    uint var_8 = SAFE_SHR_uint_uint(var_7 ^ in_0_f0, in_0_f0) + uint(true);
    const int var_9[1] = int[1](497121847);
    switch (2u + var_7 % 4u) {
        case 2u:
            {
                if (SAFE_MAKE_IN_RANGE_vec4(vec4(glob_0, bvec3(true, true, false))) == vec4(-3388.0, 6.0, 64.0, -900.0)) {
                    if ((SAFE_TO_UINT_float(gl_FragCoord.x) & 1u) != 0u) {
                        float _ss_t1 = SAFE_FADD_ASSIGN_vec4_float(out_0_f1, glob_0).t;
                        SAFE_FSUB_ASSIGN_float_float(out_0_f1.q, _ss_t1);
                        if ((var_8 <<= 15) >= (glob_1 ? uint(var_9[0]) : var_7)) {
                            break;
                        }
                        SAFE_FMUL_ASSIGN_float_float(var_6, SAFE_MAKE_IN_RANGE_float(float(false)));
                    } else {
                        SAFE_FSUB_ASSIGN_float_float(glob_0, 82.0 - 21.0);
                        const bvec3 var_10[4] = bvec3[4](bvec3(false, true, true), bvec3(true, false, true), bvec3(true), bvec3(false, false, false));
                    }
                    int var_11 = var_9[SAFE_INDEX_uint_uint(SAFE_DIV_uint_uint(in_0_f0, in_0_f0), 1u)] * (-110 >> 18);
                    int var_12 = var_9[0];
                } else {
                    int var_13[1] = var_9;
                    bvec3 var_14 = lessThan(+SAFE_MAKE_IN_RANGE_vec3(29.0 + vec3(639.0, 2779.0, 366.0)), vec3(-4051.0, -112.0, 154.0));
                    var_13 = var_9;
                }
                switch (1u + (var_7 << 10) % 2u) {
                    case 1u:
                        {
                            SAFE_PRE_INC_float(var_6);
                            if (!(var_8++ == uint(-417774988))) {
                                var_8 &= 2518227506u;
                                bvec2 var_15 = bvec2(SAFE_SHL_uint_int(in_0_f0, int(var_7)), glob_1);
                                uvec2 var_16[4] = uvec2[4](uvec2(2007720889u, 4294967295u) ^ uvec2(1403508842u, 12u), uvec2(4294967295u, 18u) / uvec2(5u), uvec2(2118159650u, 26u), in_0_f0 + uvec2(2516821497u));
                                int var_17 = var_9[0];
                                return;
                            } else {
                                bool var_18 = true;
                                int var_19 = var_9[0];
                            }
                        }
                    case 2u:
                        {
                            if (ivec3(449316356, 0, -1840054443), var_7 >= (in_0_f0 & var_7)) {
                                break;
                            }
                            uint var_20 = var_7 - (uvec4(1u, 3905491790u, 3464746233u, 50u) + uvec4(3921669550u)).s;
                            {
                                uvec2 var_21 = uvec2(1u);
                            }
                        }
                        break;
                }
                func_0(glob_1 ? (var_7 ^= in_0_f0) + floatBitsToUint(108.0) : 1u, out_0_f0[1], equal(ivec3(1, 1581858559, 881997207) / ivec3(8), (true ? var_9[0u] : var_9[0]) ^ ivec3(465240446) << 4));
            }
            break;
        case 3u:
            {
                bool var_22[4] = bool[4](glob_1, glob_1, true, glob_1);
                var_22[0u] = glob_1;
                {
                    if (SAFE_TO_UINT_float(2409.0) <= max(uint(glob_1), in_0_f0)) {
                        if (any(bvec3(false)) ? 69.0 * 47.0 < 72.0 : glob_1) {
                            return;
                        }
                        vec3 var_23 = vec3(1.0);
                        ivec4 var_24 = floatBitsToInt(vec4(122.0, -1543.0, -3728.0, -107.0));
                        if (SAFE_TO_UINT_float(gl_FragCoord.x) % 3u == 2u) {
                            break;
                        }
                    } else {
                        SAFE_FSUB_ASSIGN_float_float(glob_0, SAFE_MAKE_IN_RANGE_float(-2131.0 - func_1()));
                        var_22[SAFE_INDEX_int_int(bitCount(++var_7), 4)] = (findMSB(in_0_f0) | ivec3(493050582, 1, -194341382).y) < var_9[0];
                    }
                    switch (5u + SAFE_MOD_uint_uint(in_0_f0, min(in_0_f0, in_0_f0)) % 2u) {
                        case 5u:
                            {
                                SAFE_FMUL_ASSIGN_vec3_float(out_0_f0[SAFE_INDEX_uint_uint(+in_0_f0, 4u)].wzx, SAFE_MAKE_IN_RANGE_float(floor(vec4(1725.0, -38.0, -2610.0, -108.0).w) * SAFE_MAKE_IN_RANGE_float(vec2(-29.0).s + -1377.0)));
                            }
                            break;
                        case 6u:
                            {
                            }
                            break;
                        default:
                            {
                            }
                            break;
                    }
                }
            }
            break;
        case 4u:
            {
                break;
            }
        case 5u:
            {
            }
            break;
    }
    out_0_f0[0] = sign(out_0_f0[3]);
    SAFE_FADD_ASSIGN_vec4_vec4(out_0_f1, SAFE_MAKE_IN_RANGE_vec4(SAFE_FSUB_ASSIGN_float_float(var_6, -3060.0) * vec4(1464.0)));
}

void main() {
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4((((((2166136261u ^ floatBitsToUint(out_0_f0[0].x)) * 16777619u ^ floatBitsToUint(out_0_f0[1].x)) * 16777619u ^ floatBitsToUint(out_0_f0[2].x)) * 16777619u ^ floatBitsToUint(out_0_f0[3].x)) * 16777619u ^ floatBitsToUint(out_0_f1.x)) * 16777619u, (((((2166136261u ^ floatBitsToUint(out_0_f0[0].y)) * 16777619u ^ floatBitsToUint(out_0_f0[1].y)) * 16777619u ^ floatBitsToUint(out_0_f0[2].y)) * 16777619u ^ floatBitsToUint(out_0_f0[3].y)) * 16777619u ^ floatBitsToUint(out_0_f1.y)) * 16777619u, (((((2166136261u ^ floatBitsToUint(out_0_f0[0].z)) * 16777619u ^ floatBitsToUint(out_0_f0[1].z)) * 16777619u ^ floatBitsToUint(out_0_f0[2].z)) * 16777619u ^ floatBitsToUint(out_0_f0[3].z)) * 16777619u ^ floatBitsToUint(out_0_f1.z)) * 16777619u, (((((2166136261u ^ floatBitsToUint(out_0_f0[0].w)) * 16777619u ^ floatBitsToUint(out_0_f0[1].w)) * 16777619u ^ floatBitsToUint(out_0_f0[2].w)) * 16777619u ^ floatBitsToUint(out_0_f0[3].w)) * 16777619u ^ floatBitsToUint(out_0_f1.w)) * 16777619u);
}
