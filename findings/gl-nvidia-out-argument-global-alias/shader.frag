#version 450

struct Struct_0 {
    uvec4 field_0;
    int field_1;
    uint field_2;
    uint field_3[4];
};

struct Struct_1 {
    vec4 field_4;
    bool field_5[2];
    mat4x2 field_6;
};

struct buf_out_0 {
    float out_0_f0;
    vec3 out_0_f1;
    Struct_0 out_0_f2[2];
};

struct buf_out_1 {
    uint out_1_f0;
    ivec4 out_1_f1[2];
    float out_1_f2[1];
};

layout(location = 0) out uvec4 _color;

buf_out_1 out_1 = buf_out_1(0u, ivec4[2](ivec4(0, 0, -2068307667, 0), ivec4(0)), float[1](10.0));
Struct_1 glob_0 = Struct_1(vec4(1.0), bool[2](true, true), mat4x2(vec2(1.0), vec2(1.0), vec2(1.0), vec2(1.0)));

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

mat4x2 SAFE_MAKE_IN_RANGE_mat4x2(mat4x2 _ss_a) {
    if (any(lessThan(abs(_ss_a[0]), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a[0]), vec2(16777215.0))) || (any(lessThan(abs(_ss_a[1]), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a[1]), vec2(16777215.0)))) || (any(lessThan(abs(_ss_a[2]), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a[2]), vec2(16777215.0)))) || (any(lessThan(abs(_ss_a[3]), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a[3]), vec2(16777215.0))))) {
        return mat4x2(mix(mix(_ss_a[0], vec2(10.0), lessThan(abs(_ss_a[0]), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a[0]), vec2(16777215.0))), mix(mix(_ss_a[1], vec2(10.0), lessThan(abs(_ss_a[1]), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a[1]), vec2(16777215.0))), mix(mix(_ss_a[2], vec2(10.0), lessThan(abs(_ss_a[2]), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a[2]), vec2(16777215.0))), mix(mix(_ss_a[3], vec2(10.0), lessThan(abs(_ss_a[3]), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a[3]), vec2(16777215.0))));
    } else {
        return _ss_a;
    }
}

Struct_1 func_0(out Struct_1 param_2) {
    param_2 = Struct_1(vec4(1.0), bool[2](true, true), mat4x2(vec2(1.0), vec2(1.0), vec2(1.0), vec2(1.0)));
    SAFE_DIV_ASSIGN_int_int(out_1.out_1_f1[SAFE_INDEX_int_int(int(glob_0.field_5[0]), 2)].b, 0);
    return Struct_1(vec4(1.0), bool[2](true, true), mat4x2(vec2(1.0), vec2(1.0), vec2(1.0), vec2(1.0)));
}

void fragment_body() {
    if (func_0(glob_0).field_5[0]) {
    }
}

void main() {
    glob_0 = Struct_1(vec4(10.0), bool[2](false, false), SAFE_MAKE_IN_RANGE_mat4x2(mat4x2(10.0)));
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4(0u, 0u, 0u, uint(out_1.out_1_f1[0].z));
}
