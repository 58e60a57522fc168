#version 450
layout(local_size_x = 3, local_size_y = 1, local_size_z = 1) in;

shared uint shared_0[3];
shared int shared_1[3];

void main() {
    ivec4 var_3 = ivec4(0);
    int for_var_2 = -1;
    var_3.wy &= ivec3(0, -2147483648 / for_var_2, 0).tt;
}
