#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf_0 {
    uint sel;
    uint r;
};

void main() {
    uint s = sel;
    for (int i = 0; i < 1; i++) {
        switch (s) {
            default:
                r = s;
        }
    }
}
