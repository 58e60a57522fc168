#version 450
#ifdef VULKAN
#define gl_VertexID gl_VertexIndex
#endif

struct buf_out_0 {
    ivec4 out_0_f0[1];
    vec2 out_0_f1;
};

layout(std140, binding = 0) uniform buf_in_0 {
    uint in_0_f0[4];
    float in_0_f1;
    float in_0_f2[1];
} in_0;
layout(location = 0) flat out uvec3 vary_0;

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_a >= _ss_b ? _ss_a % _ss_b : _ss_a;
}

vec2 SAFE_MAKE_IN_RANGE_vec2(vec2 _ss_a) {
    return any(lessThan(abs(_ss_a), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a), vec2(16777215.0))) ? mix(mix(_ss_a, vec2(10.0), lessThan(abs(_ss_a), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a), vec2(16777215.0))) : _ss_a;
}

uint SAFE_MOD_ASSIGN_uint_uint(inout uint _ss_a, uint _ss_b) {
    _ss_a = _ss_b == 0u ? _ss_a % max(_ss_b, 1u) : _ss_a % _ss_b;
    return _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

uvec3 SAFE_SHR_uvec3_ivec3(uvec3 _ss_a, ivec3 _ss_b) {
    return any(lessThan(_ss_b, ivec3(0))) || any(greaterThanEqual(_ss_b, ivec3(32))) ? _ss_a >> (_ss_b & 31) : _ss_a >> _ss_b;
}

void vertex_body() {
    ivec3 var_0 = ivec3(1);
    bvec4 var_1 = bvec4(true, true, true, false);
    const bvec3 var_2 = bvec3(true, true, true);
    uint _ss_t0 = 1u;
    uint _ss_t1 = (_ss_t0 = vary_0[SAFE_INDEX_int_int(SAFE_MOD_int_int(var_0.z, var_0.yy.g), 3)], usubBorrow(SAFE_DIV_uint_uint(vary_0.s, in_0.in_0_f0[2]), in_0.in_0_f0[0], vary_0[SAFE_INDEX_int_int(var_0.p, 3)]) | _ss_t0);
    SAFE_MOD_ASSIGN_uint_uint(vary_0.p, _ss_t1);
    var_0.b--;
    {
        uint var_3 = vary_0.xyyz[SAFE_INDEX_uint_uint(vary_0[SAFE_INDEX_int_int(var_0[2], 3)], 4u)];
        vec2 var_4 = SAFE_MAKE_IN_RANGE_vec2(vec2(-8.0, -94.0) * SAFE_MAKE_IN_RANGE_vec2(SAFE_MAKE_IN_RANGE_vec2(170.0 + vec2(-115.0)) + vec2(1983.0, 186.0)));
        uint var_5 = 1u;
    }
    vary_0 = SAFE_SHR_uvec3_ivec3(vary_0.tt.sst, var_0 + var_0.x);
}

void main() {
    vary_0 = uvec3(1u);
    vary_0 = uvec3(0u, 1744288591u, 4294967295u);
    vertex_body();
    gl_Position = vec4((gl_VertexID & 1) != 0 ? 6.0 : -2.0, (gl_VertexID & 2) != 0 ? 6.0 : -2.0, 1.0, 2.0);
}
