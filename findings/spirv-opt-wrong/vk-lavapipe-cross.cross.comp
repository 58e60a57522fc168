#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 1, std430) buffer buf_out_0
{
    uint out_0_f0;
} _34;

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b)
{
    uint _17;
    if (_ss_b == 0u)
    {
        _17 = _ss_a / max(_ss_b, 1u);
    }
    else
    {
        _17 = _ss_a / _ss_b;
    }
    return _17;
}

void main()
{
    uint param = _34.out_0_f0;
    uint param_1 = 0u;
    _34.out_0_f0 = -SAFE_DIV_uint_uint(param, param_1);
}

