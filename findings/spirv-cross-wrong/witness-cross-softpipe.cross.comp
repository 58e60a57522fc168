#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 0, std430) readonly buffer buf_in_0
{
    uvec4 in_0_f0[2];
} in_0;

layout(binding = 1, std430) buffer buf_out_0
{
    int out_0_f1;
    int out_0_f2;
} _141;

int _ss_loop_total;

uvec2 SAFE_DIV_ASSIGN_uvec2_uvec2(inout uvec2 _ss_a, uvec2 _ss_b)
{
    uvec2 _31;
    if (any(equal(_ss_b, uvec2(0u))))
    {
        _31 = _ss_a / max(_ss_b, uvec2(1u));
    }
    else
    {
        _31 = _ss_a / _ss_b;
    }
    _ss_a = _31;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b)
{
    int _54;
    if ((_ss_a < 0) || (_ss_a >= _ss_b))
    {
        int _60;
        if (_ss_a == int(0x80000000))
        {
            _60 = 0;
        }
        else
        {
            _60 = abs(_ss_a);
        }
        _54 = _60 % _ss_b;
    }
    else
    {
        _54 = _ss_a;
    }
    return _54;
}

void main()
{
    _ss_loop_total = 0;
    uvec3 var_1[1] = uvec3[](in_0.in_0_f0[1].wzy);
    int _ss_loop0 = 0;
    do
    {
        if ((_ss_loop0 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        uvec2 param = var_1[0].xy;
        uvec2 param_1 = uvec2(0u);
        uvec2 _115 = SAFE_DIV_ASSIGN_uvec2_uvec2(param, param_1);
        var_1[0].x = param.x;
        var_1[0].y = param.y;
    } while (true);
    bvec4 var_7 = bvec4(false);
    var_7.y = 3366770967u < var_1[0].z;
    bvec2 var_11 = var_7.wy;
    int var_14 = _141.out_0_f1;
    int var_15 = _141.out_0_f1;
    bvec2 var_17[4] = bvec2[](var_11, bvec2(false), bvec2(false), bvec2(false));
    int param_2 = var_14;
    int param_3 = 4;
    int param_4 = var_14;
    int param_5 = 1;
    var_17[SAFE_INDEX_int_int(param_2, param_3)] = greaterThan(floatBitsToUint(vec2(10.0)), var_1[SAFE_INDEX_int_int(param_4, param_5)].yz);
    _141.out_0_f2 = var_17[0].y ? var_15 : 0;
}

