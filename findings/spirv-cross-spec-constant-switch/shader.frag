#version 450

layout(location = 0) out uvec4 _color;

#ifdef VULKAN
layout(constant_id = 3) const int spec_0 = -19;
#else
const int spec_0 = 5;
#endif
const uint spec_1 = uint(spec_0);
const int spec_2 = int(spec_1);

void main() {
    uint r = 0u;
    switch (spec_2) {
        case 5:
            r = 1u;
            break;
        default:
            r = 2u;
            break;
    }
    _color = uvec4(r);
}
