#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    int out_0_f1;
} out_0;

bvec2 func_0() {
    vec4 param_1[1] = vec4[1](vec4(0.0));
    param_1[0].qt += vec4[1](vec4(0.0))[out_0.out_0_f1].t;
}

void main() {
    func_0();
}
