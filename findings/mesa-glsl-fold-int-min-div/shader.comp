#version 450
layout(local_size_x = 3, local_size_y = 2, local_size_z = 1) in;

struct _d0_buf_out_1 {
    uvec3 out_1_f0;
    uvec3 out_1_f1;
    uint out_1_f2[4];
};

layout(std430, binding = 0) readonly buffer buf_in_0 {
    float in_0_f0;
} in_0;
layout(std430, binding = 1) readonly buffer buf_in_1 {
    uvec4 in_1_f0;
    vec3 in_1_f1[1];
    float in_1_f2;
    uvec4 in_1_f3;
};
layout(std430, binding = 2) buffer buf_out_0 {
    ivec4 out_0_f0[18][2];
};
layout(std430, binding = 3) readonly buffer _OpaqueValues {
    int zero;
    int one;
    uint uzero;
    uint uone;
    float fzero;
    float fone;
} _opaque;

int _d0_in_0_f0 = -1430089105;
uint _d0_in_1_f0 = 4294967295u;
int _d0_in_1_f1 = -2147483648;
float _d0_in_1_f2[2] = float[2](-124.0, 1501.0);
uvec3 _d0_out_0_f0 = uvec3(1243385203u, 0u, 3603059893u);
ivec3 _d0_out_0_f1 = ivec3(743464022, 0, 120230275);
ivec3 _d0_out_0_f2 = ivec3(-2147483648, 2147483647, 266477107);
_d0_buf_out_1 _d0_out_1 = _d0_buf_out_1(uvec3(41u, 1u, 45u), uvec3(106u, 1544588274u, 1856007909u), uint[4](2856232942u, 3876918879u, 4294967295u, 981204224u));
int _d0__ss_loop_total = 0;
int _ss_loop_uniform_total = 0;

ivec3 _d0_SAFE_BITFIELD_EXTRACT_ivec3_int_int(ivec3 _d0__ss_a, int _d0__ss_b, int _d0__ss_c) {
    return _d0__ss_b < 0 || _d0__ss_c < 0 || _d0__ss_b > 32 || _d0__ss_c > 32 - _d0__ss_b ? bitfieldExtract(_d0__ss_a, _d0__ss_b & 31, min(_d0__ss_c & 31, 32 - (_d0__ss_b & 31))) : bitfieldExtract(_d0__ss_a, _d0__ss_b, _d0__ss_c);
}

int _d0_SAFE_DIV_ASSIGN_int_int(inout int _d0__ss_a, int _d0__ss_b) {
    _d0__ss_a = _d0__ss_b == 0 || _d0__ss_a == -2147483648 && _d0__ss_b == -1 ? _d0__ss_a / (_d0__ss_b >> 1 == _d0__ss_b ? 2 : _d0__ss_b) : _d0__ss_a / _d0__ss_b;
    return _d0__ss_a;
}

uvec3 _d0_SAFE_DIV_ASSIGN_uvec3_uvec3(inout uvec3 _d0__ss_a, uvec3 _d0__ss_b) {
    _d0__ss_a = any(equal(_d0__ss_b, uvec3(0u))) ? _d0__ss_a / max(_d0__ss_b, 1u) : _d0__ss_a / _d0__ss_b;
    return _d0__ss_a;
}

uint _d0_SAFE_DIV_uint_uint(uint _d0__ss_a, uint _d0__ss_b) {
    return _d0__ss_b == 0u ? _d0__ss_a / max(_d0__ss_b, 1u) : _d0__ss_a / _d0__ss_b;
}

float _d0_SAFE_FSUB_ASSIGN_float_float(inout float _d0__ss_a, float _d0__ss_b) {
    float _d0__ss_n = _d0__ss_a - _d0__ss_b;
    _d0__ss_a = abs(_d0__ss_n) < 0.1 || abs(_d0__ss_n) >= 16777215.0 ? 10.0 : _d0__ss_n;
    return _d0__ss_a;
}

int _d0_SAFE_INDEX_int_int(int _d0__ss_a, int _d0__ss_b) {
    return _d0__ss_a < 0 || _d0__ss_a >= _d0__ss_b ? (_d0__ss_a == -2147483648 ? 0 : abs(_d0__ss_a)) % _d0__ss_b : _d0__ss_a;
}

uint _d0_SAFE_INDEX_uint_uint(uint _d0__ss_a, uint _d0__ss_b) {
    return _d0__ss_a >= _d0__ss_b ? _d0__ss_a % _d0__ss_b : _d0__ss_a;
}

vec2 _d0_SAFE_MAKE_IN_RANGE_vec2(vec2 _d0__ss_a) {
    return any(lessThan(abs(_d0__ss_a), vec2(0.1))) || any(greaterThanEqual(abs(_d0__ss_a), vec2(16777215.0))) ? mix(mix(_d0__ss_a, vec2(10.0), lessThan(abs(_d0__ss_a), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_d0__ss_a), vec2(16777215.0))) : _d0__ss_a;
}

uint _d0_SAFE_MOD_ASSIGN_uint_uint(inout uint _d0__ss_a, uint _d0__ss_b) {
    _d0__ss_a = _d0__ss_b == 0u ? _d0__ss_a % max(_d0__ss_b, 1u) : _d0__ss_a % _d0__ss_b;
    return _d0__ss_a;
}

int _d0_SAFE_MOD_int_int(int _d0__ss_a, int _d0__ss_b) {
    return _d0__ss_a < 0 || _d0__ss_b <= 0 ? abs(_d0__ss_a == -2147483648 ? 2147483647 : _d0__ss_a) % max(abs(_d0__ss_b == -2147483648 ? 2147483647 : _d0__ss_b), 1) : _d0__ss_a % _d0__ss_b;
}

uvec3 _d0_SAFE_MOD_uint_uvec3(uint _d0__ss_a, uvec3 _d0__ss_b) {
    return any(equal(_d0__ss_b, uvec3(0u))) ? _d0__ss_a % max(_d0__ss_b, 1u) : _d0__ss_a % _d0__ss_b;
}

uvec3 _d0_SAFE_SHL_uvec3_int(uvec3 _d0__ss_a, int _d0__ss_b) {
    return _d0__ss_b < 0 || _d0__ss_b >= 32 ? _d0__ss_a << (_d0__ss_b & 31) : _d0__ss_a << _d0__ss_b;
}

uvec3 _d0_SAFE_SHL_uvec3_ivec3(uvec3 _d0__ss_a, ivec3 _d0__ss_b) {
    return any(lessThan(_d0__ss_b, ivec3(0))) || any(greaterThanEqual(_d0__ss_b, ivec3(32))) ? _d0__ss_a << (_d0__ss_b & 31) : _d0__ss_a << _d0__ss_b;
}

int _d0_SAFE_SHR_int_uint(int _d0__ss_a, uint _d0__ss_b) {
    return _d0__ss_b >= 32u ? _d0__ss_a >> (_d0__ss_b & 31u) : _d0__ss_a >> _d0__ss_b;
}

uint _d0_SAFE_SHR_uint_int(uint _d0__ss_a, int _d0__ss_b) {
    return _d0__ss_b < 0 || _d0__ss_b >= 32 ? _d0__ss_a >> (_d0__ss_b & 31) : _d0__ss_a >> _d0__ss_b;
}

uint _d0_SAFE_SHR_uint_uint(uint _d0__ss_a, uint _d0__ss_b) {
    return _d0__ss_b >= 32u ? _d0__ss_a >> (_d0__ss_b & 31u) : _d0__ss_a >> _d0__ss_b;
}

void _d0_entry() {
    vec2 _d0_var_0 = _d0_SAFE_MAKE_IN_RANGE_vec2(_d0_SAFE_MAKE_IN_RANGE_vec2(62.0 + vec2(111.0, -4093.0)) + vec2(2909.0, -1294.0));
    bvec4 _d0_var_1 = (true ? bvec2(true, true) : bvec2(false, true)).stts;
    int _d0__ss_loop0 = 0;
    do {
        if (_d0__ss_loop0 >= 32 || _d0__ss_loop_total >= 1000) {
            break;
        }
        _d0__ss_loop0++;
        _d0__ss_loop_total++;
        _d0_SAFE_DIV_ASSIGN_int_int(_d0_out_0_f2[0], findMSB(_d0_SAFE_DIV_uint_uint(_d0_out_1.out_1_f1.tsts.g, _d0_out_0_f0[2])));
        _d0_SAFE_DIV_ASSIGN_uvec3_uvec3(_d0_out_1.out_1_f0, usubBorrow(_d0_out_1.out_1_f1, _d0_out_1.out_1_f0, _d0_out_1.out_1_f1));
        _d0_SAFE_DIV_ASSIGN_int_int(_d0_out_0_f1.y, _d0_SAFE_SHR_int_uint(_d0_in_1_f1, _d0_SAFE_SHR_uint_uint(_d0_in_1_f0, _d0_out_1.out_1_f0.b)) + _d0_out_0_f1[_d0_SAFE_INDEX_uint_uint(_d0_out_0_f0[0] ^ _d0_out_1.out_1_f0.tptt[1], 3u)]);
        _d0_out_1.out_1_f2[2] += 3279112293u;
    } while ((_d0_out_0_f2.g += _d0_out_0_f1[2u] << 5u) >= int(bool(-2070101286)));
    _d0_SAFE_MOD_ASSIGN_uint_uint(_d0_out_1.out_1_f0[_d0_SAFE_INDEX_int_int(_d0_out_0_f1[1], 3)], _d0_out_1.out_1_f0[_d0_SAFE_INDEX_int_int(_d0_SAFE_MOD_int_int(+(-2147483648), int(_d0_var_1[2])), 3)]);
    bool _d0_var_2[4] = bool[4](_d0_var_1[2], true, bool(4294967295u), _d0_var_1.b);
    ivec4 _d0_var_3 = floatBitsToInt((_d0_var_2[_d0_SAFE_INDEX_int_int(_d0_out_0_f1.gbb[1] ^ _d0_in_1_f1, 4)] = false, _d0_var_0.rr.gggr));
    const bool _d0_var_4 = true;
    float _d0_var_5 = round(_d0_in_1_f2[0]);
    _d0_SAFE_FSUB_ASSIGN_float_float(_d0_var_5, _d0_var_0.g);
    ++_d0_out_1.out_1_f1[_d0_SAFE_INDEX_uint_uint((false && _d0_var_4 ? _d0_out_1.out_1_f0.ps : _d0_out_1.out_1_f0.br).t, 3u)];
    if (_d0_var_2[_d0_SAFE_INDEX_int_int(_d0_out_0_f1.rg.r, 4)]) {
        bvec3 _d0_var_6[2] = bvec3[2](_d0_var_1.rba, bvec3(false));
        return;
    }
    _d0_out_0_f0 = _d0_SAFE_MOD_uint_uvec3(1712575068u * _d0_SAFE_SHR_uint_int(_d0_in_1_f0, _d0_out_0_f2.zyy.b), _d0_out_1.out_1_f0 |= _d0_in_1_f0 * _d0_out_1.out_1_f1[2u]);
    _d0_out_0_f1 = (-1 ^ ~_d0_out_0_f2.x) * (_d0_var_1.qst = bvec3(false, _d0_var_2[1], true), (_d0_var_2[1] = false, _d0_out_0_f2));
    _d0_out_0_f2 = _d0_out_0_f1;
    _d0_out_1.out_1_f0 += _d0_out_1.out_1_f1.zzx;
    _d0_out_1.out_1_f1 += _d0_SAFE_SHL_uvec3_ivec3(uvec3(3839132788u) ^ _d0_SAFE_SHL_uvec3_int(_d0_out_1.out_1_f1, _d0_out_0_f1.tssp.q), _d0_SAFE_BITFIELD_EXTRACT_ivec3_int_int(ivec3(-1, -1117460386, 2059210818), _d0_out_0_f1.gbrb.s - _d0_in_0_f0, _d0_out_0_f1[1]));
    _d0_out_1.out_1_f2 = uint[4](_d0_out_1.out_1_f0[1], _d0_out_0_f0.s, _d0_out_0_f0.b, 97u / 11u);
}

uvec3 SAFE_CLAMP_uvec3_uint_uint(uvec3 _ss_a, uint _ss_b, uint _ss_c) {
    return _ss_b > _ss_c ? clamp(_ss_a, min(_ss_b, _ss_c), max(_ss_b, _ss_c)) : clamp(_ss_a, _ss_b, _ss_c);
}

uvec3 SAFE_DIV_ASSIGN_uvec3_uint(inout uvec3 _ss_a, uint _ss_b) {
    _ss_a = _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
    return _ss_a;
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
    return _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
}

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
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

float SAFE_PRE_DEC_float(inout float _ss_a) {
    float _ss_n = _ss_a - 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

int SAFE_SHL_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
    return _ss_a;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

int SAFE_SHR_int_int(int _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
}

uvec2 SAFE_TO_UINT_vec2(vec2 _ss_a) {
    return any(lessThan(_ss_a, vec2(0.0))) ? uvec2(ivec2(_ss_a)) : uvec2(_ss_a);
}

uvec4 func_0(inout bvec2 param_0, out float param_1, inout bvec3 param_2[4]) {
    param_1 = 1.0;
    param_1 = SAFE_MAKE_IN_RANGE_float(-in_0.in_0_f0 * SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(992.0 * in_1_f1[0].z) * SAFE_MAKE_IN_RANGE_float(2517.0 * in_0.in_0_f0)));
    uint var_0 = 1282080061u | gl_NumWorkGroups.t;
    param_2[0] = param_2[3u];
    return gl_GlobalInvocationID.zxxy;
}

void func_1(out uint param_3, inout float param_4) {
    param_3 = 1u;
    param_3 = 1650951532u;
    float var_1 = (param_4 = SAFE_MAKE_IN_RANGE_float(float(SAFE_DIV_uint_uint(78u, gl_NumWorkGroups.grg.x))), in_1_f1[0].t);
    bvec4 var_2 = bvec4(true, false, false, false);
}

void main() {
    bvec3 var_3 = bvec3(false);
    float var_4 = floor(-4075.0);
    uvec3 var_5[4] = uvec3[4](uvec3(2665731778u, 0u, 2118986409u), SAFE_CLAMP_uvec3_uint_uint(uvec3(877881152u), 2984930780u, gl_LocalInvocationID.x), uvec3(gl_LocalInvocationID[2u], SAFE_TO_UINT_vec2(vec2(54.0, 2057.0))), gl_LocalInvocationID.brbg.qtq);
    var_3 = !bool(gl_WorkGroupID.tpt.x) ? var_3 : bvec3(true, true, true);
    SAFE_FMUL_ASSIGN_float_float(var_4, SAFE_MAKE_IN_RANGE_float(var_4 * 2755.0));
    SAFE_FMUL_ASSIGN_float_float(var_4, in_1_f2);
    bvec4 var_6 = bvec4(SAFE_MAKE_IN_RANGE_vec4(var_4 + vec4(-3393.0, 2954.0, 3458.0, -87.0)));
    if (var_6.zx[0] ^^ all(var_6.ts)) {
        bvec3 var_7 = var_6.yzz;
        bool var_8[4] = bool[4](var_3.rbbg.a, var_7.brbb.t, true, all(var_6.stp));
        float var_9 = 1.0;
    } else {
        var_3[1] = SAFE_DIV_uint_uint(gl_WorkGroupID[0], gl_WorkGroupID[0]) <= in_1_f0.r;
        SAFE_PRE_DEC_float(var_4);
        barrier();
    }
    if (SAFE_MAKE_IN_RANGE_vec3(in_0.in_0_f0 + in_1_f1[0]) == in_1_f1[0] ? var_6.p = false : true) {
        if (uvec3(var_3.pp, 2) != bitfieldExtract(2003613865u, 13, 12) * (gl_WorkGroupID & in_1_f3[3])) {
            float var_10 = 1.0;
            bvec4 var_11 = bvec4(bool(SAFE_SHL_int_uint(-760502748, gl_NumWorkGroups[1])));
            bvec2 var_12 = var_3.pt;
        }
        umulExtended(in_1_f3[0] * (in_1_f3[2] & uaddCarry(3876681018u, 3200671383u, var_5[3u][0])), gl_NumWorkGroups[2], var_5[SAFE_INDEX_int_int(SAFE_SHL_ASSIGN_int_int(out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][0].q, SAFE_DIV_int_int(-63, floatBitsToInt(var_4))), 4)][2], var_5[0][0]);
        out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][0].q /= 5;
    }
    barrier();
    barrier();
    if (var_3.xz.y) {
        return;
    }
    var_5[2][1] /= 4u;
    int _ss_t0 = 1;
    int _ss_t1 = 1;
    int _ss_t2 = (_ss_t1 = out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][0].r |= out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][1].r, (_ss_t0 = ++out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][1].t, out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][SAFE_INDEX_int_int(_ss_t0, 2)][SAFE_INDEX_int_int(out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][1][3u], 4)]) * _ss_t1);
    out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][1].y = _ss_t2;
    out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][1].y++;
    if (bool(SAFE_MAKE_IN_RANGE_float(in_1_f2 + in_1_f1[0].ggr.z))) {
        int _ss_loop1 = 0;
        for (int for_var_0 = 4; for_var_0 > 2; for_var_0 /= 2) {
            if (_ss_loop1 >= 32 || _ss_loop_uniform_total >= 1000) {
                break;
            }
            _ss_loop1++;
            _ss_loop_uniform_total++;
            SAFE_DIV_ASSIGN_uvec3_uint(var_5[1], (in_1_f0.gg * floatBitsToUint(in_1_f1[0].gg)).g);
            int _ss_loop0 = 0;
            for (uint for_var_1 = 4u; for_var_1 > 0u; for_var_1 -= 2u) {
                if (_ss_loop0 >= 32 || _ss_loop_uniform_total >= 1000) {
                    break;
                }
                _ss_loop0++;
                _ss_loop_uniform_total++;
                int var_13[2] = int[2](out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][1][2] ^= 282730720, int(in_1_f2));
                var_13[1] *= findLSB(ivec2(-23438737, -2147483648).x);
                var_13 = int[2](SAFE_SHR_int_int(for_var_0, for_var_0), SAFE_SHL_int_uint(for_var_0, for_var_1));
                out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][0].pt ^= for_var_0 + ivec2(1262729335);
            }
            bvec3 var_14 = var_3;
            bool var_15 = var_4 <= SAFE_MAKE_IN_RANGE_float(430.0 * SAFE_MAKE_IN_RANGE_float(float(101u)));
        }
        const uvec4 var_16 = uvec4(bvec4(false));
        barrier();
        if (var_3[2]) {
            if (SAFE_MAKE_IN_RANGE_float(-20.0 + in_0.in_0_f0) >= -in_1_f2) {
                var_6[1] = bool(-127.0) != ((gl_LocalInvocationID.y & 2u) != 0u);
                out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][0] &= -ivec4(1443305430, -545777097, -451921173, -108);
            }
        } else {
        }
    } else {
    }
    barrier();
    out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][0] = out_0_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 6u + gl_LocalInvocationIndex, 18u)][SAFE_INDEX_int_int(in_1_f3.pq != uvec2(0u, 2984409535u) ? int(var_6.qt.r) : 1525671042, 2)];
    _d0_entry();
}
