#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    uvec2 out_0_f1;
    uint out_0_f3;
};
layout(std430, binding = 2) buffer buf_out_1 {
    ivec3 out_1_f3;
} out_1;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

void main() {
    bvec4 var_14 = bvec4(false, false, false, true);
    umulExtended(out_0_f3, uint(var_14.q), out_0_f3, out_0_f1[SAFE_INDEX_int_int(out_1.out_1_f3.z, 2)]);
}
