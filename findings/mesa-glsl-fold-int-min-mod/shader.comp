#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_out_0 {
    int out_0_f0;
};

int a = -2147483648;
int b = -1;

int f(int x, int y) {
    return x < 0 || y <= 0 ? 1 : x % y;
}

void main() {
    out_0_f0 = f(a, b);
}
