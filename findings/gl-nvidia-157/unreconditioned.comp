#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 2) buffer buf_out_0 {
    float out_0_f1;
};

void main() {
    vec3 var_0[2] = vec3[2](vec3(0.0), vec3(0.0));
    ivec2 var_17 = ivec2(0);
    var_0[var_17[0] &= 0].b *= 0.0;
    out_0_f1 = var_0[0].z;
}
