"""The tools a chain runs: glslang, SPIRV-Tools and spirv-cross (as processes or
libraries), the newest releases, and the toolchain that strings them together."""
