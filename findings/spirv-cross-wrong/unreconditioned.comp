#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uvec4 in_0_f0[2];
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    int out_0_f1;
    int out_0_f2;
};

void main() {
    uvec3 var_1[1] = uvec3[1](in_0.in_0_f0[1].wzy);
    do {
        var_1[0].rg /= uvec2(0u);
    } while (0u <= 0u);
    bvec4 var_7 = bvec4(false);
    var_7.y = 3366770967u < var_1[0].z;
    bvec2 var_11 = var_7.qt;
    int var_14 = out_0_f1;
    int var_15 = out_0_f1;
    bvec2 var_17[4] = bvec2[4](var_11, bvec2(false), bvec2(false), bvec2(false));
    var_17[var_14] = greaterThan(floatBitsToUint(vec2(0.0)), var_1[var_14].tp);
    out_0_f2 = var_17[0].t ? var_15 : 0;
}
