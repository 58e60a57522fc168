#version 310 es
precision highp float;
precision highp int;
layout(local_size_x = 5, local_size_y = 3, local_size_z = 1) in;

layout(std430, binding = 0) restrict readonly buffer buf_in_0 {
    uint in_0_f0;
};
layout(std430, binding = 1) buffer buf_out_0 {
    vec4 out_0_f0[60][4];
    vec4 out_0_f1[60];
};

int _ss_loop_total = 0;

float SAFE_CLAMP_float_float_float(float _ss_a, float _ss_b, float _ss_c) {
    return _ss_b > _ss_c ? clamp(_ss_a, min(_ss_b, _ss_c), max(_ss_b, _ss_c)) : clamp(_ss_a, _ss_b, _ss_c);
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
    return _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
}

uvec3 SAFE_DIV_uint_uvec3(uint _ss_a, uvec3 _ss_b) {
    return any(equal(_ss_b, uvec3(0u))) ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
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

vec4 SAFE_FADD_ASSIGN_vec4_vec4(inout vec4 _ss_a, vec4 _ss_b) {
    vec4 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec4(0.1))) || any(greaterThanEqual(abs(_ss_n), vec4(16777215.0))) ? mix(mix(_ss_n, vec4(10.0), lessThan(abs(_ss_n), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_n), vec4(16777215.0))) : _ss_n;
    return _ss_a;
}

vec3 SAFE_FMUL_ASSIGN_vec3_float(inout vec3 _ss_a, float _ss_b) {
    vec3 _ss_n = _ss_a * _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec3(0.1))) || any(greaterThanEqual(abs(_ss_n), vec3(16777215.0))) ? mix(mix(_ss_n, vec3(10.0), lessThan(abs(_ss_n), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_n), vec3(16777215.0))) : _ss_n;
    return _ss_a;
}

float SAFE_FSUB_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a - _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

vec2 SAFE_FSUB_ASSIGN_vec2_float(inout vec2 _ss_a, float _ss_b) {
    vec2 _ss_n = _ss_a - _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
    return _ss_a;
}

vec4 SAFE_FSUB_ASSIGN_vec4_float(inout vec4 _ss_a, float _ss_b) {
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

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

uint SAFE_MOD_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
}

vec3 SAFE_POST_INC_vec3(inout vec3 _ss_a) {
    vec3 _ss_old = _ss_a;
    vec3 _ss_n = _ss_a + 1.0;
    _ss_a = any(lessThan(abs(_ss_n), vec3(0.1))) || any(greaterThanEqual(abs(_ss_n), vec3(16777215.0))) ? mix(mix(_ss_n, vec3(10.0), lessThan(abs(_ss_n), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_n), vec3(16777215.0))) : _ss_n;
    return _ss_old;
}

float SAFE_PRE_DEC_float(inout float _ss_a) {
    float _ss_n = _ss_a - 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

vec2 SAFE_PRE_INC_vec2(inout vec2 _ss_a) {
    vec2 _ss_n = _ss_a + 1.0;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
    return _ss_a;
}

int SAFE_SHL_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
    return _ss_a;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

uint SAFE_SHL_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

uint SAFE_SHR_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

float func_0() {
    float var_0 = 1.0;
    uint var_1 = gl_GlobalInvocationID[1];
    if ((gl_LocalInvocationID.x & 1u) != 0u) {
        const bvec2 var_2 = bvec2(114.0);
        --var_1;
        float var_3 = var_0;
        if ((gl_LocalInvocationID.y & 1u) != 0u) {
            SAFE_POST_INC_vec3(out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)].gar);
            SAFE_PRE_INC_vec2(out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)].sp);
            if (true) {
                float var_4 = SAFE_MAKE_IN_RANGE_float(float(+gl_WorkGroupID.p));
                bool var_5 = true;
            } else {
            }
        } else {
        }
    }
    return SAFE_CLAMP_float_float_float(SAFE_MAKE_IN_RANGE_float((out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)][2u].y = var_0) + (true ? out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)].z : out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)][0].z)), SAFE_PRE_DEC_float(out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)].s), SAFE_DOT_vec3_vec3(vec3(3624.0, -94.0, 123.0), out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)][1u].qtq));
}

vec3 func_1(float param_0, const uvec3 param_1[3]) {
    int _ss_call_total = 0;
    if (!(bvec2(true, true) != bvec2(true, false))) {
        int var_6 = -1006262263;
    } else {
        int _ss_loop0 = 0;
        for (uint for_var_0 = 0u; for_var_0 < gl_LocalInvocationID.y % 4u + 1u; for_var_0++) {
            if (_ss_loop0 >= 32 || _ss_call_total >= 100) {
                break;
            }
            _ss_loop0++;
            _ss_call_total++;
            _ss_loop_total++;
            func_0();
        }
        const ivec4 var_7 = ivec4(-61, -1809953515, -25, 76) ^ ~ivec4(-2019663044, -1, 1620238865, -1702393332);
        bool var_8 = any(bvec3(false, true, false));
        uint var_9 = gl_NumWorkGroups.b * gl_NumWorkGroups[1] + SAFE_MOD_uint_uint(gl_WorkGroupID[2], param_1[0].y << 0u);
    }
    uvec3 var_10 = SAFE_DIV_uint_uvec3(uint(true), gl_WorkGroupID.grb);
    int _ss_loop1 = 0;
    for (int for_var_1 = ~1042767509;;) {
        if (_ss_loop1 >= 32 || _ss_call_total >= 100) {
            break;
        }
        _ss_loop1++;
        _ss_call_total++;
        _ss_loop_total++;
        if (false) {
            break;
        }
        float var_11 = 1.0;
        SAFE_SHL_ASSIGN_int_int(for_var_1, (bvec3(true), findLSB(103u) | for_var_1));
        switch (gl_LocalInvocationIndex) {
        }
    }
    return SAFE_MAKE_IN_RANGE_vec3(param_0 + out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)].qp.grr);
}

void main() {
    vec4 var_12 = vec4(752.0, -120.0, 110.0, 116.0);
    bvec4 var_13[3] = bvec4[3](bvec4(true, false, true, true), bvec4(false, false, false, true), bvec4(true, false, false, true).ptsp);
    float var_14 = 1.0;
    switch (-2 + SAFE_MOD_int_int(-100, 3)) {
        case -2:
            {
                const bvec2 var_15 = bvec2(true, true);
                bool var_16[3] = bool[3](var_13[2u][0u], true, var_13[2][1u]);
                var_13[SAFE_INDEX_uint_uint(gl_WorkGroupID[2], 3u)].abrg = bvec4(false, false, true, false);
            }
            break;
        case -1:
            {
                uvec4 var_17 = uvec4(1u);
            }
            break;
        case 0:
            {
                if (!(-94 <= 660246324)) {
                    const float var_18 = -75.0 + 17.0;
                    if ((gl_WorkGroupID.p | 2u) <= SAFE_SHR_uint_uint(gl_WorkGroupID.rgb.b, gl_WorkGroupID.y)) {
                        vec2 var_19 = var_12.ar;
                    } else {
                        bvec4 var_20 = bvec4(true);
                        uint var_21 = uint(any(lessThanEqual(var_12, vec4(-94.0))));
                        func_1(var_14, uvec3[3](uvec3(98u, 107u, 7u), gl_WorkGroupID[2] + uvec3(32u, 4294967295u, 2342993721u), uvec3(0u, 45u, 27u)));
                        SAFE_FSUB_ASSIGN_vec2_float(var_12.zx, -3808.0);
                    }
                    func_0();
                } else {
                    switch (67 * -2047059363) {
                    }
                    SAFE_FSUB_ASSIGN_float_float(out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)][0u][3], SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(var_14 - vec4(-3785.0).t) - SAFE_MAKE_IN_RANGE_float(var_14 * mix(103.0, var_14, false))));
                    if (true) {
                        break;
                    }
                    float var_22 = var_14;
                    break;
                }
                int var_23[1] = int[1](2 << 27);
                uint var_24 = gl_NumWorkGroups.xyy[2] - (SAFE_MOD_uint_uint(gl_NumWorkGroups.b, uint(in_0_f0)) >> 19);
            }
            break;
    }
    ivec3 var_25 = ivec3(1);
    if (abs(var_12.p) != func_0()) {
        bvec3 var_26 = bvec3(false, true, false);
    } else {
        bool var_27 = all(var_13[1].ggg) ? bool(SAFE_MAKE_IN_RANGE_float(var_14 * var_12[0])) : (var_13[0].b = true) ^^ !var_13[2].s;
        int _ss_loop2 = 0;
        for (uint for_var_2 = 0u; for_var_2 < gl_LocalInvocationIndex % 3u + 1u; for_var_2++) {
            if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop2++;
            _ss_loop_total++;
            bool var_28 = true;
        }
        int _ss_loop3 = 0;
        vec3 _ss_t0 = vec3(1.0);
        do {
            if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop3++;
            _ss_loop_total++;
            var_25.bgr ^= false ? mix(SAFE_DIV_int_int(111, var_25[1u]), SAFE_SHL_int_uint(var_25.ppp[2], gl_NumWorkGroups.r), uvec3(2077202653u, 2252581986u, 116u) == gl_WorkGroupID) : int(SAFE_MAKE_IN_RANGE_float(var_14 + -750.0));
            if (!true) {
                bvec2 var_29 = lessThanEqual(gl_WorkGroupID.gb, gl_NumWorkGroups.yy);
                bool var_30 = true;
                var_13[SAFE_INDEX_int_int(bitCount(var_25.tps += ivec3(1760586485, 818253998, -817049030)).r, 3)] = bvec4(true, true, true, true);
            } else {
                var_13[SAFE_INDEX_uint_uint(+SAFE_SHL_uint_uint(uint(in_0_f0), gl_NumWorkGroups.gr.y), 3u)].wxy = (false ? bvec4(false, true, true, false) : bvec4(true, false, true, false)).sp.rgg;
                ivec3 var_31 = ivec3(-122, 121, -1491355341);
            }
        } while (_ss_t0 = func_1(-10.0, uvec3[3](gl_WorkGroupID, uvec3(3470305356u), uvec3(2u, 33u, 2811038425u))), SAFE_MAKE_IN_RANGE_vec3(SAFE_FMUL_ASSIGN_vec3_float(out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)].pqs, 2059.0) + SAFE_DOT_vec2_vec2(vec2(650.0, -2.0), vec2(-2836.0, -3393.0))) == _ss_t0);
        if (mix(false, false, true)) {
            SAFE_FSUB_ASSIGN_vec4_float(var_12.zwxy, SAFE_MAKE_IN_RANGE_float(abs(-788.0) + var_12.r));
        } else {
            int _ss_loop4 = 0;
            for (int for_var_3 = 2; for_var_3 <= 485; for_var_3 *= 3) {
                if (_ss_loop4 >= 32 || _ss_loop_total >= 1000) {
                    break;
                }
                _ss_loop4++;
                _ss_loop_total++;
                float var_32[1] = float[1](false ? 1681.0 : -95.0);
                const vec4 var_33[1] = vec4[1](vec4(-62.0, -195.0, 3443.0, -116.0));
            }
            int var_34[4] = int[4](-1230250158 + -851925539, 875667933, 1974748780, findLSB(1));
            return;
        }
    }
    out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)][2] = out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)][2u];
    SAFE_FADD_ASSIGN_vec4_vec4(out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)], SAFE_MAKE_IN_RANGE_vec4(vec4(75.0, -123.0, 887.0, -124.0) - out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex, 60u)][2].brbg));
}
