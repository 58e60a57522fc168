#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct ResType
{
    uint _m0;
    uint _m1;
};

struct ResType_1
{
    uvec3 _m0;
    uvec3 _m1;
};

const bvec4 _726[3] = bvec4[](bvec4(true), bvec4(true), bvec4(true));

layout(binding = 0, std430) readonly buffer buf_in_0
{
    vec4 in_0_f0[3];
    vec4 in_0_f1;
    vec4 in_0_f2;
    uint in_0_f3;
} _341;

layout(binding = 1, std430) buffer buf_out_0
{
    uint out_0_f0[4];
    float out_0_f1;
    ivec3 out_0_f2[4];
    int out_0_f3;
} out_0;

bool glob_0[1];
int _ss_loop_total;

float SAFE_MAKE_IN_RANGE_float(float _ss_a)
{
    bool _167 = abs(_ss_a) < 0.100000001490116119384765625;
    bool _174;
    if (!_167)
    {
        _174 = abs(_ss_a) >= 16777215.0;
    }
    else
    {
        _174 = _167;
    }
    return _174 ? 10.0 : _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b)
{
    int _145;
    if ((_ss_a < 0) || (_ss_a >= _ss_b))
    {
        int _151;
        if (_ss_a == int(0x80000000))
        {
            _151 = 0;
        }
        else
        {
            _151 = abs(_ss_a);
        }
        _145 = _151 % _ss_b;
    }
    else
    {
        _145 = _ss_a;
    }
    return _145;
}

int SAFE_SHR_int_int(int _ss_a, int _ss_b)
{
    int _301;
    if ((_ss_b < 0) || (_ss_b >= 32))
    {
        _301 = _ss_a >> (_ss_b & 31);
    }
    else
    {
        _301 = _ss_a >> _ss_b;
    }
    return _301;
}

uvec2 SAFE_MOD_uvec2_uint(uvec2 _ss_a, uint _ss_b)
{
    uvec2 _260;
    if (_ss_b == 0u)
    {
        _260 = _ss_a % uvec2(max(_ss_b, 1u));
    }
    else
    {
        _260 = _ss_a % uvec2(_ss_b);
    }
    return _260;
}

float SAFE_FMUL_ASSIGN_float_float(inout float _ss_a, float _ss_b)
{
    float _ss_n = _ss_a * _ss_b;
    bool _126 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _133;
    if (!_126)
    {
        _133 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _133 = _126;
    }
    _ss_a = _133 ? 10.0 : _ss_n;
    return _ss_a;
}

float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b)
{
    float _ss_n = _ss_a + _ss_b;
    bool _105 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _113;
    if (!_105)
    {
        _113 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _113 = _105;
    }
    _ss_a = _113 ? 10.0 : _ss_n;
    return _ss_a;
}

uint SAFE_SHL_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b)
{
    uint _279;
    if (_ss_b >= 32u)
    {
        _279 = _ss_a << (_ss_b & 31u);
    }
    else
    {
        _279 = _ss_a << _ss_b;
    }
    _ss_a = _279;
    return _ss_a;
}

uint SAFE_MOD_uint_uint(uint _ss_a, uint _ss_b)
{
    uint _244;
    if (_ss_b == 0u)
    {
        _244 = _ss_a % max(_ss_b, 1u);
    }
    else
    {
        _244 = _ss_a % _ss_b;
    }
    return _244;
}

vec2 SAFE_MAKE_IN_RANGE_vec2(vec2 _ss_a)
{
    bool _184 = any(lessThan(abs(_ss_a), vec2(0.100000001490116119384765625)));
    bool _193;
    if (!_184)
    {
        _193 = any(greaterThanEqual(abs(_ss_a), vec2(16777215.0)));
    }
    else
    {
        _193 = _184;
    }
    vec2 _194;
    if (_193)
    {
        _194 = mix(mix(_ss_a, vec2(10.0), lessThan(abs(_ss_a), vec2(0.100000001490116119384765625))), vec2(10.0), greaterThanEqual(abs(_ss_a), vec2(16777215.0)));
    }
    else
    {
        _194 = _ss_a;
    }
    return _194;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b)
{
    int _217;
    if ((_ss_a < 0) || (_ss_b <= 0))
    {
        _217 = abs((_ss_a == int(0x80000000)) ? 2147483647 : _ss_a) % max(abs((_ss_b == int(0x80000000)) ? 2147483647 : _ss_b), 1);
    }
    else
    {
        _217 = _ss_a % _ss_b;
    }
    return _217;
}

void main()
{
    glob_0 = bool[](true);
    _ss_loop_total = 0;
    uvec3 var_0 = -(mix(uvec3(1139316279u), gl_WorkGroupSize, bvec3(true, false, true)) * uvec3(3311898317u, 59u, 109u));
    float param = float(var_0.z >= _341.in_0_f3);
    vec2 var_1 = vec2(SAFE_MAKE_IN_RANGE_float(param), _341.in_0_f1.z);
    int _367;
    int param_41;
    int param_42;
    if (glob_0[0])
    {
        _367 = out_0.out_0_f2[0].y;
    }
    else
    {
        _367 = out_0.out_0_f3;
    }
    int param_1 = _367;
    int param_2 = 4;
    int param_3 = out_0.out_0_f2[SAFE_INDEX_int_int(param_1, param_2)].z;
    int param_4 = 1;
    glob_0[0] = glob_0[SAFE_INDEX_int_int(param_3, param_4)];
    bool _391;
    if (false)
    {
        int param_5 = out_0.out_0_f3 + out_0.out_0_f2[3].x;
        int param_6 = 1;
        bool _403 = glob_0[0];
        glob_0[SAFE_INDEX_int_int(param_5, param_6)] = _403;
        _391 = _403;
    }
    else
    {
        _391 = glob_0[0];
    }
    bool var_2 = _391;
    out_0.out_0_f3 += ((out_0.out_0_f2[1].y * 164364090) / 4);
    int param_7 = out_0.out_0_f2[2].z + (out_0.out_0_f3 << int(26u));
    int param_8 = 4;
    int _429 = SAFE_INDEX_int_int(param_7, param_8);
    int _431 = out_0.out_0_f2[_429].z;
    out_0.out_0_f2[_429].z = _431 + 1;
    int param_9 = _431;
    int param_10 = 4;
    uint _ss_t0 = out_0.out_0_f0[SAFE_INDEX_int_int(param_9, param_10)];
    int param_11 = out_0.out_0_f3;
    int param_12 = 4;
    int param_13 = out_0.out_0_f2[2].z * out_0.out_0_f3;
    int param_14 = 3;
    int param_15 = out_0.out_0_f2[SAFE_INDEX_int_int(param_11, param_12)][SAFE_INDEX_int_int(param_13, param_14)];
    int param_16 = 4;
    int param_17 = out_0.out_0_f2[SAFE_INDEX_int_int(param_15, param_16)].x;
    int param_18 = 4;
    ResType _467;
    umulExtended(var_0.y, 4294967295u, _467._m1, _467._m0);
    _ss_t0 = _467._m0;
    out_0.out_0_f0[SAFE_INDEX_int_int(param_17, param_18)] = _467._m1;
    int _473;
    if (glob_0[0])
    {
        int _477 = out_0.out_0_f3;
        out_0.out_0_f3 = _477 - 1;
        _473 = _477;
    }
    else
    {
        _473 = -223140365;
    }
    int _ss_t1 = _473;
    int param_19 = out_0.out_0_f3;
    int param_20 = 3;
    int param_21 = out_0.out_0_f2[2][SAFE_INDEX_int_int(param_19, param_20)];
    int param_22 = _ss_t1;
    switch (SAFE_SHR_int_int(param_21, param_22))
    {
        case 536722038:
        {
            uvec2 param_23 = uvec2(629590695u);
            uint param_24 = _341.in_0_f3;
            uvec3 var_6 = uvec3(SAFE_MOD_uvec2_uint(param_23, param_24).x, 1619584923u, 629590695u);
            uvec3 _ss_t2 = var_6.xzy;
            ResType_1 _517;
            umulExtended(var_6, var_0.zxx, _517._m1, _517._m0);
            _ss_t2 = _517._m0;
            var_6 = _517._m1;
            int param_25 = out_0.out_0_f2[1].x;
            int param_26 = 1;
            if (!glob_0[SAFE_INDEX_int_int(param_25, param_26)])
            {
                break;
            }
            int _533 = out_0.out_0_f3;
            int var_7 = _533;
            float _537 = _341.in_0_f0[2].w;
            float _538 = (-1911.0) - _537;
            float param_27 = _538;
            float _540 = SAFE_MAKE_IN_RANGE_float(param_27);
            float _543 = _540 * var_1.x;
            float param_28 = _543;
            float _545 = SAFE_MAKE_IN_RANGE_float(param_28);
            float _547 = _341.in_0_f0[2].y;
            float _550 = _547 * var_1.x;
            float param_29 = _550;
            float _552 = SAFE_MAKE_IN_RANGE_float(param_29);
            float _556 = out_0.out_0_f1;
            float param_30 = _556;
            float param_31 = -3705.0;
            float _558 = SAFE_FMUL_ASSIGN_float_float(param_30, param_31);
            float _559 = param_30;
            out_0.out_0_f1 = _559;
            float _561 = min(_552, _558);
            bool _562 = _545 <= _561;
            bool var_8 = _562;
            var_2 = true;
            break;
        }
        case 704373113:
        {
            int _533 = out_0.out_0_f3;
            int var_7 = _533;
            float _537 = _341.in_0_f0[2].w;
            float _538 = (-1911.0) - _537;
            float param_27 = _538;
            float _540 = SAFE_MAKE_IN_RANGE_float(param_27);
            float _543 = _540 * var_1.x;
            float param_28 = _543;
            float _545 = SAFE_MAKE_IN_RANGE_float(param_28);
            float _547 = _341.in_0_f0[2].y;
            float _550 = _547 * var_1.x;
            float param_29 = _550;
            float _552 = SAFE_MAKE_IN_RANGE_float(param_29);
            float _556 = out_0.out_0_f1;
            float param_30 = _556;
            float param_31 = -3705.0;
            float _558 = SAFE_FMUL_ASSIGN_float_float(param_30, param_31);
            float _559 = param_30;
            out_0.out_0_f1 = _559;
            float _561 = min(_552, _558);
            bool _562 = _545 <= _561;
            bool var_8 = _562;
            var_2 = true;
            break;
        }
    }
    uvec3 _ss_t3 = var_0;
    uvec3 _567 = var_0;
    uvec3 _569 = _567 - uvec3(ivec3(1));
    var_0 = _569;
    uvec3 _ss_t4 = _569;
    uvec3 _570 = var_0;
    uvec3 _573 = _570.xzy - uvec3(ivec3(1));
    var_0 = uvec3(_573.x, _573.z, _573.y);
    ResType_1 _577;
    umulExtended(_570.xzy, _ss_t4, _577._m1, _577._m0);
    _ss_t3 = _577._m0;
    var_0 = _577._m1;
    uvec4 var_9[3] = uvec4[](var_0.zzzz, var_0.xyyy, var_0.yxyx % uvec4(15u));
    int _ss_t5 = out_0.out_0_f3;
    int _598 = out_0.out_0_f3;
    int _599 = _598 + 1;
    out_0.out_0_f3 = _599;
    if (_599 <= _ss_t5)
    {
        switch (6u + (uint(findLSB(-212696235)) % 2u))
        {
            case 6u:
            {
                vec4 var_10 = floor(var_1.yxyy);
                bool _624 = var_2;
                var_2 = _624;
                bool _ss_t6 = _624;
                var_2 = _ss_t6;
                int _ss_loop0 = 0;
                uint _696;
                float _646;
                uint _698;
                for (;;)
                {
                    if ((_ss_loop0 >= 32) || (_ss_loop_total >= 1000))
                    {
                        break;
                    }
                    _ss_loop0++;
                    _ss_loop_total++;
                    if (var_2)
                    {
                        _646 = min(var_10.z, _341.in_0_f1.x);
                    }
                    else
                    {
                        _646 = 2294.0;
                    }
                    float param_32 = (-1852.0) - _646;
                    float param_33 = out_0.out_0_f1;
                    float param_34 = SAFE_MAKE_IN_RANGE_float(param_32);
                    float _664 = SAFE_FADD_ASSIGN_float_float(param_33, param_34);
                    out_0.out_0_f1 = param_33;
                    int param_35 = out_0.out_0_f3;
                    int param_36 = 3;
                    int _671 = SAFE_INDEX_int_int(param_35, param_36);
                    var_9[_671].y++;
                    uint param_37 = out_0.out_0_f0[2];
                    uint param_38 = var_0.z;
                    uint _682 = SAFE_SHL_ASSIGN_uint_uint(param_37, param_38);
                    out_0.out_0_f0[2] = param_37;
                    uint param_39 = var_0.z;
                    uint param_40 = var_0.x;
                    uint var_11 = _682 ^ SAFE_MOD_uint_uint(param_39, param_40);
                    uint _694 = var_9[2].w;
                    uint _695 = _694 + uint(1);
                    var_9[2].w = _695;
                    _696 = max(2u, _695);
                    if (var_2)
                    {
                        _698 = _341.in_0_f3;
                    }
                    else
                    {
                        _698 = var_0.z;
                    }
                    param_41 = out_0.out_0_f3 | out_0.out_0_f3;
                    param_42 = 4;
                    ResType _717;
                    _717._m0 = uaddCarry(_698, 3293365218u, _717._m1);
                    out_0.out_0_f0[SAFE_INDEX_int_int(param_41, param_42)] = _717._m1;
                    if (_696 >= _717._m0)
                    {
                        continue;
                    }
                    else
                    {
                        break;
                    }
                }
                float _729 = var_1.y;
                float _731 = _729 * (-14.0);
                float param_43 = _731;
                float _733 = SAFE_MAKE_IN_RANGE_float(param_43);
                float _734 = 76.0 + _733;
                float param_44 = _734;
                float _736 = SAFE_MAKE_IN_RANGE_float(param_44);
                var_1.x = _736;
                int _ss_loop1 = 0;
                ivec4 _762;
                for (;;)
                {
                    bool _747 = _341.in_0_f3 < 4294967230u;
                    if (_747)
                    {
                        int _748 = _ss_loop1;
                        bool _749 = _748 >= 32;
                        int _750 = _ss_loop_total;
                        bool _751 = _750 >= 1000;
                        bool _752 = _749 || _751;
                        if (_752)
                        {
                            break;
                        }
                        int _756 = _ss_loop1;
                        int _757 = _756 + 1;
                        _ss_loop1 = _757;
                        int _758 = _ss_loop_total;
                        int _759 = _758 + 1;
                        _ss_loop_total = _759;
                        if (true)
                        {
                            _762 = out_0.out_0_f2[2].yzzy;
                        }
                        else
                        {
                            vec2 _770 = var_1;
                            ivec4 _772 = floatBitsToInt(_770.xxxy);
                            _762 = _772;
                        }
                        int _774 = _762.z;
                        int var_13 = _774;
                        continue;
                    }
                    else
                    {
                        break;
                    }
                }
                break;
            }
            case 7u:
            {
                float _729 = var_1.y;
                float _731 = _729 * (-14.0);
                float param_43 = _731;
                float _733 = SAFE_MAKE_IN_RANGE_float(param_43);
                float _734 = 76.0 + _733;
                float param_44 = _734;
                float _736 = SAFE_MAKE_IN_RANGE_float(param_44);
                var_1.x = _736;
                int _ss_loop1 = 0;
                ivec4 _762;
                for (;;)
                {
                    bool _747 = _341.in_0_f3 < 4294967230u;
                    if (_747)
                    {
                        int _748 = _ss_loop1;
                        bool _749 = _748 >= 32;
                        int _750 = _ss_loop_total;
                        bool _751 = _750 >= 1000;
                        bool _752 = _749 || _751;
                        if (_752)
                        {
                            break;
                        }
                        int _756 = _ss_loop1;
                        int _757 = _756 + 1;
                        _ss_loop1 = _757;
                        int _758 = _ss_loop_total;
                        int _759 = _758 + 1;
                        _ss_loop_total = _759;
                        if (true)
                        {
                            _762 = out_0.out_0_f2[2].yzzy;
                        }
                        else
                        {
                            vec2 _770 = var_1;
                            ivec4 _772 = floatBitsToInt(_770.xxxy);
                            _762 = _772;
                        }
                        int _774 = _762.z;
                        int var_13 = _774;
                        continue;
                    }
                    else
                    {
                        break;
                    }
                }
                break;
            }
            default:
            {
                if (false)
                {
                    return;
                }
                break;
            }
        }
        float var_15 = 1.0;
        return;
    }
    else
    {
        float _781;
        if (true)
        {
            float param_45 = 1.0;
            _781 = SAFE_MAKE_IN_RANGE_float(param_45);
        }
        else
        {
            float param_46 = var_1.y * _341.in_0_f1.x;
            _781 = SAFE_MAKE_IN_RANGE_float(param_46);
        }
        switch (int(_781))
        {
            case -395906416:
            {
                int _ss_loop2 = 0;
                for (int for_var_0 = 3; for_var_0 <= 95; for_var_0 *= 2)
                {
                    if ((_ss_loop2 >= 32) || (_ss_loop_total >= 1000))
                    {
                        break;
                    }
                    _ss_loop2++;
                    _ss_loop_total++;
                    vec2 param_47 = vec2(44486.0, 53314.0);
                    vec2 var_16 = SAFE_MAKE_IN_RANGE_vec2(param_47);
                }
                int _ss_loop3 = 0;
                float _879;
                for (;;)
                {
                    if ((_ss_loop3 >= 32) || (_ss_loop_total >= 1000))
                    {
                        break;
                    }
                    _ss_loop3++;
                    _ss_loop_total++;
                    int param_48 = max((-2092829982), out_0.out_0_f3) + out_0.out_0_f2[0].y;
                    int param_49 = 4;
                    int _858 = SAFE_INDEX_int_int(param_48, param_49);
                    int param_50 = out_0.out_0_f3;
                    int param_51 = 7;
                    int param_52 = SAFE_MOD_int_int(param_50, param_51);
                    int param_53 = 4;
                    uint param_54 = out_0.out_0_f0[_858];
                    uint param_55 = out_0.out_0_f0[SAFE_INDEX_int_int(param_52, param_53)];
                    uint _874 = SAFE_SHL_ASSIGN_uint_uint(param_54, param_55);
                    out_0.out_0_f0[_858] = param_54;
                    if (glob_0[0])
                    {
                        _879 = _341.in_0_f2.y;
                    }
                    else
                    {
                        _879 = 35.0;
                    }
                    int param_56 = int(_879);
                    int param_57 = 1;
                    if (glob_0[SAFE_INDEX_int_int(param_56, param_57)])
                    {
                        break;
                    }
                    out_0.out_0_f3++;
                    continue;
                }
                break;
            }
            case 55:
            {
                if (!glob_0[0])
                {
                    return;
                }
                break;
            }
            case 50:
            {
                break;
            }
            default:
            {
                var_2 = mix(bvec4(true), bvec4(true), bvec4(glob_0[0])).y;
            }
            case -57:
            {
                break;
            }
        }
        return;
    }
}

