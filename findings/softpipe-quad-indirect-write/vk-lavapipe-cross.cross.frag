#version 450

layout(location = 0) out uvec4 _color;

void main()
{
    int a[2] = int[](0, 0);
    int i = int(gl_FragCoord.x) % 2;
    a[i] = 77;
    _color = uvec4(uint(a[0]), uint(a[1]), 0u, 0u);
}

