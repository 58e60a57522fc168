#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    vec2 out_0_f0[1];
} out_0;
layout(std430, binding = 2) buffer buf_out_1 {
    uvec4 out_1_f2[1];
} out_1;

void func_0(out float param_0) {
    out_1.out_1_f2[0].bra = out_1.out_1_f2[0].agr;
}

int func_1() {
    func_0(out_0.out_0_f0[0 >> (out_1.out_1_f2[0u].q = 0u)].x);
}

void main() {
    if (func_1() == 0) {
    }
}
