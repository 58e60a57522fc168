#version 450

layout(std140, binding = 0) uniform buf_in_0 {
    int a;
};
layout(location = 0) out uvec4 _color;

void main() {
    ivec2 arr[1] = ivec2[1](ivec2(0));
    arr[0].y = 28;
    arr[0] = ivec2(0, arr[a].x);
    _color = uvec4(0u, uint(arr[0].y), 0u, 0u);
}
