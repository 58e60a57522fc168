#version 310 es
precision highp float;
precision highp int;

struct buf_out_0 {
    ivec2 out_0_f0;
    uint out_0_f1[3];
};

struct buf_out_1 {
    int out_1_f0;
    uint out_1_f1;
    uint out_1_f2[4];
};

layout(std140, binding = 0) uniform buf_in_0 {
    vec2 in_0_f0[1];
} in_0;
layout(location = 0) flat in uint vary_0;
layout(location = 1) flat in float vary_1;
layout(location = 2) flat in uint vary_2;
layout(location = 3) flat in uvec2 vary_3;
layout(location = 0) out uvec4 _color;

buf_out_0 out_0 = buf_out_0(ivec2(-84, 70), uint[3](1u, 4294967295u, 22u));
buf_out_1 out_1 = buf_out_1(4, 348216465u, uint[4](2958591403u, 120u, 37u, 0u));
const ivec3 glob_0 = 0 + ivec3(-1380651503) << 20u;

ivec3 func_0() {
    if (vary_2 < (-vary_3.ss.yxy).s) {
        out_0.out_0_f0.s &= (glob_0.p + glob_0.br[1]) / 16 % 13;
        const vec3 var_0 = vec3(85.0, vec2(2003.0)) - vec3(-3.0);
        vec3 var_1[1] = vec3[1](vec3(51.0, -1961.0, -686.0) - in_0.in_0_f0[0].s);
    }
    uint var_2 = out_1.out_1_f2[bitfieldReverse(false ? out_1.out_1_f2[3] : out_0.out_0_f1[2])];
    for (int for_var_0 = int(uint(gl_FragCoord.x) % 3u); for_var_0 < 3; ++for_var_0) {
        for (;;) {
            if (all(bvec2(false, false))) {
                bvec4 var_3 = equal(out_0.out_0_f0.rgrr, (-1316825059 | out_0.out_0_f0.xyxx) * out_0.out_0_f0.stst);
            }
            bvec4 var_4[3] = bvec4[3](bvec4(true, false, false, true), bvec4(false, false, true, false), bvec4(vary_0));
            if (true != (uvec2(0u).rr != vary_3)) {
                break;
            }
            for (int for_var_1 = 3; 728 >= for_var_1; for_var_1 *= 3) {
                uint var_5[4] = uint[4](2963614508u, ~vary_2, 2u % vary_0, vary_2);
            }
        }
    }
    return abs(out_0.out_0_f0.yyx);
}

float func_1(out uint param_0, bool param_1, out ivec4 param_2) {
    param_0 = out_1.out_1_f1;
    param_2 = glob_0.zyzy << usubBorrow(vary_0, vary_3.yx[0], out_0.out_0_f1[out_0.out_0_f0[0] >> out_1.out_1_f0]);
    out_1.out_1_f2[0] ^= param_0;
    int var_6 = -1391480324;
    return ceil(vary_1 - vary_1) - roundEven(-3353.0);
}

void fragment_body() {
    bvec2 var_7 = bvec2(in_0.in_0_f0[0u].s + in_0.in_0_f0[0].g >= vary_1);
    float var_8;
    vec4 var_9 = (in_0.in_0_f0[0u].gggr - in_0.in_0_f0[0].rrgr).s * vec4(-2277.0);
    int var_10 = out_1.out_1_f0 /= -glob_0.tt[0] * out_1.out_1_f0;
    var_8 = dot(var_8 - vec3(-2912.0, 1508.0, -2547.0), in_0.in_0_f0[0].ggg * in_0.in_0_f0[0].ttt) - (var_9.a - 1042.0 * -2196.0);
    for (uint for_var_2 = 0u; for_var_2 < uint(gl_FragCoord.y) % 4u + 1u; for_var_2++) {
        while (var_7.sst.s) {
            bool var_11;
            uvec4 var_12;
        }
    }
    uint var_13 = 438064419u % usubBorrow(4294967295u, 1u, out_1.out_1_f1) % (out_0.out_0_f1[1] /= 16u);
    for (int for_var_3 = 6; for_var_3 <= 17; for_var_3 += 4) {
        switch (~bitfieldReverse(bitfieldReverse(glob_0.bb.y))) {
            default:
                {
                    if (glob_0.ppsp[for_var_3] > -1678464140) {
                        continue;
                    }
                }
                break;
        }
        switch (vary_3.y) {
            case 65u:
            case 99u:
                {
                    var_9.qp *= false ? vary_1 * vec2(-1582.0, -86.0) : var_7.g ? var_9[2] - vec2(-55.0, 127.0) : vec2(-85.0);
                }
                break;
            case 15u:
                {
                    out_1.out_1_f2 = uint[4](3992586889u, vary_3.x << 26u, vary_0, uaddCarry(vary_3[0], vary_3[1], out_1.out_1_f1));
                }
        }
    }
    do {
        uvec4 var_14 = uvec4(bitfieldExtract(2076608804u << vary_2, 12, 14), 3131757088u, 1u, 2u);
        vec4 var_15 = floor(in_0.in_0_f0[0].xyyy) - float(214731149) + vec4(float(uint(gl_FragCoord.x)));
        ivec2 var_16;
        if (uint(gl_FragCoord.y) % 2u == 0u) {
            break;
        }
    } while (uint(gl_FragCoord.x) % 2u == 1u);
    func_0();
    uvec3 var_17 = vary_3.ttt;
    bvec2 var_18[4] = bvec2[4](var_7, bvec2(glob_0.ps), var_7, bvec2(true));
    for (int for_var_4 = -5; for_var_4 <= 3; for_var_4 += 3) {
        do {
            float var_19[1] = float[1](3228.0);
            var_9.z -= dot(roundEven(vec2(-1.0)) - var_9.yw, floor(var_9.qt *= vec2(90.0))) + float(for_var_4);
            switch (8u + clamp(vary_0, uint(var_18[3].t), (var_9.gr += abs(in_0.in_0_f0[0]), vary_0)) % 3u) {
                case 8u:
                    {
                        uint var_20 = uint(-89 / 3) ^ vary_2;
                        int var_21 = bitCount(out_0.out_0_f1[1] *= 64689414u) ^ int(var_20);
                    }
                    break;
                case 9u:
                    {
                        var_7.yx = var_7;
                        out_1.out_1_f0 %= bitCount((var_17.s << 9) % vary_2);
                        var_18[out_0.out_0_f0.y--][-for_var_4 / -for_var_4 >> vary_0 * (vary_3[1] * vary_3.r)] = float(vary_3.t) <= (var_8 += vary_1);
                        var_18[vary_0 & vary_2].rg = bvec2(true);
                    }
                    break;
                case 10u:
                    {
                        out_1.out_1_f0--;
                    }
                    break;
            }
            uint var_22[4] = out_1.out_1_f2;
        } while (in_0.in_0_f0[0].xyyx == +vary_1 - (in_0.in_0_f0[0].grrr + vary_1));
        {
            out_0.out_0_f0[0] |= for_var_4;
        }
        for (int for_var_5 = 384; for_var_5 > 3; for_var_5 = for_var_5 / 2) {
            var_18[(findLSB(vary_3[0]) & -2 * glob_0.p) << var_17[min(var_17[0], var_17.s)]].s = var_17.pt != vary_3;
            break;
        }
    }
    bvec2 var_23 = bvec2(false, false);
    var_7[0] = var_23[1] && bool(4294967295u);
    if (bvec2(false).x) {
        float var_24[4] = float[4](3902.0, vary_1, var_9[0], 2156.0 - 48.0);
    } else {
    }
    out_0.out_0_f0 = out_0.out_0_f0.st;
    out_0.out_0_f1[2] = out_0.out_0_f1[out_0.out_0_f0.xy[out_0.out_0_f0[0]]];
    out_1.out_1_f0 = out_0.out_0_f0.s;
    out_1.out_1_f1 = uint(bool(out_0.out_0_f1[0]));
    out_1.out_1_f2[2] = !(true && var_18[2][0u]) ? vary_3.yy[0] : ++var_13;
}

void main() {
    fragment_body();
    _color = uvec4((((2166136261u ^ uint(out_0.out_0_f0.x)) * 16777619u ^ out_0.out_0_f1[2]) * 16777619u ^ out_1.out_1_f2[1]) * 16777619u, (((2166136261u ^ uint(out_0.out_0_f0.y)) * 16777619u ^ uint(out_1.out_1_f0)) * 16777619u ^ out_1.out_1_f2[2]) * 16777619u, (((2166136261u ^ out_0.out_0_f1[0]) * 16777619u ^ out_1.out_1_f1) * 16777619u ^ out_1.out_1_f2[3]) * 16777619u, ((2166136261u ^ out_0.out_0_f1[1]) * 16777619u ^ out_1.out_1_f2[0]) * 16777619u);
}
