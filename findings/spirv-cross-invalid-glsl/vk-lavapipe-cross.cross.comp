#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 3, std430) buffer buf_out_1
{
    uint out_1_f0;
    uint out_1_f1;
} _38;

layout(binding = 2, std430) buffer buf_out_0
{
    uint out_0_f0[1];
} out_0;

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b)
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
    return _19;
}

void main()
{
    int param = 0;
    uint param_1 = _38.out_1_f0;
    int var_5 = SAFE_SHR_int_uint(param, param_1);
    buf_out_1 _52;
    _52.out_1_f0 = uaddCarry(0u, 0u, _52.out_1_f1);
    out_0.out_0_f0[0] = _52.out_1_f1;
    switch (_52.out_1_f0)
    {
        default:
        {
            break;
        }
    }
}

