#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    vec3 in_0_f0;
    int in_0_f1;
    float in_0_f2;
    int in_0_f3[1];
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    uint out_0_f0;
    int out_0_f1;
    int out_0_f2;
    int out_0_f3;
};

bvec2 glob_0 = bvec2(false, true);
vec2 glob_1 = vec2(1.0);
int _ss_loop_total = 0;

int SAFE_BITFIELD_EXTRACT_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

int SAFE_BITFIELD_INSERT_int_int_int_int(int _ss_a, int _ss_b, int _ss_c, int _ss_d) {
    return _ss_c < 0 || _ss_d < 0 || _ss_c > 32 || _ss_d > 32 - _ss_c ? bitfieldInsert(_ss_a, _ss_b, _ss_c & 31, min(_ss_d & 31, 32 - (_ss_c & 31))) : bitfieldInsert(_ss_a, _ss_b, _ss_c, _ss_d);
}

uint SAFE_BITFIELD_INSERT_uint_uint_int_int(uint _ss_a, uint _ss_b, int _ss_c, int _ss_d) {
    return _ss_c < 0 || _ss_d < 0 || _ss_c > 32 || _ss_d > 32 - _ss_c ? bitfieldInsert(_ss_a, _ss_b, _ss_c & 31, min(_ss_d & 31, 32 - (_ss_c & 31))) : bitfieldInsert(_ss_a, _ss_b, _ss_c, _ss_d);
}

int SAFE_CLAMP_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b > _ss_c ? clamp(_ss_a, min(_ss_b, _ss_c), max(_ss_b, _ss_c)) : clamp(_ss_a, _ss_b, _ss_c);
}

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
    return _ss_a;
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
    return _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
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

vec3 SAFE_MAKE_IN_RANGE_vec3(vec3 _ss_a) {
    return any(lessThan(abs(_ss_a), vec3(0.1))) || any(greaterThanEqual(abs(_ss_a), vec3(16777215.0))) ? mix(mix(_ss_a, vec3(10.0), lessThan(abs(_ss_a), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_a), vec3(16777215.0))) : _ss_a;
}

vec4 SAFE_MAKE_IN_RANGE_vec4(vec4 _ss_a) {
    return any(lessThan(abs(_ss_a), vec4(0.1))) || any(greaterThanEqual(abs(_ss_a), vec4(16777215.0))) ? mix(mix(_ss_a, vec4(10.0), lessThan(abs(_ss_a), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_a), vec4(16777215.0))) : _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

ivec3 SAFE_MOD_int_ivec3(int _ss_a, ivec3 _ss_b) {
    return _ss_a < 0 || any(lessThanEqual(_ss_b, ivec3(0))) ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(mix(_ss_b, ivec3(2147483647), equal(_ss_b, ivec3(-2147483648)))), 1) : _ss_a % _ss_b;
}

ivec4 SAFE_MOD_ivec4_int(ivec4 _ss_a, int _ss_b) {
    return any(lessThan(_ss_a, ivec4(0))) || _ss_b <= 0 ? abs(mix(_ss_a, ivec4(2147483647), equal(_ss_a, ivec4(-2147483648)))) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
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

uint SAFE_SHL_ASSIGN_uint_int(inout uint _ss_a, int _ss_b) {
    _ss_a = _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
    return _ss_a;
}

int SAFE_SHR_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
    return _ss_a;
}

int SAFE_SHR_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
}

uvec3 SAFE_SHR_uvec3_uvec3(uvec3 _ss_a, uvec3 _ss_b) {
    return any(greaterThanEqual(_ss_b, uvec3(32u))) ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

uint SAFE_TO_UINT_float(float _ss_a) {
    return _ss_a < 0.0 ? uint(int(_ss_a)) : uint(_ss_a);
}

bool func_0(float param_0, bool param_1) {
    out_0_f2 *= param_1 ? 85 : int(param_1) / 3;
    SAFE_SHR_ASSIGN_int_int(out_0_f2, out_0_f1 *= out_0_f1);
    return bool(2010211003u);
}

bvec2 func_1(int param_2, out float param_3, ivec3 param_4) {
    param_3 = 1.0;
    param_3 = param_3;
    uint var_0 = floatBitsToUint(SAFE_POST_INC_float(param_3)) & 2372054252u;
    glob_0.y = SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(3179.0 * param_3) + glob_1.t) <= +SAFE_MAKE_IN_RANGE_float(-53.0 - param_3);
    var_0 -= 117u * out_0_f0;
    int _ss_loop0 = 0;
    for (int for_var_0 = 5; for_var_0 <= 13; for_var_0 = for_var_0 + 3) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        ivec3 _ss_t0 = ivec3(1);
        int var_1 = (_ss_t0 = param_4.pst, SAFE_MOD_int_ivec3(param_4[1] ^= param_4.t, _ss_t0)).p;
        vec3 var_2 = SAFE_MAKE_IN_RANGE_vec3(SAFE_MAKE_IN_RANGE_vec3(3299.0 * 1466.0 + round(in_0.in_0_f0)) + +in_0.in_0_f0.b);
        var_0--;
        switch (6u + uvec2(4294967295u).r % 1u) {
            case 6u:
                {
                    const uvec2 var_3[1] = uvec2[1](uvec2(1794245371u));
                    switch (2 + SAFE_MOD_int_int((glob_0[SAFE_INDEX_int_int(out_0_f3, 2)] = glob_0.tsss.a) ? param_4.g &= SAFE_CLAMP_int_int_int(in_0.in_0_f3[0], var_1, param_2) : ~floatBitsToInt(in_0.in_0_f0[0u]), 4)) {
                        case 2:
                            {
                                float var_4 = 1.0;
                                int var_5 = 1;
                            }
                            break;
                        case 3:
                            {
                            }
                            break;
                        case 4:
                            {
                            }
                            break;
                        case 5:
                            {
                            }
                        default:
                            {
                            }
                            break;
                    }
                }
        }
    }
    return glob_0;
}

void main() {
    int var_6 = int(out_0_f0);
    bool var_7 = glob_0 == glob_0;
    uvec3 var_8[2] = uvec3[2](uvec3(3725095868u), uvec3(67u, 3905508110u, 115u));
    const bvec3 var_9[4] = bvec3[4](bvec3(false, false, false), bvec3(false, true, false), bvec3(false, false, true), bvec3(false));
    glob_0[0] = glob_0[SAFE_INDEX_int_int(SAFE_DIV_ASSIGN_int_int(out_0_f2, -2 + out_0_f3), 2)];
    switch (4u + min(out_0_f0, SAFE_MOD_uint_uint(69u, 73u | out_0_f0)) % 1u) {
        case 4u:
            {
                uvec3 _ss_t0 = uvec3(1u);
                uvec3 _ss_t1 = (_ss_t0 = var_8[0u].bgr = var_8[0], SAFE_SHR_uvec3_uvec3(var_8[0], _ss_t0));
                var_8[0].yxz -= _ss_t1;
                bool var_10 = true ^^ var_7;
                if (any(glob_0.ssts)) {
                    vec3 var_11 = mix(glob_1.tts, vec3(31.0, 80.0, -1987.0), var_9[0]);
                    bool var_12 = true;
                    out_0_f0 ^= max(var_8[1u][0], uint(-17));
                    int _ss_loop1 = 0;
                    while (in_0.in_0_f2 <= in_0.in_0_f0.x ? true : !(var_9[0].g && false)) {
                        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop1++;
                        _ss_loop_total++;
                        if (all(bvec2(false || false, true))) {
                            break;
                        }
                        SAFE_FMUL_ASSIGN_float_float(var_11[SAFE_INDEX_int_int(-1138157177 + -(-102 & in_0.in_0_f3[0]), 3)], roundEven(vec4(-1676.0, glob_1[1], vec2(-114.0, 199.0))).w);
                        bvec4 var_13 = bvec4(false, false, false, false);
                        uint _ss_t2 = 1u;
                        var_10 = (_ss_t2 = uaddCarry(out_0_f0, SAFE_TO_UINT_float(in_0.in_0_f0[0]), out_0_f0), (var_10 ? SAFE_TO_UINT_float(-320.0) : SAFE_BITFIELD_INSERT_uint_uint_int_int(out_0_f0, var_8[1u].pts.z, in_0.in_0_f1, in_0.in_0_f3[0])) >= _ss_t2);
                        var_8[1].x -= SAFE_TO_UINT_float(SAFE_MAKE_IN_RANGE_float(40.0 * glob_1.xx.g));
                    }
                }
            }
    }
    bvec4 var_14 = bvec4(true);
    bool var_15 = uvec3(957486205u, 79u, 89u) == uvec3(19u, 0u, 3032471461u) >> 28u && (func_0(in_0.in_0_f0.x, var_9[3].r) && var_7);
    int var_16[1] = int[1](var_6 *= var_6);
    if (all(lessThan(var_8[1u].bb, var_8[0].bb >> ivec2(4)))) {
        {
            int _ss_loop2 = 0;
            for (uint for_var_1 = 4374u; for_var_1 > 2u; for_var_1 /= 3u) {
                if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
                    break;
                }
                _ss_loop2++;
                _ss_loop_total++;
                glob_0.y = greaterThanEqual(ivec2(-41), ivec2(-2, -691825135)).xxyx.b;
                glob_0.gr = bvec2(false);
                if (mix(bool(+out_0_f0), (var_16[SAFE_INDEX_int_int(in_0.in_0_f3[0] | in_0.in_0_f3[0], 1)] += out_0_f3, bvec2(false).y), SAFE_SHR_int_int(out_0_f3, out_0_f1) < in_0.in_0_f1)) {
                    break;
                }
            }
            const ivec3 var_17 = ivec3(1229005670, 1180191357, 2147483647);
            int _ss_t3 = var_16[0] >>= 7;
            SAFE_DIV_ASSIGN_int_int(var_16[0], _ss_t3);
            var_16 = var_16;
        }
    }
    --out_0_f0;
    int _ss_loop3 = 0;
    do {
        if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop3++;
        _ss_loop_total++;
        if (-SAFE_MAKE_IN_RANGE_vec4(in_0.in_0_f0.tppp - -2704.0) != vec4(-1370.0, -1219.0, 3673.0, -55.0)) {
            {
                SAFE_SHR_ASSIGN_int_int(var_6, SAFE_BITFIELD_EXTRACT_int_int_int(in_0.in_0_f1, bool(4294967295u) ? int(in_0.in_0_f2) : var_16[0], out_0_f3 ^ -104));
            }
            var_8[0] -= out_0_f0;
        } else {
            out_0_f0 = out_0_f0;
            uint _ss_t4 = 1u;
            uvec2 _ss_t5 = var_8[SAFE_INDEX_int_int(in_0.in_0_f3[SAFE_INDEX_int_int(var_16[0], 1)], 2)].zy;
            umulExtended((_ss_t4 = SAFE_SHL_ASSIGN_uint_int(var_8[0][1], out_0_f3) + +out_0_f0, var_8[SAFE_INDEX_uint_uint(_ss_t4, 2u)].pt), +out_0_f0 * uvec2(4043285259u, 97u), var_8[SAFE_INDEX_int_int(in_0.in_0_f3[SAFE_INDEX_int_int(-in_0.in_0_f3[0], 1)] & (in_0.in_0_f3[0] | -586144833), 2)].sp, _ss_t5);
            uint var_18 = out_0_f0;
        }
        bvec4 var_19 = bvec4(true);
    } while (SAFE_DIV_int_int(var_6, SAFE_DIV_int_int(108, var_16[0])) > out_0_f3);
    SAFE_POST_DEC_float(glob_1[SAFE_INDEX_int_int(SAFE_MOD_ivec4_int(ivec4(1577514000), out_0_f2).s, 2)]);
    bvec2 var_20 = bvec2(true, true);
    const vec4 var_21 = vec4(139.0, -121.0, 3972.0, -3217.0);
    const ivec2 var_22 = ivec2(-101);
    uint var_23 = uint(var_20.g) ^ var_8[0][2] + -var_8[0u].b;
    out_0_f0 = -(var_8[0u].s / 13u);
    int _ss_t6 = 1;
    out_0_f1 = (_ss_t6 = SAFE_BITFIELD_INSERT_int_int_int_int(1, var_22[1], out_0_f2, SAFE_DIV_int_int(989464221, in_0.in_0_f1)), SAFE_BITFIELD_INSERT_int_int_int_int(SAFE_BITFIELD_EXTRACT_int_int_int(var_6, var_16[0], in_0.in_0_f1), ++out_0_f2, out_0_f3, _ss_t6));
    out_0_f2 += ivec3(-83).g & var_6;
    out_0_f3 = in_0.in_0_f3[0];
}
