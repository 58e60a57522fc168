#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer B {
    int r;
    int t;
};

void main() {
    ivec2 v = ivec2(0);
    r = int64_t(v.x) >= 5l ? 1 : 2;
    t = int64_t(v.x) < 5l ? 1 : 2;
}
