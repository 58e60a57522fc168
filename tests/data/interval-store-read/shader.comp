#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_out_0 {
    int i;
    vec2 r;
    vec2 a[3];
};

void main() {
    a[i][0] = 0.0;
    r += a[2];
}
