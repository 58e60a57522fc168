#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require

layout(location = 0) out uvec4 _color;

int8_t v = int8_t(-1);

void main() {
    int b = int(v);
    _color = uvec4(uint(b == -1 ? 0 : -2147483648 / b));
}
