#version 450

struct buf_out_0 {
    ivec2 out_0_f0;
    uint out_0_f1[3];
};

struct buf_out_1 {
    int out_1_f0;
    uint out_1_f1;
    uint out_1_f2[4];
};

layout(std140, binding = 0) uniform buf_in_0 {
    vec2 in_0_f0[1];
} in_0;
layout(location = 0) flat in uint vary_0;
layout(location = 1) flat in float vary_1;
layout(location = 2) flat in uint vary_2;
layout(location = 3) flat in uvec2 vary_3;
layout(location = 0) out uvec4 _color;

buf_out_0 out_0 = buf_out_0(ivec2(-84, 70), uint[3](1u, 4294967295u, 22u));
buf_out_1 out_1 = buf_out_1(4, 348216465u, uint[4](2958591403u, 120u, 37u, 0u));
const ivec3 glob_0 = 0 + ivec3(-1380651503) << 20u;
int _ss_loop_total = 0;

ivec3 SAFE_ABS_ivec3(ivec3 _ss_a) {
    return any(equal(_ss_a, ivec3(-2147483648))) ? abs(mix(_ss_a, ivec3(2147483647), equal(_ss_a, ivec3(-2147483648)))) : abs(_ss_a);
}

uint SAFE_CLAMP_uint_uint_uint(uint _ss_a, uint _ss_b, uint _ss_c) {
    return _ss_b > _ss_c ? clamp(_ss_a, min(_ss_b, _ss_c), max(_ss_b, _ss_c)) : clamp(_ss_a, _ss_b, _ss_c);
}

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
    return _ss_a;
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
    return _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
}

float SAFE_DOT_vec2_vec2(vec2 _ss_a, vec2 _ss_b) {
    vec2 _ss_p0 = abs(_ss_a * _ss_b);
    bool _ss_ok = all(lessThan(_ss_p0, vec2(16777215.0))) && _ss_p0.x + _ss_p0.y < 16777215.0;
    return !_ss_ok || (abs(dot(_ss_a, _ss_b)) < 0.1 || abs(dot(_ss_a, _ss_b)) >= 16777215.0) ? _ss_ok ? abs(dot(_ss_a, _ss_b)) < 0.1 ? 10.0 : dot(_ss_a, _ss_b) : 10.0 : dot(_ss_a, _ss_b);
}

float SAFE_DOT_vec3_vec3(vec3 _ss_a, vec3 _ss_b) {
    vec3 _ss_p0 = abs(_ss_a * _ss_b);
    bool _ss_ok = all(lessThan(_ss_p0, vec3(16777215.0))) && _ss_p0.x + _ss_p0.y < 16777215.0 && _ss_p0.x + _ss_p0.y + _ss_p0.z < 16777215.0;
    return !_ss_ok || (abs(dot(_ss_a, _ss_b)) < 0.1 || abs(dot(_ss_a, _ss_b)) >= 16777215.0) ? _ss_ok ? abs(dot(_ss_a, _ss_b)) < 0.1 ? 10.0 : dot(_ss_a, _ss_b) : 10.0 : dot(_ss_a, _ss_b);
}

float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a + _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

vec2 SAFE_FADD_ASSIGN_vec2_vec2(inout vec2 _ss_a, vec2 _ss_b) {
    vec2 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
    return _ss_a;
}

vec2 SAFE_FMUL_ASSIGN_vec2_vec2(inout vec2 _ss_a, vec2 _ss_b) {
    vec2 _ss_n = _ss_a * _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
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

int SAFE_MOD_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
    return _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

uint SAFE_MOD_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

ivec4 SAFE_SHL_ivec4_uint(ivec4 _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

uint SAFE_SHL_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

int SAFE_SHR_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
}

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

uint SAFE_TO_UINT_float(float _ss_a) {
    return _ss_a < 0.0 ? uint(int(_ss_a)) : uint(_ss_a);
}

ivec3 func_0() {
    if (vary_2 < (-vary_3.ss.yxy).s) {
        out_0.out_0_f0.s &= SAFE_MOD_int_int((glob_0.p + glob_0.br[1]) / 16, 13);
        vec3 var_0 = SAFE_MAKE_IN_RANGE_vec3(vec3(85.0, vec2(2003.0)) - vec3(-3.0));
        vec3 var_1[1] = vec3[1](SAFE_MAKE_IN_RANGE_vec3(vec3(51.0, -1961.0, -686.0) - in_0.in_0_f0[0].s));
    }
    uint var_2 = out_1.out_1_f2[SAFE_INDEX_uint_uint(bitfieldReverse(false ? out_1.out_1_f2[3] : out_0.out_0_f1[2]), 4u)];
    int _ss_loop2 = 0;
    for (int for_var_0 = int(SAFE_TO_UINT_float(gl_FragCoord.x) % 3u); for_var_0 < 3; ++for_var_0) {
        if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop2++;
        _ss_loop_total++;
        int _ss_loop1 = 0;
        for (;;) {
            if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop1++;
            _ss_loop_total++;
            if (all(bvec2(false, false))) {
                bvec4 var_3 = equal(out_0.out_0_f0.rgrr, (-1316825059 | out_0.out_0_f0.xyxx) * out_0.out_0_f0.stst);
            }
            bvec4 var_4[3] = bvec4[3](bvec4(true, false, false, true), bvec4(false, false, true, false), bvec4(vary_0));
            if (true != (uvec2(0u).rr != vary_3)) {
                break;
            }
            int _ss_loop0 = 0;
            for (int for_var_1 = 3; 728 >= for_var_1; for_var_1 *= 3) {
                if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                    break;
                }
                _ss_loop0++;
                _ss_loop_total++;
                uint var_5[4] = uint[4](2963614508u, ~vary_2, SAFE_MOD_uint_uint(2u, vary_0), vary_2);
            }
        }
    }
    return SAFE_ABS_ivec3(out_0.out_0_f0.yyx);
}

float func_1(out uint param_0, bool param_1, out ivec4 param_2) {
    param_0 = 1u;
    param_2 = ivec4(1);
    param_0 = out_1.out_1_f1;
    param_2 = SAFE_SHL_ivec4_uint(glob_0.zyzy, usubBorrow(vary_0, vary_3.yx[0], out_0.out_0_f1[SAFE_INDEX_int_int(SAFE_SHR_int_int(out_0.out_0_f0[0], out_1.out_1_f0), 3)]));
    out_1.out_1_f2[0] ^= param_0;
    int var_6 = -1391480324;
    return SAFE_MAKE_IN_RANGE_float(ceil(SAFE_MAKE_IN_RANGE_float(vary_1 - vary_1)) - roundEven(-3353.0));
}

void fragment_body() {
    bvec2 var_7 = bvec2(SAFE_MAKE_IN_RANGE_float(in_0.in_0_f0[0u].s + in_0.in_0_f0[0].g) >= vary_1);
    float var_8 = 1.0;
    vec4 var_9 = SAFE_MAKE_IN_RANGE_vec4(SAFE_MAKE_IN_RANGE_vec4(in_0.in_0_f0[0u].gggr - in_0.in_0_f0[0].rrgr).s * vec4(-2277.0));
    int var_10 = SAFE_DIV_ASSIGN_int_int(out_1.out_1_f0, -glob_0.tt[0] * out_1.out_1_f0);
    var_8 = SAFE_MAKE_IN_RANGE_float(SAFE_DOT_vec3_vec3(SAFE_MAKE_IN_RANGE_vec3(var_8 - vec3(-2912.0, 1508.0, -2547.0)), SAFE_MAKE_IN_RANGE_vec3(in_0.in_0_f0[0].ggg * in_0.in_0_f0[0].ttt)) - SAFE_MAKE_IN_RANGE_float(var_9.a - 1042.0 * -2196.0));
    int _ss_loop4 = 0;
    for (uint for_var_2 = 0u; for_var_2 < SAFE_TO_UINT_float(gl_FragCoord.y) % 4u + 1u; for_var_2++) {
        if (_ss_loop4 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop4++;
        _ss_loop_total++;
        int _ss_loop3 = 0;
        while (var_7.sst.s) {
            if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop3++;
            _ss_loop_total++;
            bool var_11 = true;
            uvec4 var_12 = uvec4(1u);
        }
    }
    uint var_13 = SAFE_MOD_uint_uint(SAFE_MOD_uint_uint(438064419u, usubBorrow(4294967295u, 1u, out_1.out_1_f1)), out_0.out_0_f1[1] /= 16u);
    int _ss_loop5 = 0;
    for (int for_var_3 = 6; for_var_3 <= 17; for_var_3 += 4) {
        if (_ss_loop5 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop5++;
        _ss_loop_total++;
        switch (~bitfieldReverse(bitfieldReverse(glob_0.bb.y))) {
            default:
                {
                    if (glob_0.ppsp[SAFE_INDEX_int_int(for_var_3, 4)] > -1678464140) {
                        continue;
                    }
                }
                break;
        }
        switch (vary_3.y) {
            case 65u:
            case 99u:
                {
                    SAFE_FMUL_ASSIGN_vec2_vec2(var_9.qp, false ? SAFE_MAKE_IN_RANGE_vec2(vary_1 * vec2(-1582.0, -86.0)) : var_7.g ? SAFE_MAKE_IN_RANGE_vec2(var_9[2] - vec2(-55.0, 127.0)) : vec2(-85.0));
                }
                break;
            case 15u:
                {
                    out_1.out_1_f2 = uint[4](3992586889u, vary_3.x << 26u, vary_0, uaddCarry(vary_3[0], vary_3[1], out_1.out_1_f1));
                }
        }
    }
    int _ss_loop6 = 0;
    do {
        if (_ss_loop6 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop6++;
        _ss_loop_total++;
        uvec4 var_14 = uvec4(bitfieldExtract(SAFE_SHL_uint_uint(2076608804u, vary_2), 12, 14), 3131757088u, 1u, 2u);
        vec4 var_15 = SAFE_MAKE_IN_RANGE_vec4(SAFE_MAKE_IN_RANGE_vec4(floor(in_0.in_0_f0[0].xyyy) - SAFE_MAKE_IN_RANGE_float(float(214731149))) + vec4(SAFE_MAKE_IN_RANGE_float(float(SAFE_TO_UINT_float(gl_FragCoord.x)))));
        ivec2 var_16 = ivec2(1);
        if (SAFE_TO_UINT_float(gl_FragCoord.y) % 2u == 0u) {
            break;
        }
    } while (SAFE_TO_UINT_float(gl_FragCoord.x) % 2u == 1u);
    func_0();
    uvec3 var_17 = vary_3.ttt;
    bvec2 var_18[4] = bvec2[4](var_7, bvec2(glob_0.ps), var_7, bvec2(true));
    int _ss_loop9 = 0;
    for (int for_var_4 = -5; for_var_4 <= 3; for_var_4 += 3) {
        if (_ss_loop9 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop9++;
        _ss_loop_total++;
        int _ss_loop7 = 0;
        do {
            if (_ss_loop7 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop7++;
            _ss_loop_total++;
            float var_19[1] = float[1](3228.0);
            vec2 _ss_t0 = vec2(1.0);
            SAFE_FSUB_ASSIGN_float_float(var_9.z, SAFE_MAKE_IN_RANGE_float((_ss_t0 = floor(SAFE_FMUL_ASSIGN_vec2_vec2(var_9.qt, vec2(90.0))), SAFE_DOT_vec2_vec2(SAFE_MAKE_IN_RANGE_vec2(roundEven(vec2(-1.0)) - var_9.yw), _ss_t0)) + SAFE_MAKE_IN_RANGE_float(float(for_var_4))));
            switch (8u + SAFE_CLAMP_uint_uint_uint(vary_0, uint(var_18[3].t), (SAFE_FADD_ASSIGN_vec2_vec2(var_9.gr, abs(in_0.in_0_f0[0])), vary_0)) % 3u) {
                case 8u:
                    {
                        uint var_20 = uint(-89 / 3) ^ vary_2;
                        int var_21 = bitCount(out_0.out_0_f1[1] *= 64689414u) ^ int(var_20);
                    }
                    break;
                case 9u:
                    {
                        var_7.yx = var_7;
                        SAFE_MOD_ASSIGN_int_int(out_1.out_1_f0, bitCount(SAFE_MOD_uint_uint(var_17.s << 9, vary_2)));
                        var_18[SAFE_INDEX_int_int(out_0.out_0_f0.y--, 4)][SAFE_INDEX_int_int(SAFE_SHR_int_uint(SAFE_DIV_int_int(-for_var_4, -for_var_4), vary_0 * (vary_3[1] * vary_3.r)), 2)] = SAFE_MAKE_IN_RANGE_float(float(vary_3.t)) <= SAFE_FADD_ASSIGN_float_float(var_8, vary_1);
                        var_18[SAFE_INDEX_uint_uint(vary_0 & vary_2, 4u)].rg = bvec2(true);
                    }
                    break;
                case 10u:
                    {
                        out_1.out_1_f0--;
                    }
                    break;
            }
            uint var_22[4] = out_1.out_1_f2;
        } while (in_0.in_0_f0[0].xyyx == SAFE_MAKE_IN_RANGE_vec4(+vary_1 - SAFE_MAKE_IN_RANGE_vec4(in_0.in_0_f0[0].grrr + vary_1)));
        {
            out_0.out_0_f0[0] |= for_var_4;
        }
        int _ss_loop8 = 0;
        for (int for_var_5 = 384; for_var_5 > 3; for_var_5 = for_var_5 / 2) {
            if (_ss_loop8 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop8++;
            _ss_loop_total++;
            var_18[SAFE_INDEX_int_int(SAFE_SHL_int_uint(findLSB(vary_3[0]) & -2 * glob_0.p, var_17[SAFE_INDEX_uint_uint(min(var_17[0], var_17.s), 3u)]), 4)].s = var_17.pt != vary_3;
            break;
        }
    }
    bvec2 var_23 = bvec2(false, false);
    var_7[0] = var_23[1] && bool(4294967295u);
    if (bvec2(false).x) {
        float var_24[4] = float[4](3902.0, vary_1, var_9[0], 2156.0 - 48.0);
    } else {
    }
    out_0.out_0_f0 = out_0.out_0_f0.st;
    out_0.out_0_f1[2] = out_0.out_0_f1[SAFE_INDEX_int_int(out_0.out_0_f0.xy[SAFE_INDEX_int_int(out_0.out_0_f0[0], 2)], 3)];
    out_1.out_1_f0 = out_0.out_0_f0.s;
    out_1.out_1_f1 = uint(bool(out_0.out_0_f1[0]));
    out_1.out_1_f2[2] = !(true && var_18[2][0u]) ? vary_3.yy[0] : ++var_13;
}

void main() {
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4((((2166136261u ^ uint(out_0.out_0_f0.x)) * 16777619u ^ out_0.out_0_f1[2]) * 16777619u ^ out_1.out_1_f2[1]) * 16777619u, (((2166136261u ^ uint(out_0.out_0_f0.y)) * 16777619u ^ uint(out_1.out_1_f0)) * 16777619u ^ out_1.out_1_f2[2]) * 16777619u, (((2166136261u ^ out_0.out_0_f1[0]) * 16777619u ^ out_1.out_1_f1) * 16777619u ^ out_1.out_1_f2[3]) * 16777619u, ((2166136261u ^ out_0.out_0_f1[1]) * 16777619u ^ out_1.out_1_f2[0]) * 16777619u);
}
