#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    vec3 in_0_f0;
    int in_0_f1;
    float in_0_f2;
    int in_0_f3[1];
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    uint out_0_f0;
    int out_0_f1;
    int out_0_f2;
    int out_0_f3;
};

bvec2 glob_0 = bvec2(false, true);
vec2 glob_1;

bool func_0(float param_0, bool param_1) {
    out_0_f2 *= param_1 ? 85 : int(param_1) / 3;
    out_0_f2 >>= out_0_f1 *= out_0_f1;
    return bool(2010211003u);
}

bvec2 func_1(int param_2, out float param_3, ivec3 param_4) {
    param_3 = param_3;
    uint var_0 = floatBitsToUint(param_3++) & 2372054252u;
    glob_0.y = 3179.0 * param_3 + glob_1.t <= +(-53.0 - param_3);
    var_0 -= 117u * out_0_f0;
    for (int for_var_0 = 5; for_var_0 <= 13; for_var_0 = for_var_0 + 3) {
        int var_1 = ((param_4[1] ^= param_4.t) % param_4.pst).p;
        vec3 var_2 = 3299.0 * 1466.0 + round(in_0.in_0_f0) + +in_0.in_0_f0.b;
        var_0--;
        switch (6u + uvec2(4294967295u).r % 1u) {
            case 6u:
                {
                    const uvec2 var_3[1] = uvec2[1](uvec2(1794245371u));
                    switch (2 + ((glob_0[out_0_f3] = glob_0.tsss.a) ? param_4.g &= clamp(in_0.in_0_f3[0], var_1, param_2) : ~floatBitsToInt(in_0.in_0_f0[0u])) % 4) {
                        case 2:
                            {
                                float var_4;
                                int var_5;
                            }
                            break;
                        case 3:
                            {
                            }
                            break;
                        case 4:
                            {
                            }
                            break;
                        case 5:
                            {
                            }
                        default:
                            {
                            }
                            break;
                    }
                }
        }
    }
    return glob_0;
}

void main() {
    int var_6 = int(out_0_f0);
    bool var_7 = glob_0 == glob_0;
    uvec3 var_8[2] = uvec3[2](uvec3(3725095868u), uvec3(67u, 3905508110u, 115u));
    const bvec3 var_9[4] = bvec3[4](bvec3(false, false, false), bvec3(false, true, false), bvec3(false, false, true), bvec3(false));
    glob_0[0] = glob_0[out_0_f2 /= -2 + out_0_f3];
    switch (4u + min(out_0_f0, 69u % (73u | out_0_f0)) % 1u) {
        case 4u:
            {
                var_8[0].yxz -= var_8[0] >> (var_8[0u].bgr = var_8[0]);
                bool var_10 = true ^^ var_7;
                if (any(glob_0.ssts)) {
                    vec3 var_11 = mix(glob_1.tts, vec3(31.0, 80.0, -1987.0), var_9[0]);
                    bool var_12;
                    out_0_f0 ^= max(var_8[1u][0], uint(-17));
                    while (in_0.in_0_f2 <= in_0.in_0_f0.x ? true : !(var_9[0].g && false)) {
                        if (all(bvec2(false || false, true))) {
                            break;
                        }
                        var_11[-1138157177 + -(-102 & in_0.in_0_f3[0])] *= roundEven(vec4(-1676.0, glob_1[1], vec2(-114.0, 199.0))).w;
                        bvec4 var_13 = bvec4(false, false, false, false);
                        var_10 = (var_10 ? uint(-320.0) : bitfieldInsert(out_0_f0, var_8[1u].pts.z, in_0.in_0_f1, in_0.in_0_f3[0])) >= uaddCarry(out_0_f0, uint(in_0.in_0_f0[0]), out_0_f0);
                        var_8[1].x -= uint(40.0 * glob_1.xx.g);
                    }
                }
            }
    }
    bvec4 var_14 = bvec4(true);
    bool var_15 = uvec3(957486205u, 79u, 89u) == uvec3(19u, 0u, 3032471461u) >> 28u && (func_0(in_0.in_0_f0.x, var_9[3].r) && var_7);
    int var_16[1] = int[1](var_6 *= var_6);
    if (all(lessThan(var_8[1u].bb, var_8[0].bb >> ivec2(4)))) {
        {
            for (uint for_var_1 = 4374u; for_var_1 > 2u; for_var_1 /= 3u) {
                glob_0.y = greaterThanEqual(ivec2(-41), ivec2(-2, -691825135)).xxyx.b;
                glob_0.gr = bvec2(false);
                if (mix(bool(+out_0_f0), (var_16[in_0.in_0_f3[0] | in_0.in_0_f3[0]] += out_0_f3, bvec2(false).y), out_0_f3 >> out_0_f1 < in_0.in_0_f1)) {
                    break;
                }
            }
            const ivec3 var_17 = ivec3(1229005670, 1180191357, 2147483647);
            var_16[0] /= var_16[0] >>= 7;
            var_16 = var_16;
        }
    }
    --out_0_f0;
    do {
        if (-(in_0.in_0_f0.tppp - -2704.0) != vec4(-1370.0, -1219.0, 3673.0, -55.0)) {
            {
                var_6 >>= bitfieldExtract(in_0.in_0_f1, bool(4294967295u) ? int(in_0.in_0_f2) : var_16[0], out_0_f3 ^ -104);
            }
            var_8[0] -= out_0_f0;
        } else {
            out_0_f0 = out_0_f0;
            umulExtended(var_8[(var_8[0][1] <<= out_0_f3) + +out_0_f0].pt, +out_0_f0 * uvec2(4043285259u, 97u), var_8[in_0.in_0_f3[-in_0.in_0_f3[0]] & (in_0.in_0_f3[0] | -586144833)].sp, var_8[in_0.in_0_f3[var_16[0]]].zy);
            uint var_18 = out_0_f0;
        }
        bvec4 var_19;
    } while (var_6 / (108 / var_16[0]) > out_0_f3);
    glob_1[(ivec4(1577514000) % out_0_f2).s]--;
    bvec2 var_20 = bvec2(true, true);
    const vec4 var_21 = vec4(139.0, -121.0, 3972.0, -3217.0);
    const ivec2 var_22 = ivec2(-101);
    uint var_23 = uint(var_20.g) ^ var_8[0][2] + -var_8[0u].b;
    out_0_f0 = -(var_8[0u].s / 13u);
    out_0_f1 = bitfieldInsert(bitfieldExtract(var_6, var_16[0], in_0.in_0_f1), ++out_0_f2, out_0_f3, bitfieldInsert(1, var_22[1], out_0_f2, 989464221 / in_0.in_0_f1));
    out_0_f2 += ivec3(-83).g & var_6;
    out_0_f3 = in_0.in_0_f3[0];
}
