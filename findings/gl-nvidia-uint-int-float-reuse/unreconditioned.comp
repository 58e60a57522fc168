#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_out_0 {
    uint u;
    float a;
    float b;
};

void main() {
    a = float(u);
    b = float(int(u));
}
