#version 450

layout(std140, binding = 0) uniform buf_in_0 {
    int in_0_f0;
    vec2 in_0_f1[1];
    uint in_0_f2;
} in_0;
layout(location = 0) out uvec4 _color;

vec3 out_0_f0 = vec3(-76.0, 109.0, -778.0);
int out_0_f1 = 1219306465;
bool glob_0 = bvec3(true, true, true) != bvec3(false, true, true);
int _ss_loop_total = 0;

ivec4 SAFE_ABS_ivec4(ivec4 _ss_a) {
    return any(equal(_ss_a, ivec4(-2147483648))) ? abs(mix(_ss_a, ivec4(2147483647), equal(_ss_a, ivec4(-2147483648)))) : abs(_ss_a);
}

vec3 SAFE_CROSS_vec3_vec3(vec3 _ss_a, vec3 _ss_b) {
    vec3 _ss_p0 = abs(_ss_a.yzx * _ss_b.zxy);
    vec3 _ss_p1 = abs(_ss_a.zxy * _ss_b.yzx);
    bool _ss_ok = all(lessThan(_ss_p0, vec3(16777215.0))) && all(lessThan(_ss_p1, vec3(16777215.0))) && all(lessThan(_ss_p0 + _ss_p1, vec3(16777215.0)));
    return !_ss_ok || (any(lessThan(abs(cross(_ss_a, _ss_b)), vec3(0.1))) || any(greaterThanEqual(abs(cross(_ss_a, _ss_b)), vec3(16777215.0)))) ? _ss_ok ? mix(cross(_ss_a, _ss_b), vec3(10.0), lessThan(abs(cross(_ss_a, _ss_b)), vec3(0.1))) : vec3(10.0) : cross(_ss_a, _ss_b);
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
    return _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
}

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
}

float SAFE_DOT_vec3_vec3(vec3 _ss_a, vec3 _ss_b) {
    vec3 _ss_p0 = abs(_ss_a * _ss_b);
    bool _ss_ok = all(lessThan(_ss_p0, vec3(16777215.0))) && _ss_p0.x + _ss_p0.y < 16777215.0 && _ss_p0.x + _ss_p0.y + _ss_p0.z < 16777215.0;
    return !_ss_ok || (abs(dot(_ss_a, _ss_b)) < 0.1 || abs(dot(_ss_a, _ss_b)) >= 16777215.0) ? _ss_ok ? abs(dot(_ss_a, _ss_b)) < 0.1 ? 10.0 : dot(_ss_a, _ss_b) : 10.0 : dot(_ss_a, _ss_b);
}

vec2 SAFE_FADD_ASSIGN_vec2_vec2(inout vec2 _ss_a, vec2 _ss_b) {
    vec2 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
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

vec4 SAFE_FMUL_ASSIGN_vec4_vec4(inout vec4 _ss_a, vec4 _ss_b) {
    vec4 _ss_n = _ss_a * _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec4(0.1))) || any(greaterThanEqual(abs(_ss_n), vec4(16777215.0))) ? mix(mix(_ss_n, vec4(10.0), lessThan(abs(_ss_n), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_n), vec4(16777215.0))) : _ss_n;
    return _ss_a;
}

vec4 SAFE_FSUB_ASSIGN_vec4_vec4(inout vec4 _ss_a, vec4 _ss_b) {
    vec4 _ss_n = _ss_a - _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec4(0.1))) || any(greaterThanEqual(abs(_ss_n), vec4(16777215.0))) ? mix(mix(_ss_n, vec4(10.0), lessThan(abs(_ss_n), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_n), vec4(16777215.0))) : _ss_n;
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

vec3 SAFE_MAKE_IN_RANGE_vec3(vec3 _ss_a) {
    return any(lessThan(abs(_ss_a), vec3(0.1))) || any(greaterThanEqual(abs(_ss_a), vec3(16777215.0))) ? mix(mix(_ss_a, vec3(10.0), lessThan(abs(_ss_a), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_a), vec3(16777215.0))) : _ss_a;
}

vec4 SAFE_MAKE_IN_RANGE_vec4(vec4 _ss_a) {
    return any(lessThan(abs(_ss_a), vec4(0.1))) || any(greaterThanEqual(abs(_ss_a), vec4(16777215.0))) ? mix(mix(_ss_a, vec4(10.0), lessThan(abs(_ss_a), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_a), vec4(16777215.0))) : _ss_a;
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

vec2 SAFE_PRE_DEC_vec2(inout vec2 _ss_a) {
    vec2 _ss_n = _ss_a - 1.0;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
    return _ss_a;
}

vec3 SAFE_PRE_DEC_vec3(inout vec3 _ss_a) {
    vec3 _ss_n = _ss_a - 1.0;
    _ss_a = any(lessThan(abs(_ss_n), vec3(0.1))) || any(greaterThanEqual(abs(_ss_n), vec3(16777215.0))) ? mix(mix(_ss_n, vec3(10.0), lessThan(abs(_ss_n), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_n), vec3(16777215.0))) : _ss_n;
    return _ss_a;
}

uvec2 SAFE_SHR_ASSIGN_uvec2_uint(inout uvec2 _ss_a, uint _ss_b) {
    _ss_a = _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
    return _ss_a;
}

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

uint SAFE_TO_UINT_float(float _ss_a) {
    return _ss_a < 0.0 ? uint(int(_ss_a)) : uint(_ss_a);
}

int func_0(inout uvec4 param_0) {
    out_0_f1 = (+(ivec2(2147483647) << ivec2(0))).y;
    if (in_0.in_0_f1[SAFE_INDEX_int_int(in_0.in_0_f0, 1)][SAFE_INDEX_int_int(SAFE_SHR_int_uint(-1179509611, in_0.in_0_f2), 2)] <= SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(in_0.in_0_f1[0].y * -1255.0) * -41.0)) {
        bool var_0 = true;
        if (true || glob_0) {
            if (var_0 = (in_0.in_0_f0 & in_0.in_0_f0) <= in_0.in_0_f0) {
                SAFE_FMUL_ASSIGN_float_float(out_0_f0.y, SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(in_0.in_0_f1[0].x + -664.0) * in_0.in_0_f1[0].t) + (true ? -82.0 : in_0.in_0_f1[0u].gg[0])));
                float var_1 = SAFE_POST_DEC_float(out_0_f0[SAFE_INDEX_int_int(ivec4(2).r & in_0.in_0_f0 - 124, 3)]);
            } else {
                ivec3 var_2 = (ivec2(1, 93) + SAFE_DIV_int_int(1313765919, out_0_f1)).grg;
                SAFE_PRE_DEC_vec2(out_0_f0.pt);
                const float var_3[4] = float[4](-925.0 * 58.0, -2677.0, -3617.0 + -96.0, -2340.0 + -14.0);
            }
            bool var_4 = all(bvec4(false));
            uint var_5 = uint(true);
        } else {
        }
    } else {
    }
    return in_0.in_0_f0;
}

void fragment_body() {
    vec4 var_6 = in_0.in_0_f1[0].ttst;
    const ivec4 var_7 = ivec4(1302978740, ivec2(715800269, -332439860), -2) | 27 - 1;
    uint var_8[3] = uint[3](SAFE_MOD_uint_uint(in_0.in_0_f2, in_0.in_0_f2), 56u, in_0.in_0_f2);
    if (in_0.in_0_f1[0].gg.x > var_6.ab.x) {
        return;
    }
    SAFE_FSUB_ASSIGN_vec4_vec4(var_6, SAFE_MAKE_IN_RANGE_vec4(in_0.in_0_f1[0u].grgg + SAFE_MAKE_IN_RANGE_float(1309.0 + SAFE_MAKE_IN_RANGE_float(in_0.in_0_f1[0].rg[1] + 16.0))));
    if ((SAFE_TO_UINT_float(gl_FragCoord.x) & 3u) != 0u) {
        if (in_0.in_0_f2 <= SAFE_TO_UINT_float(18.0)) {
            return;
        }
        bool var_9 = SAFE_MAKE_IN_RANGE_float(in_0.in_0_f1[0u].yxyy[0u] - SAFE_MAKE_IN_RANGE_float(3506.0 + in_0.in_0_f1[0][1])) > 8.0;
    } else {
        float var_10 = SAFE_MAKE_IN_RANGE_float(float(var_8[SAFE_INDEX_int_int(2121591925 ^ out_0_f1, 3)]));
        if (SAFE_MAKE_IN_RANGE_vec3(vec3(757.0, -2539.0, 69.0) + out_0_f0.x).s != SAFE_MAKE_IN_RANGE_float(float(out_0_f1))) {
            return;
        }
    }
    uvec2 var_11 = uvec2(1777265723u, 122u);
    SAFE_MOD_ASSIGN_uint_uint(var_11.s, floatBitsToUint(false ? in_0.in_0_f1[0][1] : SAFE_MAKE_IN_RANGE_float(-58.0 + var_6.w)));
    {
        int _ss_loop0 = 0;
        for (int for_var_0 = 1; for_var_0 < 3; for_var_0 *= 3) {
            if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop0++;
            _ss_loop_total++;
            {
                float var_12 = in_0.in_0_f1[SAFE_INDEX_int_int(var_7[SAFE_INDEX_int_int(for_var_0, 4)], 1)].sts[2];
            }
            int var_13 = out_0_f1++;
        }
        float var_14 = SAFE_MAKE_IN_RANGE_float(in_0.in_0_f1[0].sss[2u] - -1700.0);
    }
    out_0_f1 ^= sign((927820018 & in_0.in_0_f0) * -var_7[0]);
    SAFE_SHR_ASSIGN_uvec2_uint(var_11.rg, -(SAFE_DIV_uint_uint(1u, in_0.in_0_f2) | -(0u)));
    bool var_15 = SAFE_MOD_int_int(var_7.q, 5) < var_7.x * -13 * -2;
    SAFE_FMUL_ASSIGN_vec2_float(out_0_f0.xz, SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(float(-46.0 >= -75.0)) * SAFE_MAKE_IN_RANGE_float(-2520.0 - in_0.in_0_f1[0u][0u])));
    if (SAFE_TO_UINT_float(in_0.in_0_f1[0u].r) >= in_0.in_0_f2) {
        const bvec2 var_16 = bvec2(false, true);
        float var_17 = var_6[3];
        int _ss_loop1 = 0;
        do {
            if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop1++;
            _ss_loop_total++;
            SAFE_FMUL_ASSIGN_float_float(out_0_f0[SAFE_INDEX_int_int(SAFE_DIV_int_int(glob_0 ? -48354561 : -2108065462, (var_7.x ^ in_0.in_0_f0) * SAFE_SHR_int_uint(var_7.sq.y, in_0.in_0_f2)), 3)], SAFE_DOT_vec3_vec3(SAFE_MAKE_IN_RANGE_vec3(SAFE_MAKE_IN_RANGE_float(in_0.in_0_f1[0].y - in_0.in_0_f1[0].g) - in_0.in_0_f1[0].rgg), SAFE_CROSS_vec3_vec3(SAFE_MAKE_IN_RANGE_vec3(var_6.y * vec3(-94.0, 119.0, -3852.0)), in_0.in_0_f1[0].tss)));
            const uint var_18 = 70u & 762210647u;
        } while (all(mix(bvec3(true, true, true), bvec3(false), bvec3(true))));
        const int var_19 = int(var_16.x);
    } else {
        float var_20[3] = float[3](out_0_f0.x, 57.0, SAFE_MAKE_IN_RANGE_float(float(false)));
    }
    const vec2 var_21 = vec2(3772.0, -95.0);
    var_8[SAFE_INDEX_uint_uint(var_6.z > SAFE_MAKE_IN_RANGE_float(float(2147483647)) ? var_8[0] : 0u, 3u)] *= +SAFE_MOD_uint_uint(2u, var_8[1u] * var_8[1]);
    if (SAFE_TO_UINT_float(gl_FragCoord.x) % 3u == 1u || var_15) {
        umulExtended(in_0.in_0_f2, uint(var_7.p), var_11.r, var_8[SAFE_INDEX_uint_uint(var_11[SAFE_INDEX_int_int(out_0_f1 = in_0.in_0_f0, 2)]--, 3u)]);
        int _ss_loop2 = 0;
        while (bool(in_0.in_0_f2)) {
            if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop2++;
            _ss_loop_total++;
            if (glob_0) {
                break;
            }
            ivec4 var_22 = SAFE_ABS_ivec4(var_7);
        }
    } else {
        uint var_23[1] = uint[1](++var_8[1]);
        int _ss_t0 = --out_0_f1;
        out_0_f1 += _ss_t0;
        int _ss_loop3 = 0;
        for (uint for_var_1 = 0u; for_var_1 < SAFE_TO_UINT_float(gl_FragCoord.y) % 4u + 1u; for_var_1++) {
            if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop3++;
            _ss_loop_total++;
            var_11.r += in_0.in_0_f2 + uint(var_15) - uint(var_15);
            out_0_f1 ^= +var_7[0];
            var_15 = -3634.0 <= SAFE_MAKE_IN_RANGE_float(var_6.w + var_6[2]);
            float _ss_t1 = (SAFE_FADD_ASSIGN_vec2_vec2(out_0_f0.tp, var_6.br), var_6[1]);
            if ((SAFE_FMUL_ASSIGN_vec4_vec4(var_6.bagr, in_0.in_0_f1[0].rggr), var_6.z) > _ss_t1) {
            } else {
            }
        }
    }
    vec3 _ss_t2 = SAFE_PRE_DEC_vec3(out_0_f0);
    out_0_f0 = _ss_t2;
    out_0_f1 += bitCount(1);
}

void main() {
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4((2166136261u ^ floatBitsToUint(out_0_f0.x)) * 16777619u, (2166136261u ^ floatBitsToUint(out_0_f0.y)) * 16777619u, (2166136261u ^ floatBitsToUint(out_0_f0.z)) * 16777619u, (2166136261u ^ uint(out_0_f1)) * 16777619u);
}
