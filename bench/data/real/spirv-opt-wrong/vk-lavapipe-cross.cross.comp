#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct ResType
{
    uint _m0;
    uint _m1;
};

struct ResType_1
{
    uvec2 _m0;
    uvec2 _m1;
};

layout(binding = 1, std430) buffer buf_out_0
{
    uint out_0_f0;
    int out_0_f1;
    int out_0_f2;
    int out_0_f3;
} _582;

layout(binding = 0, std430) readonly buffer buf_in_0
{
    vec3 in_0_f0;
    int in_0_f1;
    float in_0_f2;
    int in_0_f3[1];
} in_0;

bvec2 glob_0;
vec2 glob_1;
int _ss_loop_total;

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b)
{
    bool _242 = _ss_b == 0;
    bool _253;
    if (!_242)
    {
        _253 = (_ss_a == int(0x80000000)) && (_ss_b == (-1));
    }
    else
    {
        _253 = _242;
    }
    int _254;
    if (_253)
    {
        _254 = _ss_a / (((_ss_b >> 1) == _ss_b) ? 2 : _ss_b);
    }
    else
    {
        _254 = _ss_a / _ss_b;
    }
    _ss_a = _254;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b)
{
    int _332;
    if ((_ss_a < 0) || (_ss_a >= _ss_b))
    {
        int _337;
        if (_ss_a == int(0x80000000))
        {
            _337 = 0;
        }
        else
        {
            _337 = abs(_ss_a);
        }
        _332 = _337 % _ss_b;
    }
    else
    {
        _332 = _ss_a;
    }
    return _332;
}

uint SAFE_MOD_uint_uint(uint _ss_a, uint _ss_b)
{
    uint _449;
    if (_ss_b == 0u)
    {
        _449 = _ss_a % max(_ss_b, 1u);
    }
    else
    {
        _449 = _ss_a % _ss_b;
    }
    return _449;
}

uvec3 SAFE_SHR_uvec3_uvec3(uvec3 _ss_a, uvec3 _ss_b)
{
    uvec3 _549;
    if (any(greaterThanEqual(_ss_b, uvec3(32u))))
    {
        _549 = _ss_a >> (_ss_b & uvec3(31u));
    }
    else
    {
        _549 = _ss_a >> _ss_b;
    }
    return _549;
}

float SAFE_FMUL_ASSIGN_float_float(inout float _ss_a, float _ss_b)
{
    float _ss_n = _ss_a * _ss_b;
    bool _311 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _319;
    if (!_311)
    {
        _319 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _319 = _311;
    }
    _ss_a = _319 ? 10.0 : _ss_n;
    return _ss_a;
}

uint SAFE_TO_UINT_float(float _ss_a)
{
    uint _568;
    if (_ss_a < 0.0)
    {
        _568 = uint(int(_ss_a));
    }
    else
    {
        _568 = uint(_ss_a);
    }
    return _568;
}

uint SAFE_BITFIELD_INSERT_uint_uint_int_int(uint _ss_a, uint _ss_b, int _ss_c, int _ss_d)
{
    bool _209 = ((_ss_c < 0) || (_ss_d < 0)) || (_ss_c > 32);
    bool _217;
    if (!_209)
    {
        _217 = _ss_d > (32 - _ss_c);
    }
    else
    {
        _217 = _209;
    }
    uint _218;
    if (_217)
    {
        _218 = bitfieldInsert(_ss_a, _ss_b, _ss_c & 31, min((_ss_d & 31), (32 - (_ss_c & 31))));
    }
    else
    {
        _218 = bitfieldInsert(_ss_a, _ss_b, _ss_c, _ss_d);
    }
    return _218;
}

float SAFE_MAKE_IN_RANGE_float(float _ss_a)
{
    bool _367 = abs(_ss_a) < 0.100000001490116119384765625;
    bool _374;
    if (!_367)
    {
        _374 = abs(_ss_a) >= 16777215.0;
    }
    else
    {
        _374 = _367;
    }
    return _374 ? 10.0 : _ss_a;
}

int SAFE_SHR_ASSIGN_int_int(inout int _ss_a, int _ss_b)
{
    int _509;
    if ((_ss_b < 0) || (_ss_b >= 32))
    {
        _509 = _ss_a >> (_ss_b & 31);
    }
    else
    {
        _509 = _ss_a >> _ss_b;
    }
    _ss_a = _509;
    return _ss_a;
}

bool func_0(float param_0, bool param_1)
{
    int _584;
    if (param_1)
    {
        _584 = 85;
    }
    else
    {
        _584 = int(param_1) / 3;
    }
    _582.out_0_f2 *= _584;
    int _600 = _582.out_0_f1;
    int _602 = _582.out_0_f1;
    int _603 = _602 * _600;
    _582.out_0_f1 = _603;
    int param = _582.out_0_f2;
    int param_2 = _603;
    int _609 = SAFE_SHR_ASSIGN_int_int(param, param_2);
    _582.out_0_f2 = param;
    return true;
}

int SAFE_SHR_int_int(int _ss_a, int _ss_b)
{
    int _529;
    if ((_ss_b < 0) || (_ss_b >= 32))
    {
        _529 = _ss_a >> (_ss_b & 31);
    }
    else
    {
        _529 = _ss_a >> _ss_b;
    }
    return _529;
}

vec4 SAFE_MAKE_IN_RANGE_vec4(vec4 _ss_a)
{
    bool _384 = any(lessThan(abs(_ss_a), vec4(0.100000001490116119384765625)));
    bool _393;
    if (!_384)
    {
        _393 = any(greaterThanEqual(abs(_ss_a), vec4(16777215.0)));
    }
    else
    {
        _393 = _384;
    }
    vec4 _394;
    if (_393)
    {
        _394 = mix(mix(_ss_a, vec4(10.0), lessThan(abs(_ss_a), vec4(0.100000001490116119384765625))), vec4(10.0), greaterThanEqual(abs(_ss_a), vec4(16777215.0)));
    }
    else
    {
        _394 = _ss_a;
    }
    return _394;
}

int SAFE_BITFIELD_EXTRACT_int_int_int(int _ss_a, int _ss_b, int _ss_c)
{
    bool _132 = ((_ss_b < 0) || (_ss_c < 0)) || (_ss_b > 32);
    bool _140;
    if (!_132)
    {
        _140 = _ss_c > (32 - _ss_b);
    }
    else
    {
        _140 = _132;
    }
    int _141;
    if (_140)
    {
        _141 = bitfieldExtract(_ss_a, _ss_b & 31, min((_ss_c & 31), (32 - (_ss_b & 31))));
    }
    else
    {
        _141 = bitfieldExtract(_ss_a, _ss_b, _ss_c);
    }
    return _141;
}

uint SAFE_SHL_ASSIGN_uint_int(inout uint _ss_a, int _ss_b)
{
    uint _489;
    if ((_ss_b < 0) || (_ss_b >= 32))
    {
        _489 = _ss_a << uint(_ss_b & 31);
    }
    else
    {
        _489 = _ss_a << uint(_ss_b);
    }
    _ss_a = _489;
    return _ss_a;
}

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b)
{
    uint _354;
    if (_ss_a >= _ss_b)
    {
        _354 = _ss_a % _ss_b;
    }
    else
    {
        _354 = _ss_a;
    }
    return _354;
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b)
{
    bool _276 = _ss_b == 0;
    bool _285;
    if (!_276)
    {
        _285 = (_ss_a == int(0x80000000)) && (_ss_b == (-1));
    }
    else
    {
        _285 = _276;
    }
    int _286;
    if (_285)
    {
        _286 = _ss_a / (((_ss_b >> 1) == _ss_b) ? 2 : _ss_b);
    }
    else
    {
        _286 = _ss_a / _ss_b;
    }
    return _286;
}

ivec4 SAFE_MOD_ivec4_int(ivec4 _ss_a, int _ss_b)
{
    ivec4 _419;
    if (any(lessThan(_ss_a, ivec4(0))) || (_ss_b <= 0))
    {
        _419 = abs(mix(_ss_a, ivec4(2147483647), equal(_ss_a, ivec4(int(0x80000000))))) % ivec4(max(abs((_ss_b == int(0x80000000)) ? 2147483647 : _ss_b), 1));
    }
    else
    {
        _419 = _ss_a % ivec4(_ss_b);
    }
    return _419;
}

float SAFE_POST_DEC_float(inout float _ss_a)
{
    float _ss_old = _ss_a;
    float _ss_n = _ss_a - 1.0;
    bool _471 = abs(_ss_n) < 0.100000001490116119384765625;
    bool _478;
    if (!_471)
    {
        _478 = abs(_ss_n) >= 16777215.0;
    }
    else
    {
        _478 = _471;
    }
    _ss_a = _478 ? 10.0 : _ss_n;
    return _ss_old;
}

int SAFE_BITFIELD_INSERT_int_int_int_int(int _ss_a, int _ss_b, int _ss_c, int _ss_d)
{
    bool _170 = ((_ss_c < 0) || (_ss_d < 0)) || (_ss_c > 32);
    bool _178;
    if (!_170)
    {
        _178 = _ss_d > (32 - _ss_c);
    }
    else
    {
        _178 = _170;
    }
    int _179;
    if (_178)
    {
        _179 = bitfieldInsert(_ss_a, _ss_b, _ss_c & 31, min((_ss_d & 31), (32 - (_ss_c & 31))));
    }
    else
    {
        _179 = bitfieldInsert(_ss_a, _ss_b, _ss_c, _ss_d);
    }
    return _179;
}

void main()
{
    glob_0 = bvec2(false, true);
    glob_1 = vec2(1.0);
    _ss_loop_total = 0;
    int var_6 = int(_582.out_0_f0);
    bool var_7 = all(equal(glob_0, glob_0));
    uvec3 var_8[2] = uvec3[](uvec3(3725095868u), uvec3(67u, 3905508110u, 115u));
    int param = _582.out_0_f2;
    int param_1 = (-2) + _582.out_0_f3;
    int _643 = SAFE_DIV_ASSIGN_int_int(param, param_1);
    _582.out_0_f2 = param;
    int param_2 = _643;
    int param_3 = 2;
    glob_0.x = glob_0[SAFE_INDEX_int_int(param_2, param_3)];
    uint param_4 = 69u;
    uint param_5 = 73u | _582.out_0_f0;
    switch (4u + (min(_582.out_0_f0, SAFE_MOD_uint_uint(param_4, param_5)) % 1u))
    {
        case 4u:
        {
            uvec3 _ss_t0 = gl_WorkGroupSize;
            uvec3 _673 = var_8[0];
            var_8[0] = uvec3(_673.z, _673.y, _673.x);
            _ss_t0 = _673;
            uvec3 param_6 = var_8[0];
            uvec3 param_7 = _ss_t0;
            uvec3 _ss_t1 = SAFE_SHR_uvec3_uvec3(param_6, param_7);
            uvec3 _687 = var_8[0].yxz - _ss_t1;
            var_8[0] = uvec3(_687.y, _687.x, _687.z);
            bool var_10 = true != var_7;
            if (any(glob_0.xxyx))
            {
                vec3 var_11 = mix(glob_1.yyx, vec3(31.0, 80.0, -1987.0), bvec3(false));
                bool var_12 = true;
                _582.out_0_f0 ^= max(var_8[1].x, 4294967279u);
                int _ss_loop1 = 0;
                uint _798;
                while ((in_0.in_0_f2 <= in_0.in_0_f0.x) ? true : true)
                {
                    if ((_ss_loop1 >= 32) || (_ss_loop_total >= 1000))
                    {
                        break;
                    }
                    _ss_loop1++;
                    _ss_loop_total++;
                    if (false)
                    {
                        break;
                    }
                    int param_8 = (-1138157177) + (-((-102) & in_0.in_0_f3[0]));
                    int param_9 = 3;
                    int _761 = SAFE_INDEX_int_int(param_8, param_9);
                    float param_10 = var_11[_761];
                    float param_11 = roundEven(vec4(-1676.0, glob_1.y, -114.0, 199.0)).w;
                    float _779 = SAFE_FMUL_ASSIGN_float_float(param_10, param_11);
                    var_11[_761] = param_10;
                    bvec4 var_13 = bvec4(false);
                    uint _ss_t2 = 1u;
                    float param_12 = in_0.in_0_f0.x;
                    ResType _794;
                    _794._m0 = uaddCarry(_582.out_0_f0, SAFE_TO_UINT_float(param_12), _794._m1);
                    _582.out_0_f0 = _794._m1;
                    _ss_t2 = _794._m0;
                    if (var_10)
                    {
                        float param_13 = -320.0;
                        _798 = SAFE_TO_UINT_float(param_13);
                    }
                    else
                    {
                        uint param_14 = _582.out_0_f0;
                        uint param_15 = var_8[1].x;
                        int param_16 = in_0.in_0_f1;
                        int param_17 = in_0.in_0_f3[0];
                        _798 = SAFE_BITFIELD_INSERT_uint_uint_int_int(param_14, param_15, param_16, param_17);
                    }
                    var_10 = _798 >= _ss_t2;
                    float param_18 = 40.0 * glob_1.x;
                    float param_19 = SAFE_MAKE_IN_RANGE_float(param_18);
                    var_8[1].x -= SAFE_TO_UINT_float(param_19);
                }
            }
            break;
        }
    }
    bvec4 var_14 = bvec4(true);
    bool _846;
    if (false)
    {
        float param_20 = in_0.in_0_f0.x;
        bool param_21 = false;
        bool _843 = func_0(param_20, param_21);
        _846 = _843 && var_7;
    }
    else
    {
        _846 = false;
    }
    bool var_15 = _846;
    int _849 = var_6;
    int _850 = var_6;
    int _851 = _850 * _849;
    var_6 = _851;
    int var_16[1] = int[](_851);
    if (all(lessThan(var_8[1].zz, (var_8[0].zz >> uvec2(ivec2(4))))))
    {
        int _ss_loop2 = 0;
        for (uint for_var_1 = 4374u; for_var_1 > 2u; for_var_1 /= 3u)
        {
            if ((_ss_loop2 >= 32) || (_ss_loop_total >= 1000))
            {
                break;
            }
            _ss_loop2++;
            _ss_loop_total++;
            glob_0.y = true;
            glob_0 = bvec2(bvec2(false).y, bvec2(false).x);
            int param_22 = in_0.in_0_f3[0] | in_0.in_0_f3[0];
            int param_23 = 1;
            int _904 = SAFE_INDEX_int_int(param_22, param_23);
            var_16[_904] += _582.out_0_f3;
            int param_24 = _582.out_0_f3;
            int param_25 = _582.out_0_f1;
            if ((SAFE_SHR_int_int(param_24, param_25) < in_0.in_0_f1) ? false : (_582.out_0_f0 != 0u))
            {
                break;
            }
        }
        int _930 = var_16[0];
        int _931 = _930 >> 7;
        var_16[0] = _931;
        int _ss_t3 = _931;
        int param_26 = var_16[0];
        int param_27 = _ss_t3;
        int _938 = SAFE_DIV_ASSIGN_int_int(param_26, param_27);
        var_16[0] = param_26;
        var_16 = var_16;
    }
    _582.out_0_f0--;
    int _ss_loop3 = 0;
    int _981;
    int param_46;
    int param_47;
    int param_48;
    int param_49;
    for (;;)
    {
        if ((_ss_loop3 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop3++;
        _ss_loop_total++;
        vec4 param_28 = in_0.in_0_f0.yzzz - vec4(-2704.0);
        if (any(notEqual(-SAFE_MAKE_IN_RANGE_vec4(param_28), vec4(-1370.0, -1219.0, 3673.0, -55.0))))
        {
            if (true)
            {
                _981 = int(in_0.in_0_f2);
            }
            else
            {
                _981 = var_16[0];
            }
            int param_29 = in_0.in_0_f1;
            int param_30 = _981;
            int param_31 = _582.out_0_f3 ^ (-104);
            int param_32 = var_6;
            int param_33 = SAFE_BITFIELD_EXTRACT_int_int_int(param_29, param_30, param_31);
            int _1004 = SAFE_SHR_ASSIGN_int_int(param_32, param_33);
            var_6 = param_32;
            var_8[0] -= uvec3(_582.out_0_f0);
        }
        else
        {
            _582.out_0_f0 = _582.out_0_f0;
            uint _ss_t4 = 1u;
            int param_34 = var_16[0];
            int param_35 = 1;
            int param_36 = in_0.in_0_f3[SAFE_INDEX_int_int(param_34, param_35)];
            int param_37 = 2;
            uvec2 _ss_t5 = var_8[SAFE_INDEX_int_int(param_36, param_37)].zy;
            uint param_38 = var_8[0].y;
            int param_39 = _582.out_0_f3;
            uint _1039 = SAFE_SHL_ASSIGN_uint_int(param_38, param_39);
            var_8[0].y = param_38;
            _ss_t4 = _1039 + _582.out_0_f0;
            uint param_40 = _ss_t4;
            uint param_41 = 2u;
            int param_42 = -in_0.in_0_f3[0];
            int param_43 = 1;
            int param_44 = in_0.in_0_f3[SAFE_INDEX_int_int(param_42, param_43)] & (in_0.in_0_f3[0] | (-586144833));
            int param_45 = 2;
            int _1074 = SAFE_INDEX_int_int(param_44, param_45);
            ResType_1 _1077;
            umulExtended(var_8[SAFE_INDEX_uint_uint(param_40, param_41)].zy, uvec2(_582.out_0_f0) * uvec2(4043285259u, 97u), _1077._m1, _1077._m0);
            _ss_t5 = _1077._m0;
            uvec2 swizzleTemp = _1077._m1;
            var_8[_1074].x = swizzleTemp.x;
            var_8[_1074].z = swizzleTemp.y;
            uint var_18 = _582.out_0_f0;
        }
        bvec4 var_19 = bvec4(true);
        param_46 = 108;
        param_47 = var_16[0];
        param_48 = var_6;
        param_49 = SAFE_DIV_int_int(param_46, param_47);
        if (SAFE_DIV_int_int(param_48, param_49) > _582.out_0_f3)
        {
            continue;
        }
        else
        {
            break;
        }
    }
    ivec4 param_50 = ivec4(1577514000);
    int param_51 = _582.out_0_f2;
    int param_52 = SAFE_MOD_ivec4_int(param_50, param_51).x;
    int param_53 = 2;
    int _1112 = SAFE_INDEX_int_int(param_52, param_53);
    float param_54 = glob_1[_1112];
    float _1116 = SAFE_POST_DEC_float(param_54);
    glob_1[_1112] = param_54;
    bvec2 var_20 = bvec2(true);
    uint var_23 = uint(var_20.y) ^ (var_8[0].z + (-var_8[0].z));
    _582.out_0_f0 = -(var_8[0].x / 13u);
    int _ss_t6 = 1;
    int param_55 = 989464221;
    int param_56 = in_0.in_0_f1;
    int param_57 = 1;
    int param_58 = -101;
    int param_59 = _582.out_0_f2;
    int param_60 = SAFE_DIV_int_int(param_55, param_56);
    _ss_t6 = SAFE_BITFIELD_INSERT_int_int_int_int(param_57, param_58, param_59, param_60);
    int param_61 = var_6;
    int param_62 = var_16[0];
    int param_63 = in_0.in_0_f1;
    int _1164 = _582.out_0_f2;
    int _1165 = _1164 + 1;
    _582.out_0_f2 = _1165;
    int param_64 = SAFE_BITFIELD_EXTRACT_int_int_int(param_61, param_62, param_63);
    int param_65 = _1165;
    int param_66 = _582.out_0_f3;
    int param_67 = _ss_t6;
    _582.out_0_f1 = SAFE_BITFIELD_INSERT_int_int_int_int(param_64, param_65, param_66, param_67);
    _582.out_0_f2 += ((-83) & var_6);
    _582.out_0_f3 = in_0.in_0_f3[0];
}

