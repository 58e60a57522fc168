// [config]
// expect_result: fail
// glsl_version: 1.10
// [end config]

#version 0

void main() { gl_FragColor = vec4(0); }
