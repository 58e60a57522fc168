#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 0, std430) buffer buf_out_0
{
    int r;
} _9;

void main()
{
    _9.r = -7;
}

