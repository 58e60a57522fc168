#version 450
layout(local_size_x = 8, local_size_y = 4, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    uint in_0_f1;
};
layout(std430, binding = 2) buffer buf_out_1 {
    vec3 out_1_f0[128][2];
} out_1;

void main() {
    bool var_3 = bool(gl_LocalInvocationID[0u]);
    uint var_6 = 0u - uint(var_3);
    var_3 = in_0_f1 >= var_6;
    out_1.out_1_f0[gl_WorkGroupID.x * 32u + gl_LocalInvocationIndex][0] += mix(0.0, out_1.out_1_f0[0u][1].b, var_3) * vec3(0.0);
}
