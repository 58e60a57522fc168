#version 450
layout(local_size_x = 7, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    int in_0_f0;
    vec2 in_0_f1[1];
    uint in_0_f2;
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    vec3 out_0_f0[28];
    int out_0_f1[28];
};
shared int shared_0[7];

int _ss_loop_total = 0;
int _ss_loop_uniform_total = 0;

int SAFE_BITFIELD_EXTRACT_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

uint SAFE_BITFIELD_EXTRACT_uint_int_int(uint _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

int SAFE_BITFIELD_INSERT_int_int_int_int(int _ss_a, int _ss_b, int _ss_c, int _ss_d) {
    return _ss_c < 0 || _ss_d < 0 || _ss_c > 32 || _ss_d > 32 - _ss_c ? bitfieldInsert(_ss_a, _ss_b, _ss_c & 31, min(_ss_d & 31, 32 - (_ss_c & 31))) : bitfieldInsert(_ss_a, _ss_b, _ss_c, _ss_d);
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
    return _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_a >= _ss_b ? _ss_a % _ss_b : _ss_a;
}

vec3 SAFE_MAKE_IN_RANGE_vec3(vec3 _ss_a) {
    return any(lessThan(abs(_ss_a), vec3(0.1))) || any(greaterThanEqual(abs(_ss_a), vec3(16777215.0))) ? mix(mix(_ss_a, vec3(10.0), lessThan(abs(_ss_a), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_a), vec3(16777215.0))) : _ss_a;
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

float SAFE_POST_DEC_float(inout float _ss_a) {
    float _ss_old = _ss_a;
    float _ss_n = _ss_a - 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_old;
}

int SAFE_SHL_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

uint SAFE_SHL_uint_int(uint _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

uvec4 SAFE_SHL_uvec4_int(uvec4 _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

int SAFE_SHR_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
}

uint func_0(const int param_0, out int param_1) {
    param_1 = 1;
    param_1 = out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)];
    float var_0 = 1.0;
    const uint var_1 = 300549688u >> 14u;
    float var_2 = SAFE_POST_DEC_float(out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)][SAFE_INDEX_int_int(SAFE_DIV_int_int(param_1, param_1), 3)]);
    return 1025534681u;
}

void main() {
    uint var_3 = uint(SAFE_SHL_int_int((bvec4(true, false, false, false), 1822388159), +out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)]));
    float var_4 = out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)].y;
    {
        shared_0[SAFE_INDEX_uint_uint(gl_LocalInvocationIndex, 7u)] = SAFE_SHR_int_int(SAFE_MOD_int_int(1870790287 >> 31u, in_0.in_0_f0 / 10), floatBitsToInt(in_0.in_0_f1[0][1]));
        barrier();
        out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)] = shared_0[SAFE_INDEX_uint_uint((gl_LocalInvocationIndex + 5u) % 7u, 7u)] ^ int(-in_0.in_0_f1[0u].t);
        barrier();
    }
    if (!all(bvec4(true, false, true, true))) {
        uint var_5 = SAFE_SHL_uint_int(+in_0.in_0_f2, out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)] &= SAFE_DIV_int_int(-93, int(in_0.in_0_f0)));
        if (var_3 &= 56u, false) {
            out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)]--;
            int _ss_loop0 = 0;
            do {
                if (_ss_loop0 >= 32 || _ss_loop_uniform_total >= 1000) {
                    break;
                }
                _ss_loop0++;
                _ss_loop_uniform_total++;
                var_3 *= gl_LocalInvocationIndex;
                bvec2 var_6 = bvec2(true);
                continue;
            } while (any(bvec4(true)));
            if (!(in_0.in_0_f0 + -28 > -2147483648)) {
                bool var_7 = false != ((gl_LocalInvocationID.x & 2u) != 0u) || bool(var_5);
            } else {
                ivec3 var_8 = ivec4(1).zwz;
                uvec4 var_9 = SAFE_SHL_uvec4_int((true ? gl_NumWorkGroups.xzxx : gl_NumWorkGroups.bbbg) & SAFE_BITFIELD_EXTRACT_uint_int_int(gl_WorkGroupID[2], int(in_0.in_0_f0), 13), int(in_0.in_0_f0));
            }
            if (false) {
                func_0(in_0.in_0_f1[0].g >= 2107.0 ? in_0.in_0_f0 : -1504625248, out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)]);
                uint var_10 = ~(true ? ++var_5 : bitfieldReverse(gl_WorkGroupID.z));
            }
        } else {
            uint var_11 = 1u;
            int var_12[2] = int[2](in_0.in_0_f0, in_0.in_0_f0 ^ in_0.in_0_f0);
            ivec2 var_13 = (in_0.in_0_f0 << 19) * (ivec2(-1439169647, -57) / 2);
            bool var_14 = 3622055786u != func_0(int(in_0.in_0_f0), var_13.g);
        }
    }
    if (gl_GlobalInvocationID.x % 4u == 2u) {
        if (bool(ceil(true ? in_0.in_0_f1[0][1] : -38.0))) {
            bool var_15 = false;
            return;
        } else {
            func_0(bitfieldReverse(max(0, out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)] &= in_0.in_0_f0)), out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)]);
        }
        int var_16 = in_0.in_0_f0;
        switch (4 + SAFE_MOD_int_int(SAFE_BITFIELD_INSERT_int_int_int_int(int(in_0.in_0_f0), -in_0.in_0_f0, in_0.in_0_f0 | 2, int(in_0.in_0_f0)) & SAFE_SHL_int_int(in_0.in_0_f0 | 2, int(in_0.in_0_f0)), 2)) {
            default:
                {
                    int _ss_t0 = 1;
                    SAFE_MOD_ASSIGN_int_int(out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)], (_ss_t0 = var_16 = -2, min(var_16 = SAFE_BITFIELD_EXTRACT_int_int_int(73, int(in_0.in_0_f0), int(in_0.in_0_f0)), _ss_t0)));
                    {
                        bool var_22 = bvec3(false, false, true) != bvec3(false);
                        out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)] = SAFE_MAKE_IN_RANGE_vec3(sign(var_4 = var_4) - out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)].pts);
                        if (gl_LocalInvocationID.x == 6u) {
                            return;
                        }
                        break;
                    }
                }
                break;
            case 4:
                {
                    bool var_17 = false;
                }
                break;
            case 5:
                {
                    bool var_18 = SAFE_MOD_int_int(int(in_0.in_0_f0), int(in_0.in_0_f0)) < in_0.in_0_f0;
                    int _ss_loop1 = 0;
                    do {
                        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop1++;
                        _ss_loop_total++;
                        uint var_19 = SAFE_MOD_uint_uint(4294967295u, (1741126075u - in_0.in_0_f2) * SAFE_SHL_uint_int(867270111u, int(in_0.in_0_f0)));
                        if (true) {
                            break;
                        }
                        const int var_20 = 494715525 ^ -47 + 371512468;
                        const ivec4 var_21 = ivec4(1304588959, -1, 594567717, -2147483648);
                    } while (62u < 3635274813u);
                }
                break;
        }
    }
    int _ss_loop2 = 0;
    do {
        if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop2++;
        _ss_loop_total++;
        const uint var_23 = 744384775u % 10u;
        if (all(bvec4(false, bvec2(false, true), true))) {
            break;
        }
        uint var_24 = 1u;
    } while (true);
    func_0(findMSB(81 - out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)]) & out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)], out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)]);
    out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)] = +vec3(11.0, 998.0, 39.0);
    out_0_f1[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex, 28u)] += SAFE_MOD_int_int(int(in_0.in_0_f0), 1);
}
