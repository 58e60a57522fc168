"""User structs in buffers (issue 20, part 1): buffer fields of struct type.

With `SmithOptions.buffer_struct_probability` > 0 a buffer field is, at that
probability, a struct or an array of one to three structs. The struct types are those
the struct generator (generate/structs.py) declares, so the program's code makes,
copies, passes and compares them like any other struct; here only the ones a buffer
can hold are made and picked: members of int, uint and (with floats) float scalars,
vectors and arrays of them, as buffer_field_type draws them, and earlier such structs
or arrays of them (so buffer structs nest). Never bool, whose layout in a buffer is not
portable (GLSL stores it as a 4-byte word whose true value the driver picks) and which
WGSL cannot put in a buffer at all; never a matrix (a column's layout is one more rule
per language for no new code path).

Layouts: std430 in storage buffers, which WGSL's storage layout equals for such structs
(vec3 aligned to 16 with a scalar after it in its last 4 bytes, a struct aligned to its
largest member and its size rounded up to that, arrays of structs at that stride);
std140 in the uniform blocks of GLSL fragment shaders (struct and array alignment
rounded up to 16: targets/runners/std430.py lays both out). WGSL's uniform address space
has rules of its own for struct members (offsets and sizes multiples of 16, else the
module is invalid), so a WGSL uniform block gets none.

Every draw is made only when the option is on, so programs without it are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable

from shadersmith.generate.context import GenerationContext
from shadersmith.generate.structs import MAX_FIELDS, StructExpressions
from shadersmith.ir.profile import Language
from shadersmith.ir.types import (
    ArrayType,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
)

# Struct types made for buffers in one program at most (besides the struct generator's
# own, which buffers never take unless they pass `buffer_safe`).
MAX_BUFFER_STRUCTS = 3
MAX_STRUCT_ARRAY = 3


def struct_field_wanted(ctx: GenerationContext, uniform: bool) -> bool:
    """Whether the next buffer field is a struct: drawn only when the option is on and
    the block may hold one (not a WGSL uniform block)."""
    probability = ctx.options.buffer_struct_probability
    if probability <= 0 or (uniform and ctx.profile.language is Language.WGSL):
        return False
    return ctx.rng.random() < probability


def buffer_safe(type_: Type) -> bool:
    """Whether `type_` may be a buffer field's (part): no bool, no matrix, no runtime
    array inside a struct."""
    if isinstance(type_, ScalarType | VectorType):
        return type_.kind is not ScalarKind.BOOL
    if isinstance(type_, ArrayType):
        return type_.length is not None and buffer_safe(type_.element)
    if isinstance(type_, StructType):
        return all(buffer_safe(f.type) for f in type_.fields)
    return False


class BufferStructs:
    """Makes and picks the struct types of one program's buffer fields."""

    def __init__(
        self,
        ctx: GenerationContext,
        structs: StructExpressions,
        member_type: Callable[[], Type],
    ) -> None:
        self.ctx = ctx
        self.rng = ctx.rng
        self.structs = structs
        # A member that is not a struct: a storage field's type (interface.py).
        self.member_type = member_type
        self.made = 0

    def field_type(self) -> StructType | ArrayType:
        """A buffer-safe struct type (a new one at times), or an array of one."""
        rng = self.rng
        safe = [s for s in self.structs.declared if buffer_safe(s)]
        if not safe or (self.made < MAX_BUFFER_STRUCTS and rng.random() < 0.4):
            struct = self._new_struct(safe)
        else:
            struct = rng.choice(safe)
        self._count("field")
        if rng.random() < 0.35:
            self._count("array")
            return ArrayType(struct, rng.randint(1, MAX_STRUCT_ARRAY))
        return struct

    def _new_struct(self, safe: list[StructType]) -> StructType:
        rng = self.rng
        fields: list[StructField] = []
        for _ in range(rng.randint(1, MAX_FIELDS)):
            type_: Type
            if safe and rng.random() < 0.25:
                inner = rng.choice(safe)
                type_ = ArrayType(inner, rng.randint(1, 2)) if rng.random() < 0.3 else inner
                self._count("nested")
            else:
                type_ = self.member_type()
            fields.append(StructField(self.ctx.fresh_name("field"), type_))
        struct = StructType(self.ctx.fresh_name("Struct"), tuple(fields))
        # The struct generator declares it with its own, in order: nested ones come first.
        self.structs.declared.append(struct)
        self.made += 1
        self._count("declared")
        if any(f.type == VectorType(k, 3) for f in fields for k in ScalarKind):
            self._count("vec3_member")
        return struct

    def _count(self, form: str) -> None:
        self.ctx.choices[f"buffer_struct:{form}"] += 1
