#version 450

struct buf_out_0
{
    ivec2 out_0_f0[1];
    float out_0_f1;
};

const uvec2 _60[4] = uvec2[](uvec2(0u), uvec2(0u), uvec2(0u), uvec2(0u));

layout(binding = 0, std140) uniform buf_in_0
{
    ivec3 in_0_f1;
} in_0;

layout(location = 0) out uvec4 _color;
buf_out_0 out_0;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b)
{
    int _35;
    if ((_ss_a < 0) || (_ss_a >= _ss_b))
    {
        int _41;
        if (_ss_a == int(0x80000000))
        {
            _41 = 0;
        }
        else
        {
            _41 = abs(_ss_a);
        }
        _35 = _41 % _ss_b;
    }
    else
    {
        _35 = _ss_a;
    }
    return _35;
}

void fragment_body()
{
    int _70 = out_0.out_0_f0[0].y;
    int _71 = _70 - in_0.in_0_f1.x;
    out_0.out_0_f0[0].y = _71;
    int param = _71;
    int param_1 = 4;
    switch (_60[SAFE_INDEX_int_int(param, param_1)].y)
    {
        case 4u:
        case 5u:
        case 6u:
        {
            break;
        }
    }
    int param_2 = out_0.out_0_f0[0].y;
    int param_3 = 1;
    out_0.out_0_f0[0] = ivec2(0, out_0.out_0_f0[SAFE_INDEX_int_int(param_2, param_3)].x);
}

void main()
{
    out_0 = buf_out_0(ivec2[](ivec2(0)), 10.0);
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4(0u, uint(out_0.out_0_f0[0].y), 0u, 0u);
}

