#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uvec4 in_0_f0[2];
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    float out_0_f0;
    int out_0_f1;
    int out_0_f2;
    ivec3 out_0_f3[3];
};

uint glob_0[1] = uint[1](1u);
int _ss_loop_total = 0;

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
    return _ss_a;
}

uvec2 SAFE_DIV_ASSIGN_uvec2_uvec2(inout uvec2 _ss_a, uvec2 _ss_b) {
    _ss_a = any(equal(_ss_b, uvec2(0u))) ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
    return _ss_a;
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
    return _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
}

float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a + _ss_b;
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

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_a >= _ss_b ? _ss_a % _ss_b : _ss_a;
}

float SAFE_MAKE_IN_RANGE_float(float _ss_a) {
    return abs(_ss_a) < 0.1 || abs(_ss_a) >= 16777215.0 ? 10.0 : _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

uvec2 SAFE_MOD_uint_uvec2(uint _ss_a, uvec2 _ss_b) {
    return any(equal(_ss_b, uvec2(0u))) ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
}

int SAFE_SHL_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

uint SAFE_SHL_uint_int(uint _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

uvec2 SAFE_SHL_uvec2_ivec2(uvec2 _ss_a, ivec2 _ss_b) {
    return any(lessThan(_ss_b, ivec2(0))) || any(greaterThanEqual(_ss_b, ivec2(32))) ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

ivec3 SAFE_SHR_ASSIGN_ivec3_ivec3(inout ivec3 _ss_a, ivec3 _ss_b) {
    _ss_a = any(lessThan(_ss_b, ivec3(0))) || any(greaterThanEqual(_ss_b, ivec3(32))) ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
    return _ss_a;
}

uint SAFE_SHR_ASSIGN_uint_int(inout uint _ss_a, int _ss_b) {
    _ss_a = _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
    return _ss_a;
}

uint SAFE_SHR_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

uvec2 SAFE_SHR_uvec2_uvec2(uvec2 _ss_a, uvec2 _ss_b) {
    return any(greaterThanEqual(_ss_b, uvec2(32u))) ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

uint SAFE_TO_UINT_float(float _ss_a) {
    return _ss_a < 0.0 ? uint(int(_ss_a)) : uint(_ss_a);
}

uint func_0(inout uvec2 param_0, const bvec3 param_1) {
    vec2 var_0[1] = vec2[1](vec2(-3516.0));
    return param_0.g * (false ? in_0.in_0_f0[1u][3] : param_0[0]) - in_0.in_0_f0[0].s;
}

void main() {
    uvec3 var_1[1] = uvec3[1](in_0.in_0_f0[1].wzy);
    uint var_2 = uint(98);
    func_0(var_1[0].xy, lessThanEqual(uvec3(2777609055u), var_1[0]));
    int _ss_loop0 = 0;
    do {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        bool var_3 = true;
        ivec2 var_4 = 1921499566 % 14 + ivec2(uvec2(932529087u, 993996889u) * var_1[0].tp);
        glob_0[SAFE_INDEX_int_int(out_0_f3[1].x ^ SAFE_SHL_int_uint(var_4[0], in_0.in_0_f0[1][3u]) & +out_0_f1, 1)] ^= uvec4(1u, 73u, 1u, 14u).x | SAFE_TO_UINT_float(out_0_f0);
        SAFE_DIV_ASSIGN_uvec2_uvec2(var_1[0].rg, SAFE_MOD_uint_uvec2(var_2, SAFE_SHR_uvec2_uvec2(var_1[0].gb >> uvec2(5u), in_0.in_0_f0[1u].qs)));
        continue;
    } while (func_0(var_1[0].ts, bvec3(false, false, false)) <= (true ? glob_0[0] : 3974762012u) - (glob_0[0u] & 2813375321u));
    int _ss_loop1 = 0;
    for (SAFE_SHR_ASSIGN_uint_int(var_2, out_0_f1-- + (99 + int(true))); true; out_0_f1 |= int(SAFE_MAKE_IN_RANGE_float(out_0_f0 * floor(out_0_f0)))) {
        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        bvec4 var_5 = bvec4(true, false, false, false);
    }
    float var_6 = SAFE_FADD_ASSIGN_float_float(out_0_f0, -48.0);
    bvec4 var_7 = bvec4(false, false, false, true);
    if (true) {
        uint var_8 = var_2;
    } else {
        SAFE_SHR_ASSIGN_ivec3_ivec3(out_0_f3[SAFE_INDEX_int_int(out_0_f3[0].pt[SAFE_INDEX_int_int(var_7.tpqq == var_7 ? 47 ^ -1418085466 : out_0_f1, 2)], 3)], out_0_f3[1u]);
    }
    bool _ss_t0 = (var_7.t = false) && (var_7[0u] ? true : var_7.y) || max(3366770967u, var_2) < bitfieldReverse(var_1[0].z);
    var_7.y = _ss_t0;
    out_0_f1 -= ++out_0_f2;
    uvec2 var_9[4] = uvec2[4](846503671u ^ uvec2(385171866u, 2176993722u), uvec4(0u).yw, var_1[0].gr++, in_0.in_0_f0[0].gg);
    if (var_6 > var_6) {
        float var_10 = SAFE_MAKE_IN_RANGE_float(-(3925.0) - (-9.0 - 235.0));
        return;
    }
    out_0_f3[SAFE_INDEX_int_int(int(all(var_7.wwx)), 3)].gr &= out_0_f3[0].gg;
    bvec2 var_11 = var_7.qt;
    switch (var_9[SAFE_INDEX_int_int(out_0_f3[SAFE_INDEX_int_int(out_0_f1, 3)].t, 4)] <<= ivec2(7), false ? SAFE_SHL_uint_int(var_9[1].y, out_0_f3[0].x) : SAFE_SHR_uint_uint(568661994u, var_9[2u].gr.y)) {
    }
    float var_12[3] = float[3](1.0, 1.0, 1.0);
    switch (sign(out_0_f1)) {
    }
    uint var_13 = var_9[SAFE_INDEX_uint_uint(var_1[0].g / 3u, 4u)].y -= var_2;
    int var_14 = out_0_f2 + ++out_0_f3[2].y;
    int var_15 = (out_0_f3[1].rg *= var_14 * 2).s;
    bool var_16[2] = bool[2](out_0_f3[1][0] < 2, false);
    glob_0 = glob_0;
    bvec2 var_17[4] = bvec2[4](var_11, var_11.rrg.yz, var_11, var_11);
    switch (var_15) {
        case -49778531:
            {
                uvec2 var_18 = SAFE_SHL_uvec2_ivec2((uvec4(1786046188u, 2u, 348193701u, 2360922667u) & var_9[0][1u]).tt, any(var_17[1]) ? ~ivec2(0, -392750850) : out_0_f2 - out_0_f3[1u].rg);
                var_16[SAFE_INDEX_int_int(out_0_f3[SAFE_INDEX_int_int(out_0_f3[0].g, 3)].s, 2)] = var_11[SAFE_INDEX_int_int(SAFE_SHL_int_int(-91, out_0_f3[1].pttp.x) - SAFE_DIV_int_int(0, out_0_f1), 2)];
                uint var_19 = -(var_2 &= var_2);
            }
            break;
        case 427229013:
            {
                int _ss_loop2 = 0;
                do {
                    if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
                        break;
                    }
                    _ss_loop2++;
                    _ss_loop_total++;
                    var_7.w = var_11 == bvec2(true, false);
                    int _ss_t1 = SAFE_SHL_int_uint(var_15, func_0(var_1[SAFE_INDEX_int_int(var_14, 1)].zx, var_17[3u].sts));
                    var_1[SAFE_INDEX_int_int(_ss_t1, 1)].z *= var_2;
                    continue;
                } while (true && var_11.g);
            }
            break;
        case -1582150792:
            {
                if (bool(SAFE_FSUB_ASSIGN_float_float(var_6, var_6))) {
                    bool var_20 = true;
                    var_17[SAFE_INDEX_int_int(var_14, 4)] = greaterThan(mix(floatBitsToUint(vec2(-17.0, -71.0)), var_9[3], bvec2(true, false)), var_1[SAFE_INDEX_int_int(var_14, 1)].tp);
                    int _ss_loop3 = 0;
                    for (int for_var_0 = 1; for_var_0 <= 728; for_var_0 *= 3) {
                        if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop3++;
                        _ss_loop_total++;
                    }
                }
            }
            break;
        case 76:
            {
            }
        default:
            {
            }
    }
    out_0_f0 = out_0_f0;
    out_0_f1 += SAFE_DIV_ASSIGN_int_int(var_14, out_0_f3[SAFE_INDEX_int_int(out_0_f3[1].r, 3)][2u]);
    out_0_f2 = var_17[SAFE_INDEX_int_int(true ? out_0_f2 : out_0_f1, 4)].t ? SAFE_MOD_int_int(bitfieldReverse(var_15), out_0_f1) : 1913720727;
    out_0_f3[2] += out_0_f3[1] + ivec3(1975932409, 121, -7).z;
}
