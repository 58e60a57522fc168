#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uvec4 in_0_f0[2];
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    float out_0_f0;
    int out_0_f1;
    int out_0_f2;
    ivec3 out_0_f3[3];
};

uint glob_0[1];

uint func_0(inout uvec2 param_0, const bvec3 param_1) {
    vec2 var_0[1] = vec2[1](vec2(-3516.0));
    return param_0.g * (false ? in_0.in_0_f0[1u][3] : param_0[0]) - in_0.in_0_f0[0].s;
}

void main() {
    uvec3 var_1[1] = uvec3[1](in_0.in_0_f0[1].wzy);
    uint var_2 = uint(98);
    func_0(var_1[0].xy, lessThanEqual(uvec3(2777609055u), var_1[0]));
    do {
        bool var_3;
        ivec2 var_4 = 1921499566 % 14 + ivec2(uvec2(932529087u, 993996889u) * var_1[0].tp);
        glob_0[out_0_f3[1].x ^ var_4[0] << in_0.in_0_f0[1][3u] & +out_0_f1] ^= uvec4(1u, 73u, 1u, 14u).x | uint(out_0_f0);
        var_1[0].rg /= var_2 % (var_1[0].gb >> uvec2(5u) >> in_0.in_0_f0[1u].qs);
        continue;
    } while (func_0(var_1[0].ts, bvec3(false, false, false)) <= (true ? glob_0[0] : 3974762012u) - (glob_0[0u] & 2813375321u));
    for (var_2 >>= out_0_f1-- + (99 + int(true)); true; out_0_f1 |= int(out_0_f0 * floor(out_0_f0))) {
        bvec4 var_5 = bvec4(true, false, false, false);
    }
    float var_6 = out_0_f0 += -48.0;
    bvec4 var_7 = bvec4(false, false, false, true);
    if (true) {
        uint var_8 = var_2;
    } else {
        out_0_f3[out_0_f3[0].pt[var_7.tpqq == var_7 ? 47 ^ -1418085466 : out_0_f1]] >>= out_0_f3[1u];
    }
    var_7.y = (var_7.t = false) && (var_7[0u] ? true : var_7.y) || max(3366770967u, var_2) < bitfieldReverse(var_1[0].z);
    out_0_f1 -= ++out_0_f2;
    uvec2 var_9[4] = uvec2[4](846503671u ^ uvec2(385171866u, 2176993722u), uvec4(0u).yw, var_1[0].gr++, in_0.in_0_f0[0].gg);
    if (var_6 > var_6) {
        const float var_10 = -(3925.0) - (-9.0 - 235.0);
        return;
    }
    out_0_f3[int(all(var_7.wwx))].gr &= out_0_f3[0].gg;
    bvec2 var_11 = var_7.qt;
    switch (var_9[out_0_f3[out_0_f1].t] <<= ivec2(7), false ? var_9[1].y << out_0_f3[0].x : 568661994u >> var_9[2u].gr.y) {
    }
    float var_12[3];
    switch (sign(out_0_f1)) {
    }
    uint var_13 = var_9[var_1[0].g / 3u].y -= var_2;
    int var_14 = out_0_f2 + ++out_0_f3[2].y;
    int var_15 = (out_0_f3[1].rg *= var_14 * 2).s;
    bool var_16[2] = bool[2](out_0_f3[1][0] < 2, false);
    glob_0 = glob_0;
    bvec2 var_17[4] = bvec2[4](var_11, var_11.rrg.yz, var_11, var_11);
    switch (var_15) {
        case -49778531:
            {
                uvec2 var_18 = (uvec4(1786046188u, 2u, 348193701u, 2360922667u) & var_9[0][1u]).tt << (any(var_17[1]) ? ~ivec2(0, -392750850) : out_0_f2 - out_0_f3[1u].rg);
                var_16[out_0_f3[out_0_f3[0].g].s] = var_11[(-91 << out_0_f3[1].pttp.x) - 0 / out_0_f1];
                uint var_19 = -(var_2 &= var_2);
            }
            break;
        case 427229013:
            {
                do {
                    var_7.w = var_11 == bvec2(true, false);
                    var_1[var_15 << func_0(var_1[var_14].zx, var_17[3u].sts)].z *= var_2;
                    continue;
                } while (true && var_11.g);
            }
            break;
        case -1582150792:
            {
                if (bool(var_6 -= var_6)) {
                    bool var_20;
                    var_17[var_14] = greaterThan(mix(floatBitsToUint(vec2(-17.0, -71.0)), var_9[3], bvec2(true, false)), var_1[var_14].tp);
                    for (int for_var_0 = 1; for_var_0 <= 728; for_var_0 *= 3) {
                    }
                }
            }
            break;
        case 76:
            {
            }
        default:
            {
            }
    }
    out_0_f0 = out_0_f0;
    out_0_f1 += var_14 /= out_0_f3[out_0_f3[1].r][2u];
    out_0_f2 = var_17[true ? out_0_f2 : out_0_f1].t ? bitfieldReverse(var_15) % out_0_f1 : 1913720727;
    out_0_f3[2] += out_0_f3[1] + ivec3(1975932409, 121, -7).z;
}
