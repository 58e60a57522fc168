#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    ivec2 out_0_f0;
};

ivec4 glob_0 = ivec4(0);

void main() {
    ivec3 var_16 = ivec3(0);
    imulExtended(findMSB(uvec3(0u)), ++glob_0.qpt, glob_0.rba, var_16.xyz);
    out_0_f0 += glob_0.wx;
}
