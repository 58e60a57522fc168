#version 450
layout(local_size_x = 5, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    vec2 in_0_f0;
    uint in_0_f1;
    float in_0_f2;
    ivec4 in_0_f3;
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    uint out_0_f0[20][1];
    uint out_0_f1[20][2];
    int out_0_f2[20];
};
layout(std430, binding = 2) buffer buf_out_1 {
    uvec3 out_1_f0[20][1];
    int out_1_f1[20];
};

const bool glob_0 = (true ? -1 : -1122703038) <= -452744056;
uint glob_1 = 1u;
int _ss_loop_total = 0;

float func_0(inout int param_0, inout bool param_1) {
    uvec3 var_0 = uvec3(63u);
    uvec4 var_1 = 528008764u * 3025411715u & uvec4(3356449278u & gl_WorkGroupID[1u], bitfieldExtract(gl_NumWorkGroups[0], in_0.in_0_f3.y, in_0.in_0_f3[0]), gl_WorkGroupID.x, uint(82.0));
    return in_0.in_0_f2;
}

void main() {
    const vec4 var_2 = vec3(-68.0, vec2(36.0)).xyyy;
    const uvec3 var_3 = (glob_0 ? uvec4(84u) : uvec4(860063091u, 934842446u, 2u, 1933765423u)).bag;
    bvec4 var_4 = bvec4(true);
    float var_5 = in_0.in_0_f2;
    if (var_4.ar.x) {
        return;
    }
    barrier();
    switch (-7 + in_0.in_0_f3[gl_WorkGroupID[1]] % 1) {
        default:
            {
                int _ss_loop1 = 0;
                while (glob_0) {
                    if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
                        break;
                    }
                    _ss_loop1++;
                    _ss_loop_total++;
                    switch (-6 + out_0_f2[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex] % 2) {
                        case -6:
                            {
                                uvec3 _ss_t0 = out_1_f0[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex][out_1_f1[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex]].xzy++;
                                out_1_f0[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex][uint(var_5) >> ~out_0_f2[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex] - (1 << gl_LocalInvocationID.s)] += _ss_t0;
                            }
                            break;
                        case -5:
                            {
                                float var_14 = func_0(out_1_f1[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex], var_4[0u]) * (float(false) - (var_2.y - in_0.in_0_f2));
                                float var_15 = var_5 - -221.0 + (var_4.z = var_4[1], -26.0 * -58.0);
                                vec4 var_16 = vec4(1.0);
                                --out_0_f0[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex][in_0.in_0_f3.q];
                                continue;
                            }
                            break;
                    }
                    var_4.q = -(35.0) + 3925.0 > in_0.in_0_f0.s;
                    if (glob_0) {
                        break;
                    }
                    int _ss_loop0 = 0;
                    for (int for_var_0 = int(gl_LocalInvocationID.x % 2u); for_var_0 < 2; ++for_var_0) {
                        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop0++;
                        _ss_loop_total++;
                        if (glob_0) {
                            continue;
                        }
                        int var_17 = int(func_0(out_1_f1[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex], var_4[1]));
                        ivec3 var_18 = in_0.in_0_f3.ptp;
                    }
                }
                out_1_f1[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex] += out_0_f2[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex]++;
                vec2 var_19 = vec2(1.0);
                if (glob_0) {
                }
            }
            break;
        case -7:
            {
                int _ss_loop4 = 0;
                float _ss_t1 = 1.0;
                do {
                    if (_ss_loop4 >= 32 || _ss_loop_total >= 1000) {
                        break;
                    }
                    _ss_loop4++;
                    _ss_loop_total++;
                    glob_1 = uint(all(bvec4(false, true, false, false)) && var_4.t);
                    if (gl_NumWorkGroups.gg - gl_NumWorkGroups.sp.r == uvec2(max(1088787921u, gl_WorkGroupID.x), gl_WorkGroupID.yxzy.g)) {
                        return;
                    }
                    int _ss_loop2 = 0;
                    do {
                        if (_ss_loop2 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop2++;
                        _ss_loop_total++;
                        float var_6 = in_0.in_0_f0[1] + float(gl_LocalInvocationID.x);
                        out_0_f2[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex] &= out_1_f1[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex]--;
                        glob_1++;
                        return;
                    } while (var_4.q ^^ var_4.x);
                    if (var_3[2] <= uint(in_0.in_0_f3[0])) {
                        break;
                    }
                    int _ss_loop3 = 0;
                    do {
                        if (_ss_loop3 >= 32 || _ss_loop_total >= 1000) {
                            break;
                        }
                        _ss_loop3++;
                        _ss_loop_total++;
                        const uvec3 var_7[2] = uvec3[2](var_3, uvec3(1145326884u, 104u, 2u) >> 10u);
                        func_0(out_1_f1[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex], var_4[0u]);
                        out_1_f1[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex]--;
                        float var_8 = 1.0;
                    } while (gl_GlobalInvocationID.x == 4u);
                } while (_ss_t1 = var_5, (var_5 *= in_0.in_0_f0.g) + 1.0 * var_2.br[1] <= _ss_t1);
                if (glob_0) {
                    bool var_9 = glob_0;
                    {
                        int var_10 = -90 ^ max(in_0.in_0_f3[2], in_0.in_0_f3.p) & in_0.in_0_f3.y;
                        var_5 = var_2.xz.s;
                    }
                    int var_11 = 417031485;
                    int var_12 = (1508845764 | -229350887) % 16;
                } else {
                    int var_13 = --out_0_f2[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex];
                }
            }
            break;
    }
    out_0_f0[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex][0] = 1547794977u;
    out_0_f1[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex][0] = gl_LocalInvocationID[2];
    out_0_f2[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex] = out_0_f2[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex] <= 1565700637 || all(var_4.zxz) ? in_0.in_0_f3.brr[2] >> 25u : clamp(in_0.in_0_f3[2], out_0_f2[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex], in_0.in_0_f3[3]);
    out_1_f0[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex] = uvec3[1](1662379375u ^ gl_GlobalInvocationID);
    out_1_f1[gl_WorkGroupID.x * 5u + gl_LocalInvocationIndex] += bitfieldExtract(floatBitsToInt(in_0.in_0_f0.x), 8, in_0.in_0_f3[3]);
}
