#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) readonly buffer buf_in_1 {
    int in_1_f1;
};
layout(std430, binding = 2) buffer buf_out_0 {
    uint out_0_f0[1];
} out_0;

int _ss_loop_total = 0;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

void main() {
    int var_14 = in_1_f1;
    int _ss_loop0 = 0;
    for (;;) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        switch (var_14) {
            case 30:
            case -72:
            default:
                out_0.out_0_f0[SAFE_INDEX_int_int(var_14, 1)] |= 0u;
        }
    }
}
