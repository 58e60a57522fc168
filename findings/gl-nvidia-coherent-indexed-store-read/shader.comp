#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    int in_0_f2;
};
layout(std430, binding = 1) coherent buffer buf_out_0 {
    vec2 out_0_f0;
    vec2 out_0_f2[3];
} out_0;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

vec2 SAFE_IV_ADD_ASSIGN_vec2_vec2(inout vec2 _ss_a, vec2 _ss_b) {
    _ss_a = clamp(_ss_a + _ss_b, -10000.0, 10000.0);
    return _ss_a;
}

float SAFE_IV_DOT_vec4_vec4(vec4 _ss_a, vec4 _ss_b) {
    return clamp(dot(_ss_a, _ss_b), -10000.0, 10000.0);
}

void main() {
    vec2 _ss_copy0 = vec2(1.0);
    out_0.out_0_f2[SAFE_INDEX_int_int(867608260 | in_0_f2, 3)][0] = SAFE_IV_DOT_vec4_vec4(vec4(out_0.out_0_f2[2].xxyx), vec4(0.0));
    _ss_copy0 = out_0.out_0_f0;
    SAFE_IV_ADD_ASSIGN_vec2_vec2(_ss_copy0, vec2(out_0.out_0_f2[2]));
    out_0.out_0_f0 = _ss_copy0;
}
