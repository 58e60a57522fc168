#version 450
// glslang 12 (Debian's 11.13.0) writes invalid SPIR-V for this `?:` (issue 30, item 3):
// its branches are one struct type in two layouts, `inp.s` in the std430 block (offsets
// decorated) and `local` in Function storage (none), and glslang stores the selected
// block-layout value into the Function variable `picked` without a copy between layouts:
// spirv-val rejects "OpStore Pointer <id> ... type does not match Object <id> ...".
// glslang 13.1.1 copies member by member and its module is valid. outp.r is 9 (sel 0)
// or, with inp.s = S(a, ivec2(_, y)) and sel != 0, a + y.
layout(local_size_x = 1) in;
struct S { int a; ivec2 b; };
layout(std430, binding = 0) buffer In { S s; int sel; } inp;
layout(std430, binding = 1) buffer Out { int r; } outp;
void main() {
    S local = S(7, ivec2(1, 2));
    S picked = inp.sel != 0 ? inp.s : local;
    outp.r = picked.a + picked.b.y;
}
