#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    vec2 out_0_f1[1];
} out_0;

int _ss_loop_total = 0;

vec2 SAFE_MAKE_IN_RANGE_vec2(vec2 _ss_a) {
    return any(lessThan(abs(_ss_a), vec2(0.1))) || any(greaterThanEqual(abs(_ss_a), vec2(16777215.0))) ? mix(mix(_ss_a, vec2(10.0), lessThan(abs(_ss_a), vec2(0.1))), vec2(10.0), greaterThanEqual(abs(_ss_a), vec2(16777215.0))) : _ss_a;
}

bool func_1() {
    int _ss_loop0 = 0;
    do {
        if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop0++;
        _ss_loop_total++;
    } while (false);
    {
        return false;
    }
    return true;
}

void main() {
    out_0.out_0_f1[0] = func_1() ? vec2(10.0) : SAFE_MAKE_IN_RANGE_vec2(10.0 + vec2(10.0));
}
