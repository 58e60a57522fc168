#version 450
// A macro bomb: each macro doubles the one before, so expanding M40 takes 2^40
// tokens. Mesa's GLSL preprocessor grows without bound while it expands (issue 23).
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { int result; };
#define M0 1
#define M1 M0 + M0
#define M2 M1 + M1
#define M3 M2 + M2
#define M4 M3 + M3
#define M5 M4 + M4
#define M6 M5 + M5
#define M7 M6 + M6
#define M8 M7 + M7
#define M9 M8 + M8
#define M10 M9 + M9
#define M11 M10 + M10
#define M12 M11 + M11
#define M13 M12 + M12
#define M14 M13 + M13
#define M15 M14 + M14
#define M16 M15 + M15
#define M17 M16 + M16
#define M18 M17 + M17
#define M19 M18 + M18
#define M20 M19 + M19
#define M21 M20 + M20
#define M22 M21 + M21
#define M23 M22 + M22
#define M24 M23 + M23
#define M25 M24 + M24
#define M26 M25 + M25
#define M27 M26 + M26
#define M28 M27 + M27
#define M29 M28 + M28
#define M30 M29 + M29
#define M31 M30 + M30
#define M32 M31 + M31
#define M33 M32 + M32
#define M34 M33 + M33
#define M35 M34 + M34
#define M36 M35 + M35
#define M37 M36 + M36
#define M38 M37 + M37
#define M39 M38 + M38
#define M40 M39 + M39
void main() { result = M40; }
