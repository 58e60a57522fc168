"""Constructors on lane values: scalar conversions, vectors, matrices, arrays, structs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from shadersmith.interp.errors import InterpreterError
from shadersmith.interp.lanes.operators import convert
from shadersmith.interp.lanes.values import (
    Lanes,
    as_rows,
    dtype_of,
    homogeneous_kind,
    stack_rows,
    value_to_bits,
)
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
)

Builder = Callable[[Sequence[Lanes]], Lanes]


def concat_rows(values: Sequence[Lanes], dtype: type[np.generic]) -> Lanes:
    """2-D values of widths 1 or W one under the other."""
    count = max(int(v.shape[-1]) for v in values)
    out = np.empty((sum(int(v.shape[0]) for v in values), count), dtype)
    row = 0
    for value in values:
        out[row : row + value.shape[0]] = value
        row += value.shape[0]
    return out


def _bits(type_: Type) -> int:
    """The component width of a constructor argument or target (32, 8, 16 or 64)."""
    return type_.bits if isinstance(type_, ScalarType | VectorType | MatrixType) else 32


def _kind_and_size(type_: Type) -> tuple[ScalarKind, int]:
    """Kind and component count of a constructor argument (0 for a scalar)."""
    if isinstance(type_, ScalarType):
        return type_.kind, 0
    if isinstance(type_, VectorType):
        return type_.kind, type_.size
    if isinstance(type_, MatrixType):
        return ScalarKind.FLOAT, type_.columns * type_.rows
    raise InterpreterError(f"{type_} cannot be a constructor argument here")


def _components(kind: ScalarKind, args: Sequence[Type], count: int, bits: int = 32) -> Builder:
    """The first `count` components of the arguments, converted to `kind` `bits` wide,
    as rows."""
    shapes = [_kind_and_size(a) for a in args]
    widths = [_bits(a) for a in args]
    if sum(max(size, 1) for _, size in shapes) < count:
        raise InterpreterError(f"too few components for a constructor of {count}")
    dtype = dtype_of(ScalarType(kind, bits))
    if len(args) == 1 and shapes[0][0] is kind and widths[0] == bits:
        return lambda values: values[0][:count]

    def build(values: Sequence[Lanes]) -> Lanes:
        rows: list[Lanes] = []
        for value, (source, size), width in zip(values, shapes, widths, strict=True):
            converted = convert(value, source, kind, width, bits)
            if size:
                rows.extend(converted[: count - len(rows)])
            else:
                rows.append(converted)
            if len(rows) >= count:
                break
        return stack_rows(rows, dtype)

    return build


def _vector(target: VectorType, args: Sequence[Type]) -> Builder:
    shapes = [_kind_and_size(a) for a in args]
    size = target.size
    if len(args) == 1 and shapes[0][1] == 0:  # a scalar splats
        source, width = shapes[0][0], _bits(args[0])

        def splat(values: Sequence[Lanes]) -> Lanes:
            value = convert(values[0], source, target.kind, width, target.bits)
            return np.broadcast_to(value, (size, value.shape[-1]))

        return splat
    return _components(target.kind, args, size, target.bits)


def _matrix(target: MatrixType, args: Sequence[Type]) -> Builder:
    columns, rows = target.columns, target.rows
    shapes = [_kind_and_size(a) for a in args]
    dtype = dtype_of(target)
    if len(args) == 1 and shapes[0][1] == 0:  # a scalar fills the diagonal
        source, width = shapes[0][0], _bits(args[0])

        def diagonal(values: Sequence[Lanes]) -> Lanes:
            x = convert(values[0], source, ScalarKind.FLOAT, width, target.bits)
            out = np.zeros((columns * rows, x.shape[-1]), dtype)
            for i in range(min(columns, rows)):
                out[i * rows + i] = x
            return out

        return diagonal
    if len(args) == 1 and isinstance(args[0], MatrixType):
        source_type = args[0]

        def resize(values: Sequence[Lanes]) -> Lanes:
            m = values[0]
            out = np.zeros((columns * rows, m.shape[-1]), dtype)
            for c in range(columns):
                for r in range(rows):
                    if c < source_type.columns and r < source_type.rows:
                        out[c * rows + r] = m[c * source_type.rows + r]
                    elif c == r:
                        out[c * rows + r] = 1.0
            return out

        return resize
    return _components(ScalarKind.FLOAT, args, columns * rows, target.bits)


def constructor(target: Type, args: Sequence[Type]) -> Builder:
    """The function building a `target` value from evaluated constructor arguments."""
    if isinstance(target, ScalarType):
        if len(args) != 1:
            raise InterpreterError(f"{target}() takes one argument, got {len(args)}")
        source, size = _kind_and_size(args[0])
        width, wide = _bits(args[0]), target.bits
        if size:
            return lambda values: convert(values[0][0], source, target.kind, width, wide)
        return lambda values: convert(values[0], source, target.kind, width, wide)
    if isinstance(target, VectorType):
        return _vector(target, args)
    if isinstance(target, MatrixType):
        return _matrix(target, args)
    if isinstance(target, ArrayType | StructType):
        dtype = dtype_of(target)
        if homogeneous_kind(target) is not None:
            return lambda values: concat_rows([as_rows(v) for v in values], dtype)
        arg_types = tuple(args)

        def bits(values: Sequence[Lanes]) -> Lanes:
            parts = [as_rows(value_to_bits(v, t)) for v, t in zip(values, arg_types, strict=True)]
            return concat_rows(parts, dtype)

        return bits
    raise InterpreterError(f"cannot construct {target}")
