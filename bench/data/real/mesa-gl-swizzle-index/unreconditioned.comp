#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    ivec4 in_0_f0;
    vec2 in_0_f1[2];
    float in_0_f2;
};
layout(std430, binding = 1) buffer buf_out_0 {
    vec4 out_0_f0;
} out_0;
layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f0;
    float out_1_f1;
} out_1;

float glob_0;
bvec4 glob_1 = bvec4(true, false, false, true);

int func_0() {
    uvec3 var_0;
    float var_1 = +(in_0_f1[0][1u] - -50.0) * (out_0.out_0_f0[2] * in_0_f1[0].s);
    switch (var_0.g) {
        case 4294967295u:
            {
                const uvec3 var_2 = uvec3(0u) % 13u;
                int var_3;
                switch (-4 + (out_1.out_1_f0 >> 24u & out_1.out_1_f0) % 2) {
                    default:
                        {
                        }
                        break;
                    case -4:
                        {
                            float var_4 = glob_1.ts.t ? glob_0 + var_1 * 2901.0 : float(var_0.g & 1477503491u);
                            break;
                        }
                        break;
                    case -3:
                        {
                            for (int for_var_0 = 24; for_var_0 > 3; for_var_0 /= 2) {
                                if (glob_1.qt.y || (glob_1.z && glob_1.t ? glob_1.t : false ^^ glob_1.r)) {
                                    continue;
                                }
                                bool var_5 = bool(out_0.out_0_f0.x++);
                                out_1.out_1_f0 |= out_1.out_1_f0;
                                var_3 >>= (var_0.s ^ 3463451860u * var_0.x) + var_2.r * 75u;
                            }
                        }
                        break;
                }
            }
            break;
        case 3612058995u:
            {
            }
            break;
    }
    return int(var_0.x);
}

uvec4 func_1(int param_0[3], out int param_1) {
    param_1 = func_0();
    float var_6;
    return uvec4(uvec3(3181550276u, 126u, 3390116623u), param_1 ^= param_0[2]) + 0u * floatBitsToUint(in_0_f1[1].t);
}

void main() {
    float var_7 = float(out_0.out_0_f0.t >= floor(3762.0));
    uint var_8;
    float var_9 = glob_0;
    int var_10 = -1;
    var_8 = glob_1[in_0_f0.bb.t] ? var_8 : uint(in_0_f0.sq[1]);
    bvec3 var_11 = bvec3(true, true, false);
    out_1.out_1_f0 >>= var_8 - bitfieldReverse(var_8);
    int var_12 = var_10;
    var_9 += var_7 * in_0_f2;
    for (int for_var_1 = 2; for_var_1 < 1458; for_var_1 = for_var_1 * 3) {
        ivec2 var_13[2] = ivec2[2](for_var_1 / in_0_f0.tps.gr, ivec2(-1106437407, 1) << in_0_f0.pt);
        glob_1.g = var_13[0].gggr == (false ? ivec3(1662645275) : ivec3(-832394996, 0, -1340426090)).tpps;
        break;
    }
    vec4 var_14 = in_0_f1[--out_1.out_1_f0].yxyx;
    var_10 ^= (-87 - in_0_f0.ts[0] | -41) & (out_1.out_1_f0 += in_0_f0.g & -936050654);
    const uint var_15 = uint(false);
    var_11[((var_10 %= in_0_f0.st.r) << var_8) + clamp(out_1.out_1_f0 - in_0_f0.s, 209688010, var_12)] = !mix(true, var_8 >= 31u, glob_1.t);
    if (var_11.z) {
        bool var_16 = var_8 << in_0_f0.aar.t > +70u;
        vec4 var_17;
        out_1.out_1_f0 &= var_10;
    } else {
        var_7 -= out_0.out_0_f0[in_0_f0[1] ^ var_10 ^ (out_1.out_1_f0 ^ in_0_f0[0])] *= trunc(var_14.s);
    }
    ivec2 var_18 = ivec2((123 & 882385070) + 1135789495);
    bvec4 var_19[4] = bvec4[4](var_11.bgrb, glob_1 = glob_1, var_11.zzzz, glob_1);
    bool var_20 = bool(var_15);
    int var_21 = ++var_12;
    bvec4 var_22 = var_11.stsp;
    bool var_23[4] = bool[4](false ? var_20 : var_19[3].w, -2558.0 != out_0.out_0_f0[2], var_19[3][2], ivec3(2147483647, 2147483647, 537841449) == ivec3(-2074638491, -1, -223601148));
    float var_24 = -54.0;
    if (!(false ^^ glob_1.g)) {
        var_18.y %= 963176596 - min(var_18.y, 639664900 ^ var_18.r);
    } else {
        var_19[out_1.out_1_f0] = glob_1.b ? bvec4(false, true, true, false) : bvec4(false);
        float var_25;
        return;
    }
    if (var_20) {
        var_18 ^= floatBitsToInt(var_9 += var_7 + 399.0);
        var_11.tsp = lessThanEqual(~(var_18.xyx - 70), in_0_f0.qst);
    }
    float var_26 = (var_14.z -= var_14[1u]) - round(79.0);
    float var_27 = ceil(out_0.out_0_f0.z);
    int var_28 = var_12++;
    var_12 %= floatBitsToInt(out_1.out_1_f1) % (var_18[0u] >> 15 ^ out_1.out_1_f0);
    func_1(int[3](bitfieldExtract(0, var_28, in_0_f0.b), in_0_f0.ttt.b, var_10), var_12);
    bvec4 var_29 = bvec4(true, true, false, true);
    if (var_29.yzz.y) {
        while (glob_1.g = var_8 * var_8 <= (glob_1[0] ? var_15 : 33u)) {
            const int var_30[1] = int[1](319664141);
        }
        return;
    } else {
    }
    out_0.out_0_f0 = (var_9 + 1601.0 - vec4(vec3(-60.0, -83.0, 10.0), var_8)) * var_27;
    out_1.out_1_f0 += abs(-ivec3(-234403786, 673379181, 1721533393).g);
    out_1.out_1_f1 = dot(var_14.ra += out_0.out_0_f0.qp, out_0.out_0_f0.xx + in_0_f1[0] - vec2(35.0));
}
