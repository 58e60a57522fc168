#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    int in_0_f0;
    uvec4 in_0_f1[2];
    uint in_0_f2[3];
    int in_0_f3;
};
layout(std430, binding = 1) readonly buffer buf_in_1 {
    uint in_1_f0;
};
layout(std430, binding = 2) buffer buf_out_0 {
    uint out_0_f0[3];
    int out_0_f1;
    int out_0_f2;
} out_0;
layout(std430, binding = 3) buffer buf_out_1 {
    uint out_1_f0;
    uint out_1_f1;
};

const uint glob_0 = 302003797u;
ivec4 glob_1;

vec3 func_0(vec2 param_0, int param_1, float param_2[2]) {
    out_1_f1 *= out_1_f0 = uint(in_0_f0) | glob_0;
    imulExtended(findMSB(in_0_f1[1u].wwy), (glob_1.wyz >> in_0_f1[0].yy.xxx) + 1469203853 | -992264501 - (glob_1.tsq /= ivec3(13), in_0_f0), glob_1.tpq, glob_1.wyx);
    return false ? param_0.xyy + vec3(-299.0, 95.0, -2.0) - (param_0.grg + param_0.ggr) : param_0.xyx;
}

bool func_1(float param_3, vec4 param_4, bool param_5) {
    for (int for_var_0 = 4; for_var_0 >= 2; for_var_0 /= 2) {
        param_4.ts *= param_4.r = -2403.0;
        param_4.br = param_4.zx - param_3;
    }
    out_0.out_0_f0[1] %= out_1_f0 ^= in_0_f2[0u] - (out_1_f1 *= 991070984u);
    if (param_5 || bool(glob_1[0u])) {
        return param_5;
    }
    return param_5;
}

void func_2(int param_6, inout float param_7, ivec3 param_8) {
    do {
        ++param_7;
    } while (true);
    param_7 += param_7 += -535.0;
    do {
        bool var_0[2] = bool[2](bool(4204946902u), -41.0 < -25.0);
    } while (param_6 / glob_1[2] == int(true));
    if (any(bvec4(false, true, true, false))) {
        float var_1 = clamp(3645.0, param_7, param_7) - vec4(3817.0, 66.0, 3568.0, 3990.0).a;
    }
}

void main() {
    bvec3 var_2[1] = bvec3[1](bvec3(true, true, true));
    const uvec3 var_3 = uvec3(1733801369u);
    bool var_4 = all(var_2[out_0.out_0_f1].xzzz);
    int var_5 = 73 >> (var_4 ? clamp(out_1_f0, 2693392039u, in_0_f1[0].g) : var_4 ? var_3.t : 2u);
    do {
        bool var_6 = (var_2[0].rrbg.tq.t ? false && var_2[0u].zz[0] : !var_4) ? var_2[glob_1.r / in_0_f3].r : uvec4(1u) == in_0_f1[0];
        if (!(var_2[0].p || true) || func_1(var_4 ? -19.0 : 85.0, vec4(-291.0, -31.0, -956.0, -111.0) - vec4(263.0), mix(var_6, var_4, var_6))) {
            if (var_4) {
                uint var_7 = 4046089041u;
                bool var_8 = var_6 = bool(glob_1.st.y);
                bool var_9;
                var_2[0] = var_2[var_5];
                continue;
            } else {
                const ivec3 var_10 = bvec2(true, false) != bvec2(true, false) ? ivec3(-1249190357) : ivec3(-854101987);
            }
            if (var_2[int(var_4) >> (out_0.out_0_f1 ^ out_0.out_0_f2)][1] = 0u <= glob_0) {
                if (bool(-588.0)) {
                    break;
                }
                ++out_1_f1;
            } else {
                glob_1.ag += (findLSB(glob_0) & (var_5 &= out_0.out_0_f1)) % in_0_f3;
                uint var_11 = uint(var_4) + ((out_1_f1 | 4094149058u) ^ in_0_f2[2u]);
                ivec4 var_12;
                out_1_f1 *= var_2[0][0u] ? in_0_f1[0].q : 1212285674u;
            }
            for (int for_var_1 = 3; 2187 > for_var_1; for_var_1 *= 3) {
                func_1(ceil(-4087.0) - +586.0, vec4(1063.0), (var_4 ? var_4 : var_6 ? true : var_6) ? var_4 : vec4(-7.0, 55.0, -1181.0, -3191.0).t < (var_5 >>= 21u, 2284.0));
                if (!var_2[0].y ^^ var_2[0][2] ? floatBitsToUint(2497.0) <= in_0_f1[1][1] >> out_1_f1 : all(false ? bvec2(false, true) : var_2[0].ts)) {
                    continue;
                }
                bvec2 var_13;
                float var_14[3] = float[3](-118.0 * 92.0, var_2[0u][0u] ? -2653.0 : -3425.0, -3661.0);
                continue;
            }
            uint var_15[1] = uint[1](floatBitsToUint(-1024.0));
        } else {
            const int var_16 = ivec3(513918966, 953910729, 1).x << 9;
            out_1_f0 %= 15u;
        }
        for (;;) {
            for (var_2[0].yz = var_2[0].pp; var_4; out_0.out_0_f1 *= clamp(1, ~out_0.out_0_f2, var_6 ? -2147483648 + -44 : in_0_f0)) {
                uvec4 var_17 = (1578787042u ^ in_0_f1[1].zwxz) << in_0_f1[1];
            }
            bvec3 var_18[4] = bvec3[4](var_2[0], var_2[0], bvec3(false, true, true), var_2[0]);
            uint var_19 = uint(var_18[3].p);
            if (bool(var_2[0u][0] ? floor(-787.0) : -3173.0)) {
                break;
            }
            switch (5u + min(uaddCarry(in_0_f1[0u].g, uvec4(4196496259u, 3889550409u, 3235985120u, 1601056653u).g, out_0.out_0_f0[1]), -uint(var_6)) % 4u) {
                case 5u:
                    {
                        if (var_18[(var_6 = true) ? 2147483647 : 2 >> 29][0]) {
                            continue;
                        }
                    }
                case 6u:
                    {
                        bool var_20 = var_2[0].pss.s;
                        var_19 -= out_0.out_0_f0[2u] % uint(var_18[0][1]) * -out_1_f0;
                    }
                default:
                    {
                        bvec3 var_25[3] = bvec3[3](bvec3(vec3(1341.0, -1549.0, -3082.0)), bvec3(false, false, false), mix(var_18[2], bvec3(false), var_2[0]));
                    }
                    break;
                case 7u:
                    {
                        bvec2 var_21 = bvec2(var_3[0] < 120u).gr;
                        int var_22;
                        if (var_2[0u].z = bool(-3805.0)) {
                            break;
                        }
                        return;
                    }
                    break;
                case 8u:
                    {
                        bool var_23 = any(var_2[0].tp);
                        const int var_24 = 753922339 * +(-101);
                        var_5 = min(glob_1, ivec4(out_0.out_0_f1, ivec2(175174795, -1697762163), out_0.out_0_f1)).z;
                    }
                    break;
            }
        }
    } while (glob_1.brga *= -(glob_1 >> 16), greaterThan(vec2(-18.0), vec2(-49.0)).r);
    out_0.out_0_f0[0] = out_1_f0;
    out_0.out_0_f1 = out_0.out_0_f2;
    out_0.out_0_f2 = in_0_f3;
    out_1_f0 = 103u + --out_1_f0;
    out_1_f1 = var_3.stss.t;
}
