#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

int _ss_loop_total;

void main()
{
    _ss_loop_total = 0;
    int _ss_loop1 = 0;
    while (true)
    {
        if ((_ss_loop1 >= 32) || (_ss_loop_total >= 1000))
        {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        int _ss_loop0 = 0;
        uint for_var_0 = 0u;
        while (false)
        {
            if ((_ss_loop0 >= 32) || (_ss_loop_total >= 1000))
            {
                break;
            }
            _ss_loop0++;
            _ss_loop_total++;
        }
    }
}

