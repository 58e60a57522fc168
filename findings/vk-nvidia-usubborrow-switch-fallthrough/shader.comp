#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct S {
    ivec3 a;
    uvec2 b[1];
};

layout(std430, binding = 0) readonly buffer buf_in_0 {
    int in_0_f0;
};
layout(std430, binding = 1) buffer buf_out_0 {
    uint out_0_f0;
};

S s = S(ivec3(0), uvec2[1](uvec2(0u, 4294967295u)));

void body() {
    uint t = 1u;
    switch (in_0_f0) {
        case -5:
            s.b[clamp(s.a.yyzy[0], 0, 0)] >>= 0;
        case -4:
        default:
        case -3:
            t = usubBorrow(0u, 0u, s.b[0].y);
        case -2:
            break;
    }
}

void main() {
    body();
    out_0_f0 = s.b[0].y;
}
