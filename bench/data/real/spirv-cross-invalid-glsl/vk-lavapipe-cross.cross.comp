#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 2, std430) buffer buf_out_0
{
    uint out_0_f0[3];
    int out_0_f1;
    int out_0_f2;
} out_0;

layout(binding = 3, std430) buffer buf_out_1
{
    uint out_1_f0;
    uint out_1_f1;
} _516;

layout(binding = 0, std430) readonly buffer buf_in_0
{
    int in_0_f0;
    uvec4 in_0_f1[2];
    uint in_0_f2[3];
    int in_0_f3;
} _521;

layout(binding = 1, std430) readonly buffer buf_in_1
{
    uint in_1_f0;
} _1109;

ivec4 glob_1;
int _ss_loop_total;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b)
{
    int _226;
    if ((_ss_a < 0) || (_ss_a >= _ss_b))
    {
        int _231;
        if (_ss_a == int(0x80000000))
        {
            _231 = 0;
        }
        else
        {
            _231 = abs(_ss_a);
        }
        _226 = _231 % _ss_b;
    }
    else
    {
        _226 = _ss_a;
    }
    return _226;
}

uint SAFE_CLAMP_uint_uint_uint(uint _ss_a, uint _ss_b, uint _ss_c)
{
    uint _128;
    if (_ss_b > _ss_c)
    {
        _128 = clamp(_ss_a, min(_ss_b, _ss_c), max(_ss_b, _ss_c));
    }
    else
    {
        _128 = clamp(_ss_a, _ss_b, _ss_c);
    }
    return _128;
}

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b)
{
    int _428;
    if (_ss_b >= 32u)
    {
        _428 = _ss_a >> int(_ss_b & 31u);
    }
    else
    {
        _428 = _ss_a >> int(_ss_b);
    }
    return _428;
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b)
{
    bool _148 = _ss_b == 0;
    bool _159;
    if (!_148)
    {
        _159 = (_ss_a == int(0x80000000)) && (_ss_b == (-1));
    }
    else
    {
        _159 = _148;
    }
    int _160;
    if (_159)
    {
        _160 = _ss_a / (((_ss_b >> 1) == _ss_b) ? 2 : _ss_b);
    }
    else
    {
        _160 = _ss_a / _ss_b;
    }
    return _160;
}

vec4 SAFE_MAKE_IN_RANGE_vec4(vec4 _ss_a)
{
    bool _293 = any(lessThan(abs(_ss_a), vec4(0.100000001490116119384765625)));
    bool _302;
    if (!_293)
    {
        _302 = any(greaterThanEqual(abs(_ss_a), vec4(16777215.0)));
    }
    else
    {
        _302 = _293;
    }
    vec4 _303;
    if (_302)
    {
        _303 = mix(mix(_ss_a, vec4(10.0), lessThan(abs(_ss_a), vec4(0.100000001490116119384765625))), vec4(10.0), greaterThanEqual(abs(_ss_a), vec4(16777215.0)));
    }
    else
    {
        _303 = _ss_a;
    }
    return _303;
}

vec2 SAFE_FMUL_ASSIGN_vec2_float(inout vec2 _ss_a, float _ss_b)
{
    vec2 _ss_n = _ss_a * _ss_b;
    bool _189 = any(lessThan(abs(_ss_n), vec2(0.100000001490116119384765625)));
    bool _199;
    if (!_189)
    {
        _199 = any(greaterThanEqual(abs(_ss_n), vec2(16777215.0)));
    }
    else
    {
        _199 = _189;
    }
    vec2 _200;
    if (_199)
    {
        _200 = mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.100000001490116119384765625))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0)));
    }
    else
    {
        _200 = _ss_n;
    }
    _ss_a = _200;
    return _ss_a;
}

vec2 SAFE_MAKE_IN_RANGE_vec2(vec2 _ss_a)
{
    bool _262 = any(lessThan(abs(_ss_a), vec2(0.100000001490116119384765625)));
    bool _270;
    if (!_262)
    {
        _270 = any(greaterThanEqual(abs(_ss_a), vec2(16777215.0)));
    }
    else
    {
        _270 = _262;
    }
    vec2 _271;
    if (_270)
    {
        _271 = mix(mix(_ss_a, vec2(10.0), lessThan(abs(_ss_a), vec2(0.100000001490116119384765625))), vec2(10.0), greaterThanEqual(abs(_ss_a), vec2(16777215.0)));
    }
    else
    {
        _271 = _ss_a;
    }
    return _271;
}

uint SAFE_MOD_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b)
{
    uint _324;
    if (_ss_b == 0u)
    {
        _324 = _ss_a % max(_ss_b, 1u);
    }
    else
    {
        _324 = _ss_a % _ss_b;
    }
    _ss_a = _324;
    return _ss_a;
}

bool func_1(float param_3, inout vec4 param_4, bool param_5)
{
    int _ss_loop0 = 0;
    for (int for_var_0 = 4; for_var_0 >= 2; for_var_0 /= 2)
    {
        if ((_ss_loop0 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        param_4.x = -2403.0;
        float _ss_t0 = -2403.0;
        vec2 param = param_4.yx;
        float param_1 = _ss_t0;
        vec2 _489 = SAFE_FMUL_ASSIGN_vec2_float(param, param_1);
        param_4.y = param.x;
        param_4.x = param.y;
        vec2 param_2 = param_4.zx - vec2(param_3);
        vec2 _501 = SAFE_MAKE_IN_RANGE_vec2(param_2);
        param_4.z = _501.x;
        param_4.x = _501.y;
    }
    uint _524 = _521.in_0_f2[0];
    uint _527 = _516.out_1_f1;
    uint _528 = _527 * 991070984u;
    _516.out_1_f1 = _528;
    uint _532 = _516.out_1_f0;
    uint _533 = _532 ^ (_524 - _528);
    _516.out_1_f0 = _533;
    uint param_6 = out_0.out_0_f0[1];
    uint param_7 = _533;
    uint _539 = SAFE_MOD_ASSIGN_uint_uint(param_6, param_7);
    out_0.out_0_f0[1] = param_6;
    bool _549;
    if (!param_5)
    {
        _549 = glob_1.x != int(0u);
    }
    else
    {
        _549 = param_5;
    }
    if (_549)
    {
        return param_5;
    }
    return param_5;
}

int SAFE_SHR_int_int(int _ss_a, int _ss_b)
{
    int _411;
    if ((_ss_b < 0) || (_ss_b >= 32))
    {
        _411 = _ss_a >> (_ss_b & 31);
    }
    else
    {
        _411 = _ss_a >> _ss_b;
    }
    return _411;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b)
{
    int _345;
    if ((_ss_a < 0) || (_ss_b <= 0))
    {
        _345 = abs((_ss_a == int(0x80000000)) ? 2147483647 : _ss_a) % max(abs((_ss_b == int(0x80000000)) ? 2147483647 : _ss_b), 1);
    }
    else
    {
        _345 = _ss_a % _ss_b;
    }
    return _345;
}

float SAFE_MAKE_IN_RANGE_float(float _ss_a)
{
    bool _247 = abs(_ss_a) < 0.100000001490116119384765625;
    bool _254;
    if (!_247)
    {
        _254 = abs(_ss_a) >= 16777215.0;
    }
    else
    {
        _254 = _247;
    }
    return _254 ? 10.0 : _ss_a;
}

uint SAFE_SHR_uint_uint(uint _ss_a, uint _ss_b)
{
    uint _444;
    if (_ss_b >= 32u)
    {
        _444 = _ss_a >> (_ss_b & 31u);
    }
    else
    {
        _444 = _ss_a >> _ss_b;
    }
    return _444;
}

uvec4 SAFE_SHL_uvec4_uvec4(uvec4 _ss_a, uvec4 _ss_b)
{
    uvec4 _389;
    if (any(greaterThanEqual(_ss_b, uvec4(32u))))
    {
        _389 = _ss_a << (_ss_b & uvec4(31u));
    }
    else
    {
        _389 = _ss_a << _ss_b;
    }
    return _389;
}

int SAFE_CLAMP_int_int_int(int _ss_a, int _ss_b, int _ss_c)
{
    int _106;
    if (_ss_b > _ss_c)
    {
        _106 = clamp(_ss_a, min(_ss_b, _ss_c), max(_ss_b, _ss_c));
    }
    else
    {
        _106 = clamp(_ss_a, _ss_b, _ss_c);
    }
    return _106;
}

uint SAFE_MOD_uint_uint(uint _ss_a, uint _ss_b)
{
    uint _370;
    if (_ss_b == 0u)
    {
        _370 = _ss_a % max(_ss_b, 1u);
    }
    else
    {
        _370 = _ss_a % _ss_b;
    }
    return _370;
}

void main()
{
    glob_1 = ivec4(1);
    _ss_loop_total = 0;
    bvec3 var_2[1] = bvec3[](bvec3(true));
    int param = out_0.out_0_f1;
    int param_1 = 1;
    bool var_4 = all(var_2[SAFE_INDEX_int_int(param, param_1)].xzzz);
    uint _579;
    int param_31;
    int param_32;
    int param_33;
    if (var_4)
    {
        uint param_2 = _516.out_1_f0;
        uint param_3 = 2693392039u;
        uint param_4 = _521.in_0_f1[0].y;
        _579 = SAFE_CLAMP_uint_uint_uint(param_2, param_3, param_4);
    }
    else
    {
        _579 = var_4 ? 1733801369u : 2u;
    }
    int param_5 = 73;
    uint param_6 = _579;
    int var_5 = SAFE_SHR_int_uint(param_5, param_6);
    int _ss_loop6 = 0;
    bool _619;
    bool _632;
    uint _762;
    bool _802;
    bool _811;
    bool _833;
    bvec2 _848;
    int _949;
    for (;;)
    {
        if ((_ss_loop6 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop6++;
        _ss_loop_total++;
        if (var_2[0].y)
        {
            bool _627;
            if (false)
            {
                _627 = var_2[0].z;
            }
            else
            {
                _627 = false;
            }
            _619 = _627;
        }
        else
        {
            _619 = !var_4;
        }
        if (_619)
        {
            int param_7 = glob_1.x;
            int param_8 = _521.in_0_f3;
            int param_9 = SAFE_DIV_int_int(param_7, param_8);
            int param_10 = 1;
            _632 = var_2[SAFE_INDEX_int_int(param_9, param_10)].x;
        }
        else
        {
            _632 = all(equal(uvec4(1u), _521.in_0_f1[0]));
        }
        bool var_6 = _632;
        bool _659 = !(var_2[0].z || true);
        bool _682;
        if (!_659)
        {
            vec4 param_11 = vec4(-554.0, -294.0, -1219.0, -374.0);
            float param_12 = var_4 ? (-19.0) : 85.0;
            vec4 param_13 = SAFE_MAKE_IN_RANGE_vec4(param_11);
            bool param_14 = var_6 ? var_4 : var_6;
            bool _681 = func_1(param_12, param_13, param_14);
            _682 = _681;
        }
        else
        {
            _682 = _659;
        }
        if (_682)
        {
            if (var_4)
            {
                uint var_7 = 4046089041u;
                bool _694 = glob_1.y != int(0u);
                var_6 = _694;
                bool var_8 = _694;
                bool var_9 = true;
                int param_15 = var_5;
                int param_16 = 1;
                var_2[0] = var_2[SAFE_INDEX_int_int(param_15, param_16)];
                ivec4 _1077 = glob_1;
                ivec4 _1082 = glob_1;
                ivec4 _1084 = _1082.zxyw * (-(_1077 >> ivec4(16)));
                ivec4 _1085 = glob_1;
                glob_1 = ivec4(_1084.y, _1084.z, _1084.x, _1084.w);
                if (true)
                {
                    continue;
                }
                else
                {
                    break;
                }
            }
            int param_17 = int(var_4);
            int param_18 = out_0.out_0_f1 ^ out_0.out_0_f2;
            int param_19 = SAFE_SHR_int_int(param_17, param_18);
            int param_20 = 1;
            var_2[SAFE_INDEX_int_int(param_19, param_20)].y = true;
            if (true)
            {
                if (true)
                {
                    break;
                }
                _516.out_1_f1++;
            }
            else
            {
                int _731 = var_5;
                int _732 = _731 & out_0.out_0_f1;
                var_5 = _732;
                int param_21 = findLSB(302003797u) & _732;
                int param_22 = _521.in_0_f3;
                ivec4 _739 = glob_1;
                ivec2 _742 = _739.wy + ivec2(SAFE_MOD_int_int(param_21, param_22));
                glob_1.w = _742.x;
                glob_1.y = _742.y;
                uint var_11 = uint(var_4) + ((_516.out_1_f1 | 4094149058u) ^ _521.in_0_f2[2]);
                ivec4 var_12 = ivec4(1);
                if (var_2[0].x)
                {
                    _762 = _521.in_0_f1[0].w;
                }
                else
                {
                    _762 = 1212285674u;
                }
                _516.out_1_f1 *= _762;
            }
            int _ss_loop3 = 0;
            for (int for_var_1 = 3; 2187 > for_var_1; for_var_1 *= 3)
            {
                if ((_ss_loop3 >= 32) || (_ss_loop_total >= 1000))
                {
                    break;
                }
                _ss_loop3++;
                _ss_loop_total++;
                float param_23 = -4673.0;
                if (var_4)
                {
                    _802 = var_4;
                }
                else
                {
                    _802 = var_6 ? true : var_6;
                }
                if (_802)
                {
                    _811 = var_4;
                }
                else
                {
                    var_5 = var_5 >> int(21u);
                    _811 = 55.0 < 2284.0;
                }
                float param_24 = SAFE_MAKE_IN_RANGE_float(param_23);
                vec4 param_25 = vec4(1063.0);
                bool param_26 = _811;
                bool _826 = func_1(param_24, param_25, param_26);
                if ((!var_2[0].y) != var_2[0].z)
                {
                    uint param_27 = _521.in_0_f1[1].y;
                    uint param_28 = _516.out_1_f1;
                    _833 = floatBitsToUint(2497.0) <= SAFE_SHR_uint_uint(param_27, param_28);
                }
                else
                {
                    if (false)
                    {
                        _848 = bvec2(false, true);
                    }
                    else
                    {
                        _848 = var_2[0].yx;
                    }
                    _833 = all(_848);
                }
                if (_833)
                {
                    continue;
                }
                bvec2 var_13 = bvec2(true);
                float var_14[3] = float[](-10856.0, var_2[0].x ? (-2653.0) : (-3425.0), -3661.0);
            }
            uint var_15[1] = uint[](floatBitsToUint(-1024.0));
        }
        else
        {
            _516.out_1_f0 %= 15u;
        }
        int _ss_loop5 = 0;
        for (;;)
        {
            if ((_ss_loop5 >= 32) || (_ss_loop_total >= 1000))
            {
                break;
            }
            _ss_loop5++;
            _ss_loop_total++;
            int _ss_loop4 = 0;
            bvec3 _909 = var_2[0];
            var_2[0].y = _909.zz.x;
            var_2[0].z = _909.zz.y;
            int _947;
            for (;;)
            {
                if (var_4)
                {
                    if ((_ss_loop4 >= 32) || (_ss_loop_total >= 1000))
                    {
                        break;
                    }
                    _ss_loop4++;
                    _ss_loop_total++;
                    uvec4 param_29 = uvec4(1578787042u) ^ _521.in_0_f1[1].zwxz;
                    uvec4 param_30 = _521.in_0_f1[1];
                    uvec4 var_17 = SAFE_SHL_uvec4_uvec4(param_29, param_30);
                    _947 = ~out_0.out_0_f2;
                    if (var_6)
                    {
                        _949 = 2147483604;
                    }
                    else
                    {
                        _949 = _521.in_0_f0;
                    }
                    param_31 = 1;
                    param_32 = _947;
                    param_33 = _949;
                    out_0.out_0_f1 *= SAFE_CLAMP_int_int_int(param_31, param_32, param_33);
                    continue;
                }
                else
                {
                    break;
                }
            }
            bvec3 var_18[4] = bvec3[](var_2[0], var_2[0], bvec3(false, true, true), var_2[0]);
            uint var_19 = uint(var_18[3].z);
            if ((var_2[0].x ? (-787.0) : (-3173.0)) != 0.0)
            {
                break;
            }
            buf_out_1 _996;
            _996.out_1_f0 = uaddCarry(_521.in_0_f1[0].y, 3889550409u, _996.out_1_f1);
            out_0.out_0_f0[1] = _996.out_1_f1;
            switch (5u + (min(_996.out_1_f0, (-uint(var_6))) % 4u))
            {
                case 5u:
                {
                    var_6 = true;
                    int param_34 = true ? 2147483647 : 0;
                    int param_35 = 4;
                    if (var_18[SAFE_INDEX_int_int(param_34, param_35)].x)
                    {
                        continue;
                    }
                    bool var_20 = var_2[0].z;
                    uint _1025 = uint(var_18[0].y);
                    uint param_36 = out_0.out_0_f0[2];
                    uint param_37 = _1025;
                    uint _1030 = SAFE_MOD_uint_uint(param_36, param_37);
                    uint _1033 = -_516.out_1_f0;
                    uint _1034 = _1030 * _1033;
                    uint _1035 = var_19;
                    uint _1036 = _1035 - _1034;
                    var_19 = _1036;
                    bvec3 _1045 = mix(var_18[2], bvec3(false), var_2[0]);
                    bvec3 _1046[3] = bvec3[](bvec3(true), bvec3(false), _1045);
                    bvec3 var_25[3] = _1046;
                    break;
                }
                case 6u:
                {
                    bool var_20 = var_2[0].z;
                    uint _1025 = uint(var_18[0].y);
                    uint param_36 = out_0.out_0_f0[2];
                    uint param_37 = _1025;
                    uint _1030 = SAFE_MOD_uint_uint(param_36, param_37);
                    uint _1033 = -_516.out_1_f0;
                    uint _1034 = _1030 * _1033;
                    uint _1035 = var_19;
                    uint _1036 = _1035 - _1034;
                    var_19 = _1036;
                }
                default:
                {
                    bvec3 _1045 = mix(var_18[2], bvec3(false), var_2[0]);
                    bvec3 _1046[3] = bvec3[](bvec3(true), bvec3(false), _1045);
                    bvec3 var_25[3] = _1046;
                    break;
                }
                case 7u:
                {
                    bvec2 var_21 = bvec2(false);
                    int var_22 = 1;
                    var_2[0].z = true;
                    if (true)
                    {
                        break;
                    }
                    return;
                }
                case 8u:
                {
                    bool var_23 = any(var_2[0].yz);
                    var_5 = min(glob_1, ivec4(out_0.out_0_f1, 175174795, -1697762163, out_0.out_0_f1)).z;
                    break;
                }
            }
            continue;
        }
        ivec4 _1077 = glob_1;
        ivec4 _1082 = glob_1;
        ivec4 _1084 = _1082.zxyw * (-(_1077 >> ivec4(16)));
        ivec4 _1085 = glob_1;
        glob_1 = ivec4(_1084.y, _1084.z, _1084.x, _1084.w);
        if (true)
        {
            continue;
        }
        else
        {
            break;
        }
    }
    out_0.out_0_f0[0] = _516.out_1_f0;
    out_0.out_0_f1 = out_0.out_0_f2;
    out_0.out_0_f2 = _521.in_0_f3;
    uint _1099 = _516.out_1_f0;
    uint _1100 = _1099 - uint(1);
    _516.out_1_f0 = _1100;
    uint _ss_t0 = 103u + _1100;
    _516.out_1_f0 = _ss_t0;
    _516.out_1_f1 = 1733801369u;
}

