#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    vec2 out_0_f1[1];
} out_0;

bool func_1() {
    do {
    } while (false);
    {
        return false;
    }
}

void main() {
    out_0.out_0_f1[0] = func_1() ? vec2(0.0) : 0.0 + vec2(0.0);
}
