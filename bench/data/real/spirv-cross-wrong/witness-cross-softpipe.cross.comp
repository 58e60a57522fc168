#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

const vec2 _534[1] = vec2[](vec2(-3516.0));
const float _924[3] = float[](1.0, 1.0, 1.0);

layout(binding = 0, std430) readonly buffer buf_in_0
{
    uvec4 in_0_f0[2];
} in_0;

layout(binding = 1, std430) buffer buf_out_0
{
    float out_0_f0;
    int out_0_f1;
    int out_0_f2;
    ivec3 out_0_f3[3];
} _623;

uint glob_0[1];
int _ss_loop_total;

uint func_0(uvec2 param_0, bvec3 param_1)
{
    uint _538;
    if (false)
    {
        _538 = in_0.in_0_f0[1].w;
    }
    else
    {
        _538 = param_0.x;
    }
    return (param_0.y * _538) - in_0.in_0_f0[0].x;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b)
{
    int _369;
    if (_ss_b >= 32u)
    {
        _369 = _ss_a << int(_ss_b & 31u);
    }
    else
    {
        _369 = _ss_a << int(_ss_b);
    }
    return _369;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b)
{
    int _250;
    if ((_ss_a < 0) || (_ss_a >= _ss_b))
    {
        int _255;
        if (_ss_a == int(0x80000000))
        {
            _255 = 0;
        }
        else
        {
            _255 = abs(_ss_a);
        }
        _250 = _255 % _ss_b;
    }
    else
    {
        _250 = _ss_a;
    }
    return _250;
}

uint SAFE_TO_UINT_float(float _ss_a)
{
    uint _516;
    if (_ss_a < 0.0)
    {
        _516 = uint(int(_ss_a));
    }
    else
    {
        _516 = uint(_ss_a);
    }
    return _516;
}

uvec2 SAFE_SHR_uvec2_uvec2(uvec2 _ss_a, uvec2 _ss_b)
{
    uvec2 _498;
    if (any(greaterThanEqual(_ss_b, uvec2(32u))))
    {
        _498 = _ss_a >> (_ss_b & uvec2(31u));
    }
    else
    {
        _498 = _ss_a >> _ss_b;
    }
    return _498;
}

uvec2 SAFE_MOD_uint_uvec2(uint _ss_a, uvec2 _ss_b)
{
    uvec2 _328;
    if (any(equal(_ss_b, uvec2(0u))))
    {
        _328 = uvec2(_ss_a) % max(_ss_b, uvec2(1u));
    }
    else
    {
        _328 = uvec2(_ss_a) % _ss_b;
    }
    return _328;
}

uvec2 SAFE_DIV_ASSIGN_uvec2_uvec2(inout uvec2 _ss_a, uvec2 _ss_b)
{
    uvec2 _158;
    if (any(equal(_ss_b, uvec2(0u))))
    {
        _158 = _ss_a / max(_ss_b, uvec2(1u));
    }
    else
    {
        _158 = _ss_a / _ss_b;
    }
    _ss_a = _158;
    return _ss_a;
}

uint SAFE_SHR_ASSIGN_uint_int(inout uint _ss_a, int _ss_b)
{
    uint _463;
    if ((_ss_b < 0) || (_ss_b >= 32))
    {
        _463 = _ss_a >> uint(_ss_b & 31);
    }
    else
    {
        _463 = _ss_a >> uint(_ss_b);
    }
    _ss_a = _463;
    return _ss_a;
}

float SAFE_MAKE_IN_RANGE_float(float _ss_a)
{
    bool _285 = abs(_ss_a) < 0.100000001490116119384765625;
    bool _292;
    if (!_285)
    {
        _292 = abs(_ss_a) >= 16777215.0;
    }
    else
    {
        _292 = _285;
    }
    return _292 ? 10.0 : _ss_a;
}

float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b)
{
    float _ss_n = _ss_a + _ss_b;
    bool _210 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _218;
    if (!_210)
    {
        _218 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _218 = _210;
    }
    _ss_a = _218 ? 10.0 : _ss_n;
    return _ss_a;
}

ivec3 SAFE_SHR_ASSIGN_ivec3_ivec3(inout ivec3 _ss_a, ivec3 _ss_b)
{
    bool _433 = any(lessThan(_ss_b, ivec3(0)));
    bool _441;
    if (!_433)
    {
        _441 = any(greaterThanEqual(_ss_b, ivec3(32)));
    }
    else
    {
        _441 = _433;
    }
    ivec3 _442;
    if (_441)
    {
        _442 = _ss_a >> (_ss_b & ivec3(31));
    }
    else
    {
        _442 = _ss_a >> _ss_b;
    }
    _ss_a = _442;
    return _ss_a;
}

uint SAFE_SHL_uint_int(uint _ss_a, int _ss_b)
{
    uint _389;
    if ((_ss_b < 0) || (_ss_b >= 32))
    {
        _389 = _ss_a << uint(_ss_b & 31);
    }
    else
    {
        _389 = _ss_a << uint(_ss_b);
    }
    return _389;
}

uint SAFE_SHR_uint_uint(uint _ss_a, uint _ss_b)
{
    uint _480;
    if (_ss_b >= 32u)
    {
        _480 = _ss_a >> (_ss_b & 31u);
    }
    else
    {
        _480 = _ss_a >> _ss_b;
    }
    return _480;
}

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b)
{
    uint _272;
    if (_ss_a >= _ss_b)
    {
        _272 = _ss_a % _ss_b;
    }
    else
    {
        _272 = _ss_a;
    }
    return _272;
}

uvec2 SAFE_SHL_uvec2_ivec2(uvec2 _ss_a, ivec2 _ss_b)
{
    bool _406 = any(lessThan(_ss_b, ivec2(0)));
    bool _414;
    if (!_406)
    {
        _414 = any(greaterThanEqual(_ss_b, ivec2(32)));
    }
    else
    {
        _414 = _406;
    }
    uvec2 _415;
    if (_414)
    {
        _415 = _ss_a << uvec2(_ss_b & ivec2(31));
    }
    else
    {
        _415 = _ss_a << uvec2(_ss_b);
    }
    return _415;
}

int SAFE_SHL_int_int(int _ss_a, int _ss_b)
{
    int _351;
    if ((_ss_b < 0) || (_ss_b >= 32))
    {
        _351 = _ss_a << (_ss_b & 31);
    }
    else
    {
        _351 = _ss_a << _ss_b;
    }
    return _351;
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b)
{
    bool _175 = _ss_b == 0;
    bool _184;
    if (!_175)
    {
        _184 = (_ss_a == int(0x80000000)) && (_ss_b == (-1));
    }
    else
    {
        _184 = _175;
    }
    int _185;
    if (_184)
    {
        _185 = _ss_a / (((_ss_b >> 1) == _ss_b) ? 2 : _ss_b);
    }
    else
    {
        _185 = _ss_a / _ss_b;
    }
    return _185;
}

float SAFE_FSUB_ASSIGN_float_float(inout float _ss_a, float _ss_b)
{
    float _ss_n = _ss_a - _ss_b;
    bool _231 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _238;
    if (!_231)
    {
        _238 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _238 = _231;
    }
    _ss_a = _238 ? 10.0 : _ss_n;
    return _ss_a;
}

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b)
{
    bool _119 = _ss_b == 0;
    bool _130;
    if (!_119)
    {
        _130 = (_ss_a == int(0x80000000)) && (_ss_b == (-1));
    }
    else
    {
        _130 = _119;
    }
    int _131;
    if (_130)
    {
        _131 = _ss_a / (((_ss_b >> 1) == _ss_b) ? 2 : _ss_b);
    }
    else
    {
        _131 = _ss_a / _ss_b;
    }
    _ss_a = _131;
    return _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b)
{
    int _302;
    if ((_ss_a < 0) || (_ss_b <= 0))
    {
        _302 = abs((_ss_a == int(0x80000000)) ? 2147483647 : _ss_a) % max(abs((_ss_b == int(0x80000000)) ? 2147483647 : _ss_b), 1);
    }
    else
    {
        _302 = _ss_a % _ss_b;
    }
    return _302;
}

void main()
{
    glob_0 = uint[](1u);
    _ss_loop_total = 0;
    uvec3 var_1[1] = uvec3[](in_0.in_0_f0[1].wzy);
    uint var_2 = 98u;
    uvec2 param = var_1[0].xy;
    var_1[0].x = param.x;
    var_1[0].y = param.y;
    int _ss_loop0 = 0;
    uint _686;
    uvec2 param_12;
    uint _692;
    for (;;)
    {
        if ((_ss_loop0 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        bool var_3 = true;
        ivec2 var_4 = ivec2(0) + ivec2(uvec2(932529087u, 993996889u) * var_1[0].yz);
        int param_1 = var_4.x;
        uint param_2 = in_0.in_0_f0[1].w;
        int param_3 = _623.out_0_f3[1].x ^ (SAFE_SHL_int_uint(param_1, param_2) & _623.out_0_f1);
        int param_4 = 1;
        int _641 = SAFE_INDEX_int_int(param_3, param_4);
        float param_5 = _623.out_0_f0;
        glob_0[_641] ^= (1u | SAFE_TO_UINT_float(param_5));
        uvec2 param_6 = var_1[0].yz >> uvec2(5u);
        uvec2 param_7 = in_0.in_0_f0[1].wx;
        uint param_8 = var_2;
        uvec2 param_9 = SAFE_SHR_uvec2_uvec2(param_6, param_7);
        uvec2 param_10 = var_1[0].xy;
        uvec2 param_11 = SAFE_MOD_uint_uvec2(param_8, param_9);
        uvec2 _674 = SAFE_DIV_ASSIGN_uvec2_uvec2(param_10, param_11);
        var_1[0].x = param_10.x;
        var_1[0].y = param_10.y;
        param_12 = var_1[0].yx;
        _686 = func_0(param_12, bvec3(false));
        var_1[0].y = param_12.x;
        var_1[0].x = param_12.y;
        if (true)
        {
            _692 = glob_0[0];
        }
        else
        {
            _692 = 3974762012u;
        }
        if (_686 <= (_692 - (glob_0[0] & 2813375321u)))
        {
            continue;
        }
        else
        {
            break;
        }
    }
    int _ss_loop1 = 0;
    int _708 = _623.out_0_f1;
    _623.out_0_f1 = _708 - 1;
    uint param_13 = var_2;
    int param_14 = _708 + 100;
    uint _715 = SAFE_SHR_ASSIGN_uint_int(param_13, param_14);
    var_2 = param_13;
    float param_15;
    for (; true; param_15 = _623.out_0_f0 * floor(_623.out_0_f0), _623.out_0_f1 |= int(SAFE_MAKE_IN_RANGE_float(param_15)))
    {
        if ((_ss_loop1 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        bvec4 var_5 = bvec4(true, false, false, false);
    }
    float param_16 = _623.out_0_f0;
    float param_17 = -48.0;
    float _757 = SAFE_FADD_ASSIGN_float_float(param_16, param_17);
    _623.out_0_f0 = param_16;
    float var_6 = _757;
    bvec4 var_7 = bvec4(false, false, false, true);
    if (true)
    {
        uint var_8 = var_2;
    }
    else
    {
        int _772;
        if (all(equal(var_7.yzww, var_7)))
        {
            _772 = -1418085495;
        }
        else
        {
            _772 = _623.out_0_f1;
        }
        int param_18 = _772;
        int param_19 = 2;
        int param_20 = _623.out_0_f3[0][uvec2(2u, 1u)[SAFE_INDEX_int_int(param_18, param_19)]];
        int param_21 = 3;
        int _789 = SAFE_INDEX_int_int(param_20, param_21);
        ivec3 param_22 = _623.out_0_f3[_789];
        ivec3 param_23 = _623.out_0_f3[1];
        ivec3 _797 = SAFE_SHR_ASSIGN_ivec3_ivec3(param_22, param_23);
        _623.out_0_f3[_789] = param_22;
    }
    var_7.y = false;
    bool _813;
    if (false)
    {
        bool _806;
        if (var_7.x)
        {
            _806 = true;
        }
        else
        {
            _806 = var_7.y;
        }
        _813 = _806;
    }
    else
    {
        _813 = false;
    }
    bool _824;
    if (!_813)
    {
        _824 = max(3366770967u, var_2) < bitfieldReverse(var_1[0].z);
    }
    else
    {
        _824 = _813;
    }
    bool _ss_t0 = _824;
    var_7.y = _ss_t0;
    int _828 = _623.out_0_f2;
    int _829 = _828 + 1;
    _623.out_0_f2 = _829;
    _623.out_0_f1 -= _829;
    uvec3 _842 = var_1[0];
    uvec2 _845 = _842.yx + uvec2(ivec2(1));
    var_1[0].y = _845.x;
    var_1[0].x = _845.y;
    uvec2 var_9[4] = uvec2[](uvec2(612491117u, 3015104333u), uvec2(0u), _842.yx, in_0.in_0_f0[0].yy);
    if (var_6 > var_6)
    {
        float param_24 = -3681.0;
        float var_10 = SAFE_MAKE_IN_RANGE_float(param_24);
        return;
    }
    int param_25 = int(all(var_7.wwx));
    int param_26 = 3;
    int _870 = SAFE_INDEX_int_int(param_25, param_26);
    ivec3 _872 = _623.out_0_f3[0];
    ivec3 _875 = _623.out_0_f3[_870];
    ivec2 _877 = _875.yx & _872.yy;
    _623.out_0_f3[_870].y = _877.x;
    _623.out_0_f3[_870].x = _877.y;
    bvec2 var_11 = var_7.wy;
    int param_27 = _623.out_0_f1;
    int param_28 = 3;
    int param_29 = _623.out_0_f3[SAFE_INDEX_int_int(param_27, param_28)].y;
    int param_30 = 4;
    int _896 = SAFE_INDEX_int_int(param_29, param_30);
    var_9[_896] = var_9[_896] << uvec2(ivec2(7));
    uint _903;
    if (false)
    {
        uint param_31 = var_9[1].y;
        int param_32 = _623.out_0_f3[0].x;
        _903 = SAFE_SHL_uint_int(param_31, param_32);
    }
    else
    {
        uint param_33 = 568661994u;
        uint param_34 = var_9[2].x;
        _903 = SAFE_SHR_uint_uint(param_33, param_34);
    }
    uint param_35 = var_1[0].y / 3u;
    uint param_36 = 4u;
    uint _934 = SAFE_INDEX_uint_uint(param_35, param_36);
    uint _937 = var_9[_934].y;
    uint _938 = _937 - var_2;
    var_9[_934].y = _938;
    uint var_13 = _938;
    int _942 = _623.out_0_f2;
    int _944 = _623.out_0_f3[2].y;
    int _945 = _944 + 1;
    _623.out_0_f3[2].y = _945;
    int var_14 = _942 + _945;
    ivec3 _951 = _623.out_0_f3[1];
    ivec2 _954 = _951.xy * ivec2(var_14 * 2);
    _623.out_0_f3[1].x = _954.x;
    _623.out_0_f3[1].y = _954.y;
    int var_15 = _954.x;
    bool var_16[2] = bool[](_623.out_0_f3[1].x < 2, false);
    glob_0 = glob_0;
    bvec2 var_17[4] = bvec2[](var_11, var_11, var_11, var_11);
    switch (var_15)
    {
        case -49778531:
        {
            ivec2 _994;
            if (any(var_17[1]))
            {
                _994 = ivec2(-1, 392750849);
            }
            else
            {
                _994 = ivec2(_623.out_0_f2) - _623.out_0_f3[1].xy;
            }
            uvec2 param_37 = (uvec4(1786046188u, 2u, 348193701u, 2360922667u) & uvec4(var_9[0].y)).yy;
            ivec2 param_38 = _994;
            uvec2 var_18 = SAFE_SHL_uvec2_ivec2(param_37, param_38);
            int param_39 = _623.out_0_f3[0].y;
            int param_40 = 3;
            int param_41 = _623.out_0_f3[SAFE_INDEX_int_int(param_39, param_40)].x;
            int param_42 = 2;
            int param_43 = -91;
            int param_44 = _623.out_0_f3[1].z;
            int param_45 = 0;
            int param_46 = _623.out_0_f1;
            int param_47 = SAFE_SHL_int_int(param_43, param_44) - SAFE_DIV_int_int(param_45, param_46);
            int param_48 = 2;
            var_16[SAFE_INDEX_int_int(param_41, param_42)] = var_11[SAFE_INDEX_int_int(param_47, param_48)];
            uint _1042 = var_2;
            uint _1043 = var_2;
            uint _1044 = _1043 & _1042;
            var_2 = _1044;
            uint var_19 = -_1044;
            break;
        }
        case 427229013:
        {
            int _ss_loop2 = 0;
            do
            {
                if ((_ss_loop2 >= 32) || (_ss_loop_total >= 1000))
                {
                    break;
                }
                _ss_loop2++;
                _ss_loop_total++;
                var_7.w = all(equal(var_11, bvec2(true, false)));
                int param_49 = var_14;
                int param_50 = 1;
                int _1073 = SAFE_INDEX_int_int(param_49, param_50);
                uvec2 param_51 = var_1[_1073].zx;
                var_1[_1073].z = param_51.x;
                var_1[_1073].x = param_51.y;
                int param_52 = var_15;
                uint param_53 = func_0(param_51, var_17[3].xyx);
                int _ss_t1 = SAFE_SHL_int_uint(param_52, param_53);
                int param_54 = _ss_t1;
                int param_55 = 1;
                int _1094 = SAFE_INDEX_int_int(param_54, param_55);
                var_1[_1094].z *= var_2;
            } while (true && var_11.y);
            break;
        }
        case -1582150792:
        {
            float param_56 = var_6;
            float param_57 = var_6;
            float _1109 = SAFE_FSUB_ASSIGN_float_float(param_56, param_57);
            var_6 = param_56;
            if (_1109 != 0.0)
            {
                bool var_20 = true;
                int param_58 = var_14;
                int param_59 = 4;
                int param_60 = var_14;
                int param_61 = 1;
                var_17[SAFE_INDEX_int_int(param_58, param_59)] = greaterThan(mix(floatBitsToUint(vec2(-17.0, -71.0)), var_9[3], bvec2(true, false)), var_1[SAFE_INDEX_int_int(param_60, param_61)].yz);
                int _ss_loop3 = 0;
                for (int for_var_0 = 1; for_var_0 <= 728; for_var_0 *= 3)
                {
                    if ((_ss_loop3 >= 32) || (_ss_loop_total >= 1000))
                    {
                        break;
                    }
                    _ss_loop3++;
                    _ss_loop_total++;
                }
            }
            break;
        }
        default:
        {
            break;
        }
    }
    _623.out_0_f0 = _623.out_0_f0;
    int param_62 = _623.out_0_f3[1].x;
    int param_63 = 3;
    int param_64 = var_14;
    int param_65 = _623.out_0_f3[SAFE_INDEX_int_int(param_62, param_63)].z;
    int _1175 = SAFE_DIV_ASSIGN_int_int(param_64, param_65);
    var_14 = param_64;
    _623.out_0_f1 += _1175;
    int _1181;
    if (true)
    {
        _1181 = _623.out_0_f2;
    }
    else
    {
        _1181 = _623.out_0_f1;
    }
    int param_66 = _1181;
    int param_67 = 4;
    int _1195;
    if (var_17[SAFE_INDEX_int_int(param_66, param_67)].y)
    {
        int param_68 = bitfieldReverse(var_15);
        int param_69 = _623.out_0_f1;
        _1195 = SAFE_MOD_int_int(param_68, param_69);
    }
    else
    {
        _1195 = 1913720727;
    }
    _623.out_0_f2 = _1195;
    _623.out_0_f3[2] += (_623.out_0_f3[1] + ivec3(-7));
}

