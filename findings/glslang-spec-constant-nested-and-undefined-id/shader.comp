#version 450
layout(local_size_x = 1, local_size_y = 1, local_size_z = 1) in;

layout(std430, binding = 0) buffer buf {
    int r;
};

#ifdef VULKAN
layout(constant_id = 0) const bool spec_0 = true;
#else
const bool spec_0 = true;
#endif

void main() {
    r = int(false && (false && spec_0));
}
