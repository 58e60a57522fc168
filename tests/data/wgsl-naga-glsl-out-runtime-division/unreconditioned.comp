#version 450
layout(local_size_x = 5, local_size_y = 3, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    int out_0_f1[60][4];
};
shared float shared_0[15];

void main() {
    out_0_f1[gl_WorkGroupID.x * 15u + gl_LocalInvocationIndex][0] = 2 / out_0_f1[gl_WorkGroupID.x][3];
}
