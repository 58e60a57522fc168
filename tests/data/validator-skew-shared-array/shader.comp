#version 450
// Validator skew (issue 30, item 1), the shape of seed 9200298's false invalid:spirv-opt.
// glslang 12 gives `s` the type of the buffer's `int[2]`, ArrayStride included: spirv-val
// v2025.5 rejects its module (VUID-StandaloneSpirv-None-10684), v2023.1 accepts it.
// `spirv-opt --eliminate-dead-branches --merge-blocks` then writes a module that v2023.1
// rejects for another reason (SPIRV-Tools #5784, the loops below) and v2025.5 for 10684,
// inherited: nothing spirv-opt did. With in_0 a[1] = 5: a = [1, 37].
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Out { int a[2]; } out_0;
shared int s[2];
void main() {
    out_0.a[0] = 1;
    s[0] = out_0.a[1];
    int n = 0;
    for (; vec3(10.0) == vec3(10.0); 0u) {
        if (n >= 32) {
            break;
        }
        n++;
        for (uint j = 0u; false; 0) {
        }
    }
    out_0.a[1] = s[0] + n;
}
