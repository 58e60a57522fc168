const g: vec3<f32> = vec3<f32>(10.0f, vec2<f32>(10.0f));

@compute @workgroup_size(1)
fn main() {
    var x: f32 = select(g, vec3<f32>(1.0f), false).y;
}
