#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) coherent volatile buffer buf_0 {
    int r;
};

void main() {
    r = 7;
}
