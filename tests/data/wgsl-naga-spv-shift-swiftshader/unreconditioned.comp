#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    ivec4 out_0_f1[3][3];
};
shared float shared_0[1];

void main() {
    ivec2 var_10 = ivec2(0, 705608003);
    ivec4 var_20 = ivec4(-278709476) >> var_10.sttt;
    out_0_f1[gl_WorkGroupID.x][0] = var_20;
}
