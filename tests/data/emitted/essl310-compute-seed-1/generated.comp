#version 310 es
precision highp float;
precision highp int;
layout(local_size_x = 7, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    int in_0_f0;
    vec2 in_0_f1[1];
    uint in_0_f2;
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    vec3 out_0_f0[28];
    int out_0_f1[28];
};
shared int shared_0[7];

uint func_0(const int param_0, out int param_1) {
    param_1 = out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex];
    float var_0;
    const uint var_1 = 300549688u >> 14u;
    float var_2 = out_0_f0[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex][param_1 / param_1]--;
    return 1025534681u;
}

void main() {
    uint var_3 = uint((bvec4(true, false, false, false), 1822388159) << +out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex]);
    float var_4 = out_0_f0[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex].y;
    {
        shared_0[gl_LocalInvocationIndex] = (1870790287 >> 31u) % (in_0.in_0_f0 / 10) >> floatBitsToInt(in_0.in_0_f1[0][1]);
        barrier();
        out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex] = shared_0[(gl_LocalInvocationIndex + 5u) % 7u] ^ int(-in_0.in_0_f1[0u].t);
        barrier();
    }
    if (!all(bvec4(true, false, true, true))) {
        uint var_5 = +in_0.in_0_f2 << (out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex] &= -93 / in_0.in_0_f0);
        if (var_3 &= 56u, false) {
            out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex]--;
            do {
                var_3 *= gl_LocalInvocationIndex;
                bvec2 var_6;
                continue;
            } while (any(bvec4(true)));
            if (!(in_0.in_0_f0 + -28 > -2147483648)) {
                bool var_7 = false != ((gl_LocalInvocationID.x & 2u) != 0u) || bool(var_5);
            } else {
                ivec3 var_8 = ivec4(1).zwz;
                uvec4 var_9 = ((true ? gl_NumWorkGroups.xzxx : gl_NumWorkGroups.bbbg) & bitfieldExtract(gl_WorkGroupID[2], in_0.in_0_f0, 13)) << in_0.in_0_f0;
            }
            if (false) {
                func_0(in_0.in_0_f1[0].g >= 2107.0 ? in_0.in_0_f0 : -1504625248, out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex]);
                uint var_10 = ~(true ? ++var_5 : bitfieldReverse(gl_WorkGroupID.z));
            }
        } else {
            uint var_11;
            int var_12[2] = int[2](in_0.in_0_f0, in_0.in_0_f0 ^ in_0.in_0_f0);
            ivec2 var_13 = (in_0.in_0_f0 << 19) * (ivec2(-1439169647, -57) / 2);
            bool var_14 = 3622055786u != func_0(in_0.in_0_f0, var_13.g);
        }
    }
    if (gl_GlobalInvocationID.x % 4u == 2u) {
        if (bool(ceil(true ? in_0.in_0_f1[0][1] : -38.0))) {
            bool var_15 = false;
            return;
        } else {
            func_0(bitfieldReverse(max(0, out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex] &= in_0.in_0_f0)), out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex]);
        }
        int var_16 = in_0.in_0_f0;
        switch (4 + (bitfieldInsert(in_0.in_0_f0, -in_0.in_0_f0, in_0.in_0_f0 | 2, in_0.in_0_f0) & (in_0.in_0_f0 | 2) << in_0.in_0_f0) % 2) {
            default:
                {
                    out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex] %= min(var_16 = bitfieldExtract(73, in_0.in_0_f0, in_0.in_0_f0), var_16 = -2);
                    {
                        bool var_22 = bvec3(false, false, true) != bvec3(false);
                        out_0_f0[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex] = sign(var_4 = var_4) - out_0_f0[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex].pts;
                        if (gl_LocalInvocationID.x == 6u) {
                            return;
                        }
                        break;
                    }
                }
                break;
            case 4:
                {
                    bool var_17 = false;
                }
                break;
            case 5:
                {
                    bool var_18 = in_0.in_0_f0 % in_0.in_0_f0 < in_0.in_0_f0;
                    do {
                        uint var_19 = 4294967295u % ((1741126075u - in_0.in_0_f2) * (867270111u << in_0.in_0_f0));
                        if (true) {
                            break;
                        }
                        const int var_20 = 494715525 ^ -47 + 371512468;
                        const ivec4 var_21 = ivec4(1304588959, -1, 594567717, -2147483648);
                    } while (62u < 3635274813u);
                }
                break;
        }
    }
    do {
        const uint var_23 = 744384775u % 10u;
        if (all(bvec4(false, bvec2(false, true), true))) {
            break;
        }
        uint var_24;
    } while (true);
    func_0(findMSB(81 - out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex]) & out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex], out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex]);
    out_0_f0[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex] = +vec3(11.0, 998.0, 39.0);
    out_0_f1[gl_WorkGroupID.x * 7u + gl_LocalInvocationIndex] += in_0.in_0_f0 % 1;
}
