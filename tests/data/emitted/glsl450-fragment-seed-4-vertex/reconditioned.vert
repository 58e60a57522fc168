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

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
}

float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a + _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

uvec2 SAFE_MOD_uvec2_uvec2(uvec2 _ss_a, uvec2 _ss_b) {
    return any(equal(_ss_b, uvec2(0u))) ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
}

bool func_0(out bool param_0, inout bool param_1) {
    param_0 = true;
    param_0 = param_0;
    vary_3[0u] &= SAFE_DIV_uint_uint(bitfieldReverse(vary_2), vary_3.y /= 16u);
    const int var_0[2] = int[2](1, -1949220903 + 1214286058);
    uint var_1 = vary_3.s;
    return param_1;
}

void vertex_body() {
    int var_2 = -1489066689;
    uint var_3 = vary_3[SAFE_INDEX_int_int(var_2 ^ var_2, 2)] - (uvec3(1u).r << 21);
    uvec2 var_4 = +vary_3 & var_3;
    uint var_5 = (SAFE_MOD_uvec2_uvec2(uvec2(34u), var_4) >> uvec2(22u)).s;
    uint var_6 = 4294967295u;
    vary_0 = vary_2;
    float _ss_t0 = SAFE_FADD_ASSIGN_float_float(vary_1, -1660.0);
    vary_1 = _ss_t0;
    vary_2 = vary_0 *= 0u;
    uvec2 _ss_t1 = (vary_3.g++ ^ vary_0) & var_4;
    vary_3 = _ss_t1;
}

void main() {
    vary_0 = 1u;
    vary_1 = 1.0;
    vary_2 = 1u;
    vary_3 = uvec2(1u);
    vary_0 = 3545118769u;
    vary_1 = -73.0;
    vary_2 = 4294967295u;
    vary_3 = uvec2(38u, 2512900028u);
    vertex_body();
    gl_Position = vec4((gl_VertexID & 1) != 0 ? 6.0 : -2.0, (gl_VertexID & 2) != 0 ? 6.0 : -2.0, 1.0, 2.0);
}
