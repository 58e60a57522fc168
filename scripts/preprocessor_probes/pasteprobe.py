"""Usage: python scripts/preprocessor_probes/pasteprobe.py TARGETS (comma-separated).

NVIDIA's GLSL preprocessor and `##`: is a pasted type name read as a type?"""

import sys

from shadersmith.ir.types import UINT, ArrayType
from shadersmith.targets.job import Job
from shadersmith.targets.results import BufferInput
from shadersmith.targets.session import TargetSession

HEAD = (
    "#version 450\nlayout(local_size_x = 1) in;\n"
    "layout(std430, binding = 0) buffer Data { uint r[2]; };\n#define CAT(a, b) a ## b\n"
)
BODIES = {
    "plain-array-ctor": "uvec2 a[2] = uvec2[2](uvec2(3u), uvec2(4u)); r[0] = a[1].x; r[1] = 7u;",
    "pasted-array-ctor": (
        "uvec2 a[2] = CAT(uvec, 2)[2](uvec2(3u), uvec2(4u)); r[0] = a[1].x; r[1] = 7u;"
    ),
    "pasted-decl-type": "CAT(uvec, 2) v = uvec2(5u, 6u); r[0] = v.y; r[1] = 7u;",
    "pasted-ctor": "uvec2 v = CAT(uve, c2)(5u, 6u); r[0] = v.y; r[1] = 7u;",
    "pasted-scalar-type": "CAT(u, int) x = 9u; r[0] = x; r[1] = 7u;",
    "pasted-identifier": "uint abc = 8u; r[0] = CAT(a, bc); r[1] = 7u;",
}


def main() -> None:
    targets = sys.argv[1].split(",")
    buffer = BufferInput(0, (("r", ArrayType(UINT, 2)),), {"r": (0, 0)})
    with TargetSession(targets) as session:
        for name, body in BODIES.items():
            source = HEAD + "void main() {\n    " + body + "\n}\n"
            for target, result in session.run(
                Job(stage="compute", source=source, buffers=(buffer,))
            ).items():
                log = " ".join(result.log.strip().splitlines()[-2:])[:160]
                print(f"{name:20} {target:12} {result.status.value:14} {result.buffers} {log}")


if __name__ == "__main__":
    main()
