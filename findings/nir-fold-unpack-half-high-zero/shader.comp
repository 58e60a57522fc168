#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    vec2 r;
};

void main() {
    r = unpackHalf2x16(1073757184u);
}
