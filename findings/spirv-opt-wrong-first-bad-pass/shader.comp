#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    uint out_0_f0;
};

uint SAFE_DIV_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_b == 0u ? _ss_a / max(_ss_b, 1u) : _ss_a / _ss_b;
}

void main() {
    out_0_f0 = -SAFE_DIV_uint_uint(out_0_f0, 0u);
}
