#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uvec4 in_0_f0[3];
    uvec3 in_0_f1;
} in_0;
layout(std430, binding = 1) readonly buffer buf_in_1 {
    uvec2 in_1_f0;
} in_1;
layout(std430, binding = 2) buffer buf_out_0 {
    uint out_0_f0[2][1];
    uint out_0_f1[2];
    uint out_0_f2[2];
} out_0;

float glob_0;
const float glob_1 = -2422.0 - (true ? -1740.0 : 98.0);

void main() {
    ivec4 var_0 = ivec4(15, 2141822534, -2, -58) >> 18;
    int var_1 = 98 << uint(glob_0) ^ var_0[clamp(gl_GlobalInvocationID.gg[0], in_0.in_0_f1[0], 6u)];
    if (bool(var_0[abs(var_0[1])])) {
        return;
    }
    barrier();
    if (true) {
        out_0.out_0_f0[gl_WorkGroupID.x * 1u + gl_LocalInvocationIndex][0u] |= in_0.in_0_f0[(var_0.b | -697977528) & var_0.y % var_0.p][2u];
        vec2 var_2;
        float var_3 = var_2.s * var_2.x * var_2.yx.g - (var_2[1u] - var_2.rrrg[3u] - 2711.0);
    } else {
        if (false) {
            var_0.w++;
            int var_4 = -1;
            float var_5 = glob_0 * (true ? -61.0 : 2.0) * (glob_0 = clamp(49.0, 2979.0, glob_1));
            bvec4 var_6;
        } else {
            uvec3 var_7 = in_0.in_0_f0[0].rag - ~usubBorrow(gl_WorkGroupID.t, in_0.in_0_f1.rr[0], out_0.out_0_f0[gl_WorkGroupID.x * 1u + gl_LocalInvocationIndex][0u]);
            const vec3 var_8 = !true ? vec3(-14.0, -199.0, -5.0) * glob_1 : vec3(ivec2(21), glob_1);
            bvec4 var_9 = bvec4(false, false, false, false);
            var_7.xz -= usubBorrow(uvec2(bvec2(false, true)) ^ in_0.in_0_f1.x - in_0.in_0_f0[1].x, in_0.in_0_f0[0].aa - gl_NumWorkGroups.bg, var_7.zx);
        }
        bool var_10;
        const int var_11 = 33;
        const float var_12 = glob_1 * vec4(77.0).t;
    }
    var_0.psqt--;
    bool var_13 = bvec2(true).t != (gl_LocalInvocationIndex == 0u);
    barrier();
    barrier();
    do {
        var_0.yx -= var_0.rb;
        uint var_14 = uint(mix(21.0, glob_1, true)) % (gl_NumWorkGroups.ps[0] | in_0.in_0_f1.s);
        for (int for_var_0 = 5; for_var_0 > -5; for_var_0 = for_var_0 - 2) {
            uvec2 var_15 = in_0.in_0_f1.yy << ivec2(false, for_var_0);
            float var_16 = (float(4294967295u) + glob_1) * (bool(123u) ? -3516.0 : glob_0) - float(gl_LocalInvocationIndex);
        }
        float var_17 = glob_0;
    } while (true);
    out_0.out_0_f0[gl_WorkGroupID.x * 1u + gl_LocalInvocationIndex][(~var_0 & var_1).x] = bitfieldExtract(gl_GlobalInvocationID.ssp.s, var_1, var_0[0] >>= gl_LocalInvocationID.g);
    if (!false) {
        return;
    }
    float var_18 = float((false ? 1303856737 : 116) & -2091046458 + 83);
    int var_19 = 1113248440 % 8;
    barrier();
    out_0.out_0_f0[gl_WorkGroupID.x * 1u + gl_LocalInvocationIndex][var_1--] /= glob_0 >= glob_0 ^^ true ? in_0.in_0_f0[var_19][3u] : -(0u) ^ -(84u);
    var_13 = false;
    bool var_20 = var_13 || gl_LocalInvocationIndex % 4u == 3u;
    if (!(62u > 792374007u)) {
        if (var_13 || int(glob_1) < -1) {
            ++var_0.agrb;
        } else {
        }
    } else {
    }
    out_0.out_0_f0[gl_WorkGroupID.x * 1u + gl_LocalInvocationIndex][0] += gl_NumWorkGroups.t;
    out_0.out_0_f1[gl_WorkGroupID.x * 1u + gl_LocalInvocationIndex] = uint(var_19);
    out_0.out_0_f2[gl_WorkGroupID.x * 1u + gl_LocalInvocationIndex] = gl_LocalInvocationID.x | uint(var_20);
}
