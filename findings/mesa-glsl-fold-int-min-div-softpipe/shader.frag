#version 450

layout(location = 0) out uvec4 _color;

int a = -2147483648;
int b = -1;

void main() {
    _color = uvec4(uint(a == -2147483648 && b == -1 ? 7 : a / b));
}
