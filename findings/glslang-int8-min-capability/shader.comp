#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_io {
    uint8_t a;
    uint8_t b;
    uint r;
};

void main() {
    r = uint(min(a, b));
}
