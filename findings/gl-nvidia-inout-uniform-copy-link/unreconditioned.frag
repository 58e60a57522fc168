#version 450

layout(std140, binding = 0) uniform buf_in_0 {
    uvec4 in_0_f1[4];
    int in_0_f3;
};
layout(location = 0) out uvec4 _color;

void fragment_body() {
    uvec4 var_5[4] = in_0_f1;
    var_5[0u][0] <<= ivec2(0)[in_0_f3];
}

void main() {
    fragment_body();
}
