#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    ivec2 out_0_f0;
};

int _ss_loop_total = 0;

int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
    _ss_a = _ss_b == 0 || _ss_a == -2147483648 && _ss_b == -1 ? _ss_a / (_ss_b >> 1 == _ss_b ? 2 : _ss_b) : _ss_a / _ss_b;
    return _ss_a;
}

void main() {
    bvec2 var_4 = bvec2(false);
    SAFE_DIV_ASSIGN_int_int(out_0_f0[0], 0);
    bool var_9 = ivec2(0) == out_0_f0;
    int _ss_loop0 = 0;
    while (var_4.s) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        if (var_9) {
            continue;
        }
    }
    int _ss_loop1 = 0;
    do {
        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
    } while (var_9 = var_4[0]);
}
