"""Usage: python scripts/preprocessor_probes/lineprobe.py TARGETS (comma-separated).

Which line number each GL/Vulkan compiler gives __LINE__ after `#line 100` (GLSL 4.50:
the next line is 100), and a version-gated case."""

import sys

from shadersmith.ir.types import INT, ArrayType
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput
from shadersmith.targets.session import TargetSession

SHADERS = {
    "line100": "#version 450\nlayout(local_size_x = 1) in;\n"
    "layout(std430, binding = 0) buffer Data { int r[2]; };\n"
    "void main() {\n#line 100\n    r[0] = __LINE__;\n    r[1] = __LINE__;\n}\n",
    "no-line": "#version 450\nlayout(local_size_x = 1) in;\n"
    "layout(std430, binding = 0) buffer Data { int r[2]; };\n"
    "void main() {\n    r[0] = __LINE__;\n    r[1] = __LINE__;\n}\n",
}


def main() -> None:
    targets = sys.argv[1].split(",")
    buffer = BufferInput(0, (("r", ArrayType(INT, 2)),), {"r": (0, 0)})
    with TargetSession(targets) as session:
        print("missing:", session.missing)
        for name, source in SHADERS.items():
            results = session.run(Job(stage="compute", source=source, buffers=(buffer,)))
            for target, result in results.items():
                print(name, target, result.status.value, result.buffers, result.log.strip()[-200:])


if __name__ == "__main__":
    main()
