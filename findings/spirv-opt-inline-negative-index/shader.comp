#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

const int glob_1 = -50;

int func_0() {
    return glob_1;
}

bool func_1() {
    do {
    } while (true);
    return false;
}

void main() {
    ivec2 var_15 = ivec2(0);
    do {
        var_15[func_0()] >>= 0;
    } while (func_1());
}
