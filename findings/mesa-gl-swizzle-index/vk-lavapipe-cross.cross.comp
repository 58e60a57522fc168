#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 0, std430) readonly buffer buf_in_0
{
    ivec4 in_0_f0;
} _40;

layout(binding = 2, std430) buffer buf_out_1
{
    int out_1_f0;
} out_1;

int SAFE_SHR_ASSIGN_int_uint(inout int _ss_a, uint _ss_b)
{
    int _19;
    if (_ss_b >= 32u)
    {
        _19 = _ss_a >> int(_ss_b & 31u);
    }
    else
    {
        _19 = _ss_a >> int(_ss_b);
    }
    _ss_a = _19;
    return _ss_a;
}

void main()
{
    uint var_8 = 1u;
    var_8 = uint(_40.in_0_f0.w);
    int param = out_1.out_1_f0;
    uint param_1 = var_8;
    int _56 = SAFE_SHR_ASSIGN_int_uint(param, param_1);
    out_1.out_1_f0 = param;
}

