#version 450

struct buf_out_0 {
    ivec2 out_0_f0[1];
    float out_0_f1;
};

layout(std140, binding = 0) uniform buf_in_0 {
    ivec3 in_0_f1;
} in_0;
layout(location = 0) out uvec4 _color;

buf_out_0 out_0 = buf_out_0(ivec2[1](ivec2(0)), 10.0);

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

void fragment_body() {
    switch (uvec2[4](uvec2(0u), uvec2(0u), uvec2(0u), uvec2(0u))[SAFE_INDEX_int_int(out_0.out_0_f0[0].g -= in_0.in_0_f1[0], 4)].g) {
        case 4u:
        case 5u:
        case 6u:
            break;
    }
    out_0.out_0_f0[0] = ivec2(0, out_0.out_0_f0[SAFE_INDEX_int_int(out_0.out_0_f0[0].t, 1)].s);
}

void main() {
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4(0u, uint(out_0.out_0_f0[0].y), 0u, 0u);
}
