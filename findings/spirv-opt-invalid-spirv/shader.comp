#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

int _ss_loop_total = 0;

void main() {
    int _ss_loop1 = 0;
    for (; vec3(10.0) == vec3(10.0); 0u) {
        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        int _ss_loop0 = 0;
        for (uint for_var_0 = 0u; false; 0) {
            if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                break;
            }
            _ss_loop0++;
            _ss_loop_total++;
        }
    }
}
