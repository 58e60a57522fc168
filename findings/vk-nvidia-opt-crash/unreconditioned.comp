#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) readonly buffer buf_in_0 {
    float in_0_f1;
};
layout(std430, binding = 2) buffer buf_out_0 {
    uint out_0_f1;
};

void main() {
    bool var_11;
    bool var_12 = bool(in_0_f1);
    var_11 = in_0_f1 < 0.0;
    while (var_12) {
        if (0 >= 0 >> out_0_f1) {
        }
        var_12 = var_11;
    }
}
