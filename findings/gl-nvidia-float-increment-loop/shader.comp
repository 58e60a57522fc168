#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    float out_0_f0;
} out_0;

int _ss_loop_total = 0;

float SAFE_MAKE_IN_RANGE_float(float _ss_a) {
    return abs(_ss_a) < 0.1 || abs(_ss_a) >= 16777215.0 ? 10.0 : _ss_a;
}

float SAFE_POST_INC_float(inout float _ss_a) {
    float _ss_old = _ss_a;
    float _ss_n = _ss_a + 1.0;
    _ss_a = abs(_ss_n) < 0.1 || abs(_ss_n) >= 16777215.0 ? 10.0 : _ss_n;
    return _ss_old;
}

void main() {
    int _ss_loop0 = 0;
    while (SAFE_POST_INC_float(out_0.out_0_f0) != SAFE_MAKE_IN_RANGE_float(float(0))) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        return;
    }
}
