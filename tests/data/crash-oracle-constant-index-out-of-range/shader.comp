#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer Out {
    int result[4];
};

void main() {
    int a[4] = int[4](1, 2, 3, 4);
    result[0] = a[2 + 3];
}
