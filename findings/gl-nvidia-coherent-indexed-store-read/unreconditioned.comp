#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    int in_0_f2;
};
layout(std430, binding = 1) coherent buffer buf_out_0 {
    vec2 out_0_f0;
    vec2 out_0_f2[3];
} out_0;

void main() {
    out_0.out_0_f2[867608260 | in_0_f2][0] = dot(out_0.out_0_f2[2].xxyx, vec4(0.0));
    out_0.out_0_f0 += out_0.out_0_f2[2];
}
