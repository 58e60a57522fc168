#version 450
layout(local_size_x = 6, local_size_y = 3, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    ivec4 in_0_f0;
} in_0;
layout(std430, binding = 1) buffer buf_out_0 {
    int out_0_f2[54][4];
} out_0;
shared uint shared_0[18];

void main() {
    out_0.out_0_f2[gl_WorkGroupID.x * 18u + gl_LocalInvocationIndex][0] += in_0.in_0_f0[0] % 0;
}
