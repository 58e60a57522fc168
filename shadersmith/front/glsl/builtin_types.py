"""The type names GLSL predefines: scalars, vectors, matrices (32 and 64 bit) and the
opaque sampler, image and atomic counter types."""

from __future__ import annotations

from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    VOID,
    MatrixType,
    OpaqueType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
)

BASIC_TYPES: dict[str, Type] = {"void": VOID, "bool": BOOL, "int": INT, "uint": UINT}
BASIC_TYPES["float"] = FLOAT
BASIC_TYPES["double"] = ScalarType(ScalarKind.FLOAT, 64)
BASIC_TYPES["int64_t"] = ScalarType(ScalarKind.INT, 64)
BASIC_TYPES["uint64_t"] = ScalarType(ScalarKind.UINT, 64)
# GL_EXT_shader_explicit_arithmetic_types_int8 / _int16.
for _bits in (8, 16):
    BASIC_TYPES[f"int{_bits}_t"] = ScalarType(ScalarKind.INT, _bits)
    BASIC_TYPES[f"uint{_bits}_t"] = ScalarType(ScalarKind.UINT, _bits)
    for _n in (2, 3, 4):
        BASIC_TYPES[f"i{_bits}vec{_n}"] = VectorType(ScalarKind.INT, _n, _bits)
        BASIC_TYPES[f"u{_bits}vec{_n}"] = VectorType(ScalarKind.UINT, _n, _bits)
# GL_EXT_shader_explicit_arithmetic_types_float16.
BASIC_TYPES["float16_t"] = ScalarType(ScalarKind.FLOAT, 16)
for _n in (2, 3, 4):
    BASIC_TYPES[f"f16vec{_n}"] = VectorType(ScalarKind.FLOAT, _n, 16)
    BASIC_TYPES[f"f16mat{_n}"] = MatrixType(_n, _n, 16)
    for _m in (2, 3, 4):
        BASIC_TYPES[f"f16mat{_n}x{_m}"] = MatrixType(_n, _m, 16)
for _n in (2, 3, 4):
    for _prefix, _kind in (("b", ScalarKind.BOOL), ("i", ScalarKind.INT), ("u", ScalarKind.UINT)):
        BASIC_TYPES[f"{_prefix}vec{_n}"] = VectorType(_kind, _n)
    BASIC_TYPES[f"vec{_n}"] = VectorType(ScalarKind.FLOAT, _n)
    BASIC_TYPES[f"dvec{_n}"] = VectorType(ScalarKind.FLOAT, _n, 64)
    BASIC_TYPES[f"i64vec{_n}"] = VectorType(ScalarKind.INT, _n, 64)
    BASIC_TYPES[f"u64vec{_n}"] = VectorType(ScalarKind.UINT, _n, 64)
    BASIC_TYPES[f"mat{_n}"] = MatrixType(_n, _n)
    BASIC_TYPES[f"dmat{_n}"] = MatrixType(_n, _n, 64)
    for _m in (2, 3, 4):
        BASIC_TYPES[f"mat{_n}x{_m}"] = MatrixType(_n, _m)
        BASIC_TYPES[f"dmat{_n}x{_m}"] = MatrixType(_n, _m, 64)

# Sampler and image dimensionalities: (coordinate components, size components).
SAMPLER_DIMS: dict[str, tuple[int, int]] = {
    "1D": (1, 1),
    "2D": (2, 2),
    "3D": (3, 3),
    "Cube": (3, 2),
    "2DRect": (2, 2),
    "1DArray": (2, 2),
    "2DArray": (3, 3),
    "CubeArray": (4, 3),
    "Buffer": (1, 1),
    "2DMS": (2, 2),
    "2DMSArray": (3, 3),
}
_SHADOW_DIMS = ("1D", "2D", "2DRect", "Cube", "1DArray", "2DArray", "CubeArray")
for _prefix in ("", "i", "u"):
    for _dim in SAMPLER_DIMS:
        BASIC_TYPES[f"{_prefix}sampler{_dim}"] = OpaqueType(f"{_prefix}sampler{_dim}")
        BASIC_TYPES[f"{_prefix}image{_dim}"] = OpaqueType(f"{_prefix}image{_dim}")
for _dim in _SHADOW_DIMS:
    BASIC_TYPES[f"sampler{_dim}Shadow"] = OpaqueType(f"sampler{_dim}Shadow")
for _name in ("atomic_uint", "samplerExternalOES"):
    BASIC_TYPES[_name] = OpaqueType(_name)


def parse_opaque(name: str) -> tuple[str, str, bool, bool] | None:
    """(result prefix, dimensionality, is image, is shadow) of a sampler or image name."""
    for prefix in ("i", "u", ""):
        for family in ("sampler", "image"):
            head = prefix + family
            if name.startswith(head):
                dim = name[len(head) :]
                shadow = dim.endswith("Shadow")
                dim = dim.removesuffix("Shadow")
                if dim in SAMPLER_DIMS:
                    return prefix, dim, family == "image", shadow
    return None
