#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

struct Struct_0 {
    int field_0;
    float field_1;
    int field_2[2];
    uint field_3;
};

struct Struct_1 {
    uint field_4;
    bool field_5;
    Struct_0 field_6;
};

struct Struct_2 {
    bool field_7;
    Struct_1 field_8;
    vec4 field_9[3];
};

layout(std430, binding = 2) buffer buf_out_1 {
    Struct_0 out_1_f1;
};

void main() {
    Struct_2 var_17 = Struct_2(false, false ? Struct_1(0u, false, Struct_0(0, 0.0, int[2](0, 0), 0u)) : Struct_1(0u, true, out_1_f1), vec4[3](vec4(0.0), vec4(0.0), vec4(0.0)));
    Struct_2 var_18;
    do {
        do {
            var_18 = Struct_2(var_17.field_8.field_5, Struct_1(0u, false, Struct_0(0, 0.0, int[2](0, 0), 0u)), vec4[3](vec4(0.0), vec4(0.0), vec4(0.0)));
        } while (false);
    } while (Struct_2(false, Struct_1(0u, Struct_2(var_18.field_7, Struct_1(0u, false, Struct_0(0, 0.0, int[2](0, 0), 0u)), vec4[3](vec4(0.0), vec4(0.0), vec4(0.0))).field_8.field_5, Struct_0(0, 0.0, int[2](0, 0), 0u)), vec4[3](vec4(0.0), vec4(0.0), vec4(0.0))).field_8.field_5);
}
