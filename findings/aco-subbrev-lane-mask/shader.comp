#version 450
layout(local_size_x = 8, local_size_y = 4, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uint in_0_f1;
};
layout(std430, binding = 2) buffer buf_out_1 {
    vec3 out_1_f0[128][2];
} out_1;

vec3 SAFE_FADD_ASSIGN_vec3_vec3(inout vec3 _ss_a, vec3 _ss_b) {
    vec3 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec3(0.1))) || any(greaterThanEqual(abs(_ss_n), vec3(16777215.0))) ? mix(mix(_ss_n, vec3(10.0), lessThan(abs(_ss_n), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_n), vec3(16777215.0))) : _ss_n;
    return _ss_a;
}

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_a >= _ss_b ? _ss_a % _ss_b : _ss_a;
}

vec3 SAFE_MAKE_IN_RANGE_vec3(vec3 _ss_a) {
    return any(lessThan(abs(_ss_a), vec3(0.1))) || any(greaterThanEqual(abs(_ss_a), vec3(16777215.0))) ? mix(mix(_ss_a, vec3(10.0), lessThan(abs(_ss_a), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_a), vec3(16777215.0))) : _ss_a;
}

void main() {
    bool var_3 = bool(gl_LocalInvocationID[0u]);
    uint var_6 = 0u - uint(var_3);
    var_3 = in_0_f1 >= var_6;
    SAFE_FADD_ASSIGN_vec3_vec3(out_1.out_1_f0[SAFE_INDEX_uint_uint(gl_WorkGroupID.x * 32u + gl_LocalInvocationIndex, 128u)][0], SAFE_MAKE_IN_RANGE_vec3(mix(10.0, out_1.out_1_f0[0u][1].b, var_3) * vec3(10.0)));
}
