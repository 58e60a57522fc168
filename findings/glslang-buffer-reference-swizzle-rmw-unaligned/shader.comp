#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(buffer_reference, std430, buffer_reference_align = 16) buffer B_ref {
    uvec4 r;
};
layout(std430, binding = 0) readonly buffer B {
    B_ref b;
};

void main() {
    b.r.wzyx = uvec4(1u, 2u, 3u, 4u);
}
