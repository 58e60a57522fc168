#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    ivec4 out_0_f0[1];
};
layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f1;
};

int func_0() {
    if (out_1_f1 > 0) {
        return 0;
    } else {
        return 0;
    }
}

void main() {
    for (; bool(364872117); out_0_f0[func_0()].s %= 0) {
    }
}
