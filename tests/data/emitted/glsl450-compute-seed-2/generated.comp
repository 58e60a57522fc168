#version 450
layout(local_size_x = 5, local_size_y = 3, local_size_z = 1) in;

layout(std430, binding = 0) restrict readonly buffer buf_in_0 {
    uint in_0_f0;
};
layout(std430, binding = 1) buffer buf_out_0 {
    vec4 out_0_f0[60][4];
    vec4 out_0_f1[60];
};

float func_0() {
    float var_0;
    uint var_1 = gl_GlobalInvocationID[1];
    if ((gl_LocalInvocationID.x & 1u) != 0u) {
        const bvec2 var_2 = bvec2(114.0);
        --var_1;
        float var_3 = var_0;
        if ((gl_LocalInvocationID.y & 1u) != 0u) {
            out_0_f1[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex].gar++;
            ++out_0_f1[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex].sp;
            if (true) {
                float var_4 = float(+gl_WorkGroupID.p);
                bool var_5;
            } else {
            }
        } else {
        }
    }
    return clamp((out_0_f0[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex][2u].y = var_0) + (true ? out_0_f1[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex].z : out_0_f0[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex][0].z), --out_0_f1[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex].s, dot(vec3(3624.0, -94.0, 123.0), out_0_f0[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex][1u].qtq));
}

vec3 func_1(float param_0, const uvec3 param_1[3]) {
    if (!(bvec2(true, true) != bvec2(true, false))) {
        int var_6 = -1006262263;
    } else {
        for (uint for_var_0 = 0u; for_var_0 < gl_LocalInvocationID.y % 4u + 1u; for_var_0++) {
            func_0();
        }
        const ivec4 var_7 = ivec4(-61, -1809953515, -25, 76) ^ ~ivec4(-2019663044, -1, 1620238865, -1702393332);
        bool var_8 = any(bvec3(false, true, false));
        uint var_9 = gl_NumWorkGroups.b * gl_NumWorkGroups[1] + gl_WorkGroupID[2] % (param_1[0].y << 0u);
    }
    uvec3 var_10 = uint(true) / gl_WorkGroupID.grb;
    for (int for_var_1 = ~1042767509;;) {
        if (false) {
            break;
        }
        float var_11;
        for_var_1 <<= (bvec3(true), findLSB(103u) | for_var_1);
        switch (gl_LocalInvocationIndex) {
        }
    }
    return param_0 + out_0_f1[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex].qp.grr;
}

void main() {
    vec4 var_12 = vec4(752.0, -120.0, 110.0, 116.0);
    bvec4 var_13[3] = bvec4[3](bvec4(true, false, true, true), bvec4(false, false, false, true), bvec4(true, false, false, true).ptsp);
    float var_14;
    switch (-2 + -100 % 3) {
        case -2:
            {
                const bvec2 var_15 = bvec2(true, true);
                bool var_16[3] = bool[3](var_13[2u][0u], true, var_13[2][1u]);
                var_13[gl_WorkGroupID[2]].abrg = bvec4(false, false, true, false);
            }
            break;
        case -1:
            {
                uvec4 var_17;
            }
            break;
        case 0:
            {
                if (!(-94 <= 660246324)) {
                    const float var_18 = -75.0 + 17.0;
                    if ((gl_WorkGroupID.p | 2u) <= gl_WorkGroupID.rgb.b >> gl_WorkGroupID.y) {
                        vec2 var_19 = var_12.ar;
                    } else {
                        bvec4 var_20;
                        uint var_21 = uint(any(lessThanEqual(var_12, vec4(-94.0))));
                        func_1(var_14, uvec3[3](uvec3(98u, 107u, 7u), gl_WorkGroupID[2] + uvec3(32u, 4294967295u, 2342993721u), uvec3(0u, 45u, 27u)));
                        var_12.zx -= -3808.0;
                    }
                    func_0();
                } else {
                    switch (67 * -2047059363) {
                    }
                    out_0_f0[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex][0u][3] -= var_14 - vec4(-3785.0).t - var_14 * mix(103.0, var_14, false);
                    if (true) {
                        break;
                    }
                    float var_22 = var_14;
                    break;
                }
                int var_23[1] = int[1](2 << 27);
                uint var_24 = gl_NumWorkGroups.xyy[2] - (gl_NumWorkGroups.b % in_0_f0 >> 19);
            }
            break;
    }
    ivec3 var_25;
    if (abs(var_12.p) != func_0()) {
        bvec3 var_26 = bvec3(false, true, false);
    } else {
        bool var_27 = all(var_13[1].ggg) ? bool(var_14 * var_12[0]) : (var_13[0].b = true) ^^ !var_13[2].s;
        for (uint for_var_2 = 0u; for_var_2 < gl_LocalInvocationIndex % 3u + 1u; for_var_2++) {
            bool var_28;
        }
        do {
            var_25.bgr ^= false ? mix(111 / var_25[1u], var_25.ppp[2] << gl_NumWorkGroups.r, uvec3(2077202653u, 2252581986u, 116u) == gl_WorkGroupID) : int(var_14 + -750.0);
            if (!true) {
                bvec2 var_29 = lessThanEqual(gl_WorkGroupID.gb, gl_NumWorkGroups.yy);
                bool var_30;
                var_13[bitCount(var_25.tps += ivec3(1760586485, 818253998, -817049030)).r] = bvec4(true, true, true, true);
            } else {
                var_13[+(in_0_f0 << gl_NumWorkGroups.gr.y)].wxy = (false ? bvec4(false, true, true, false) : bvec4(true, false, true, false)).sp.rgg;
                ivec3 var_31 = ivec3(-122, 121, -1491355341);
            }
        } while ((out_0_f1[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex].pqs *= 2059.0) + dot(vec2(650.0, -2.0), vec2(-2836.0, -3393.0)) == func_1(-10.0, uvec3[3](gl_WorkGroupID, uvec3(3470305356u), uvec3(2u, 33u, 2811038425u))));
        if (mix(false, false, true)) {
            var_12.zwxy -= abs(-788.0) + var_12.r;
        } else {
            for (int for_var_3 = 2; for_var_3 <= 485; for_var_3 *= 3) {
                float var_32[1] = float[1](false ? 1681.0 : -95.0);
                const vec4 var_33[1] = vec4[1](vec4(-62.0, -195.0, 3443.0, -116.0));
            }
            int var_34[4] = int[4](-1230250158 + -851925539, 875667933, 1974748780, findLSB(1));
            return;
        }
    }
    out_0_f0[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex][2] = out_0_f0[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex][2u];
    out_0_f1[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex] += vec4(75.0, -123.0, 887.0, -124.0) - out_0_f0[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex][2].brbg;
}
