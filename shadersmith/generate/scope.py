"""The variable environment of the generator: what is visible, readable and writable.

A variable "provides" a type when an access path from it yields that type: an `ivec3`
provides `int` (`v.y`, `v[i]`) and every `ivec` size (read swizzles may repeat and
widen), an `int[3]` provides `int[3]` and `int`, a `mat3x2` itself and what its column
`vec2` provides, a struct itself and what each of its fields provides (`s.f_1[i].x`).
Writable paths provide fewer types:
a written swizzle never repeats, so an `ivec2` provides `ivec2` and `int` only.

Lists of providers are kept per type and updated incrementally as variables come into
and go out of scope, so a look-up is one dictionary access: the generator asks for
providers at every expression leaf, and scanning all variables there would dominate
the generation time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

from shadersmith.ir.expressions import Expression
from shadersmith.ir.types import ArrayType, MatrixType, ScalarType, StructType, Type, VectorType


class Access(IntEnum):
    """The three lists a variable may be in (an IntEnum: hashed at C speed, and
    provider look-ups are the generator's hottest path)."""

    READ = 0
    WRITE = 1
    CONSTANT = 2  # a constant expression in GLSL: a const with a constant initialiser


@dataclass(frozen=True, slots=True)
class Variable:
    name: str
    type: Type
    # How the program names it: a VariableRef, or `instance.field` for a buffer field.
    access: Expression
    writable: bool
    constant: bool = False


_read_cache: dict[Type, tuple[Type, ...]] = {}
_write_cache: dict[Type, tuple[Type, ...]] = {}


def read_provides(type_: Type) -> tuple[Type, ...]:
    """Every type a read access path from a value of `type_` can yield."""
    cached = _read_cache.get(type_)
    if cached is not None:
        return cached
    result: tuple[Type, ...]
    if isinstance(type_, ScalarType):
        result = (type_,)
    elif isinstance(type_, VectorType):
        result = (type_.component, *(VectorType(type_.kind, n, type_.bits) for n in (2, 3, 4)))
    elif isinstance(type_, ArrayType):
        result = (type_, *read_provides(type_.element))
    elif isinstance(type_, MatrixType):
        # A column `m[i]`, and through it an element or any swizzle of it.
        result = (type_, *read_provides(type_.column_type))
    elif isinstance(type_, StructType):
        result = _struct_provides(type_, read_provides)
    else:
        result = ()
    _read_cache[type_] = result
    return result


def write_provides(type_: Type) -> tuple[Type, ...]:
    """Every type a writable access path into a value of `type_` can yield."""
    cached = _write_cache.get(type_)
    if cached is not None:
        return cached
    result: tuple[Type, ...]
    if isinstance(type_, ScalarType):
        result = (type_,)
    elif isinstance(type_, VectorType):
        sizes = range(2, type_.size + 1)
        result = (type_.component, *(VectorType(type_.kind, n, type_.bits) for n in sizes))
    elif isinstance(type_, ArrayType):
        result = (type_, *write_provides(type_.element))
    elif isinstance(type_, MatrixType):
        result = (type_, *write_provides(type_.column_type))
    elif isinstance(type_, StructType):
        result = _struct_provides(type_, write_provides)
    else:
        result = ()
    _write_cache[type_] = result
    return result


def _struct_provides(
    struct: StructType, provides: Callable[[Type], tuple[Type, ...]]
) -> tuple[Type, ...]:
    """The struct, then what its fields provide, each type once (a variable is in a
    provider list once)."""
    found: dict[Type, None] = {struct: None}
    for field in struct.fields:
        found.update(dict.fromkeys(provides(field.type)))
    return tuple(found)


_EMPTY: tuple[Variable, ...] = ()


class Scope:
    """Nested scopes of variables with per-type provider lists.

    Variables only ever leave in the reverse order they came in (a scope is popped whole),
    so each provider list shrinks from its end and stays in declaration order, which keeps
    the generator deterministic.
    """

    def __init__(self) -> None:
        self._variables: list[Variable] = []
        self._keys: list[tuple[tuple[Access, Type], ...]] = []
        self._providers: dict[tuple[Access, Type], list[Variable]] = {}
        self._marks: list[int] = []
        # Narrows the readable variables offered (ShaDiv's Filter(Σ, var_set, ω): the
        # uniform or the divergent ones, generate/divergence.py); None offers all.
        self.read_filter: Callable[[list[Variable]], list[Variable]] | None = None

    def push(self) -> None:
        self._marks.append(len(self._variables))

    def pop(self) -> None:
        mark = self._marks.pop()
        while len(self._variables) > mark:
            self._variables.pop()
            for key in self._keys.pop():
                self._providers[key].pop()

    def declare(self, variable: Variable) -> None:
        keys: list[tuple[Access, Type]] = [(Access.READ, t) for t in read_provides(variable.type)]
        if variable.writable:
            keys.extend((Access.WRITE, t) for t in write_provides(variable.type))
        if variable.constant:
            keys.extend((Access.CONSTANT, t) for t in read_provides(variable.type))
        for key in keys:
            providers = self._providers.get(key)
            if providers is None:
                self._providers[key] = [variable]
            else:
                providers.append(variable)
        self._variables.append(variable)
        self._keys.append(tuple(keys))

    def providers(self, access: Access, type_: Type) -> list[Variable] | tuple[Variable, ...]:
        """Variables with an `access` path yielding `type_`, oldest first (do not mutate)."""
        found = self._providers.get((access, type_), _EMPTY)
        if access is Access.READ and self.read_filter is not None and found:
            return self.read_filter(list(found))
        return found

    @property
    def variables(self) -> tuple[Variable, ...]:
        return tuple(self._variables)

    def in_a_function(self, variable: Variable) -> bool:
        """Whether `variable` was declared inside a function (a parameter or a local),
        not at module level: declared after the first scope that a function pushes."""
        first = self._marks[0] if self._marks else len(self._variables)
        return not any(v is variable for v in self._variables[:first])
