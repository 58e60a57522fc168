#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    ivec4 in_0_f0;
    vec2 in_0_f1[2];
    float in_0_f2;
};
layout(std430, binding = 1) buffer buf_out_0 {
    vec4 out_0_f0;
} out_0;
layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f0;
    float out_1_f1;
} out_1;

float glob_0 = 1.0;
bvec4 glob_1 = bvec4(true, false, false, true);
int _ss_loop_total = 0;

int SAFE_ABS_int(int _ss_a) {
    return _ss_a == -2147483648 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) : abs(_ss_a);
}

int SAFE_BITFIELD_EXTRACT_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

int SAFE_CLAMP_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b > _ss_c ? clamp(_ss_a, min(_ss_b, _ss_c), max(_ss_b, _ss_c)) : clamp(_ss_a, _ss_b, _ss_c);
}

ivec2 SAFE_DIV_int_ivec2(int _ss_a, ivec2 _ss_b) {
    return any(equal(_ss_b, ivec2(0))) || _ss_a == -2147483648 && any(equal(_ss_b, ivec2(-1))) ? _ss_a / mix(_ss_b, ivec2(2), equal(_ss_b >> 1, _ss_b)) : _ss_a / _ss_b;
}

float SAFE_DOT_vec2_vec2(vec2 _ss_a, vec2 _ss_b) {
    vec2 _ss_p0 = abs(_ss_a * _ss_b);
    bool _ss_ok = all(lessThan(_ss_p0, vec2(16777215.0))) && _ss_p0.x + _ss_p0.y < 16777215.0;
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

float SAFE_FMUL_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a * _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
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

float SAFE_MAKE_IN_RANGE_float(float _ss_a) {
    return abs(_ss_a) < 0.1 || abs(_ss_a) >= 16777215.0 ? 10.0 : _ss_a;
}

vec2 SAFE_MAKE_IN_RANGE_vec2(vec2 _ss_a) {
    return any(lessThan(abs(_ss_a), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a), vec2(16777215.0))) ? mix(mix(_ss_a, vec2(10.0), lessThan(abs(_ss_a), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a), vec2(16777215.0))) : _ss_a;
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

float SAFE_POST_INC_float(inout float _ss_a) {
    float _ss_old = _ss_a;
    float _ss_n = _ss_a + 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_old;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

ivec2 SAFE_SHL_ivec2_ivec2(ivec2 _ss_a, ivec2 _ss_b) {
    return any(lessThan(_ss_b, ivec2(0))) || any(greaterThanEqual(_ss_b, ivec2(32))) ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

uint SAFE_SHL_uint_int(uint _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

int SAFE_SHR_ASSIGN_int_uint(inout int _ss_a, uint _ss_b) {
    _ss_a = _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
    return _ss_a;
}

int func_0() {
    uvec3 var_0 = uvec3(1u);
    float var_1 = SAFE_MAKE_IN_RANGE_float(+SAFE_MAKE_IN_RANGE_float(in_0_f1[0][1u] - -50.0) * SAFE_MAKE_IN_RANGE_float(out_0.out_0_f0[2] * in_0_f1[0].s));
    switch (var_0.g) {
        case 4294967295u:
            {
                const uvec3 var_2 = uvec3(0u) % 13u;
                int var_3 = 1;
                switch (-4 + SAFE_MOD_int_int(out_1.out_1_f0 >> 24u & out_1.out_1_f0, 2)) {
                    default:
                        {
                        }
                        break;
                    case -4:
                        {
                            float var_4 = glob_1.ts.t ? SAFE_MAKE_IN_RANGE_float(glob_0 + SAFE_MAKE_IN_RANGE_float(var_1 * 2901.0)) : SAFE_MAKE_IN_RANGE_float(float(var_0.g & 1477503491u));
                            break;
                        }
                        break;
                    case -3:
                        {
                            int _ss_loop0 = 0;
                            for (int for_var_0 = 24; for_var_0 > 3; for_var_0 /= 2) {
                                if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                                    break;
                                }
                                _ss_loop0++;
                                _ss_loop_total++;
                                if (glob_1.qt.y || (glob_1.z && glob_1.t ? glob_1.t : false ^^ glob_1.r)) {
                                    continue;
                                }
                                bool var_5 = bool(SAFE_POST_INC_float(out_0.out_0_f0.x));
                                out_1.out_1_f0 |= out_1.out_1_f0;
                                SAFE_SHR_ASSIGN_int_uint(var_3, (var_0.s ^ 3463451860u * var_0.x) + var_2.r * 75u);
                            }
                        }
                        break;
                }
            }
            break;
        case 3612058995u:
            {
            }
            break;
    }
    return int(var_0.x);
}

uvec4 func_1(int param_0[3], out int param_1) {
    param_1 = 1;
    param_1 = func_0();
    float var_6 = 1.0;
    return uvec4(uvec3(3181550276u, 126u, 3390116623u), param_1 ^= param_0[2]) + 0u * floatBitsToUint(in_0_f1[1].t);
}

void main() {
    float var_7 = SAFE_MAKE_IN_RANGE_float(float(out_0.out_0_f0.t >= floor(3762.0)));
    uint var_8 = 1u;
    float var_9 = glob_0;
    int var_10 = -1;
    var_8 = glob_1[SAFE_INDEX_int_int(in_0_f0.bb.t, 4)] ? var_8 : uint(in_0_f0.sq[1]);
    bvec3 var_11 = bvec3(true, true, false);
    SAFE_SHR_ASSIGN_int_uint(out_1.out_1_f0, var_8 - bitfieldReverse(var_8));
    int var_12 = var_10;
    SAFE_FADD_ASSIGN_float_float(var_9, SAFE_MAKE_IN_RANGE_float(var_7 * in_0_f2));
    int _ss_loop1 = 0;
    for (int for_var_1 = 2; for_var_1 < 1458; for_var_1 = for_var_1 * 3) {
        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        ivec2 var_13[2] = ivec2[2](SAFE_DIV_int_ivec2(for_var_1, in_0_f0.tps.gr), SAFE_SHL_ivec2_ivec2(ivec2(-1106437407, 1), in_0_f0.pt));
        glob_1.g = var_13[0].gggr == (false ? ivec3(1662645275) : ivec3(-832394996, 0, -1340426090)).tpps;
        break;
    }
    vec4 var_14 = in_0_f1[SAFE_INDEX_int_int(--out_1.out_1_f0, 2)].yxyx;
    var_10 ^= (-87 - in_0_f0.ts[0] | -41) & (out_1.out_1_f0 += in_0_f0.g & -936050654);
    const uint var_15 = uint(false);
    var_11[SAFE_INDEX_int_int(SAFE_SHL_int_uint(SAFE_MOD_ASSIGN_int_int(var_10, in_0_f0.st.r), var_8) + SAFE_CLAMP_int_int_int(out_1.out_1_f0 - in_0_f0.s, 209688010, var_12), 3)] = !mix(true, var_8 >= 31u, glob_1.t);
    if (var_11.z) {
        bool var_16 = SAFE_SHL_uint_int(var_8, in_0_f0.aar.t) > +70u;
        vec4 var_17 = vec4(1.0);
        out_1.out_1_f0 &= var_10;
    } else {
        SAFE_FSUB_ASSIGN_float_float(var_7, SAFE_FMUL_ASSIGN_float_float(out_0.out_0_f0[SAFE_INDEX_int_int(in_0_f0[1] ^ var_10 ^ (out_1.out_1_f0 ^ in_0_f0[0]), 4)], trunc(var_14.s)));
    }
    ivec2 var_18 = ivec2((123 & 882385070) + 1135789495);
    bvec4 _ss_t0 = glob_1;
    bvec4 var_19[4] = bvec4[4](var_11.bgrb, glob_1 = glob_1, var_11.zzzz, _ss_t0);
    bool var_20 = bool(var_15);
    int var_21 = ++var_12;
    bvec4 var_22 = var_11.stsp;
    bool var_23[4] = bool[4](false ? var_20 : var_19[3].w, -2558.0 != out_0.out_0_f0[2], var_19[3][2], ivec3(2147483647, 2147483647, 537841449) == ivec3(-2074638491, -1, -223601148));
    float var_24 = -54.0;
    if (!(false ^^ glob_1.g)) {
        SAFE_MOD_ASSIGN_int_int(var_18.y, 963176596 - min(var_18.y, 639664900 ^ var_18.r));
    } else {
        var_19[SAFE_INDEX_int_int(out_1.out_1_f0, 4)] = glob_1.b ? bvec4(false, true, true, false) : bvec4(false);
        float var_25 = 1.0;
        return;
    }
    if (var_20) {
        var_18 ^= floatBitsToInt(SAFE_FADD_ASSIGN_float_float(var_9, SAFE_MAKE_IN_RANGE_float(var_7 + 399.0)));
        var_11.tsp = lessThanEqual(~(var_18.xyx - 70), in_0_f0.qst);
    }
    float var_26 = SAFE_MAKE_IN_RANGE_float(SAFE_FSUB_ASSIGN_float_float(var_14.z, var_14[1u]) - round(79.0));
    float var_27 = ceil(out_0.out_0_f0.z);
    int var_28 = var_12++;
    SAFE_MOD_ASSIGN_int_int(var_12, SAFE_MOD_int_int(floatBitsToInt(out_1.out_1_f1), var_18[0u] >> 15 ^ out_1.out_1_f0));
    func_1(int[3](SAFE_BITFIELD_EXTRACT_int_int_int(0, var_28, in_0_f0.b), in_0_f0.ttt.b, var_10), var_12);
    bvec4 var_29 = bvec4(true, true, false, true);
    if (var_29.yzz.y) {
        int _ss_loop2 = 0;
        while (glob_1.g = var_8 * var_8 <= (glob_1[0] ? var_15 : 33u)) {
            if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop2++;
            _ss_loop_total++;
            const int var_30[1] = int[1](319664141);
        }
        return;
    } else {
    }
    out_0.out_0_f0 = SAFE_MAKE_IN_RANGE_vec4(SAFE_MAKE_IN_RANGE_vec4(SAFE_MAKE_IN_RANGE_float(var_9 + 1601.0) - SAFE_MAKE_IN_RANGE_vec4(vec4(vec3(-60.0, -83.0, 10.0), var_8))) * var_27);
    out_1.out_1_f0 += SAFE_ABS_int(-ivec3(-234403786, 673379181, 1721533393).g);
    out_1.out_1_f1 = SAFE_DOT_vec2_vec2(SAFE_FADD_ASSIGN_vec2_vec2(var_14.ra, out_0.out_0_f0.qp), SAFE_MAKE_IN_RANGE_vec2(SAFE_MAKE_IN_RANGE_vec2(out_0.out_0_f0.xx + in_0_f1[0]) - vec2(35.0)));
}
