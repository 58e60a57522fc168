#version 330
// A loop without a limiter: softpipe runs it for ever (llvmpipe would cut it short).
out vec4 color;
void main() {
    int i = int(gl_FragCoord.x);
    while (i >= 0) { i = (i + 1) & 0x7fffffff; }
    color = vec4(float(i));
}
