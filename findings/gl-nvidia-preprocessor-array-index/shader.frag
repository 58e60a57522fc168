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
            break;
#endif
#if defined PP_T4
    }
#else
    }
#endif
#ifndef PP_NEVER_DEFINED
    switch (0) {
#endif
#ifdef VULKAN
        case 1:
#else
        case 1:
#endif
#if __VERSION__ < 450
        default:
#elif !defined(GL_ES)
        default:
#endif
        case 2:
        case 3:
            break;
#if __VERSION__ < 450
PP_NOT_A_MACRO 3.5 0 = ] ; ] . > if
#elif (98 >> 7) == 0 && (!defined(PP_NEVER_DEFINED))
    }
#endif
}
#if __VERSION__ < 450

#elif (__VERSION__ < 450) || !defined(GL_ES)

#endif
PP_T4 main() {
#define PP_K6 1u
#if !((31 >> 3) == 3)
#define PP_NEVER_DEFINED 1
#else
    _color = PP_CAT2(uve, c4)(PP_K6);
#endif
#define PP_B7(x, y) ((x) ^ (y))
    PP_CAT2(_co, lor) = uvec4(PP_B7(PP_K1, 0u), PP_B7(PP_K1, PP_CAT2(out_0_, f1)[(__LINE__ - 79)].x), PP_K1, 0u);
}
