#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uint in_0_f0;
    int in_0_f1;
    ivec3 in_0_f2;
};
layout(std430, binding = 1) buffer buf_out_0 {
    ivec4 out_0_f0[2];
};
layout(std430, binding = 2) buffer buf_out_1 {
    float out_1_f0;
    int out_1_f1;
    uint out_1_f2;
};

int _ss_loop_total = 0;

int SAFE_BITFIELD_EXTRACT_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

uint SAFE_BITFIELD_EXTRACT_uint_int_int(uint _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

uint SAFE_DIV_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b) {
    _ss_a = _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
    return _ss_a;
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
    return _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
}

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
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

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_a >= _ss_b ? _ss_a % _ss_b : _ss_a;
}

float SAFE_MAKE_IN_RANGE_float(float _ss_a) {
    return abs(_ss_a) < 0.1 || abs(_ss_a) >= 16777215.0 ? 10.0 : _ss_a;
}

int SAFE_MOD_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
    return _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

float SAFE_PRE_INC_float(inout float _ss_a) {
    float _ss_n = _ss_a + 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

int SAFE_SHL_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

ivec4 SAFE_SHL_ivec4_uint(ivec4 _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

int SAFE_SHR_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
    return _ss_a;
}

uint SAFE_SHR_uint_int(uint _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
}

uint SAFE_TO_UINT_float(float _ss_a) {
    return _ss_a < 0.0 ? uint(int(_ss_a)) : uint(_ss_a);
}

int func_0(out float param_0) {
    param_0 = 1.0;
    float _ss_t0 = +SAFE_MAKE_IN_RANGE_float(SAFE_FMUL_ASSIGN_float_float(param_0, out_1_f0) * out_1_f0);
    param_0 = _ss_t0;
    switch (out_1_f2) {
        default:
            {
                ivec2 var_0 = ivec2(102, -74);
                if (true) {
                    int var_1 = 1;
                    uint var_2[2] = uint[2](out_1_f2, out_1_f2);
                    bool var_3[3] = bool[3](false ? false : true, var_1 > 0, true);
                    bvec4 var_4 = bvec4(false, true, false, false).pqqs;
                }
                int _ss_loop0 = 0;
                for (;;) {
                    if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                        break;
                    }
                    _ss_loop0++;
                    _ss_loop_total++;
                    param_0 = -3777.0;
                    if (true) {
                        break;
                    }
                }
                bvec4 var_5 = bvec4(true);
            }
            break;
    }
    if (SAFE_MOD_int_int(out_1_f1, int(in_0_f1)) > floatBitsToInt(1107.0) ? false : true) {
        out_0_f0[SAFE_INDEX_uint_uint(in_0_f0 * in_0_f0 / 3u, 2u)].tq /= ivec2(4);
        return -SAFE_SHL_int_int(+(-75), floatBitsToInt(param_0));
    } else {
        return out_0_f0[1].bag.g;
    }
    return out_0_f0[1][3];
}

bool func_1(uvec4 param_1[2], int param_2, float param_3) {
    int var_6 = 1;
    out_1_f2 &= param_1[SAFE_INDEX_int_int(int(in_0_f2.g), 2)][SAFE_INDEX_int_int(var_6, 4)];
    return (1268805308u >= 283279511u ? false : param_1[0].x > param_1[1].y) || out_1_f2 - 1375851875u <= param_1[0u][1];
}

bvec2 func_2(int param_4, const int param_5) {
    {
        int _ss_loop1 = 0;
        do {
            if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop1++;
            _ss_loop_total++;
            SAFE_MOD_ASSIGN_int_int(out_1_f1, int(in_0_f1));
            break;
        } while (min(SAFE_MAKE_IN_RANGE_float(out_1_f0 * out_1_f0), roundEven(out_1_f0)) <= out_1_f0);
        int var_7 = out_0_f0[SAFE_INDEX_int_int(SAFE_MOD_int_int(-87 << 9, param_4), 2)].b;
        SAFE_FMUL_ASSIGN_float_float(out_1_f0, SAFE_MAKE_IN_RANGE_float(out_1_f0 + out_1_f0) > out_1_f0 ? out_1_f0 : 17.0);
        uint var_8 = SAFE_SHR_uint_int(0u, min(out_1_f1 << 30u, param_4));
    }
    int _ss_loop2 = 0;
    for (int for_var_0 = SAFE_SHL_int_int(SAFE_BITFIELD_EXTRACT_int_int_int(int(in_0_f2.r), ~in_0_f2.x, 1), ~(param_4 -= in_0_f2.x)); (true ? out_1_f0 : mix(3399.0, -12.0, false)) > max(SAFE_MAKE_IN_RANGE_float(-3.0 - out_1_f0), SAFE_MAKE_IN_RANGE_float(-79.0 - out_1_f0)); for_var_0 *= in_0_f2.brbr.p) {
        if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop2++;
        _ss_loop_total++;
        bvec4 var_9 = bvec4(false, true, true, true);
        out_0_f0 = out_0_f0;
    }
    int _ss_loop3 = 0;
    while ((true ? out_1_f0 : out_1_f0) == out_1_f0) {
        if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop3++;
        _ss_loop_total++;
        {
            param_4 &= --out_1_f1;
        }
        if (out_0_f0[1].zxxw[3] <= in_0_f2[2] ? false : true) {
            break;
        }
    }
    return greaterThanEqual(ivec2(347160153, -1919907826), out_0_f0[0].ga++);
}

void main() {
    uint _ss_t0 = in_0_f0 + out_1_f2;
    uint var_10 = (out_1_f2 *= out_1_f2, uaddCarry(in_0_f0, out_1_f2, out_1_f2)) - _ss_t0;
    ivec2 var_11 = out_0_f0[SAFE_INDEX_int_int(in_0_f1 * -226513063, 2)].rb + out_1_f1;
    bvec2 var_12 = true ? bvec2(true, false) : bvec2(false);
    bool var_13 = !bool(out_1_f2 & in_0_f0);
    bvec3 var_14 = var_12.yxx;
    var_14.yx = bvec2(out_1_f0 < -107.0, false).gg;
    ivec2 var_15 = var_11;
    uvec2 var_16 = uvec2(0u, 2u);
    if (var_14 == equal(vec3(-65.0, -78.0, 3348.0), vec3(-102.0, -38.0, 95.0))) {
        float var_17 = -out_1_f0;
        if (SAFE_MAKE_IN_RANGE_float(float(in_0_f1 >> 0)) > out_1_f0) {
            out_0_f0[1].pst *= int(var_14[2] && var_14.y ? var_14.b : var_12.t && var_14.b);
            if (SAFE_DIV_uint_uint(out_1_f2, uint(in_0_f2.p)) >= (var_16.tss.y ^ (var_13 ? out_1_f2 : 1759663751u))) {
                int _ss_t1 = SAFE_DIV_int_int(sign(var_15.t + in_0_f1), 401765109 ^ func_0(out_1_f0));
                out_0_f0[1].p = _ss_t1;
            } else {
                vec4 var_18 = vec4(-1088.0);
                uint var_19 = +in_0_f0;
                float var_20 = SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(var_17 - SAFE_FADD_ASSIGN_float_float(out_1_f0, var_17)) * SAFE_MAKE_IN_RANGE_float(clamp(var_18[0], -78.0, -18.0) - SAFE_MAKE_IN_RANGE_float(float(0u))));
            }
        } else {
            const uvec4 var_21 = uvec4(43u, 100u, 82u, 0u) / 6u - 72910272u;
            if (var_13) {
                out_0_f0[SAFE_INDEX_int_int(SAFE_MOD_int_int(int(in_0_f1), 12), 2)].stq <<= uvec3(28u);
                uvec4 var_22 = uvec4(1u);
            } else {
                var_13 = func_1(uvec4[2](out_1_f2 / uvec4(11u), -var_16.ggrg), var_11.y, SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(out_1_f0 * var_17) - var_17));
            }
        }
    }
    SAFE_PRE_INC_float(out_1_f0);
    if (2209.0 < SAFE_MAKE_IN_RANGE_float(-out_1_f0 - SAFE_MAKE_IN_RANGE_float(out_1_f0 + -765.0))) {
        ivec4 var_23 = ivec4(1);
    }
    int _ss_loop6 = 0;
    while (bool(uaddCarry(var_16.rrgg[1], ~1595022234u, var_10))) {
        if (_ss_loop6 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop6++;
        _ss_loop_total++;
        int _ss_loop5 = 0;
        for (int for_var_1 = 1; 4 > for_var_1; for_var_1 = for_var_1 * 2) {
            if (_ss_loop5 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop5++;
            _ss_loop_total++;
            uint _ss_t2 = 1u;
            var_16[1] &= (_ss_t2 = 96u - SAFE_DIV_ASSIGN_uint_uint(var_10, out_1_f2), usubBorrow(var_10, _ss_t2, var_16.r));
            if (var_12.x) {
                SAFE_SHR_ASSIGN_int_int(var_15.x, any(bvec2(true)) ? var_15.s : for_var_1);
                ivec3 var_24 = ivec3(2, -70, 1);
                float _ss_t3 = SAFE_FADD_ASSIGN_float_float(out_1_f0, min(out_1_f0, out_1_f0));
                SAFE_FADD_ASSIGN_float_float(out_1_f0, _ss_t3);
                int _ss_t4 = func_0(out_1_f0) ^ var_15.g;
                out_0_f0[1].ab *= _ss_t4;
            } else {
                int var_25 = int(SAFE_TO_UINT_float(SAFE_MAKE_IN_RANGE_float(out_1_f0 * out_1_f0)));
            }
            int _ss_loop4 = 0;
            int _ss_t5 = 1;
            for (; bool(364872117); _ss_t5 = func_0(out_1_f0), SAFE_MOD_ASSIGN_int_int(out_0_f0[SAFE_INDEX_int_int(_ss_t5, 2)].s, var_11.s)) {
                if (_ss_loop4 >= 32 || _ss_loop_total >= 1000) {
                    break;
                }
                _ss_loop4++;
                _ss_loop_total++;
                out_0_f0[0] = ivec4(210312000);
            }
        }
    }
    func_2(1, -1469430892);
    out_1_f2 += SAFE_BITFIELD_EXTRACT_uint_int_int(var_16.t / 1u, var_15.s, out_0_f0[1].x) + var_10;
    if (any(var_12)) {
        ivec3 var_26[3] = ivec3[3](in_0_f1 & ivec3(-170986782, -91, -76), out_0_f0[1].ttq << 26, ivec3(-1659526038, 765372597, 2147483647));
        var_26[SAFE_INDEX_uint_uint((var_16.ttt & var_16.yxy).x, 3u)].s &= bitCount(178164877u * 659188585u & var_10);
        int _ss_loop7 = 0;
        do {
            if (_ss_loop7 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop7++;
            _ss_loop_total++;
            if ((var_12[0u] ? func_1(uvec4[2](uvec4(3619718506u), var_16.ssts), var_26[0].y, 6.0) : var_14.x ? var_12.g : var_13) && var_13) {
                break;
            }
            var_14 = bvec3(false, true, false);
            int var_27[3] = int[3](var_14.y ? in_0_f1 : var_26[2].zy.r, out_1_f1, in_0_f1);
        } while (-2868.0 <= SAFE_MAKE_IN_RANGE_float(-(1183.0) * SAFE_MAKE_IN_RANGE_float(out_1_f0 * out_1_f0)));
        return;
    }
    out_0_f0[0] = SAFE_SHL_ivec4_uint(out_1_f0 < out_1_f0 ? ivec4(-494274845, 1772483481, -2, 1) : var_11.yyxx - out_0_f0[1][0], var_10);
    out_1_f0 = SAFE_MAKE_IN_RANGE_float(float(in_0_f2.b));
    out_1_f1 += SAFE_MOD_int_int(var_11[SAFE_INDEX_int_int(out_1_f1, 2)], var_15[0] * 510113331);
    out_1_f2 = in_0_f0;
}
