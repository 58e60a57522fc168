#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) buffer buf_out_0 {
    uint out_0_f0[1];
} out_0;

void main() {
    uvec2 var_0 = uvec3(1139316279u).xy;
    umulExtended(var_0[0], -uint(bool(3949835125u)), out_0.out_0_f0[0], out_0.out_0_f0[0]);
}
