#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer B {
    int r;
};

int a = -2147483648;
int b = -1;

void main() {
    r = a == -2147483648 && b == -1 ? 7 : a / b;
}
