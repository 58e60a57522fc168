#version 450

layout(location = 0) out uvec4 _color;

#define PP_T0 uint
#define PP_K1 0u
PP_T0 out_0_f0 = PP_K1;
#define PP_CAT2(lhs, rhs) lhs ## rhs
#define PP_T3 uvec2
#if __VERSION__ < 450
#if + && +
#error
#endif
#else
uvec2 out_0_f1[2] = PP_CAT2(uvec, 2)[2](PP_CAT2(uve, c2)(0u), PP_T3(PP_K1));
#endif
int out_1_f0 = 0;
#if defined PP_CAT2

#else

#endif
#define PP_T4 void
PP_T4 fragment_body() {
#ifndef PP_NEVER_DEFINED
    bool var_0 = false;
#endif
#define PP_K5 0
#ifdef VULKAN
    switch (PP_K5) {
#else
    switch (PP_K5) {
#endif
#line 35
        case 0:
#ifdef PP_T3
    }
#endif
#line 40
    switch (0) {
#if defined(PP_NEVER_DEFINED)
        case 2:
#elif (!((99 & 6) == 2)) || defined(PP_K1)
        case 1:
#endif
#if __VERSION__ < 450
42 var_0 :
#elif (!((89 >> 5) == 2)) || defined(PP_K1)
        default:
#endif
#ifndef PP_NEVER_DEFINED
        case 2:
#endif
        case 3:
#ifndef PP_NEVER_DEFINED
    }
#endif
#ifndef PP_NEVER_DEFINED
}
#endif
#line 62

#line 64
#if !((35 | 3) == 35)
#define PP_NEVER_DEFINED 1
#else
PP_T4 main() {
#endif
#define PP_B6(a, b) ((a) ^ (b))
#if __VERSION__ < 450
#error this group is skipped
#else
    PP_CAT2(_, color) = uvec4(0u ^ PP_K1, PP_B6(0u, out_0_f1[0].x), PP_K1, 0u);
#endif
#ifdef VULKAN
}
#else
}
#endif
