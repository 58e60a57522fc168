#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_out_0 {
    ivec4 out_0_f0;
};

void main() {
    ivec4 g = ivec4(0);
    ivec4 v = ivec4(0);
    imulExtended(ivec2(0), ivec2(0), v.wx, g.ts);
    g.wx /= ivec2(15);
    g += ivec4(38, -92, 38, 38);
    out_0_f0 = g;
}
