"""Each target's chain as data: its components in chain order and the stages it runs.

The registry (registry.py) says how a worker builds a target; this table says what the
target is, without starting anything: `shadersmith targets` prints it for a target that is
missing, blame reads components by name (oracle/components.py), and a test checks that
every target present on the machine reports exactly its declared chain (the running
chain adds the versions, which only the drivers can tell).

Twins on the newest releases have their base's chain; a planted target is its rewrite
in front of its base's chain (the pass-list plant sits after spirv-opt).
"""

from __future__ import annotations

from dataclasses import dataclass

COMPUTE = "compute"
FRAGMENT = "fragment"
BOTH = frozenset({COMPUTE, FRAGMENT})


@dataclass(frozen=True)
class DeclaredChain:
    components: tuple[str, ...]
    stages: frozenset[str] = BOTH

    def text(self) -> str:
        stages = "+".join(sorted(self.stages))
        return f"{' -> '.join(self.components)} ({stages})"


# The AMD generations the compile-only RADV targets (radv.py) build for, by the name
# RADV_FORCE_FAMILY takes (Mesa's amd_family in lower case); gfx12 is new in Mesa 24.1.
RADV_FAMILIES = {
    "polaris10": "gfx8",
    "vega10": "gfx9",
    "navi21": "gfx10.3",
    "navi31": "gfx11",
    "gfx1201": "gfx12",
}

_GL_LLVMPIPE = ("mesa-glsl", "llvmpipe", "llvm")
_LAVAPIPE = ("lavapipe", "llvmpipe", "llvm")

CHAINS: dict[str, DeclaredChain] = {
    "gl-llvmpipe": DeclaredChain(_GL_LLVMPIPE),
    # softpipe offers GL 3.3: no compute shaders.
    "gl-softpipe": DeclaredChain(("mesa-glsl", "softpipe"), frozenset({FRAGMENT})),
    "vk-lavapipe": DeclaredChain(("glslang", *_LAVAPIPE)),
    "vk-lavapipe-opt": DeclaredChain(("glslang", "spirv-opt", *_LAVAPIPE)),
    "vk-lavapipe-cross": DeclaredChain(("glslang", "spirv-cross", *_GL_LLVMPIPE)),
    "interp": DeclaredChain(("shadersmith-interp",)),
    **{f"vk-radv-{family}": DeclaredChain(("glslang", "radv", "aco")) for family in RADV_FAMILIES},
    # Mesa's GLSL front-end, then zink's NIR to SPIR-V, then lavapipe.
    "gl-zink": DeclaredChain(("mesa-glsl", "zink", "lavapipe", "llvmpipe", "llvm")),
    "vk-swiftshader": DeclaredChain(("glslang", "swiftshader")),
    "vk-swiftshader-opt": DeclaredChain(("glslang", "spirv-opt", "swiftshader")),
    "witness-softpipe": DeclaredChain(("mesa-glsl", "softpipe")),
    "witness-cross-softpipe": DeclaredChain(("glslang", "spirv-cross", "mesa-glsl", "softpipe")),
    "witness-cross-lavapipe": DeclaredChain(("glslang", "spirv-cross", *_LAVAPIPE)),
    "gl-nvidia": DeclaredChain(("nvidia-gl",)),
    "vk-nvidia": DeclaredChain(("glslang", "nvidia-vk")),
    "vk-nvidia-opt": DeclaredChain(("glslang", "spirv-opt", "nvidia-vk")),
    # wgpu (wgpu_chain.py): naga (WGSL front-end, validator), naga's back-end for the
    # API, then wgpu-hal's back-end, then the driver.
    "wgpu-vk": DeclaredChain(("naga", "naga-spv-out", "wgpu-hal-vulkan", *_LAVAPIPE)),
    "wgpu-gl": DeclaredChain(("naga", "naga-glsl-out", "wgpu-hal-gles", *_GL_LLVMPIPE)),
    "wgpu-vk-glsl": DeclaredChain(
        ("naga-glsl-in", "naga", "naga-spv-out", "wgpu-hal-vulkan", *_LAVAPIPE)
    ),
    "wgpu-vk-nvidia": DeclaredChain(("naga", "naga-spv-out", "wgpu-hal-vulkan", "nvidia-vk")),
    "witness-wgpu-gl-softpipe": DeclaredChain(
        ("naga", "naga-glsl-out", "wgpu-hal-gles", "mesa-glsl", "softpipe")
    ),
}

NEWEST_SUFFIX = "-newest"
PLANTED_PREFIX = "planted-"


def declared_chain(
    name: str, base: str | None = None, plant: str | None = None, after: str | None = None
) -> DeclaredChain:
    """The chain of target `name`; a planted target needs its `base` and `plant` (the
    rewrite's component name), and `after`, the component it follows (none: first),
    which the registry knows."""
    if name in CHAINS:
        return CHAINS[name]
    if name.endswith(NEWEST_SUFFIX) and name.removesuffix(NEWEST_SUFFIX) in CHAINS:
        return CHAINS[name.removesuffix(NEWEST_SUFFIX)]
    if base is not None and plant is not None:
        chain = declared_chain(base)
        components = list(chain.components)
        at = components.index(after) + 1 if after is not None else 0
        components.insert(at, plant)
        return DeclaredChain(tuple(components), chain.stages)
    raise KeyError(f"no declared chain for target {name!r}")
