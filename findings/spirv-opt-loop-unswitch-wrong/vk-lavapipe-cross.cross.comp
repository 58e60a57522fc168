#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 0, std430) buffer buf_0
{
    uint sel;
    uint r;
} _11;

void main()
{
    uint s = _11.sel;
    for (int i = 0; i < 1; i++)
    {
        do
        {
            _11.r = s;
            break;
        } while(false);
    }
}

