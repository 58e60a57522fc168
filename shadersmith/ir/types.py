"""The types of the shader IR.

Types are immutable values compared structurally, so two `VectorType(INT_KIND, 3)` built
in different places are equal and hash alike. Struct types are nominal in GLSL, so a
struct type carries its name and its fields; two structs with one name must be equal.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class ScalarKind(enum.Enum):
    """The four scalar kinds the generators and the interpreter understand."""

    BOOL = "bool"
    INT = "int"
    UINT = "uint"
    FLOAT = "float"

    @property
    def is_integer(self) -> bool:
        return self in (ScalarKind.INT, ScalarKind.UINT)

    @property
    def is_numeric(self) -> bool:
        return self is not ScalarKind.BOOL


# Spellings of the 64-bit scalars (fp64 and int64 extensions). Width is a field of the
# types rather than a kind of its own so that the four kinds, which every generator,
# the interpreter and the harness enumerate, stay as they are: only the front-end and the
# emitter meet 64-bit types, in real-world shaders.
_WIDE_SCALAR_NAMES = {
    ScalarKind.FLOAT: "double",
    ScalarKind.INT: "int64_t",
    ScalarKind.UINT: "uint64_t",
}
_WIDE_VECTOR_PREFIX = {ScalarKind.FLOAT: "d", ScalarKind.INT: "i64", ScalarKind.UINT: "u64"}
# The explicit-width small integers (GL_EXT_shader_explicit_arithmetic_types_int8/_int16):
# `int8_t`, `uint16_t`, `i8vec2`, `u16vec4`.
_SMALL_INTEGER_WIDTHS = (8, 16)


def _scalar_name(kind: ScalarKind, bits: int) -> str:
    if bits == 16 and kind is ScalarKind.FLOAT:
        return "float16_t"
    if bits == 64:
        return _WIDE_SCALAR_NAMES[kind]
    if bits in _SMALL_INTEGER_WIDTHS and kind.is_integer:
        return f"{kind.value}{bits}_t"
    return kind.value


@dataclass(frozen=True, slots=True)
class ScalarType:
    kind: ScalarKind
    # 32, or 64 for double, int64_t and uint64_t, or 8 and 16 for int8_t, uint16_t ...,
    # or 16 for float16_t (GL_EXT_shader_explicit_arithmetic_types_float16; never for bool).
    bits: int = 32

    def __str__(self) -> str:
        return _scalar_name(self.kind, self.bits)


# GLSL vector type names by scalar kind, e.g. ivec3.
_VECTOR_PREFIX = {
    ScalarKind.BOOL: "b",
    ScalarKind.INT: "i",
    ScalarKind.UINT: "u",
    ScalarKind.FLOAT: "",
}


@dataclass(frozen=True, slots=True)
class VectorType:
    kind: ScalarKind
    size: int
    bits: int = 32

    def __post_init__(self) -> None:
        if self.size not in (2, 3, 4):
            raise ValueError(f"vector size must be 2, 3 or 4, not {self.size}")

    @property
    def component(self) -> ScalarType:
        return ScalarType(self.kind, self.bits)

    def __str__(self) -> str:
        if self.bits == 64:
            return f"{_WIDE_VECTOR_PREFIX[self.kind]}vec{self.size}"
        if self.bits == 16 and self.kind is ScalarKind.FLOAT:
            return f"f16vec{self.size}"
        if self.bits in _SMALL_INTEGER_WIDTHS and self.kind.is_integer:
            return f"{_VECTOR_PREFIX[self.kind]}{self.bits}vec{self.size}"
        return f"{_VECTOR_PREFIX[self.kind]}vec{self.size}"


@dataclass(frozen=True, slots=True)
class MatrixType:
    """A float matrix with `columns` column vectors of `rows` components."""

    columns: int
    rows: int
    # 64 for the double matrices (dmat3, ...), 16 for the half ones (f16mat3, ...).
    bits: int = 32

    def __post_init__(self) -> None:
        if self.columns not in (2, 3, 4) or self.rows not in (2, 3, 4):
            raise ValueError(f"bad matrix shape {self.columns}x{self.rows}")

    @property
    def column_type(self) -> VectorType:
        return VectorType(ScalarKind.FLOAT, self.rows, self.bits)

    def __str__(self) -> str:
        prefix = {64: "d", 16: "f16"}.get(self.bits, "")
        if self.columns == self.rows:
            return f"{prefix}mat{self.columns}"
        return f"{prefix}mat{self.columns}x{self.rows}"


@dataclass(frozen=True, slots=True)
class ArrayType:
    """A one-dimensional array; `length` None is a runtime-sized buffer array."""

    element: Type
    length: int | None

    def __str__(self) -> str:
        size = "" if self.length is None else str(self.length)
        return f"{self.element}[{size}]"


@dataclass(frozen=True, slots=True)
class StructField:
    name: str
    type: Type


@dataclass(frozen=True, slots=True)
class StructType:
    name: str
    fields: tuple[StructField, ...]

    def field(self, name: str) -> StructField:
        for candidate in self.fields:
            if candidate.name == name:
                return candidate
        raise KeyError(f"struct {self.name} has no field {name}")

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class VoidType:
    def __str__(self) -> str:
        return "void"


@dataclass(frozen=True, slots=True)
class OpaqueType:
    """A sampler, image or atomic counter type (`sampler2D`, `uimage3D`, `atomic_uint`):
    values that only uniforms and parameters hold and only built-ins use. Real-world shaders
    bring them; the generators never make them."""

    name: str

    def __str__(self) -> str:
        return self.name


Type = ScalarType | VectorType | MatrixType | ArrayType | StructType | VoidType | OpaqueType

BOOL = ScalarType(ScalarKind.BOOL)
INT = ScalarType(ScalarKind.INT)
UINT = ScalarType(ScalarKind.UINT)
FLOAT = ScalarType(ScalarKind.FLOAT)
VOID = VoidType()

SCALAR_TYPES: tuple[ScalarType, ...] = (BOOL, INT, UINT, FLOAT)


def scalar(kind: ScalarKind) -> ScalarType:
    return ScalarType(kind)


def vector_or_scalar(kind: ScalarKind, size: int, bits: int = 32) -> ScalarType | VectorType:
    """The scalar type for size 1, else the vector type: the 'genType' of the GLSL spec."""
    return ScalarType(kind, bits) if size == 1 else VectorType(kind, size, bits)


def kind_of(type_: Type) -> ScalarKind | None:
    """Scalar kind of a scalar, vector or matrix type; None for the others."""
    if isinstance(type_, ScalarType | VectorType):
        return type_.kind
    if isinstance(type_, MatrixType):
        return ScalarKind.FLOAT
    return None


def component_count(type_: Type) -> int:
    """1 for a scalar, the size of a vector; 0 for what has no components."""
    if isinstance(type_, ScalarType):
        return 1
    if isinstance(type_, VectorType):
        return type_.size
    return 0


def element_type(type_: Type) -> Type:
    """The type that indexing `type_` with `[i]` gives."""
    if isinstance(type_, ArrayType):
        return type_.element
    if isinstance(type_, VectorType):
        return type_.component
    if isinstance(type_, MatrixType):
        return type_.column_type
    raise TypeError(f"{type_} cannot be indexed")


def has_unsized_array(type_: Type) -> bool:
    """Whether `type_` is an array with a missing size at any depth (`int a[]`, `T b[][2]`)."""
    while isinstance(type_, ArrayType):
        if type_.length is None:
            return True
        type_ = type_.element
    return False


def index_bound(type_: Type) -> int | None:
    """How many elements `[i]` may address; None for a runtime-sized array."""
    if isinstance(type_, ArrayType):
        return type_.length
    if isinstance(type_, VectorType):
        return type_.size
    if isinstance(type_, MatrixType):
        return type_.columns
    raise TypeError(f"{type_} cannot be indexed")
