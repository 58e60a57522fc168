#version 450

struct buf_out_1 {
    int out_1_f0;
    int out_1_f1[2];
    ivec3 out_1_f2;
};

layout(location = 0) out uvec4 _color;

buf_out_1 out_1 = buf_out_1(0, int[2](0, 0), ivec3(0));

uint SAFE_TO_UINT_float(float _ss_a) {
    return uint(int(_ss_a));
}

int func_1(out int param_2) {
}

void fragment_body() {
    if (SAFE_TO_UINT_float(gl_FragCoord.x) == 0u) {
        --out_1.out_1_f1[func_1(out_1.out_1_f2.x)];
    }
    bool var_26 = bvec3(false)[out_1.out_1_f1[out_1.out_1_f2.x] ^= 77];
}

void main() {
    fragment_body();
    _color = uvec4(0u, 0u, 0u, uint(out_1.out_1_f1[0]));
}
