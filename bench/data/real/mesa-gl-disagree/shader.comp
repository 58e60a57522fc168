#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    vec4 in_0_f0[3];
    vec4 in_0_f1;
    vec4 in_0_f2;
    uint in_0_f3;
};
layout(std430, binding = 1) buffer buf_out_0 {
    uint out_0_f0[4];
    float out_0_f1;
    ivec3 out_0_f2[4];
    int out_0_f3;
} out_0;

bool glob_0[1] = bool[1](true);
int _ss_loop_total = 0;

int SAFE_CLAMP_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b > _ss_c ? clamp(_ss_a, min(_ss_b, _ss_c), max(_ss_b, _ss_c)) : clamp(_ss_a, _ss_b, _ss_c);
}

float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a + _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
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

float SAFE_MAKE_IN_RANGE_float(float _ss_a) {
    return abs(_ss_a) < 0.1 || abs(_ss_a) >= 16777215.0 ? 10.0 : _ss_a;
}

vec2 SAFE_MAKE_IN_RANGE_vec2(vec2 _ss_a) {
    return any(lessThan(abs(_ss_a), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a), vec2(16777215.0))) ? mix(mix(_ss_a, vec2(10.0), lessThan(abs(_ss_a), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a), vec2(16777215.0))) : _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

uint SAFE_MOD_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
}

uvec2 SAFE_MOD_uvec2_uint(uvec2 _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
}

uint SAFE_SHL_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b) {
    _ss_a = _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
    return _ss_a;
}

int SAFE_SHR_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
}

void main() {
    uvec3 var_0 = -(mix(uvec3(1139316279u), uvec3(1u), bvec3(true, false, true)) * (uvec3(3311898358u, 0u, 86u) ^ 59u));
    vec2 var_1 = vec2(SAFE_MAKE_IN_RANGE_float(float(var_0.z >= in_0_f3)), in_0_f1.p);
    glob_0[0] = glob_0[SAFE_INDEX_int_int(out_0.out_0_f2[SAFE_INDEX_int_int(glob_0[0u] ? out_0.out_0_f2[0].y : out_0.out_0_f3, 4)][2], 1)];
    bool var_2 = 56 <= -1596758276 ? glob_0[SAFE_INDEX_int_int(out_0.out_0_f3 + out_0.out_0_f2[3].ssp.s, 1)] = glob_0[0] : glob_0[0];
    const uint var_3 = 1u + uint(-67);
    out_0.out_0_f3 += out_0.out_0_f2[1][1] * (-2054790590 * -1348062467) / 4;
    const bvec2 var_4 = bvec2(true, true);
    uint _ss_t0 = out_0.out_0_f0[SAFE_INDEX_int_int(out_0.out_0_f2[SAFE_INDEX_int_int(out_0.out_0_f2[2].br[0u] + (out_0.out_0_f3 << 26u), 4)].p++, 4)];
    umulExtended(var_0[1], -uint(bool(3949835125u)), out_0.out_0_f0[SAFE_INDEX_int_int(out_0.out_0_f2[SAFE_INDEX_int_int(out_0.out_0_f2[SAFE_INDEX_int_int(out_0.out_0_f3, 4)][SAFE_INDEX_int_int(out_0.out_0_f2[2].zzzx.x * out_0.out_0_f3, 3)], 4)][0], 4)], _ss_t0);
    int _ss_t1 = glob_0[0] ? out_0.out_0_f3-- : -223140365;
    switch (SAFE_SHR_int_int(out_0.out_0_f2[2][SAFE_INDEX_int_int(out_0.out_0_f3, 3)], _ss_t1)) {
        case 536722038:
            {
                const uvec2 var_5[2] = uvec2[2](uvec2(2992255252u) << ivec2(4), uvec2(2016441258u, 4294967295u) ^ uvec2(414749745u, 3665376600u));
                uvec3 var_6 = uvec3(SAFE_MOD_uvec2_uint(var_5[1].gg, in_0_f3).x, var_5[1u]);
                uvec3 _ss_t2 = var_6.rbg;
                umulExtended(var_6.stp, var_0.zxx, var_6, _ss_t2);
                if (!glob_0[SAFE_INDEX_int_int(out_0.out_0_f2[1].s, 1)]) {
                    break;
                }
            }
        case 704373113:
            {
                int var_7 = out_0.out_0_f3;
                bool var_8 = SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(-1911.0 - in_0_f0[2][3]) * var_1.x) <= min(SAFE_MAKE_IN_RANGE_float(in_0_f0[2][1] * var_1.r), SAFE_FMUL_ASSIGN_float_float(out_0.out_0_f1, -3705.0));
                var_2 = bool(-(var_4.x ? 802826752 : 308721087));
            }
    }
    uvec3 _ss_t3 = var_0;
    uvec3 _ss_t4 = --var_0;
    umulExtended(var_0.spt--, _ss_t4, var_0.xyz, _ss_t3);
    uvec4 var_9[3] = uvec4[3](var_0.bbbb, var_0.rggg, var_0.tsts % uvec4(15u));
    int _ss_t5 = out_0.out_0_f3;
    if (++out_0.out_0_f3 <= _ss_t5) {
        switch (6u + uint(findLSB(-212696235)) % 2u) {
            default:
                {
                    if (all(bvec4(true, false, false, true))) {
                        return;
                    }
                }
                break;
            case 6u:
                {
                    vec4 var_10 = floor(var_1.tstt);
                    bool _ss_t6 = var_2 = var_2;
                    var_2 = _ss_t6;
                    int _ss_loop0 = 0;
                    do {
                        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop0++;
                        _ss_loop_total++;
                        SAFE_FADD_ASSIGN_float_float(out_0.out_0_f1, SAFE_MAKE_IN_RANGE_float(-1852.0 - (var_2 ? min(var_10.p, in_0_f1[0]) : 2294.0)));
                        var_9[SAFE_INDEX_int_int(out_0.out_0_f3, 3)].g++;
                        uint var_11 = SAFE_SHL_ASSIGN_uint_uint(out_0.out_0_f0[2], var_0.p) ^ +SAFE_MOD_uint_uint(var_0[2], var_0.r);
                    } while (max(+2u, ++var_9[2].w) >= uaddCarry(var_2 ? in_0_f3 : var_0.z, uvec3(3293365218u).p, out_0.out_0_f0[SAFE_INDEX_int_int(out_0.out_0_f3 | out_0.out_0_f3, 4)]));
                }
            case 7u:
                {
                    bvec4 var_12[3] = bvec4[3](bvec4(var_4.tss, var_4.x), var_4.grrr, var_4.rggr);
                    var_1.x = SAFE_MAKE_IN_RANGE_float(76.0 + SAFE_MAKE_IN_RANGE_float(var_1.y * -(14.0)));
                    int _ss_loop1 = 0;
                    while (in_0_f3 < var_3) {
                        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop1++;
                        _ss_loop_total++;
                        int var_13 = (var_4.y ? out_0.out_0_f2[2u].tppt : floatBitsToInt(var_1.ssst)).p;
                        const uint var_14 = -var_3;
                    }
                    break;
                }
                break;
        }
        float var_15 = 1.0;
        return;
    } else {
        switch (int(true ? SAFE_MAKE_IN_RANGE_float(float(true)) : SAFE_MAKE_IN_RANGE_float(var_1.xy.y * in_0_f1.rb.x))) {
            case -395906416:
                {
                    int _ss_loop2 = 0;
                    for (int for_var_0 = 3; for_var_0 <= 95; for_var_0 *= 2) {
                        if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop2++;
                        _ss_loop_total++;
                        vec2 var_16 = SAFE_MAKE_IN_RANGE_vec2(vec2(-1534.0, -437.0) * vec2(-29.0, -122.0));
                    }
                    int _ss_loop3 = 0;
                    for (;; out_0.out_0_f3++) {
                        if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop3++;
                        _ss_loop_total++;
                        SAFE_SHL_ASSIGN_uint_uint(out_0.out_0_f0[SAFE_INDEX_int_int(max(-2092829982, out_0.out_0_f3) + out_0.out_0_f2[0u].t, 4)], out_0.out_0_f0[SAFE_INDEX_int_int(SAFE_MOD_int_int(out_0.out_0_f3, 7), 4)]);
                        if (glob_0[SAFE_INDEX_int_int(int(glob_0[0] ? in_0_f2.y : 35.0), 1)]) {
                            break;
                        }
                    }
                    const vec3 var_17 = vec3(-2217.0, -54.0, 2901.0);
                }
                break;
            case 55:
                {
                    if (!glob_0[0u]) {
                        return;
                    }
                }
                break;
            case 50:
                break;
            default:
                {
                    const int var_18 = -379295652 * (16 + 550590777);
                    var_2 = (glob_0[0u] ? var_4.grrg : var_4.ssts).t;
                }
            case -57:
                {
                }
        }
        return;
    }
    uint _ss_t7[4] = uint[4](90u, var_3, out_0.out_0_f0[1] /= 14u, bitfieldExtract(in_0_f3, 9, 3));
    out_0.out_0_f0 = _ss_t7;
    SAFE_FADD_ASSIGN_float_float(out_0.out_0_f1, SAFE_MAKE_IN_RANGE_float(float(out_0.out_0_f3)));
    out_0.out_0_f2[0] = ivec3(-121, 18, -62);
    out_0.out_0_f3 = out_0.out_0_f3 ^ SAFE_CLAMP_int_int_int(out_0.out_0_f2[2][1], out_0.out_0_f3, ~out_0.out_0_f2[2][2]);
}
