#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 2, std430) buffer buf_out_1
{
    int out_1_f0;
} _38;

int _ss_loop_total;

void main()
{
    _ss_loop_total = 0;
    int _ss_loop0 = 0;
    for (;;)
    {
        if ((_ss_loop0 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        if (false)
        {
            break;
        }
        int _42 = _38.out_1_f0;
        int _43 = _42 | (-1522674317);
        _38.out_1_f0 = _43;
        if (_43 != int(0u))
        {
            continue;
        }
        else
        {
            break;
        }
    }
}

