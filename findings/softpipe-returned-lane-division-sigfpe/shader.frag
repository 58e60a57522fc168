#version 450

layout(std140, binding = 0) uniform buf_in_0 {
    int in_0_f2;
};
layout(location = 0) out uvec4 _color;

int r = 0;

int safe_div(int a, int b) {
    return b == 0 || a == -2147483648 && b == -1 ? a / (b >> 1 == b ? 2 : b) : a / b;
}

void body() {
    if (uint(gl_FragCoord.y) == 45u) {
        return;
    }
    r += safe_div(in_0_f2, in_0_f2 ^ -466665675);
}

void main() {
    body();
    _color = uvec4(uint(r));
}
