#version 450
layout(local_size_x = 3, local_size_y = 2, local_size_z = 1) in;

struct Struct_0 {
    int field_0;
    bool field_1;
};

shared float shared_0[6];

void main() {
    uint var_1[2] = uint[2](0u, 0u);
    for (int for_var_0 = 0; for_var_0 < 2; ++for_var_0) {
        var_1[gl_WorkGroupID[0]] /= 0u;
    }
    float var_8 = 0.0;
    for (int for_var_1 = 0; 0 <= 0; 0) {
        switch (0.0 + var_8 >= 0.0 ? 0 : 0) {
            case 3:
                switch (0) {
                    case 1:
                    case 2:
                        continue;
                }
                switch (var_1[0u] = 0u) {
                    case 5u:
                    default:
                }
            case 4:
            case 5:
        }
    }
}
