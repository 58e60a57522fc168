#version 450
layout(local_size_x = 6, local_size_y = 2, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    int in_0_f0[4];
    int in_0_f3;
};
layout(std430, binding = 1) buffer buf_out_0 {
    ivec3 out_0_f0[1];
    int out_0_f1[1];
};

void main() {
    bvec2 var_1;
    switch (in_0_f3) {
        case 530314913:
        case 1:
        default:
            out_0_f0[0u] -= in_0_f0[2u];
    }
    for (int for_var_2 = 0; for_var_2 < 0; 0) {
        var_1[out_0_f1[0u] += in_0_f0[2]] = false;
    }
}
