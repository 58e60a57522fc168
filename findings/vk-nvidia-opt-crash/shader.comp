#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    float in_0_f1;
};
layout(std430, binding = 2) buffer buf_out_0 {
    uint out_0_f1;
};

int _ss_loop_total = 0;

int SAFE_SHR_int_uint(int _ss_a, uint _ss_b) {
    return _ss_b >= 32u ? _ss_a >> (_ss_b & 31u) : _ss_a >> _ss_b;
}

void main() {
    bool var_11 = true;
    bool var_12 = bool(in_0_f1);
    var_11 = in_0_f1 < 10.0;
    int _ss_loop0 = 0;
    while (var_12) {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
        if (0 >= SAFE_SHR_int_uint(0, out_0_f1)) {
        }
        var_12 = var_11;
    }
}
