#version 450

struct Struct_0 {
    float field_0;
    float field_1[3];
    float field_2;
    int field_3;
};

layout(location = 0) out uvec4 _color;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

vec3 SAFE_POST_DEC_vec3(inout vec3 _ss_a) {
    vec3 _ss_old = _ss_a;
    vec3 _ss_n = _ss_a - 1.0;
    _ss_a = any(lessThan(abs(_ss_n), vec3(0.1))) || any(greaterThanEqual(abs(_ss_n), vec3(16777215.0))) ? mix(mix(_ss_n, vec3(10.0), lessThan(abs(_ss_n), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_n), vec3(16777215.0))) : _ss_n;
    return _ss_old;
}

void fragment_body() {
    mat4 var_1 = mat4(10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0);
    SAFE_POST_DEC_vec3(var_1[SAFE_INDEX_int_int(Struct_0(10.0, float[3](10.0, 10.0, 10.0), 10.0, 0).field_3, 4)].tsp);
}

void main() {
    _color = uvec4(1u);
    fragment_body();
}
