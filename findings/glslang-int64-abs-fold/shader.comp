#version 450
#extension GL_ARB_gpu_shader_int64 : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_out_0 {
    int r;
};

void main() {
    r = int(abs(-7l));
}
