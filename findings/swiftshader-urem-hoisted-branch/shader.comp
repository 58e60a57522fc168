#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uvec4 in_0_f3;
};
layout(std430, binding = 1) readonly buffer buf_in_1 {
    uint in_1_f2;
} in_1;
layout(std430, binding = 3) buffer buf_out_1 {
    uvec2 out_1_f1[1];
} out_1;

uvec2 S(uint a, uvec2 b) {
    return any(equal(b, uvec2(0u))) ? a % max(b, 1u) : a % b;
}

void main() {
    uvec4 v = in_0_f3 % uvec4(1u);
    out_1.out_1_f1[0] = S(in_1.in_1_f2, v.xy);
}
