#version 450
// One subtraction, for the planted sub-to-add bugs of tests/test_blame_witnesses.py:
// r is 7 - 3 = 4, and 10 where the planted rewrite turns `-` into `+`.
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int a; int b; int r; } buf;
void main() {
    buf.r = buf.a - buf.b;
}
