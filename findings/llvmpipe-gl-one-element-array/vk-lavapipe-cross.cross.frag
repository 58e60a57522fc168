#version 450

layout(binding = 0, std140) uniform buf_in_0
{
    int a;
} _21;

layout(location = 0) out uvec4 _color;

void main()
{
    ivec2 arr[1] = ivec2[](ivec2(0));
    arr[0].y = 28;
    arr[0] = ivec2(0, arr[_21.a].x);
    _color = uvec4(0u, uint(arr[0].y), 0u, 0u);
}

