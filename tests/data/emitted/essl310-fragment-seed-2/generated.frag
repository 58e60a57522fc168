#version 310 es
precision highp float;
precision highp int;

layout(std140, binding = 0) uniform buf_in_0 {
    uint in_0_f0;
};
layout(location = 0) out uvec4 _color;

vec4 out_0_f0[4] = vec4[4](vec4(114.0, -3568.0, 82.0, 43.0), vec4(-7.0, 93.0, 745.0, 107.0), vec4(-3125.0, 1483.0, 661.0, 119.0), vec4(72.0, 3406.0, 1863.0, -117.0));
vec4 out_0_f1 = vec4(84.0, 3591.0, -123.0, 2893.0);
float glob_0 = false ? 1119.0 * 3090.0 : -131.0 + -7.0;
const bool glob_1 = bvec2(false, true).x;

bool func_0(uint param_0, out vec4 param_1, const bvec3 param_2) {
    param_1 = param_1 *= 2866.0 - out_0_f0[1].tstt.z;
    float var_0;
    bool var_1;
    return bool(uint(2147483647));
}

float func_1() {
    out_0_f0[2][in_0_f0] *= glob_1 ? glob_0 : glob_0 - glob_0;
    out_0_f0 = vec4[4](vec4(123.0, 1717.0, -1216.0, 67.0), vec4(-292.0, 601.0, -3271.0, 4050.0), vec4(3626.0, -74.0, 3891.0, 85.0), vec4(1469.0) + glob_0);
    float var_2 = (out_0_f0[0][0] *= 2007.0) * glob_0;
    for (uint for_var_0 = in_0_f0; vec3(-104.0, 3414.0, -42.0) == vec3(-1.0) ? !true : false; -(-824293204 >> 17) & 593170681) {
        ivec3 var_3 = findMSB(max(mix(ivec3(-91, 29, -1593600438), ivec3(-164249692, -1, -2087290697), bvec3(true)), bitCount(-2147483648)));
        for (int for_var_1 = 4; 1 < for_var_1; for_var_1 /= 2) {
            for (int for_var_2 = -8; -2 > for_var_2; for_var_2 += 2) {
                vec3 var_4 = vec3(103.0, -106.0, -28.0);
            }
        }
        if (glob_1) {
            switch ((glob_1 ? glob_1 : glob_1) ? int(glob_0 - glob_0) : 2147483647) {
                default:
                    {
                        var_3.x &= +(-78);
                        const vec2 var_5 = (-3041.0 - 3017.0) * vec2(-28.0);
                    }
            }
        }
    }
    return out_0_f1[in_0_f0 | floatBitsToUint(glob_0)];
}

void fragment_body() {
    float var_6 = --out_0_f1.p + (func_0(in_0_f0, out_0_f1, bvec3(false)) ? func_1() : float(-802802441));
    uint var_7 = uvec2(353310331u, 3707790619u).x ^ 1u;
    uint var_8 = ((var_7 ^ in_0_f0) >> in_0_f0) + uint(true);
    const int var_9[1] = int[1](497121847);
    switch (2u + var_7 % 4u) {
        case 2u:
            {
                if (vec4(glob_0, bvec3(true, true, false)) == vec4(-3388.0, 6.0, 64.0, -900.0)) {
                    if ((uint(gl_FragCoord.x) & 1u) != 0u) {
                        out_0_f1.q -= (out_0_f1 += glob_0).t;
                        if ((var_8 <<= 15) >= (glob_1 ? uint(var_9[0]) : var_7)) {
                            break;
                        }
                        var_6 *= float(false);
                    } else {
                        glob_0 -= 82.0 - 21.0;
                        const bvec3 var_10[4] = bvec3[4](bvec3(false, true, true), bvec3(true, false, true), bvec3(true), bvec3(false, false, false));
                    }
                    int var_11 = var_9[in_0_f0 / in_0_f0] * (-110 >> 18);
                    int var_12 = var_9[0];
                } else {
                    int var_13[1] = var_9;
                    bvec3 var_14 = lessThan(+(29.0 + vec3(639.0, 2779.0, 366.0)), vec3(-4051.0, -112.0, 154.0));
                    var_13 = var_9;
                }
                switch (1u + (var_7 << 10) % 2u) {
                    case 1u:
                        {
                            ++var_6;
                            if (!(var_8++ == uint(-417774988))) {
                                var_8 &= 2518227506u;
                                bvec2 var_15 = bvec2(in_0_f0 << int(var_7), glob_1);
                                uvec2 var_16[4] = uvec2[4](uvec2(2007720889u, 4294967295u) ^ uvec2(1403508842u, 12u), uvec2(4294967295u, 18u) / uvec2(5u), uvec2(2118159650u, 26u), in_0_f0 + uvec2(2516821497u));
                                int var_17 = var_9[0];
                                return;
                            } else {
                                bool var_18;
                                int var_19 = var_9[0];
                            }
                        }
                    case 2u:
                        {
                            if (ivec3(449316356, 0, -1840054443), var_7 >= (in_0_f0 & var_7)) {
                                break;
                            }
                            uint var_20 = var_7 - (uvec4(1u, 3905491790u, 3464746233u, 50u) + uvec4(3921669550u)).s;
                            {
                                uvec2 var_21;
                            }
                        }
                        break;
                }
                func_0(glob_1 ? (var_7 ^= in_0_f0) + floatBitsToUint(108.0) : 1u, out_0_f0[1], equal(ivec3(1, 1581858559, 881997207) / ivec3(8), (true ? var_9[0u] : var_9[0]) ^ ivec3(465240446) << 4));
            }
            break;
        case 3u:
            {
                bool var_22[4] = bool[4](glob_1, glob_1, true, glob_1);
                var_22[0u] = glob_1;
                {
                    if (uint(2409.0) <= max(uint(glob_1), in_0_f0)) {
                        if (any(bvec3(false)) ? 69.0 * 47.0 < 72.0 : glob_1) {
                            return;
                        }
                        vec3 var_23;
                        ivec4 var_24 = floatBitsToInt(vec4(122.0, -1543.0, -3728.0, -107.0));
                        if (uint(gl_FragCoord.x) % 3u == 2u) {
                            break;
                        }
                    } else {
                        glob_0 -= -2131.0 - func_1();
                        var_22[bitCount(++var_7)] = (findMSB(in_0_f0) | ivec3(493050582, 1, -194341382).y) < var_9[0];
                    }
                    switch (5u + in_0_f0 % min(in_0_f0, in_0_f0) % 2u) {
                        case 5u:
                            {
                                out_0_f0[+in_0_f0].wzx *= floor(vec4(1725.0, -38.0, -2610.0, -108.0).w) * (vec2(-29.0).s + -1377.0);
                            }
                            break;
                        case 6u:
                            {
                            }
                            break;
                        default:
                            {
                            }
                            break;
                    }
                }
            }
            break;
        case 4u:
            {
                break;
            }
        case 5u:
            {
            }
            break;
    }
    out_0_f0[0] = sign(out_0_f0[3]);
    out_0_f1 += (var_6 -= -3060.0) * vec4(1464.0);
}

void main() {
    fragment_body();
    _color = uvec4((((((2166136261u ^ floatBitsToUint(out_0_f0[0].x)) * 16777619u ^ floatBitsToUint(out_0_f0[1].x)) * 16777619u ^ floatBitsToUint(out_0_f0[2].x)) * 16777619u ^ floatBitsToUint(out_0_f0[3].x)) * 16777619u ^ floatBitsToUint(out_0_f1.x)) * 16777619u, (((((2166136261u ^ floatBitsToUint(out_0_f0[0].y)) * 16777619u ^ floatBitsToUint(out_0_f0[1].y)) * 16777619u ^ floatBitsToUint(out_0_f0[2].y)) * 16777619u ^ floatBitsToUint(out_0_f0[3].y)) * 16777619u ^ floatBitsToUint(out_0_f1.y)) * 16777619u, (((((2166136261u ^ floatBitsToUint(out_0_f0[0].z)) * 16777619u ^ floatBitsToUint(out_0_f0[1].z)) * 16777619u ^ floatBitsToUint(out_0_f0[2].z)) * 16777619u ^ floatBitsToUint(out_0_f0[3].z)) * 16777619u ^ floatBitsToUint(out_0_f1.z)) * 16777619u, (((((2166136261u ^ floatBitsToUint(out_0_f0[0].w)) * 16777619u ^ floatBitsToUint(out_0_f0[1].w)) * 16777619u ^ floatBitsToUint(out_0_f0[2].w)) * 16777619u ^ floatBitsToUint(out_0_f0[3].w)) * 16777619u ^ floatBitsToUint(out_0_f1.w)) * 16777619u);
}
