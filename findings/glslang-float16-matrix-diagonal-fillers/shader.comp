#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer B {
    float x;
    float r;
};

void main() {
    r = float(f16mat2(float16_t(x))[0][0]);
}
