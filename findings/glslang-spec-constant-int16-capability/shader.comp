#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_out_0 {
    uint r;
};

#ifdef VULKAN
layout(constant_id = 9) const uint spec_0 = 65837u;
#else
const uint spec_0 = 65837u;
#endif

void main() {
    r = uint(uint16_t(spec_0));
}
