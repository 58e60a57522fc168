#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_out_0 {
    uint r;
};

#ifdef VULKAN
layout(constant_id = 5) const int spec_0 = -52;
#else
const int spec_0 = -52;
#endif
const uint spec_1 = uint(spec_0);

void main() {
    r = uint(uint64_t(spec_1) >> 4u);
}
