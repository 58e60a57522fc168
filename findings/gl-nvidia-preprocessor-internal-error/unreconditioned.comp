#version 450
layout(local_size_x = 5, local_size_y = 3, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    float out_0_f0[15][2];
};

#line 9
void main() {
#define PP_T0 float
#if (0) || !defined(GL_ES)
    PP_T0 var_2 = vec2(0.0).x;
#else
] 0x1F . =
#endif
#define PP_CAT1(x, y) x ## y
#define PP_T2 ivec3
    PP_CAT1(ive, c3) var_3 = PP_T2(0);
#ifdef PP_T2
    const float var_4 = 0.0;
#endif
#define PP_T3 bvec2
    PP_T3(false);
#if 0
    float var_5;
#elif (31 ^ 1) == 30
    float var_5;
#endif
    out_0_f0[gl_LocalInvocationIndex][(__LINE__ - 29)] += 0.0;
#define PP_K4 0
    PP_CAT1(out_0_f, 0)[PP_CAT1(gl_LocalInvocati, onIndex)][PP_K4] += 0.0;
#define PP_K5 false
    PP_CAT1(b, vec2) var_7 = bvec2(false, PP_K5);
    for (int for_var_0 = (__LINE__ - 34); false; (__LINE__ - 34)) {
#line 36
        var_7[0] = false;
    }
#if __VERSION__ < 450
#error this group is skipped
#else
    uint var_8 = 0u;
#endif
#if !((8 & 6) == 0)
#error this group is skipped
#else
    int for_var_1 = PP_K4;
#endif
#define PP_K6 0.0
    PP_CAT1(f, loat) var_14 = PP_T0(PP_CAT1(v, ar_3).rbr[0]) * PP_K6 + PP_CAT1(var_, 5)--;
#define PP_K7 (PP_K4 + 0)
#line 52
#if (0) || (54 - 4) == 50
    var_3.stp %= (PP_CAT1(ivec, 2)(PP_K7) >> ivec3(0).x).g;
#else
! << int 3.5 . )
#endif
}
