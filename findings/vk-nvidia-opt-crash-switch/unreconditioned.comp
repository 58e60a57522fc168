#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

void main() {
    bool var_6 = false;
    for (;;) {
        switch (0) {
            case -805430660:
                do {
                } while (var_6);
            default:
                break;
            case 1289899653:
        }
    }
}
