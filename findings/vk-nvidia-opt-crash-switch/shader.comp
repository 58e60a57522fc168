#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

int _ss_loop_total = 0;

void main() {
    bool var_6 = false;
    int _ss_loop1 = 0;
    for (;;) {
        if (_ss_loop1 >= 32 || _ss_loop_total >= 1000) {
            break;
        }
        _ss_loop1++;
        _ss_loop_total++;
        switch (0) {
            case -805430660:
                int _ss_loop0 = 0;
                do {
                    if (_ss_loop0 >= 32 || _ss_loop_total >= 1000) {
                        break;
                    }
                    _ss_loop0++;
                    _ss_loop_total++;
                } while (var_6);
            default:
                break;
            case 1289899653:
        }
    }
}
