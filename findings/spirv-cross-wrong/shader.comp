#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uvec4 in_0_f0[2];
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    int out_0_f1;
    int out_0_f2;
};

int _ss_loop_total = 0;

uvec2 SAFE_DIV_ASSIGN_uvec2_uvec2(inout uvec2 _ss_a, uvec2 _ss_b) {
    _ss_a = any(equal(_ss_b, uvec2(0u))) ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
    return _ss_a;
}

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

void main() {
    uvec3 var_1[1] = uvec3[1](in_0.in_0_f0[1].wzy);
    int _ss_loop0 = 0;
    do {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        SAFE_DIV_ASSIGN_uvec2_uvec2(var_1[0].rg, uvec2(0u));
    } while (0u <= 0u);
    bvec4 var_7 = bvec4(false);
    var_7.y = 3366770967u < var_1[0].z;
    bvec2 var_11 = var_7.qt;
    int var_14 = out_0_f1;
    int var_15 = out_0_f1;
    bvec2 var_17[4] = bvec2[4](var_11, bvec2(false), bvec2(false), bvec2(false));
    var_17[SAFE_INDEX_int_int(var_14, 4)] = greaterThan(floatBitsToUint(vec2(10.0)), var_1[SAFE_INDEX_int_int(var_14, 1)].tp);
    out_0_f2 = var_17[0].t ? var_15 : 0;
}
