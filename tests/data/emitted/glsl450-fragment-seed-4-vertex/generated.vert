#version 450
#ifdef VULKAN
#define gl_VertexID gl_VertexIndex
#endif

struct buf_out_0 {
    ivec2 out_0_f0;
    uint out_0_f1[3];
};

struct buf_out_1 {
    int out_1_f0;
    uint out_1_f1;
    uint out_1_f2[4];
};

layout(std140, binding = 0) uniform buf_in_0 {
    vec2 in_0_f0[1];
} in_0;
layout(location = 0) flat out uint vary_0;
layout(location = 1) flat out float vary_1;
layout(location = 2) flat out uint vary_2;
layout(location = 3) flat out uvec2 vary_3;

bool func_0(out bool param_0, inout bool param_1) {
    param_0 = param_0;
    vary_3[0u] &= bitfieldReverse(vary_2) / (vary_3.y /= 16u);
    const int var_0[2] = int[2](1, -1949220903 + 1214286058);
    uint var_1 = vary_3.s;
    return param_1;
}

void vertex_body() {
    int var_2 = -1489066689;
    uint var_3 = vary_3[var_2 ^ var_2] - (uvec3(1u).r << 21);
    uvec2 var_4 = +vary_3 & var_3;
    uint var_5 = (uvec2(34u) % var_4 >> uvec2(22u)).s;
    uint var_6 = 4294967295u;
    vary_0 = vary_2;
    vary_1 = vary_1 += -1660.0;
    vary_2 = vary_0 *= 0u;
    vary_3 = (vary_3.g++ ^ vary_0) & var_4;
}

void main() {
    vary_0 = 3545118769u;
    vary_1 = -73.0;
    vary_2 = 4294967295u;
    vary_3 = uvec2(38u, 2512900028u);
    vertex_body();
    gl_Position = vec4((gl_VertexID & 1) != 0 ? 6.0 : -2.0, (gl_VertexID & 2) != 0 ? 6.0 : -2.0, 1.0, 2.0);
}
