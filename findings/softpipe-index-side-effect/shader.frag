#version 450

struct buf_out_1 {
    int out_1_f0;
    int out_1_f1[2];
    ivec3 out_1_f2;
};

layout(location = 0) out uvec4 _color;

buf_out_1 out_1 = buf_out_1(0, int[2](0, 0), ivec3(0));

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

uint user_SAFE_TO_UINT_float(float user_ss_a) {
    return uint(int(user_ss_a));
}

int func_1(out int param_2) {
    param_2 = 1;
    return 1;
}

void fragment_body() {
    if (user_SAFE_TO_UINT_float(gl_FragCoord.x) == 0u) {
        --out_1.out_1_f1[SAFE_INDEX_int_int(func_1(out_1.out_1_f2.x), 2)];
    }
    bool var_26 = bvec3(false)[SAFE_INDEX_int_int(out_1.out_1_f1[SAFE_INDEX_int_int(out_1.out_1_f2.x, 2)] ^= 77, 3)];
}

void main() {
    _color = uvec4(1u);
    fragment_body();
    _color = uvec4(0u, 0u, 0u, uint(out_1.out_1_f1[0]));
}
