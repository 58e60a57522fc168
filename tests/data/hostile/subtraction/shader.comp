#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    float in_0_f0;
    vec3 in_0_f1[2];
    int in_0_f2;
};
layout(std430, binding = 1) buffer buf_out_0 {
    ivec3 out_0_f0[4];
    float out_0_f1;
    uint out_0_f2;
} out_0;

// Edited by hand (issue 23's process tests): a few subtractions that reach the output, so
// that a planted ` - ` to ` + ` target shows wrong:planted-sub-to-add and creduce has lines
// to remove.
int twice(int value) {
    return value + value;
}

void main() {
    int a = in_0_f2 % 1000;
    int b = twice(a) - 17;
    int c = b * 3;
    int d = c - a;
    out_0.out_0_f0[0] = ivec3(a, b, c);
    out_0.out_0_f0[1] = ivec3(d, a + 1, b + 2);
    out_0.out_0_f0[2] = ivec3(c + d, 5, 6);
    out_0.out_0_f0[3] = ivec3(7, 8, 9);
    out_0.out_0_f1 = in_0_f0 * 2.0;
    out_0.out_0_f2 = uint(a) + 3u;
}
