#version 450

layout(std140, binding = 0) uniform buf_in_0 {
    int in_0_f0;
    vec2 in_0_f1[1];
    uint in_0_f2;
} in_0;
layout(location = 0) out uvec4 _color;

vec3 out_0_f0 = vec3(-76.0, 109.0, -778.0);
int out_0_f1 = 1219306465;
bool glob_0 = bvec3(true, true, true) != bvec3(false, true, true);

int func_0(inout uvec4 param_0) {
    out_0_f1 = (+(ivec2(2147483647) << ivec2(0))).y;
    if (in_0.in_0_f1[in_0.in_0_f0][-1179509611 >> in_0.in_0_f2] <= in_0.in_0_f1[0].y * -1255.0 * -41.0) {
        bool var_0;
        if (true || glob_0) {
            if (var_0 = (in_0.in_0_f0 & in_0.in_0_f0) <= in_0.in_0_f0) {
                out_0_f0.y *= (in_0.in_0_f1[0].x + -664.0) * in_0.in_0_f1[0].t + (true ? -82.0 : in_0.in_0_f1[0u].gg[0]);
                float var_1 = out_0_f0[ivec4(2).r & in_0.in_0_f0 - 124]--;
            } else {
                ivec3 var_2 = (ivec2(1, 93) + 1313765919 / out_0_f1).grg;
                --out_0_f0.pt;
                const float var_3[4] = float[4](-925.0 * 58.0, -2677.0, -3617.0 + -96.0, -2340.0 + -14.0);
            }
            bool var_4 = all(bvec4(false));
            uint var_5 = uint(true);
        } else {
        }
    } else {
    }
    return in_0.in_0_f0;
}

void fragment_body() {
    vec4 var_6 = in_0.in_0_f1[0].ttst;
    const ivec4 var_7 = ivec4(1302978740, ivec2(715800269, -332439860), -2) | 27 - 1;
    uint var_8[3] = uint[3](in_0.in_0_f2 % in_0.in_0_f2, 56u, in_0.in_0_f2);
    if (in_0.in_0_f1[0].gg.x > var_6.ab.x) {
        return;
    }
    var_6 -= in_0.in_0_f1[0u].grgg + (1309.0 + (in_0.in_0_f1[0].rg[1] + 16.0));
    if ((uint(gl_FragCoord.x) & 3u) != 0u) {
        if (in_0.in_0_f2 <= uint(18.0)) {
            return;
        }
        bool var_9 = in_0.in_0_f1[0u].yxyy[0u] - (3506.0 + in_0.in_0_f1[0][1]) > 8.0;
    } else {
        float var_10 = float(var_8[2121591925 ^ out_0_f1]);
        if ((vec3(757.0, -2539.0, 69.0) + out_0_f0.x).s != float(out_0_f1)) {
            return;
        }
    }
    uvec2 var_11 = uvec2(1777265723u, 122u);
    var_11.s %= floatBitsToUint(false ? in_0.in_0_f1[0][1] : -58.0 + var_6.w);
    {
        for (int for_var_0 = 1; for_var_0 < 3; for_var_0 *= 3) {
            {
                float var_12 = in_0.in_0_f1[var_7[for_var_0]].sts[2];
            }
            int var_13 = out_0_f1++;
        }
        float var_14 = in_0.in_0_f1[0].sss[2u] - -1700.0;
    }
    out_0_f1 ^= sign((927820018 & in_0.in_0_f0) * -var_7[0]);
    var_11.rg >>= -(1u / in_0.in_0_f2 | -(0u));
    bool var_15 = var_7.q % 5 < var_7.x * -13 * -2;
    out_0_f0.xz *= float(-46.0 >= -75.0) * (-2520.0 - in_0.in_0_f1[0u][0u]);
    if (uint(in_0.in_0_f1[0u].r) >= in_0.in_0_f2) {
        const bvec2 var_16 = bvec2(false, true);
        float var_17 = var_6[3];
        do {
            out_0_f0[(glob_0 ? -48354561 : -2108065462) / ((var_7.x ^ in_0.in_0_f0) * (var_7.sq.y >> in_0.in_0_f2))] *= dot(in_0.in_0_f1[0].y - in_0.in_0_f1[0].g - in_0.in_0_f1[0].rgg, cross(var_6.y * vec3(-94.0, 119.0, -3852.0), in_0.in_0_f1[0].tss));
            const uint var_18 = 70u & 762210647u;
        } while (all(mix(bvec3(true, true, true), bvec3(false), bvec3(true))));
        const int var_19 = int(var_16.x);
    } else {
        float var_20[3] = float[3](out_0_f0.x, 57.0, float(false));
    }
    const vec2 var_21 = vec2(3772.0, -95.0);
    var_8[var_6.z > float(2147483647) ? var_8[0] : 0u] *= +(2u % (var_8[1u] * var_8[1]));
    if (uint(gl_FragCoord.x) % 3u == 1u || var_15) {
        umulExtended(in_0.in_0_f2, uint(var_7.p), var_11.r, var_8[var_11[out_0_f1 = in_0.in_0_f0]--]);
        while (bool(in_0.in_0_f2)) {
            if (glob_0) {
                break;
            }
            ivec4 var_22 = abs(var_7);
        }
    } else {
        uint var_23[1] = uint[1](++var_8[1]);
        out_0_f1 += --out_0_f1;
        for (uint for_var_1 = 0u; for_var_1 < uint(gl_FragCoord.y) % 4u + 1u; for_var_1++) {
            var_11.r += in_0.in_0_f2 + uint(var_15) - uint(var_15);
            out_0_f1 ^= +var_7[0];
            var_15 = -3634.0 <= var_6.w + var_6[2];
            if ((var_6.bagr *= in_0.in_0_f1[0].rggr, var_6.z) > (out_0_f0.tp += var_6.br, var_6[1])) {
            } else {
            }
        }
    }
    out_0_f0 = --out_0_f0;
    out_0_f1 += bitCount(1);
}

void main() {
    fragment_body();
    _color = uvec4((2166136261u ^ floatBitsToUint(out_0_f0.x)) * 16777619u, (2166136261u ^ floatBitsToUint(out_0_f0.y)) * 16777619u, (2166136261u ^ floatBitsToUint(out_0_f0.z)) * 16777619u, (2166136261u ^ uint(out_0_f1)) * 16777619u);
}
