#version 450

struct Struct_0 {
    float field_0;
    float field_1[3];
    float field_2;
    int field_3;
};

layout(location = 0) out uvec4 _color;

void fragment_body() {
    mat4 var_1 = mat4(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    var_1[Struct_0(0.0, float[3](0.0, 0.0, 0.0), 0.0, 0).field_3].tsp--;
}

void main() {
    fragment_body();
}
