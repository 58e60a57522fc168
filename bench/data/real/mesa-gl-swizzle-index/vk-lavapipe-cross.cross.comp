#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 0, std430) readonly buffer buf_in_0
{
    ivec4 in_0_f0;
    vec2 in_0_f1[2];
    float in_0_f2;
} _687;

layout(binding = 1, std430) buffer buf_out_0
{
    vec4 out_0_f0;
} out_0;

layout(binding = 2, std430) buffer buf_out_1
{
    int out_1_f0;
    float out_1_f1;
} out_1;

float glob_0;
bvec4 glob_1;
int _ss_loop_total;

float SAFE_MAKE_IN_RANGE_float(float _ss_a)
{
    bool _449 = abs(_ss_a) < 0.100000001490116119384765625;
    bool _456;
    if (!_449)
    {
        _456 = abs(_ss_a) >= 16777215.0;
    }
    else
    {
        _456 = _449;
    }
    return _456 ? 10.0 : _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b)
{
    int _428;
    if ((_ss_a < 0) || (_ss_a >= _ss_b))
    {
        int _433;
        if (_ss_a == int(0x80000000))
        {
            _433 = 0;
        }
        else
        {
            _433 = abs(_ss_a);
        }
        _428 = _433 % _ss_b;
    }
    else
    {
        _428 = _ss_a;
    }
    return _428;
}

int SAFE_SHR_ASSIGN_int_uint(inout int _ss_a, uint _ss_b)
{
    int _662;
    if (_ss_b >= 32u)
    {
        _662 = _ss_a >> int(_ss_b & 31u);
    }
    else
    {
        _662 = _ss_a >> int(_ss_b);
    }
    _ss_a = _662;
    return _ss_a;
}

float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b)
{
    float _ss_n = _ss_a + _ss_b;
    bool _335 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _342;
    if (!_335)
    {
        _342 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _342 = _335;
    }
    _ss_a = _342 ? 10.0 : _ss_n;
    return _ss_a;
}

ivec2 SAFE_DIV_int_ivec2(int _ss_a, ivec2 _ss_b)
{
    bool _216 = any(equal(_ss_b, ivec2(0)));
    bool _230;
    if (!_216)
    {
        bool _221 = _ss_a == int(0x80000000);
        bool _229;
        if (_221)
        {
            _229 = any(equal(_ss_b, ivec2(-1)));
        }
        else
        {
            _229 = _221;
        }
        _230 = _229;
    }
    else
    {
        _230 = _216;
    }
    ivec2 _231;
    if (_230)
    {
        _231 = ivec2(_ss_a) / mix(_ss_b, ivec2(2), equal((_ss_b >> ivec2(1)), _ss_b));
    }
    else
    {
        _231 = ivec2(_ss_a) / _ss_b;
    }
    return _231;
}

ivec2 SAFE_SHL_ivec2_ivec2(ivec2 _ss_a, ivec2 _ss_b)
{
    bool _617 = any(lessThan(_ss_b, ivec2(0)));
    bool _625;
    if (!_617)
    {
        _625 = any(greaterThanEqual(_ss_b, ivec2(32)));
    }
    else
    {
        _625 = _617;
    }
    ivec2 _626;
    if (_625)
    {
        _626 = _ss_a << (_ss_b & ivec2(31));
    }
    else
    {
        _626 = _ss_a << _ss_b;
    }
    return _626;
}

int SAFE_MOD_ASSIGN_int_int(inout int _ss_a, int _ss_b)
{
    int _527;
    if ((_ss_a < 0) || (_ss_b <= 0))
    {
        _527 = abs((_ss_a == int(0x80000000)) ? 2147483647 : _ss_a) % max(abs((_ss_b == int(0x80000000)) ? 2147483647 : _ss_b), 1);
    }
    else
    {
        _527 = _ss_a % _ss_b;
    }
    _ss_a = _527;
    return _ss_a;
}

int SAFE_SHL_int_uint(int _ss_a, uint _ss_b)
{
    int _600;
    if (_ss_b >= 32u)
    {
        _600 = _ss_a << int(_ss_b & 31u);
    }
    else
    {
        _600 = _ss_a << int(_ss_b);
    }
    return _600;
}

int SAFE_CLAMP_int_int_int(int _ss_a, int _ss_b, int _ss_c)
{
    int _193;
    if (_ss_b > _ss_c)
    {
        _193 = clamp(_ss_a, min(_ss_b, _ss_c), max(_ss_b, _ss_c));
    }
    else
    {
        _193 = clamp(_ss_a, _ss_b, _ss_c);
    }
    return _193;
}

uint SAFE_SHL_uint_int(uint _ss_a, int _ss_b)
{
    uint _646;
    if ((_ss_b < 0) || (_ss_b >= 32))
    {
        _646 = _ss_a << uint(_ss_b & 31);
    }
    else
    {
        _646 = _ss_a << uint(_ss_b);
    }
    return _646;
}

float SAFE_FMUL_ASSIGN_float_float(inout float _ss_a, float _ss_b)
{
    float _ss_n = _ss_a * _ss_b;
    bool _390 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _397;
    if (!_390)
    {
        _397 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _397 = _390;
    }
    _ss_a = _397 ? 10.0 : _ss_n;
    return _ss_a;
}

float SAFE_FSUB_ASSIGN_float_float(inout float _ss_a, float _ss_b)
{
    float _ss_n = _ss_a - _ss_b;
    bool _409 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _416;
    if (!_409)
    {
        _416 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _416 = _409;
    }
    _ss_a = _416 ? 10.0 : _ss_n;
    return _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b)
{
    int _555;
    if ((_ss_a < 0) || (_ss_b <= 0))
    {
        _555 = abs((_ss_a == int(0x80000000)) ? 2147483647 : _ss_a) % max(abs((_ss_b == int(0x80000000)) ? 2147483647 : _ss_b), 1);
    }
    else
    {
        _555 = _ss_a % _ss_b;
    }
    return _555;
}

int SAFE_BITFIELD_EXTRACT_int_int_int(int _ss_a, int _ss_b, int _ss_c)
{
    bool _159 = ((_ss_b < 0) || (_ss_c < 0)) || (_ss_b > 32);
    bool _167;
    if (!_159)
    {
        _167 = _ss_c > (32 - _ss_b);
    }
    else
    {
        _167 = _159;
    }
    int _168;
    if (_167)
    {
        _168 = bitfieldExtract(_ss_a, _ss_b & 31, min((_ss_c & 31), (32 - (_ss_b & 31))));
    }
    else
    {
        _168 = bitfieldExtract(_ss_a, _ss_b, _ss_c);
    }
    return _168;
}

float SAFE_POST_INC_float(inout float _ss_a)
{
    float _ss_old = _ss_a;
    float _ss_n = _ss_a + 1.0;
    bool _584 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _591;
    if (!_584)
    {
        _591 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _591 = _584;
    }
    _ss_a = _591 ? 10.0 : _ss_n;
    return _ss_old;
}

int func_0()
{
    uvec3 var_0 = gl_WorkGroupSize;
    float param = _687.in_0_f1[0].y - (-50.0);
    float param_1 = out_0.out_0_f0.z * _687.in_0_f1[0].x;
    float param_2 = SAFE_MAKE_IN_RANGE_float(param) * SAFE_MAKE_IN_RANGE_float(param_1);
    float var_1 = SAFE_MAKE_IN_RANGE_float(param_2);
    switch (var_0.y)
    {
        case 4294967295u:
        {
            int var_3 = 1;
            int param_3 = (out_1.out_1_f0 >> int(24u)) & out_1.out_1_f0;
            int param_4 = 2;
            switch ((-4) + SAFE_MOD_int_int(param_3, param_4))
            {
                case -4:
                {
                    float _739;
                    if (glob_1.x)
                    {
                        float param_5 = var_1 * 2901.0;
                        float param_6 = glob_0 + SAFE_MAKE_IN_RANGE_float(param_5);
                        _739 = SAFE_MAKE_IN_RANGE_float(param_6);
                    }
                    else
                    {
                        float param_7 = float(var_0.y & 1477503491u);
                        _739 = SAFE_MAKE_IN_RANGE_float(param_7);
                    }
                    float var_4 = _739;
                    break;
                }
                case -3:
                {
                    int _ss_loop0 = 0;
                    bool _796;
                    for (int for_var_0 = 24; for_var_0 > 3; for_var_0 /= 2)
                    {
                        if ((_ss_loop0 >= 32) || (_ss_loop_total >= 1000))
                        {
                            break;
                        }
                        _ss_loop0++;
                        _ss_loop_total++;
                        bool _806;
                        if (!glob_1.y)
                        {
                            if (glob_1.z && glob_1.y)
                            {
                                _796 = glob_1.y;
                            }
                            else
                            {
                                _796 = false != glob_1.x;
                            }
                            _806 = _796;
                        }
                        else
                        {
                            _806 = glob_1.y;
                        }
                        if (_806)
                        {
                            continue;
                        }
                        float param_8 = out_0.out_0_f0.x;
                        float _814 = SAFE_POST_INC_float(param_8);
                        out_0.out_0_f0.x = param_8;
                        bool var_5 = _814 != 0.0;
                        out_1.out_1_f0 |= out_1.out_1_f0;
                        int param_9 = var_3;
                        uint param_10 = (var_0.x ^ (3463451860u * var_0.x)) + 0u;
                        int _836 = SAFE_SHR_ASSIGN_int_uint(param_9, param_10);
                        var_3 = param_9;
                    }
                    break;
                }
                default:
                {
                    break;
                }
            }
            break;
        }
        case 3612058995u:
        {
            break;
        }
    }
    return int(var_0.x);
}

uvec4 func_1(int param_0[3], inout int param_1)
{
    param_1 = 1;
    int _850 = func_0();
    param_1 = _850;
    float var_6 = 1.0;
    int _858 = param_1;
    int _859 = _858 ^ param_0[2];
    param_1 = _859;
    return uvec4(3181550276u, 126u, 3390116623u, uint(_859)) + uvec4(0u * floatBitsToUint(_687.in_0_f1[1].y));
}

vec4 SAFE_MAKE_IN_RANGE_vec4(vec4 _ss_a)
{
    bool _494 = any(lessThan(abs(_ss_a), vec4(0.100000001490116119384765625)));
    bool _503;
    if (!_494)
    {
        _503 = any(greaterThanEqual(abs(_ss_a), vec4(16777215.0)));
    }
    else
    {
        _503 = _494;
    }
    vec4 _504;
    if (_503)
    {
        _504 = mix(mix(_ss_a, vec4(10.0), lessThan(abs(_ss_a), vec4(0.100000001490116119384765625))), vec4(10.0), greaterThanEqual(abs(_ss_a), vec4(16777215.0)));
    }
    else
    {
        _504 = _ss_a;
    }
    return _504;
}

int SAFE_ABS_int(int _ss_a)
{
    int _136;
    if (_ss_a == int(0x80000000))
    {
        _136 = abs((_ss_a == int(0x80000000)) ? 2147483647 : _ss_a);
    }
    else
    {
        _136 = abs(_ss_a);
    }
    return _136;
}

vec2 SAFE_FADD_ASSIGN_vec2_vec2(inout vec2 _ss_a, vec2 _ss_b)
{
    vec2 _ss_n = _ss_a + _ss_b;
    bool _356 = any(lessThan(abs(_ss_n), vec2(0.100000001490116119384765625)));
    bool _364;
    if (!_356)
    {
        _364 = any(greaterThanEqual(abs(_ss_n), vec2(16777215.0)));
    }
    else
    {
        _364 = _356;
    }
    vec2 _365;
    if (_364)
    {
        _365 = mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.100000001490116119384765625))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0)));
    }
    else
    {
        _365 = _ss_n;
    }
    _ss_a = _365;
    return _ss_a;
}

vec2 SAFE_MAKE_IN_RANGE_vec2(vec2 _ss_a)
{
    bool _464 = any(lessThan(abs(_ss_a), vec2(0.100000001490116119384765625)));
    bool _472;
    if (!_464)
    {
        _472 = any(greaterThanEqual(abs(_ss_a), vec2(16777215.0)));
    }
    else
    {
        _472 = _464;
    }
    vec2 _473;
    if (_472)
    {
        _473 = mix(mix(_ss_a, vec2(10.0), lessThan(abs(_ss_a), vec2(0.100000001490116119384765625))), vec2(10.0), greaterThanEqual(abs(_ss_a), vec2(16777215.0)));
    }
    else
    {
        _473 = _ss_a;
    }
    return _473;
}

float SAFE_DOT_vec2_vec2(vec2 _ss_a, vec2 _ss_b)
{
    vec2 _ss_p0 = abs(_ss_a * _ss_b);
    bool _266 = all(lessThan(_ss_p0, vec2(16777215.0)));
    bool _277;
    if (_266)
    {
        _277 = (_ss_p0.x + _ss_p0.y) < 16777215.0;
    }
    else
    {
        _277 = _266;
    }
    bool _ss_ok = _277;
    bool _279 = !_ss_ok;
    bool _298;
    if (!_279)
    {
        bool _288 = abs(dot(_ss_a, _ss_b)) < 0.100000001490116119384765625;
        bool _297;
        if (!_288)
        {
            _297 = abs(dot(_ss_a, _ss_b)) >= 16777215.0;
        }
        else
        {
            _297 = _288;
        }
        _298 = _297;
    }
    else
    {
        _298 = _279;
    }
    float _299;
    if (_298)
    {
        float _303;
        if (_ss_ok)
        {
            float _311;
            if (abs(dot(_ss_a, _ss_b)) < 0.100000001490116119384765625)
            {
                _311 = 10.0;
            }
            else
            {
                _311 = dot(_ss_a, _ss_b);
            }
            _303 = _311;
        }
        else
        {
            _303 = 10.0;
        }
        _299 = _303;
    }
    else
    {
        _299 = dot(_ss_a, _ss_b);
    }
    return _299;
}

void main()
{
    glob_0 = 1.0;
    glob_1 = bvec4(true, false, false, true);
    _ss_loop_total = 0;
    float param = float(out_0.out_0_f0.y >= 3762.0);
    float var_7 = SAFE_MAKE_IN_RANGE_float(param);
    uint var_8 = 1u;
    float var_9 = glob_0;
    int var_10 = -1;
    int param_1 = _687.in_0_f0.z;
    int param_2 = 4;
    uint _893;
    if (glob_1[SAFE_INDEX_int_int(param_1, param_2)])
    {
        _893 = var_8;
    }
    else
    {
        _893 = uint(_687.in_0_f0.w);
    }
    var_8 = _893;
    bvec3 var_11 = bvec3(true, true, false);
    int param_3 = out_1.out_1_f0;
    uint param_4 = var_8 - bitfieldReverse(var_8);
    int _914 = SAFE_SHR_ASSIGN_int_uint(param_3, param_4);
    out_1.out_1_f0 = param_3;
    int var_12 = var_10;
    float param_5 = var_7 * _687.in_0_f2;
    float param_6 = var_9;
    float param_7 = SAFE_MAKE_IN_RANGE_float(param_5);
    float _928 = SAFE_FADD_ASSIGN_float_float(param_6, param_7);
    var_9 = param_6;
    int _ss_loop1 = 0;
    int for_var_1 = 2;
    while (for_var_1 < 1458)
    {
        if ((_ss_loop1 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        int param_8 = for_var_1;
        ivec2 param_9 = _687.in_0_f0.zy;
        ivec2 param_10 = ivec2(-1106437407, 1);
        ivec2 param_11 = _687.in_0_f0.zy;
        ivec2 var_13[2] = ivec2[](SAFE_DIV_int_ivec2(param_8, param_9), SAFE_SHL_ivec2_ivec2(param_10, param_11));
        glob_1.y = all(equal(var_13[0].yyyx, ivec4(0, -1340426090, -1340426090, -832394996)));
        break;
    }
    int _987 = out_1.out_1_f0;
    int _988 = _987 - 1;
    out_1.out_1_f0 = _988;
    int param_12 = _988;
    int param_13 = 2;
    vec4 var_14 = _687.in_0_f1[SAFE_INDEX_int_int(param_12, param_13)].yxyx;
    int _998 = _687.in_0_f0.y;
    int _1003 = _687.in_0_f0.y;
    int _1007 = out_1.out_1_f0;
    int _1008 = _1007 + (_1003 & (-936050654));
    out_1.out_1_f0 = _1008;
    var_10 ^= ((((-87) - _998) | (-41)) & _1008);
    int param_14 = var_10;
    int param_15 = _687.in_0_f0.x;
    int _1018 = SAFE_MOD_ASSIGN_int_int(param_14, param_15);
    var_10 = param_14;
    int param_16 = _1018;
    uint param_17 = var_8;
    int param_18 = out_1.out_1_f0 - _687.in_0_f0.x;
    int param_19 = 209688010;
    int param_20 = var_12;
    int param_21 = SAFE_SHL_int_uint(param_16, param_17) + SAFE_CLAMP_int_int_int(param_18, param_19, param_20);
    int param_22 = 3;
    var_11[SAFE_INDEX_int_int(param_21, param_22)] = !(glob_1.y ? (var_8 >= 31u) : true);
    if (var_11.z)
    {
        uint param_23 = var_8;
        int param_24 = _687.in_0_f0.w;
        bool var_16 = SAFE_SHL_uint_int(param_23, param_24) > 70u;
        vec4 var_17 = vec4(1.0);
        out_1.out_1_f0 &= var_10;
    }
    else
    {
        int param_25 = (_687.in_0_f0.y ^ var_10) ^ (out_1.out_1_f0 ^ _687.in_0_f0.x);
        int param_26 = 4;
        int _1079 = SAFE_INDEX_int_int(param_25, param_26);
        float param_27 = out_0.out_0_f0[_1079];
        float param_28 = trunc(var_14.x);
        float _1087 = SAFE_FMUL_ASSIGN_float_float(param_27, param_28);
        out_0.out_0_f0[_1079] = param_27;
        float param_29 = var_7;
        float param_30 = _1087;
        float _1093 = SAFE_FSUB_ASSIGN_float_float(param_29, param_30);
        var_7 = param_29;
    }
    ivec2 var_18 = ivec2(1135789537);
    bvec4 _ss_t0 = glob_1;
    bvec4 _1107 = glob_1;
    glob_1 = _1107;
    bvec4 var_19[4] = bvec4[](var_11.zyxz, _1107, var_11.zzzz, _ss_t0);
    bool var_20 = false;
    int _1114 = var_12;
    int _1115 = _1114 + 1;
    var_12 = _1115;
    int var_21 = _1115;
    bvec4 var_22 = var_11.xyxz;
    bool _1122;
    if (false)
    {
        _1122 = var_20;
    }
    else
    {
        _1122 = var_19[3].w;
    }
    bool var_23[4] = bool[](_1122, (-2558.0) != out_0.out_0_f0.z, var_19[3].z, false);
    float var_24 = -54.0;
    if (!(false != glob_1.y))
    {
        int param_31 = var_18.y;
        int param_32 = 963176596 - min(var_18.y, (639664900 ^ var_18.x));
        int _1158 = SAFE_MOD_ASSIGN_int_int(param_31, param_32);
        var_18.y = param_31;
    }
    else
    {
        int param_33 = out_1.out_1_f0;
        int param_34 = 4;
        var_19[SAFE_INDEX_int_int(param_33, param_34)] = mix(bvec4(false), bvec4(false, true, true, false), bvec4(glob_1.z));
        float var_25 = 1.0;
        return;
    }
    if (var_20)
    {
        float param_35 = var_7 + 399.0;
        float param_36 = var_9;
        float param_37 = SAFE_MAKE_IN_RANGE_float(param_35);
        float _1187 = SAFE_FADD_ASSIGN_float_float(param_36, param_37);
        var_9 = param_36;
        var_18 ^= ivec2(floatBitsToInt(_1187));
        bvec3 _1202 = lessThanEqual((~(var_18.xyx - ivec3(70))), _687.in_0_f0.wxy);
        var_11 = bvec3(_1202.y, _1202.x, _1202.z);
    }
    float param_38 = var_14.z;
    float param_39 = var_14.y;
    float _1212 = SAFE_FSUB_ASSIGN_float_float(param_38, param_39);
    var_14.z = param_38;
    float param_40 = _1212 - 79.0;
    float var_26 = SAFE_MAKE_IN_RANGE_float(param_40);
    float var_27 = ceil(out_0.out_0_f0.z);
    int _1224 = var_12;
    var_12 = _1224 + 1;
    int var_28 = _1224;
    int param_41 = floatBitsToInt(out_1.out_1_f1);
    int param_42 = (var_18.x >> 15) ^ out_1.out_1_f0;
    int param_43 = var_12;
    int param_44 = SAFE_MOD_int_int(param_41, param_42);
    int _1242 = SAFE_MOD_ASSIGN_int_int(param_43, param_44);
    var_12 = param_43;
    int param_45 = 0;
    int param_46 = var_28;
    int param_47 = _687.in_0_f0.z;
    int param_48[3] = int[](SAFE_BITFIELD_EXTRACT_int_int_int(param_45, param_46, param_47), _687.in_0_f0.y, var_10);
    int param_49;
    uvec4 _1257 = func_1(param_48, param_49);
    var_12 = param_49;
    bvec4 var_29 = bvec4(true, true, false, true);
    if (var_29.z)
    {
        int _ss_loop2 = 0;
        for (;;)
        {
            uint _1273 = var_8 * var_8;
            bool _1275 = glob_1.x;
            uint _1277 = _1275 ? 0u : 33u;
            bool _1278 = _1273 <= _1277;
            glob_1.y = _1278;
            if (_1278)
            {
                if ((_ss_loop2 >= 32) || (_ss_loop_total >= 1000))
                {
                    break;
                }
                _ss_loop2++;
                _ss_loop_total++;
                continue;
            }
            else
            {
                break;
            }
        }
        return;
    }
    float param_50 = var_9 + 1601.0;
    vec4 param_51 = vec4(-60.0, -83.0, 10.0, float(var_8));
    vec4 param_52 = vec4(SAFE_MAKE_IN_RANGE_float(param_50)) - SAFE_MAKE_IN_RANGE_vec4(param_51);
    vec4 param_53 = SAFE_MAKE_IN_RANGE_vec4(param_52) * var_27;
    out_0.out_0_f0 = SAFE_MAKE_IN_RANGE_vec4(param_53);
    int param_54 = -673379181;
    out_1.out_1_f0 += SAFE_ABS_int(param_54);
    vec2 param_55 = var_14.xw;
    vec2 param_56 = out_0.out_0_f0.wz;
    vec2 _1334 = SAFE_FADD_ASSIGN_vec2_vec2(param_55, param_56);
    var_14.x = param_55.x;
    var_14.w = param_55.y;
    vec2 param_57 = out_0.out_0_f0.xx + _687.in_0_f1[0];
    vec2 param_58 = SAFE_MAKE_IN_RANGE_vec2(param_57) - vec2(35.0);
    vec2 param_59 = _1334;
    vec2 param_60 = SAFE_MAKE_IN_RANGE_vec2(param_58);
    out_1.out_1_f1 = SAFE_DOT_vec2_vec2(param_59, param_60);
}

