#version 450
layout(local_size_x = 5, local_size_y = 2, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    ivec4 in_0_f0;
    vec2 in_0_f1[2];
    float in_0_f2;
};
layout(std430, binding = 1) buffer buf_out_0 {
    vec4 out_0_f0[20];
} out_0;
layout(std430, binding = 2) buffer buf_out_1 {
    float out_1_f0[20];
};
shared uint shared_0[10];

float glob_0 = 1.0;
const bool glob_1 = true;
int _ss_loop_total = 0;
int _ss_loop_uniform_total = 0;

int SAFE_ABS_int(int _ss_a) {
    return _ss_a == -2147483648 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) : abs(_ss_a);
}

int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
    return _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
}

float SAFE_DOT_vec3_vec3(vec3 _ss_a, vec3 _ss_b) {
    vec3 _ss_p0 = abs(_ss_a * _ss_b);
    bool _ss_ok = all(lessThan(_ss_p0, vec3(16777215.0))) && _ss_p0.x + _ss_p0.y < 16777215.0 && _ss_p0.x + _ss_p0.y + _ss_p0.z < 16777215.0;
    return !_ss_ok || (abs(dot(_ss_a, _ss_b)) < 0.1 || abs(dot(_ss_a, _ss_b)) >= 16777215.0) ? _ss_ok ? abs(dot(_ss_a, _ss_b)) < 0.1 ? 10.0 : dot(_ss_a, _ss_b) : 10.0 : dot(_ss_a, _ss_b);
}

float SAFE_FADD_ASSIGN_float_float(inout float _ss_a, float _ss_b) {
    float _ss_n = _ss_a + _ss_b;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

vec2 SAFE_FADD_ASSIGN_vec2_float(inout vec2 _ss_a, float _ss_b) {
    vec2 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec2(0.1))) || any(greaterThanEqual(abs(_ss_n), vec2(16777215.0))) ? mix(mix(_ss_n, vec2(10.0), lessThan(abs(_ss_n), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_n), vec2(16777215.0))) : _ss_n;
    return _ss_a;
}

vec3 SAFE_FADD_ASSIGN_vec3_float(inout vec3 _ss_a, float _ss_b) {
    vec3 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec3(0.1))) || any(greaterThanEqual(abs(_ss_n), vec3(16777215.0))) ? mix(mix(_ss_n, vec3(10.0), lessThan(abs(_ss_n), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_n), vec3(16777215.0))) : _ss_n;
    return _ss_a;
}

vec4 SAFE_FADD_ASSIGN_vec4_vec4(inout vec4 _ss_a, vec4 _ss_b) {
    vec4 _ss_n = _ss_a + _ss_b;
    _ss_a = any(lessThan(abs(_ss_n), vec4(0.1))) || any(greaterThanEqual(abs(_ss_n), vec4(16777215.0))) ? mix(mix(_ss_n, vec4(10.0), lessThan(abs(_ss_n), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_n), vec4(16777215.0))) : _ss_n;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_a >= _ss_b ? _ss_a % _ss_b : _ss_a;
}

float SAFE_MAKE_IN_RANGE_float(float _ss_a) {
    return abs(_ss_a) < 0.1 || abs(_ss_a) >= 16777215.0 ? 10.0 : _ss_a;
}

vec3 SAFE_MAKE_IN_RANGE_vec3(vec3 _ss_a) {
    return any(lessThan(abs(_ss_a), vec3(0.1))) || any(greaterThanEqual(abs(_ss_a), vec3(16777215.0))) ? mix(mix(_ss_a, vec3(10.0), lessThan(abs(_ss_a), vec3(0.1))), vec3(10.0), greaterThanEqual(abs(_ss_a), vec3(16777215.0))) : _ss_a;
}

vec4 SAFE_MAKE_IN_RANGE_vec4(vec4 _ss_a) {
    return any(lessThan(abs(_ss_a), vec4(0.1))) || any(greaterThanEqual(abs(_ss_a), vec4(16777215.0))) ? mix(mix(_ss_a, vec4(10.0), lessThan(abs(_ss_a), vec4(0.1))), vec4(10.0), greaterThanEqual(abs(_ss_a), vec4(16777215.0))) : _ss_a;
}

ivec3 SAFE_MOD_ASSIGN_ivec3_int(inout ivec3 _ss_a, int _ss_b) {
    _ss_a = any(lessThan(_ss_a, ivec3(0))) || _ss_b <= 0 ? abs(mix(_ss_a, ivec3(2147483647), equal(_ss_a, ivec3(-2147483648)))) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
    return _ss_a;
}

int SAFE_MOD_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
}

float SAFE_PRE_DEC_float(inout float _ss_a) {
    float _ss_n = _ss_a - 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_a;
}

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

bool func_0(int param_0, inout uvec3 param_1, inout uvec2 param_2) {
    bvec2 var_0[1] = bvec2[1](bvec2(true));
    return true;
}

void main() {
    ivec3 var_1 = in_0_f0.gbg;
    const uvec3 var_2 = uvec3(4278334354u, 26u, 36u) ^ (0u ^ 3u);
    if (all(bvec2(false, false))) {
        float var_3 = in_0_f1[1].s;
        {
            glob_0 = SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(glob_0 * in_0_f2) * +42.0);
            const bool var_4 = (126u | var_2[0]) > +var_2.x;
            uint var_5[3] = uint[3](gl_NumWorkGroups.b + var_2.z, 1225556973u, true ? 1u : 1316593700u);
        }
        bool var_6 = all(bvec3(true));
        int var_7[1] = int[1](var_1.r);
    } else if (in_0_f0.sqs == in_0_f0.sqp) {
        uint var_8 = 1u;
        int var_9 = floatBitsToInt(SAFE_MAKE_IN_RANGE_float(float(false))) ^ int(gl_LocalInvocationID.x);
    } else {
        int _ss_loop0 = 0;
        while ((true ? !glob_1 : false) && gl_LocalInvocationID.x <= 1u) {
            if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop0++;
            _ss_loop_total++;
            int var_10 = 1;
            bool var_11[4] = bool[4](all(bvec2(true)), glob_1, !glob_1, true && glob_1);
            SAFE_MOD_ASSIGN_ivec3_int(var_1.tps, SAFE_SHR_int_uint(SAFE_DIV_int_int(1801481863, var_1.xx.y), gl_WorkGroupID.s));
            vec4 var_12 = vec4(1.0);
        }
        bool var_13[1] = bool[1](false ^^ false);
        switch (-8 + SAFE_MOD_int_int(-784618174 - SAFE_ABS_int(var_1.y), 2)) {
            case -8:
                {
                    SAFE_FADD_ASSIGN_vec3_float(out_0.out_0_f0[SAFE_INDEX_uint_uint(gl_GlobalInvocationID.x + 10u * gl_GlobalInvocationID.y, 20u)].ywx, +(in_0_f1[1][0] <= in_0_f2 ? in_0_f1[0u][1] : SAFE_MAKE_IN_RANGE_float(in_0_f1[0].xx[0] - in_0_f1[1].gr.s)));
                }
            case -7:
                {
                    const uvec3 var_14 = var_2;
                    vec2 var_15 = vec2(1.0);
                    int var_16 = ivec3(-2) != ivec3(925849134) ? in_0_f0[1u] ^ -79 : in_0_f0[1u];
                    bool var_17 = glob_1 ^^ glob_1 ^^ bool(var_16);
                }
                break;
        }
    }
    int _ss_loop1 = 0;
    for (int for_var_0 = 0; for_var_0 < 3; for_var_0++) {
        if (_ss_loop1 >= 32 || _ss_loop_uniform_total >= 1000) {
            break;
        }
        _ss_loop1++;
        _ss_loop_uniform_total++;
        uvec2 var_18 = uvec2(1u);
        {
            shared_0[SAFE_INDEX_uint_uint(gl_LocalInvocationIndex, 10u)] = true ? gl_NumWorkGroups.p : var_18.y;
            barrier();
            var_18.g += shared_0[SAFE_INDEX_uint_uint(9u - gl_LocalInvocationIndex, 10u)];
            barrier();
        }
        {
            bool var_19[2] = bool[2](glob_1, glob_1);
        }
    }
    barrier();
    const bool var_20[1] = bool[1](glob_1 || false);
    vec4 var_21 = sign(in_0_f1[SAFE_INDEX_int_int(in_0_f0[2] + in_0_f0.gbb.s, 2)].tsss);
    int _ss_loop2 = 0;
    for (int for_var_1 = 3; for_var_1 < 4; for_var_1++) {
        if (_ss_loop2 >= 32 || _ss_loop_uniform_total >= 1000) {
            break;
        }
        _ss_loop2++;
        _ss_loop_uniform_total++;
        uint var_22[4] = uint[4](gl_WorkGroupID.x, 0u, gl_NumWorkGroups[0], gl_WorkGroupID.r - gl_NumWorkGroups[0]);
    }
    int _ss_loop3 = 0;
    for (int for_var_2 = 3; for_var_2 < 6; for_var_2++) {
        if (_ss_loop3 >= 32 || _ss_loop_uniform_total >= 1000) {
            break;
        }
        _ss_loop3++;
        _ss_loop_uniform_total++;
        switch (4 + SAFE_MOD_int_int(min(in_0_f0.s, -93), 2)) {
            case 4:
                {
                    bool var_23 = 63u <= 2008851644u || gl_LocalInvocationID.x % 4u == 0u;
                    uint var_24 = var_2[1u] - uint(for_var_2);
                }
                break;
            case 5:
                {
                    float _ss_t0 = SAFE_DOT_vec3_vec3(out_0.out_0_f0[SAFE_INDEX_uint_uint(gl_GlobalInvocationID.x + 10u * gl_GlobalInvocationID.y, 20u)].qpt = SAFE_MAKE_IN_RANGE_vec3(in_0_f1[0].yyx * in_0_f1[1].sts.s), SAFE_MAKE_IN_RANGE_vec3(vec3(35.0, -2597.0, -3462.0) + SAFE_MAKE_IN_RANGE_float(float(gl_WorkGroupID[2u]))));
                    SAFE_FADD_ASSIGN_vec2_float(out_0.out_0_f0[SAFE_INDEX_uint_uint(gl_GlobalInvocationID.x + 10u * gl_GlobalInvocationID.y, 20u)].rb, _ss_t0);
                }
                break;
        }
        barrier();
        var_1.yxz++;
    }
    SAFE_FADD_ASSIGN_vec4_vec4(out_0.out_0_f0[SAFE_INDEX_uint_uint(gl_GlobalInvocationID.x + 10u * gl_GlobalInvocationID.y, 20u)], SAFE_MAKE_IN_RANGE_vec4(SAFE_MAKE_IN_RANGE_vec4((var_20[0] ? out_0.out_0_f0[SAFE_INDEX_uint_uint(gl_GlobalInvocationID.x + 10u * gl_GlobalInvocationID.y, 20u)] : in_0_f1[1].tstt) + in_0_f1[1][1]) * SAFE_MAKE_IN_RANGE_float(SAFE_MAKE_IN_RANGE_float(var_21.s - glob_0) - -104.0)));
    SAFE_FADD_ASSIGN_float_float(out_1_f0[SAFE_INDEX_uint_uint(gl_GlobalInvocationID.x + 10u * gl_GlobalInvocationID.y, 20u)], glob_1 ? SAFE_PRE_DEC_float(out_0.out_0_f0[SAFE_INDEX_uint_uint(gl_GlobalInvocationID.x + 10u * gl_GlobalInvocationID.y, 20u)][2]) : var_21[SAFE_INDEX_int_int(int(in_0_f0.t), 4)]);
}
