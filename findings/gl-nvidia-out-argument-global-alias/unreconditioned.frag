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

buf_out_1 out_1 = buf_out_1(0u, ivec4[2](ivec4(0, 0, -2068307667, 0), ivec4(0)), float[1](0.0));
Struct_1 glob_0 = Struct_1(vec4(0.0), bool[2](false, false), mat4x2(0.0));

Struct_1 func_0(out Struct_1 param_2) {
    out_1.out_1_f1[int(glob_0.field_5[0])].b /= 0;
}

void fragment_body() {
    if (func_0(glob_0).field_5[0]) {
    }
}

void main() {
    fragment_body();
    _color = uvec4(0u, 0u, 0u, uint(out_1.out_1_f1[0].z));
}
