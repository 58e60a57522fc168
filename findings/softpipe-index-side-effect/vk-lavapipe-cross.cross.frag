#version 450

struct buf_out_1
{
    int out_1_f0;
    int out_1_f1[2];
    ivec3 out_1_f2;
};

layout(location = 0) out uvec4 _color;
buf_out_1 out_1;

uint user_SAFE_TO_UINT_float(float user_ss_a)
{
    return uint(int(user_ss_a));
}

int func_1(out int param_2)
{
    param_2 = 1;
    return 1;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b)
{
    int _43;
    if ((_ss_a < 0) || (_ss_a >= _ss_b))
    {
        int _49;
        if (_ss_a == int(0x80000000))
        {
            _49 = 0;
        }
        else
        {
            _49 = abs(_ss_a);
        }
        _43 = _49 % _ss_b;
    }
    else
    {
        _43 = _ss_a;
    }
    return _43;
}

void fragment_body()
{
    float param = gl_FragCoord.x;
    if (user_SAFE_TO_UINT_float(param) == 0u)
    {
        int param_1;
        int _85 = func_1(param_1);
        out_1.out_1_f2.x = param_1;
        int param_2 = _85;
        int param_3 = 2;
        int _91 = SAFE_INDEX_int_int(param_2, param_3);
        out_1.out_1_f1[_91]--;
    }
    int param_4 = out_1.out_1_f2.x;
    int param_5 = 2;
    int _104 = SAFE_INDEX_int_int(param_4, param_5);
    int _107 = out_1.out_1_f1[_104];
    int _108 = _107 ^ 77;
    out_1.out_1_f1[_104] = _108;
    int param_6 = _108;
    int param_7 = 3;
    bool var_26 = bvec3(false)[SAFE_INDEX_int_int(param_6, param_7)];
}

void main()
{
    out_1 = buf_out_1(0, int[](0, 0), ivec3(0));
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4(0u, 0u, 0u, uint(out_1.out_1_f1[0]));
}

