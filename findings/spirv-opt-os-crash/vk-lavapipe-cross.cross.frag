#version 450

struct buf_out_0
{
    uvec3 out_0_f0[2];
    float out_0_f1[2];
    vec3 out_0_f2;
    int out_0_f3[4];
};

const float _88[3] = float[](10.0, 10.0, 10.0);

struct ResType
{
    uint _m0;
    uint _m1;
};

layout(location = 0) out uvec4 _color;
buf_out_0 out_0;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b)
{
    int _50;
    if ((_ss_a < 0) || (_ss_a >= _ss_b))
    {
        int _56;
        if (_ss_a == int(0x80000000))
        {
            _56 = 0;
        }
        else
        {
            _56 = abs(_ss_a);
        }
        _50 = _56 % _ss_b;
    }
    else
    {
        _50 = _ss_a;
    }
    return _50;
}

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b)
{
    uint _73;
    if (_ss_a >= _ss_b)
    {
        _73 = _ss_a % _ss_b;
    }
    else
    {
        _73 = _ss_a;
    }
    return _73;
}

void fragment_body()
{
    int param = out_0.out_0_f3[3];
    int param_1 = 2;
    uint param_2 = out_0.out_0_f0[SAFE_INDEX_int_int(param, param_1)].z;
    uint param_3 = 3u;
    float var_10 = _88[SAFE_INDEX_uint_uint(param_2, param_3)];
    ResType _110;
    _110._m0 = usubBorrow(0u, 0u, _110._m1);
    out_0.out_0_f0[0].x = _110._m1;
    uint var_23 = _110._m0;
    out_0.out_0_f0[1] = uvec3(0u);
}

void main()
{
    out_0 = buf_out_0(uvec3[](uvec3(0u), uvec3(0u)), float[](10.0, 10.0), vec3(10.0), int[](0, 0, 0, 1061236950));
    fragment_body();
    _color = uvec4(out_0.out_0_f0[0].x, 0u, 0u, 0u);
}

