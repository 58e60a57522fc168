#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    int in_0_f0;
};
layout(std430, binding = 1) buffer buf_out_0 {
    uvec4 out_0_f0;
    ivec2 out_0_f1;
    uvec2 out_0_f2;
};

void main() {
    int var_0 = in_0_f0;
    bool var_1 = true;
    uint var_2;
    const int var_3 = -99;
    int var_5 = int(var_1);
    bvec3 var_7 = bvec3(var_1, bvec2(true, true));
    uvec4 var_11 = out_0_f0.sqtp >>= out_0_f0;
    bool var_12 = var_1;
    for (var_7.s = out_0_f2.yxxx != uvec4(91u); all(var_7 = var_7); out_0_f1[0] %= 8) {
    }
    for (int for_var_6 = 9; 1 < for_var_6; for_var_6 /= 3) {
        return;
    }
    int var_17 = findMSB(out_0_f2.g);
    out_0_f1 = ivec2(2107437424);
}
