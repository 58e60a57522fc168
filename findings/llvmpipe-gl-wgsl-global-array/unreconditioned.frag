#version 450

struct buf_out_0 {
    uvec2 out_0_f0[1];
    uint out_0_f1;
};

layout(std140, binding = 0) uniform buf_in_0 {
    int in_0_f2;
};
layout(location = 0) out uvec4 _color;

buf_out_0 out_0 = buf_out_0(uvec2[1](uvec2(0u)), 0u);

void fragment_body() {
    uvec2 var_14;
    out_0.out_0_f0[0].s -= var_14[0];
    out_0.out_0_f0[in_0_f2]++;
}

void main() {
    fragment_body();
    _color = uvec4(0u, out_0.out_0_f0[0].y, 0u, 0u);
}
