#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    vec4 in_0_f0[3];
    vec4 in_0_f1;
    vec4 in_0_f2;
    uint in_0_f3;
};
layout(std430, binding = 1) buffer buf_out_0 {
    uint out_0_f0[4];
    float out_0_f1;
    ivec3 out_0_f2[4];
    int out_0_f3;
} out_0;

bool glob_0[1];

void main() {
    uvec3 var_0 = -(mix(uvec3(1139316279u), uvec3(1u), bvec3(true, false, true)) * (uvec3(3311898358u, 0u, 86u) ^ 59u));
    vec2 var_1 = vec2(float(var_0.z >= in_0_f3), in_0_f1.p);
    glob_0[0] = glob_0[out_0.out_0_f2[glob_0[0u] ? out_0.out_0_f2[0].y : out_0.out_0_f3][2]];
    bool var_2 = 56 <= -1596758276 ? glob_0[out_0.out_0_f3 + out_0.out_0_f2[3].ssp.s] = glob_0[0] : glob_0[0];
    const uint var_3 = 1u + uint(-67);
    out_0.out_0_f3 += out_0.out_0_f2[1][1] * (-2054790590 * -1348062467) / 4;
    const bvec2 var_4 = bvec2(true, true);
    umulExtended(var_0[1], -uint(bool(3949835125u)), out_0.out_0_f0[out_0.out_0_f2[out_0.out_0_f2[out_0.out_0_f3][out_0.out_0_f2[2].zzzx.x * out_0.out_0_f3]][0]], out_0.out_0_f0[out_0.out_0_f2[out_0.out_0_f2[2].br[0u] + (out_0.out_0_f3 << 26u)].p++]);
    switch (out_0.out_0_f2[2][out_0.out_0_f3] >> (glob_0[0] ? out_0.out_0_f3-- : -223140365)) {
        case 536722038:
            {
                const uvec2 var_5[2] = uvec2[2](uvec2(2992255252u) << ivec2(4), uvec2(2016441258u, 4294967295u) ^ uvec2(414749745u, 3665376600u));
                uvec3 var_6 = uvec3((var_5[1].gg % in_0_f3).x, var_5[1u]);
                umulExtended(var_6.stp, var_0.zxx, var_6, var_6.rbg);
                if (!glob_0[out_0.out_0_f2[1].s]) {
                    break;
                }
            }
        case 704373113:
            {
                int var_7 = out_0.out_0_f3;
                bool var_8 = (-1911.0 - in_0_f0[2][3]) * var_1.x <= min(in_0_f0[2][1] * var_1.r, out_0.out_0_f1 *= -3705.0);
                var_2 = bool(-(var_4.x ? 802826752 : 308721087));
            }
    }
    umulExtended(var_0.spt--, --var_0, var_0.xyz, var_0);
    uvec4 var_9[3] = uvec4[3](var_0.bbbb, var_0.rggg, var_0.tsts % uvec4(15u));
    if (++out_0.out_0_f3 <= out_0.out_0_f3) {
        switch (6u + uint(findLSB(-212696235)) % 2u) {
            default:
                {
                    if (all(bvec4(true, false, false, true))) {
                        return;
                    }
                }
                break;
            case 6u:
                {
                    vec4 var_10 = floor(var_1.tstt);
                    var_2 = var_2 = var_2;
                    do {
                        out_0.out_0_f1 += -1852.0 - (var_2 ? min(var_10.p, in_0_f1[0]) : 2294.0);
                        var_9[out_0.out_0_f3].g++;
                        uint var_11 = (out_0.out_0_f0[2] <<= var_0.p) ^ +(var_0[2] % var_0.r);
                    } while (max(+2u, ++var_9[2].w) >= uaddCarry(var_2 ? in_0_f3 : var_0.z, uvec3(3293365218u).p, out_0.out_0_f0[out_0.out_0_f3 | out_0.out_0_f3]));
                }
            case 7u:
                {
                    bvec4 var_12[3] = bvec4[3](bvec4(var_4.tss, var_4.x), var_4.grrr, var_4.rggr);
                    var_1.x = 76.0 + var_1.y * -(14.0);
                    while (in_0_f3 < var_3) {
                        int var_13 = (var_4.y ? out_0.out_0_f2[2u].tppt : floatBitsToInt(var_1.ssst)).p;
                        const uint var_14 = -var_3;
                    }
                    break;
                }
                break;
        }
        float var_15;
        return;
    } else {
        switch (int(true ? float(true) : var_1.xy.y * in_0_f1.rb.x)) {
            case -395906416:
                {
                    for (int for_var_0 = 3; for_var_0 <= 95; for_var_0 *= 2) {
                        const vec2 var_16 = vec2(-1534.0, -437.0) * vec2(-29.0, -122.0);
                    }
                    for (;; out_0.out_0_f3++) {
                        out_0.out_0_f0[max(-2092829982, out_0.out_0_f3) + out_0.out_0_f2[0u].t] <<= out_0.out_0_f0[out_0.out_0_f3 % 7];
                        if (glob_0[int(glob_0[0] ? in_0_f2.y : 35.0)]) {
                            break;
                        }
                    }
                    const vec3 var_17 = vec3(-2217.0, -54.0, 2901.0);
                }
                break;
            case 55:
                {
                    if (!glob_0[0u]) {
                        return;
                    }
                }
                break;
            case 50:
                break;
            default:
                {
                    const int var_18 = -379295652 * (16 + 550590777);
                    var_2 = (glob_0[0u] ? var_4.grrg : var_4.ssts).t;
                }
            case -57:
                {
                }
        }
        return;
    }
    out_0.out_0_f0 = uint[4](90u, var_3, out_0.out_0_f0[1] /= 14u, bitfieldExtract(in_0_f3, 9, 3));
    out_0.out_0_f1 += float(out_0.out_0_f3);
    out_0.out_0_f2[0] = ivec3(-121, 18, -62);
    out_0.out_0_f3 = out_0.out_0_f3 ^ clamp(out_0.out_0_f2[2][1], out_0.out_0_f3, ~out_0.out_0_f2[2][2]);
}
