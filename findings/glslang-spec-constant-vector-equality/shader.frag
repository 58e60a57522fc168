#version 450

layout(location = 0) out uvec4 _color;

#ifdef VULKAN
layout(constant_id = 14) const bool spec_0 = false;
#else
const bool spec_0 = true;
#endif

void main() {
    uint r = 1u;
    if (bvec2(false) != (spec_0 ? bvec2(true, false) : bvec2(false))) {
        r = 2u;
    }
    _color = uvec4(r);
}
