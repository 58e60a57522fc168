#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    ivec4 out_0_f0[1];
};
layout(std430, binding = 2) buffer buf_out_1 {
    int out_1_f1;
};

int _ss_loop_total = 0;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

int SAFE_MOD_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_a < 0 || _ss_b <= 0 ? abs(_ss_a == -2147483648 ? 2147483647 : _ss_a) % max(abs(_ss_b == -2147483648 ? 2147483647 : _ss_b), 1) : _ss_a % _ss_b;
    return _ss_a;
}

int func_0() {
    if (out_1_f1 > 0) {
        return 0;
    } else {
        return 0;
    }
    return 1;
}

void main() {
    int _ss_loop0 = 0;
    for (; bool(364872117); SAFE_MOD_ASSIGN_int_int(out_0_f0[SAFE_INDEX_int_int(func_0(), 1)].s, 0)) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
    }
}
