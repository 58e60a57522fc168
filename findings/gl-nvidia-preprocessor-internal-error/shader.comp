#version 450
layout(local_size_x = 5, local_size_y = 3, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    float out_0_f0[15][2];
};

#define PP_T0 int
#line 10
PP_T0 _ss_loop_uniform_total = 0;
#line 12

#define PP_T1 float
#line 15
float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, PP_T1 _ss_b) {
#define PP_CAT2(x, y) x ## y
#if 0
;
#elif (40 + 2) == 42 && (!defined(GL_ES))
    PP_CAT2(floa, t) _ss_n = _ss_a + PP_CAT2(_, ss_b);
#endif
#define PP_B3(lhs, rhs) ((lhs) < (rhs))
#define PP_B4(p0, p1) PP_B3(p0, p1)
#define PP_B5(a, b) ((a) || (b))
#define PP_K6 10.0
    _ss_a = PP_B5(PP_B4(abs(PP_CAT2(_ss, _n)), 0.1), PP_CAT2(a, bs)(_ss_n) >= 16777215.0) ? PP_K6 : _ss_n;
#if !defined(GL_ES)
    return PP_CAT2(_ss_, a);
#else
0x1F var_0 defined return ( { ) - if ~
#endif
}

#line 35
#if __VERSION__ < 450
#error this group is skipped
#else
uint SAFE_INDEX_uint_uint(uint _ss_a, PP_CAT2(u, int) _ss_b) {
#endif
#define PP_B7(p0, p1) ((p0) >= (p1))
#define PP_B8(lhs, rhs) ((lhs) % (rhs))
#line 43
    return PP_B7(_ss_a, PP_CAT2(_ss_, b)) ? PP_B8(PP_CAT2(_ss_, a), PP_CAT2(_ss, _b)) : PP_CAT2(_s, s_a);
}
#if __VERSION__ == 450 && (__VERSION__ == 450)

#else
float 42 return float
#endif
#if !defined(GL_ES)
float SAFE_MAKE_IN_RANGE_float(PP_T1 _ss_a) {
#else
float SAFE_MAKE_IN_RANGE_float(PP_T1 _ss_a) {
#endif
#define PP_B9(a, b) PP_B7(a, b)
    return PP_B5(abs(PP_CAT2(_, ss_a)) < 0.1, PP_B9(abs(_ss_a), 16777215.0)) ? 10.0 : PP_CAT2(_ss, _a);
#if __VERSION__ < 450
#if < ] 0x1F
#error
#endif
#else
}
#endif
#ifdef VULKAN

#else

#endif
#define PP_T10 ivec3
#define PP_T11 PP_T0
PP_T10 SAFE_MOD_ASSIGN_ivec3_int(inout PP_T10 _ss_a, PP_T11 _ss_b) {
#define PP_K12 0
#define PP_B13(p0, p1) ((p0) <= (p1))
#define PP_K14 2147483647
#define PP_K15 (-2147483648)
#line 77
    _ss_a = any(PP_CAT2(lessTha, n)(_ss_a, ivec3(0))) || PP_B13(_ss_b, PP_K12) ? PP_CAT2(a, bs)(PP_CAT2(mi, x)(_ss_a, PP_T10(PP_K14), PP_CAT2(e, qual)(PP_CAT2(_ss_, a), ivec3(PP_K15)))) % PP_CAT2(m, ax)(PP_CAT2(a, bs)(_ss_b == -2147483648 ? PP_K14 : _ss_b), 1) : PP_CAT2(_s, s_a) % PP_CAT2(_, ss_b);
    return _ss_a;
#line 80
}

float SAFE_POST_DEC_float(inout float _ss_a) {
#define PP_T16 PP_T1
#line 85
    PP_T16 _ss_old = PP_CAT2(_s, s_a);
#define PP_K17 1.0
#line 88
    PP_T16 _ss_n = PP_CAT2(_ss_, a) - PP_K17;
#define PP_K18 0.1
#ifndef PP_NEVER_DEFINED
    _ss_a = abs(_ss_n) < PP_K18 || PP_CAT2(a, bs)(_ss_n) >= 16777215.0 ? PP_K6 : _ss_n;
#endif
    return PP_CAT2(_ss_, old);
}
#if defined(PP_NEVER_DEFINED)

#elif !defined(GL_ES) && (defined(PP_B8))

#endif
PP_CAT2(ive, c2) SAFE_SHR_ivec2_int(ivec2 _ss_a, int _ss_b) {
#ifdef VULKAN
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (PP_CAT2(_s, s_b) & 31) : _ss_a >> PP_CAT2(_s, s_b);
#else
    return _ss_b < 0 || _ss_b >= 32 ? _ss_a >> (PP_CAT2(_s, s_b) & 31) : _ss_a >> PP_CAT2(_s, s_b);
#endif
#if !((77 >> 5) == 2)
7u <<
#elif PP_K12 == 0
}
#endif

void main() {
#if __VERSION__ < 450
    float var_2 = vec2(11.1).x;
#elif defined(PP_K12) && ((85 | 1) == 85)
    float var_2 = vec2(10.0).x;
#endif
    ivec3 var_3 = ivec3(0);
#define PP_T19 PP_T16
    const PP_T19 var_4 = 10.0;
#define PP_T20 bvec2
#define PP_K21 false
#if defined(PP_NEVER_DEFINED)
    PP_T20(PP_K21);
#elif (__VERSION__ < 450) || !defined(GL_ES)
    PP_T20(PP_K21);
#endif
#if !((93 | 6) == 95)
> var_0 < > PP_NOT_A_MACRO / == , 1 PP_NOT_A_MACRO
#elif !defined(PP_NEVER_DEFINED)
    float var_5 = PP_K17;
#endif
#if !((31 ^ 5) == 26)
#error this group is skipped
#else
    PP_CAT2(SAFE_FADD_ASSIGN_floa, t_float)(PP_CAT2(ou, t_0_f0)[SAFE_INDEX_uint_uint(PP_CAT2(gl_LocalInvocati, onIndex), 15u)][0], PP_K6);
#endif
#define PP_K22 15u
#ifdef VULKAN
    PP_CAT2(SAFE_FADD_ASSIGN_float_floa, t)(out_0_f0[PP_CAT2(SAFE_INDE, X_uint_uint)(PP_CAT2(gl_Lo, calInvocationIndex), PP_K22)][(__LINE__ - 140)], PP_K6);
#else
    PP_CAT2(SAFE_FADD_ASSIGN_float_floa, t)(out_0_f0[PP_CAT2(SAFE_INDE, X_uint_uint)(PP_CAT2(gl_Lo, calInvocationIndex), PP_K22)][(__LINE__ - 142)], PP_K6);
#endif
    PP_T20 var_7 = bvec2(false, PP_K21);
#ifdef VULKAN
    int _ss_loop0 = PP_K12;
#else
    int _ss_loop0 = PP_K12;
#endif
#if defined(PP_NEVER_DEFINED)
== 42 1 var_0 42 = } ? main [
#elif (14 ^ 5) == 11
    for (int for_var_0 = 0; false; 0) {
#endif
#define PP_K23 32
#define PP_K24 1000
        if (PP_B7(PP_CAT2(_ss_l, oop0), PP_K23) || _ss_loop_uniform_total >= PP_K24) {
            break;
#if !defined(GL_ES)
        }
#else
; , vec4 . ? ? + ? { ? else
#endif
        _ss_loop0++;
#if __VERSION__ < 450
#error this group is skipped
#else
        _ss_loop_uniform_total++;
#endif
#ifdef VULKAN
        PP_CAT2(va, r_7)[0] = false;
#else
        PP_CAT2(va, r_7)[0] = false;
#endif
    }
#if !((93 >> 7) == 0)
    uint var_8 = 0u;
#elif PP_K24 == 1000
    uint var_8 = 0u;
#endif
#if !defined(PP_NEVER_DEFINED)
    int for_var_1 = 0;
#else
!
#endif
#define PP_B25(a, b) ((a) + (b))
    float var_14 = SAFE_MAKE_IN_RANGE_float(PP_B25(PP_CAT2(SAFE_MAKE_IN_RANGE_, float)(PP_CAT2(S, AFE_MAKE_IN_RANGE_float)(float(var_3.rbr[(__LINE__ - 187)])) * PP_K6), SAFE_POST_DEC_float(PP_CAT2(var_, 5))));
#ifdef PP_K6
    PP_CAT2(SAFE_MOD_ASSIGN_, ivec3_int)(PP_CAT2(v, ar_3).stp, SAFE_SHR_ivec2_int(ivec2(0), ivec3(PP_K12).x).g);
#endif
#ifdef VULKAN
}
#else
}
#endif
