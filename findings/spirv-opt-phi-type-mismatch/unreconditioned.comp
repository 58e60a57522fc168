#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 1) readonly buffer buf_in_1 {
    int in_1_f1;
};
layout(std430, binding = 2) buffer buf_out_0 {
    uint out_0_f0[1];
} out_0;

void main() {
    int var_14 = in_1_f1;
    for (;;) {
        switch (var_14) {
            case 30:
            case -72:
            default:
                out_0.out_0_f0[var_14] |= 0u;
        }
    }
}
