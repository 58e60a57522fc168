#version 450
layout(local_size_x = 7, local_size_y = 1, local_size_z = 1) in;

struct Struct_0 {
    uint field_0[2];
    int field_1[4];
    uint field_2;
    ivec4 field_3;
};

struct Struct_1 {
    ivec4 field_4;
    uvec4 field_5[2];
    float field_6;
    Struct_0 field_7;
};

struct Struct_2 {
    float field_8;
    bvec3 field_9;
    uint field_10;
    uvec3 field_11[2];
};

layout(std430, binding = 1) readonly buffer buf_in_1 {
    Struct_0 in_1_f3;
} in_1;
layout(std430, binding = 2) coherent volatile restrict buffer buf_out_0 {
    Struct_0 out_0_f1[21];
};
shared float shared_0[7];

uint SAFE_INDEX_uint_uint(uint _ss_a, uint _ss_b) {
    return _ss_a >= _ss_b ? _ss_a % _ss_b : _ss_a;
}

void main() {
    out_0_f1[SAFE_INDEX_uint_uint(gl_GlobalInvocationID.x, 21u)] = false ? Struct_0(uint[2](0u, 0u), int[4](0, 0, 0, 0), 0u, ivec4(0)) : in_1.in_1_f3;
}
