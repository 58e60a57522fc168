#version 310 es
precision highp float;
precision highp int;
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uint in_0_f0[1];
    uvec2 in_0_f1[4];
    uvec2 in_0_f2[2];
};
layout(std430, binding = 1) buffer buf_out_0 {
    int out_0_f0;
    int out_0_f1;
    int out_0_f2;
    int out_0_f3[3];
} out_0;

void main() {
    uvec3 var_0 = in_0_f1[0].sstt.bgr;
    int var_1[4] = int[4](-76, out_0.out_0_f2, out_0.out_0_f1, 4);
    uint var_2 = in_0_f2[1][0] | 94u;
    ivec3 var_3 = out_0.out_0_f3[0] & ivec3(30, 9, 39);
    ivec2 var_4 = out_0.out_0_f1 / ivec2(6);
    uint var_5 = var_0.rrr.p | in_0_f1[3].t;
    const bvec3 var_6[2] = bvec3[2](bvec3(false, false, false), bvec3(false));
    bool var_7 = in_0_f0[0] == in_0_f0[0];
    uint var_8 = var_6[0].x ? var_0.s : in_0_f2[0].g;
    bool var_9[4] = bool[4](true, false, var_7, var_7);
    out_0.out_0_f2 <<= 6 * var_3.zzyz.s;
    int var_10[1] = int[1](var_4.ss.t);
    const uint var_11 = 83u;
    bool var_12;
    var_4.t -= ivec4(77, -45, 126, 98).y;
    uint var_13 = uvec4(55u, 5u, 122u, 51u).t;
    var_12 = var_6[0].z;
    bvec4 var_14[2] = bvec4[2](var_6[0].zzxy, bvec4(true, false, true, true));
    if (var_8 < var_0.g) {
        int var_15 = 102 << var_2;
    }
    var_5 = -in_0_f2[1].sttt[1];
    uint var_16 = var_2 * var_13;
    const bool var_17 = var_6[0][2];
    uint var_18;
    int var_19 = var_1[2] | -113;
    uint var_20 = var_0.ts.t;
    ++var_0.ps;
    ivec2 var_21[1] = ivec2[1](ivec2(-96, 95));
    int var_22[1] = int[1](var_10[0]);
    var_10[var_21[0][1] & out_0.out_0_f2] *= var_21[0].g * out_0.out_0_f0;
    int var_23;
    ivec3 var_24 = var_21[0].yyx ^ -127;
    if (-26 < 46) {
        const ivec4 var_25 = ivec4(71, 78, 69, -34);
        var_12 = bvec4(true, true, false, false).s;
    } else {
        int var_26 = 45 / out_0.out_0_f1;
    }
    const bvec2 var_27 = var_6[1].pt;
    var_14[out_0.out_0_f3[2u]].rb = var_27;
    var_3[2] >>= 16u;
    bvec4 var_28 = bvec4(false, true, false, true);
    bool var_29 = var_12;
    var_24[1] |= -46 % var_10[0];
    var_12 = var_9[1];
    int var_30 = var_3.r / out_0.out_0_f3[1];
    out_0.out_0_f0 += var_22[0u] + -59;
    out_0.out_0_f1 = out_0.out_0_f2 & var_10[0];
    out_0.out_0_f2 += var_30;
    out_0.out_0_f3[1] = 80 * 104;
}
