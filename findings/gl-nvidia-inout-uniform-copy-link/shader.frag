#version 450

layout(std140, binding = 0) uniform buf_in_0 {
    uvec4 in_0_f1[4];
    int in_0_f3;
};
layout(location = 0) out uvec4 _color;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    return _ss_a < 0 || _ss_a >= _ss_b ? (_ss_a == -2147483648 ? 0 : abs(_ss_a)) % _ss_b : _ss_a;
}

uint SAFE_SHL_ASSIGN_uint_int(inout uint _ss_a, int _ss_b) {
    _ss_a = _ss_b < 0 || _ss_b >= 32 ? _ss_a << (_ss_b & 31) : _ss_a << _ss_b;
    return _ss_a;
}

void fragment_body() {
    uvec4 var_5[4] = in_0_f1;
    SAFE_SHL_ASSIGN_uint_int(var_5[0u][0], ivec2(0)[SAFE_INDEX_int_int(in_0_f3, 2)]);
}

void main() {
    _color = uvec4(1u);
    fragment_body();
}
