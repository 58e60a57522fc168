#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int8 : require
#extension GL_EXT_shader_8bit_storage : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_0 {
    int8_t r;
};

#ifdef VULKAN
layout(constant_id = 9) const int spec_0 = 38;
#else
const int spec_0 = 38;
#endif

void main() {
    r = int8_t(spec_0);
}
