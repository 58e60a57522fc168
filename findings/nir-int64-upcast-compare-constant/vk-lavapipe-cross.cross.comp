#version 450
#if defined(GL_ARB_gpu_shader_int64)
#extension GL_ARB_gpu_shader_int64 : require
#elif defined(GL_NV_gpu_shader5)
#extension GL_NV_gpu_shader5 : require
#else
#error No extension available for 64-bit integers.
#endif
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(binding = 0, std430) buffer B
{
    int r;
    int t;
} _14;

void main()
{
    ivec2 v = ivec2(0);
    _14.r = (int64_t(v.x) >= 5l) ? 1 : 2;
    _14.t = (int64_t(v.x) < 5l) ? 1 : 2;
}

