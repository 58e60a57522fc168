#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uint in_0_f0[4];
    uint in_0_f1[3];
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    vec2 out_0_f0[2];
    vec2 out_0_f1[1];
    vec4 out_0_f2[3];
};
layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f0;
    int out_1_f1;
    uvec2 out_1_f2[1];
    float out_1_f3[2];
} out_1;

const bvec3 glob_0 = bvec3(false, false, false);
const int glob_1 = -23 & (2021879396 | 1050196605);

void func_0() {
    int var_0 = glob_1 >> out_1.out_1_f1 % (87 * out_1.out_1_f1);
    out_0_f1[0].t *= ++out_1.out_1_f3[0];
    bvec4 var_1 = glob_0.gr.xyyy;
    const uint var_2 = (1174450247u >> 11u) + (3164784598u >> 14u);
}

uint func_1() {
    while (glob_0.b) {
        for (int for_var_0 = -6; for_var_0 > -10; for_var_0 = for_var_0 - 1) {
            out_1.out_1_f2[+out_1.out_1_f0].s /= in_0.in_0_f0[1];
            ivec4 var_3 = ivec4(1, -2, -1384633316, -1) >> out_1.out_1_f2[0u].tttt / uvec4(5u);
        }
    }
    int var_4;
    float var_5 = out_0_f0[1u].sst.s;
    while (false) {
        uint var_6;
        switch (out_1.out_1_f0 << var_6) {
            case -119:
                {
                    float var_7 = var_5;
                    switch (6u + (out_1.out_1_f0 < (-2 & 1782733023) ? bitfieldExtract(in_0.in_0_f0[0u], out_1.out_1_f1, 9) : out_1.out_1_f2[in_0.in_0_f1[0]][1]) % 3u) {
                        case 6u:
                            {
                                bool var_8 = max(-40, out_1.out_1_f0) <= floatBitsToInt(out_0_f1[0][1]) >> 11u;
                                break;
                            }
                        case 7u:
                            {
                            }
                        case 8u:
                            {
                            }
                    }
                }
                break;
            case -1164399748:
                {
                }
                break;
            case -25:
            case -2050856150:
            default:
                {
                }
        }
    }
    return in_0.in_0_f0[3u];
}

bvec4 func_2(inout vec4 param_0, uint param_1, inout int param_2) {
    if (bool(uaddCarry(param_1 <<= out_1.out_1_f2[0].g, func_1(), out_1.out_1_f2[0][1]))) {
        int var_9 = param_2;
    }
    bvec2 var_10[1] = bvec2[1](bvec2(true));
    out_0_f0[param_2].r = out_0_f0[var_10[0][0] ? out_1.out_1_f0 : glob_1][1] = param_0.a = float(out_1.out_1_f0);
    float var_11 = ceil(out_0_f0[1u].g * 510.0 * (out_0_f1[0u].r - -2450.0));
    return var_10[out_1.out_1_f0 ^= out_1.out_1_f1].rggg;
}

void main() {
    bool var_12 = glob_0[out_1.out_1_f1];
    const vec4 var_13 = +vec4(105.0, -86.0, 2229.0, -90.0) - -vec4(-236.0, 771.0, 1627.0, 2.0);
    uint var_14 = func_1();
    out_1.out_1_f2[out_1.out_1_f0++].x -= +((3718874726u << in_0.in_0_f1[1]) / usubBorrow(var_14, 3603475864u, var_14));
    func_0();
    const uint var_15[3] = uint[3](~1350123655u, 932462422u, 0u);
    bool var_16;
    do {
        uint var_17 = out_1.out_1_f2[0].yxxx[(out_1.out_1_f0 &= -2147483648) + int(var_12)];
        float var_18 = out_1.out_1_f3[out_1.out_1_f0];
        var_17 &= in_0.in_0_f1[2];
        for (int for_var_1 = 2; for_var_1 < 8; for_var_1 *= 2) {
            uint var_19 = func_1();
            break;
        }
    } while (var_16 ? var_12 : uvec3(out_1.out_1_f2[0].y, in_0.in_0_f1[2], var_14) == uvec3(17u));
    bool var_20 = glob_0.x;
    out_0_f0 = out_0_f0;
    uint var_21 = var_20 ? (var_12 = true) ? 4294967295u : in_0.in_0_f1[0u] : in_0.in_0_f0[2u] * ~out_1.out_1_f2[0][0];
    func_2(out_0_f2[--out_1.out_1_f0], (out_1.out_1_f2[0].t &= in_0.in_0_f1[1]) / 14u, out_1.out_1_f0);
    func_0();
    imulExtended(-1, (out_1.out_1_f1 - out_1.out_1_f0) % 12 * +(out_1.out_1_f0 >> 9), out_1.out_1_f1, out_1.out_1_f1);
    int var_22 = out_1.out_1_f1 + (102 & (out_1.out_1_f0 /= out_1.out_1_f0));
    ivec3 var_23 = ivec3(26) / out_1.out_1_f1 & (out_1.out_1_f1 ^ out_1.out_1_f0--);
    switch (int(-var_13[1u])) {
        case -2:
        default:
            {
                var_16 = 15.0 + 2966.0 - round(out_0_f1[0].g) != out_0_f2[1].s;
                for (uint for_var_2 = 2u; for_var_2 <= 15u; for_var_2 *= 2u) {
                    float var_24 = out_0_f0[out_1.out_1_f0][1] - -out_0_f0[1][0];
                    if (!(out_1.out_1_f2[0].sss != uvec3(1187759110u, 1002086297u, 2u))) {
                        ++var_24;
                        out_1.out_1_f2[++out_1.out_1_f1] |= out_1.out_1_f2[var_23[1] + (out_1.out_1_f0 - glob_1)];
                        uvec2 var_25 = out_1.out_1_f2[0u] ^ out_1.out_1_f2[0].gg;
                        ivec4 var_26 = var_23.brgg + (floatBitsToInt(out_0_f2[2][0]) | abs(glob_1));
                    }
                    const float var_27 = var_13[3];
                    if (++out_0_f2[0][0] - (72.0 + -1875.0) < out_0_f2[2][bitfieldExtract(354982703, 5, var_22)]) {
                        const float var_28 = var_27;
                    }
                }
            }
            break;
    }
    func_0();
    out_1.out_1_f3 = out_1.out_1_f3;
    if (any(glob_0)) {
        bool var_29 = true;
        float var_30;
        do {
            var_16 = all(bvec2(true, true));
            uint var_31 = (uint(89.0) + var_15[1]) / out_1.out_1_f2[var_22][0u];
        } while (var_14 >> 2 > ~var_21 << (out_1.out_1_f2[0][0] & 175212609u));
    }
    if (-(-(0)) >= (var_22 *= -var_23.b)) {
        for (int for_var_3 = 4; for_var_3 > 2; for_var_3 /= 2) {
        }
    } else {
    }
    out_0_f0 = vec2[2](out_0_f0[1u], -461.0 - vec2(2607.0, 4.0));
    out_0_f1[0] = (out_1.out_1_f3[1] *= out_1.out_1_f3[0]) + -(vec2(-6.0) - out_0_f1[0]);
    out_0_f2[2] += vec4(bool(out_1.out_1_f2[0].grgg.b * 101u));
    out_1.out_1_f0 = int(var_16);
    out_1.out_1_f1 = var_22;
    out_1.out_1_f2[0] = out_1.out_1_f2[0].ts;
    out_1.out_1_f3[0] += (glob_0[1] ? out_0_f0[0].r : var_13[0u]) < out_0_f1[0].y ? 1678.0 : out_0_f0[0][0u];
}
