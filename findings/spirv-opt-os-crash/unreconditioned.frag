#version 450

struct buf_out_0 {
    uvec3 out_0_f0[2];
    float out_0_f1[2];
    vec3 out_0_f2;
    int out_0_f3[4];
};

layout(location = 0) out uvec4 _color;

buf_out_0 out_0 = buf_out_0(uvec3[2](uvec3(0u), uvec3(0u)), float[2](0.0, 0.0), vec3(0.0), int[4](0, 0, 0, 1061236950));

void fragment_body() {
    float var_10 = float[3](0.0, 0.0, 0.0)[out_0.out_0_f0[out_0.out_0_f3[3u]].b];
    uint var_23 = usubBorrow(0u, 0u, out_0.out_0_f0[0][0u]);
    out_0.out_0_f0[1] = uvec3(0u, 0u, 0u);
}

void main() {
    fragment_body();
    _color = uvec4(out_0.out_0_f0[0].x, 0u, 0u, 0u);
}
