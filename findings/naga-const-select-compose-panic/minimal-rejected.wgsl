const a: vec2<i32> = vec2<i32>(1i, 2i);
const b: vec4<i32> = select(a.yyyx, vec4<i32>(a, 3i, 4i), false);

@compute @workgroup_size(1)
fn main() {
    var x: vec4<i32> = b;
}
