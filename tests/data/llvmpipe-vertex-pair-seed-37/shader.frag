#version 450

struct buf_out_0 {
    ivec4 out_0_f0[1];
    vec2 out_0_f1;
};

layout(std140, binding = 0) uniform buf_in_0 {
    uint in_0_f0[4];
    float in_0_f1;
    float in_0_f2[1];
} in_0;
layout(location = 0) flat in uvec3 vary_0;
layout(location = 0) out uvec4 _color;

buf_out_0 out_0 = buf_out_0(ivec4[1](ivec4(-2, -107, 11, 2)), vec2(69.0, -115.0));
bool glob_0 = true;
int glob_1 = +(-59);
int _ss_loop_total = 0;

int SAFE_BITFIELD_EXTRACT_int_int_int(int _ss_a, int _ss_b, int _ss_c) {
    return _ss_b < 0 || _ss_c < 0 || _ss_b > 32 || _ss_c > 32 - _ss_b ? bitfieldExtract(_ss_a, _ss_b & 31, min(_ss_c & 31, 32 - (_ss_b & 31))) : bitfieldExtract(_ss_a, _ss_b, _ss_c);
}

int SAFE_BITFIELD_INSERT_int_int_int_int(int _ss_a, int _ss_b, int _ss_c, int _ss_d) {
    return _ss_c < 0 || _ss_d < 0 || _ss_c > 32 || _ss_d > 32 - _ss_c ? bitfieldInsert(_ss_a, _ss_b, _ss_c & 31, min(_ss_d & 31, 32 - (_ss_c & 31))) : bitfieldInsert(_ss_a, _ss_b, _ss_c, _ss_d);
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

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

ivec3 SAFE_SHL_ASSIGN_ivec3_int(inout ivec3 _ss_a, int _ss_b) {
    _ss_a = _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
    return _ss_a;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a << (_ss_b & 31u) : _ss_a << _ss_b;
}

uint SAFE_SHL_uint_int(uint _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
}

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

ivec4 SAFE_SHR_ivec4_int(ivec4 _ss_a, int _ss_b) {
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
}

uint SAFE_TO_UINT_float(float _ss_a) {
    return _ss_a < 0.0 ? uint(int(_ss_a)) : uint(_ss_a);
}

uvec2 SAFE_TO_UINT_vec2(vec2 _ss_a) {
    return any(lessThan(_ss_a, vec2(0.0))) ? uvec2(ivec2(_ss_a)) : uvec2(_ss_a);
}

void func_0(inout bool param_0[1]) {
    uint var_0 = vary_0[SAFE_INDEX_int_int(findLSB(in_0.in_0_f0[3]), 3)];
    out_0.out_0_f0[0].gbr >>= ivec3(5);
}

void fragment_body() {
    int var_1 = -968928788 & out_0.out_0_f0[0].s;
    bvec2 var_2 = bvec2(true);
    bool var_3 = out_0.out_0_f0[0].w <= out_0.out_0_f0[0].p || ~vary_0.ppsp == (uvec4(566212116u, 4294967295u, 3980197602u, 1823534874u) ^ vary_0[1]);
    switch (-6 + SAFE_MOD_int_int(-966088816, 1)) {
        case -6:
            {
                bool var_4 = var_3 = any(bvec3(in_0.in_0_f2[0u], glob_0, glob_1));
            }
            break;
    }
    bvec4 var_5[4] = bvec4[4](var_2.ss.xyyx, var_2.yxxy, bvec4(false), bvec4(true, true, false, true));
    SAFE_FMUL_ASSIGN_float_float(out_0.out_0_f1.r, SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(float(vary_0[0])) + SAFE_MAKE_IN_RANGE_float(in_0.in_0_f2[0] + in_0.in_0_f1)));
    if (SAFE_TO_UINT_float(gl_FragCoord.y) > 52u) {
        int var_6 = sign(int(out_0.out_0_f1.x)) * var_1;
        uint var_7 = 1u;
        if (var_2[0]) {
            var_5[0].bgr = var_2.sts;
            var_6 ^= SAFE_SHL_int_uint(glob_1, vary_0.z & 1521028037u);
            uvec3 var_8 = vary_0 * (in_0.in_0_f0[1] >> 9);
            var_7 *= (var_8.z -= in_0.in_0_f0[1u] & 1u) ^ vary_0.bbbr.x;
        }
        var_5[SAFE_INDEX_int_int(SAFE_BITFIELD_EXTRACT_int_int_int(glob_1, 10, bitCount(glob_1)) | glob_1 ^ -229045642, 4)][3] = (bool(88u) ? 1181757341 < glob_1 : true && var_2[1u]) && SAFE_MAKE_IN_RANGE_vec3(vec3(-682.0) * vec3(-3628.0, 1035.0, -1875.0)) == (true ? vec3(24.0, 228.0, 72.0) : vec3(-44.0, -56.0, -126.0)) ^^ bool(var_6);
    }
    const uint var_9 = 0u;
    if (var_2.yyxx.q) {
        SAFE_SHL_ASSIGN_ivec3_int(out_0.out_0_f0[0].bar, SAFE_SHR_int_uint(glob_1--, min(~3803386124u, vary_0.z / 16u)));
    }
    int var_10 = glob_1 & min(glob_1, glob_1) | glob_1;
    if (!(vary_0.s != in_0.in_0_f0[0])) {
        uvec4 var_11 = ~(-(109u)) * (var_2[0] ? var_9 * uvec4(234938732u, 0u, 32u, 2846700019u) : uvec4(var_2.yxxy));
    }
    if (false) {
        if (bool(SAFE_MAKE_IN_RANGE_float(87.0 * in_0.in_0_f1))) {
            uvec3 var_12 = uvec3(1u);
            vec2 var_13 = vec2(-2.0, 1448.0);
            uint var_14 = max(floatBitsToUint(vec4(-117.0, -2.0, -35.0, 3605.0)).g, var_12.s);
        } else {
            int _ss_loop0 = 0;
            while (ivec2(-17, -456950927) != ivec2(~var_10)) {
                if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                    break;
                }
                _ss_loop0++;
                _ss_loop_total++;
                uvec4 var_15[2] = uvec4[2](vary_0.b & vary_0.yxxz, vary_0.ppss);
                int var_16 = int(in_0.in_0_f0[2] >= SAFE_DIV_uint_uint(in_0.in_0_f0[2], vary_0[0]));
            }
            --out_0.out_0_f0[0];
            int _ss_loop1 = 0;
            for (int for_var_0 = 2; for_var_0 < 512; for_var_0 = for_var_0 * 2) {
                if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                    break;
                }
                _ss_loop1++;
                _ss_loop_total++;
                var_10 -= SAFE_DIV_int_int(for_var_0 / 2, for_var_0 + glob_1) + (int(in_0.in_0_f0[2]) & bitfieldReverse(-820146613));
                SAFE_FMUL_ASSIGN_float_float(out_0.out_0_f1[SAFE_INDEX_int_int(+var_10, 2)], out_0.out_0_f1.ss[SAFE_INDEX_int_int(var_5[1].y ? out_0.out_0_f0[0u][3] : -out_0.out_0_f0[0].p, 2)]);
                uint var_17 = var_9;
            }
        }
    }
    int var_18 = out_0.out_0_f0[0].p;
    switch (7u + (glob_0 ? vary_0[0] : (out_0.out_0_f0[0u].wy *= ivec2(-2, 2) ^ -871698317, SAFE_SHL_uint_int(in_0.in_0_f0[0u], var_10))) % 1u) {
        case 7u:
            {
                vec3 var_19 = vec3(1.0);
                uvec2 var_20 = SAFE_TO_UINT_vec2(vec2(-1148.0, -1089.0));
            }
            break;
    }
    int _ss_loop2 = 0;
    while (var_5[1].rb.g ? var_5[2].z ? bvec3(false).x : var_3 : var_3) {
        if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop2++;
        _ss_loop_total++;
        bool var_21 = false && SAFE_TO_UINT_float(gl_FragCoord.y) == 32u ^^ var_3 ^^ bool(var_18);
        if (glob_1 <= (+(-2147483648) & (true ? glob_1 : var_10))) {
            uint var_22[4] = uint[4](1u, 1u, 1u, 1u);
        }
    }
    out_0.out_0_f0[0] += SAFE_SHR_ivec4_int(out_0.out_0_f0[SAFE_INDEX_uint_uint(var_9 - in_0.in_0_f0[0], 1u)], SAFE_BITFIELD_INSERT_int_int_int_int(var_18, -1088368852 + var_18, SAFE_DIV_int_int(1607085796, out_0.out_0_f0[0][0]), 8));
    out_0.out_0_f1 = out_0.out_0_f1;
}

void main() {
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4(((2166136261u ^ uint(out_0.out_0_f0[0].x)) * 16777619u ^ floatBitsToUint(out_0.out_0_f1.x)) * 16777619u, ((2166136261u ^ uint(out_0.out_0_f0[0].y)) * 16777619u ^ floatBitsToUint(out_0.out_0_f1.y)) * 16777619u, (2166136261u ^ uint(out_0.out_0_f0[0].z)) * 16777619u, (2166136261u ^ uint(out_0.out_0_f0[0].w)) * 16777619u);
}
