#version 450

struct buf_out_0 {
    ivec2 out_0_f0[1];
    float out_0_f1;
};

layout(std140, binding = 0) uniform buf_in_0 {
    ivec3 in_0_f1;
} in_0;
layout(location = 0) out uvec4 _color;

buf_out_0 out_0 = buf_out_0(ivec2[1](ivec2(0)), 0.0);

void fragment_body() {
    switch (uvec2[4](uvec2(0u), uvec2(0u), uvec2(0u), uvec2(0u))[out_0.out_0_f0[0].g -= in_0.in_0_f1[0]].g) {
        case 4u:
        case 5u:
        case 6u:
    }
    out_0.out_0_f0[0] = ivec2(0, out_0.out_0_f0[out_0.out_0_f0[0].t].s);
}

void main() {
    fragment_body();
    _color = uvec4(0u, uint(out_0.out_0_f0[0].y), 0u, 0u);
}
