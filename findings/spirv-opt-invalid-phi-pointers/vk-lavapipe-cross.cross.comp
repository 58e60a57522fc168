#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 2, std430) buffer buf_out_0
{
    ivec2 out_0_f0;
} _59;

int _ss_loop_total;

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b)
{
    bool _18 = _ss_b == 0;
    bool _29;
    if (!_18)
    {
        _29 = (_ss_a == int(0x80000000)) && (_ss_b == (-1));
    }
    else
    {
        _29 = _18;
    }
    int _30;
    if (_29)
    {
        _30 = _ss_a / (((_ss_b >> 1) == _ss_b) ? 2 : _ss_b);
    }
    else
    {
        _30 = _ss_a / _ss_b;
    }
    _ss_a = _30;
    return _ss_a;
}

void main()
{
    _ss_loop_total = 0;
    bvec2 var_4 = bvec2(false);
    int param = _59.out_0_f0.x;
    int param_1 = 0;
    int _67 = SAFE_DIV_ASSIGN_int_int(param, param_1);
    _59.out_0_f0.x = param;
    bool var_9 = all(equal(ivec2(0), _59.out_0_f0));
    int _ss_loop0 = 0;
    while (var_4.x)
    {
        if ((_ss_loop0 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        if (var_9)
        {
            continue;
        }
    }
    int _ss_loop1 = 0;
    for (;;)
    {
        if ((_ss_loop1 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        var_9 = var_4.x;
        if (var_4.x)
        {
            continue;
        }
        else
        {
            break;
        }
    }
}

