"""What a driver's own dumps tell: Mesa's GLSL IR and NIR, the SPIR-V a driver was
handed, naga's GLSL."""
