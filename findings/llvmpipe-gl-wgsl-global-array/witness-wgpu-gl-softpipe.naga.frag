#version 450 core
struct buf_out_0_ {
    uvec2 out_0_f0_[1];
    uint out_0_f1_;
};
struct buf_in_0_ {
    int in_0_f2_;
};
layout(std140, binding = 0) uniform buf_in_0_block_0Fragment { buf_in_0_ _group_0_binding_0_fs; };

uvec4 _color = uvec4(0u);

buf_out_0_ out_0_ = buf_out_0_(uvec2[1](uvec2(0u)), 0u);

layout(location = 0) out uvec4 _fs2p_location0;

int SAFE_INDEX_int_int(int _ss_a, int _ss_b) {
    bool local = false;
    if (!((_ss_a < 0))) {
        local = (_ss_a >= _ss_b);
    } else {
        local = true;
    }
    bool _e15 = local;
    return (_e15 ? (((_ss_a == -2147483648) ? 0 : abs(_ss_a)) % _ss_b) : _ss_a);
}

void fragment_body() {
    uvec2 var_14_ = uvec2(1u);
    uint _e7 = out_0_.out_0_f0_[0].x;
    uint _e9 = var_14_.x;
    out_0_.out_0_f0_[0].x = (_e7 - _e9);
    int _e15 = _group_0_binding_0_fs.in_0_f2_;
    int _e17 = SAFE_INDEX_int_int(_e15, 1);
    uvec2 _e19 = out_0_.out_0_f0_[_e17];
    out_0_.out_0_f0_[_e17] = (_e19 + uvec2(1u));
    return;
}

void _ss_main() {
    _color = uvec4(1u);
    fragment_body();
    uint _e9 = out_0_.out_0_f0_[0].y;
    _color = uvec4(0u, _e9, 0u, 0u);
    return;
}

void main() {
    _ss_main();
    uvec4 _e1 = _color;
    _fs2p_location0 = _e1;
    return;
}

