#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct ResType
{
    uint _m0;
    uint _m1;
};

layout(binding = 1, std430) buffer buf_out_0
{
    uint out_0_f0[1];
} out_0;

void main()
{
    uvec2 var_0 = uvec2(1139316279u);
    uint _ss_t0 = out_0.out_0_f0[0];
    ResType _30;
    umulExtended(var_0.x, 4294967295u, _30._m1, _30._m0);
    _ss_t0 = _30._m0;
    out_0.out_0_f0[0] = _30._m1;
}

