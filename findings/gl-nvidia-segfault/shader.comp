#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    int out_0_f1;
} out_0;

vec2 SAFE_FADD_ASSIGN_vec2_float(inout vec2 _ss_a, float _ss_b) {
    vec2 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

bvec2 func_0() {
    vec4 param_1[1] = vec4[1](vec4(10.0));
    SAFE_FADD_ASSIGN_vec2_float(param_1[0].qt, vec4[1](vec4(10.0))[SAFE_INDEX_int_int(out_0.out_0_f1, 1)].t);
    return bvec2(true);
}

void main() {
    func_0();
}
