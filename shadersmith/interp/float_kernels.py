"""The kernels a compiled program uses, by its float mode (float_mode.py): the exact ones
(operators.py, conversions.py, builtins.py) or, in INTERVAL mode, the interval ones
(interval_operators.py, interval_builtins.py) wherever a float takes part and the exact
ones elsewhere. Chosen once per program, so the EXACT mode runs exactly the code it ran
before the mode existed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from shadersmith.interp import interval_operators
from shadersmith.interp.builtins import (
    BuiltinImplementation,
    builtin_context,
    builtin_implementation,
)
from shadersmith.interp.conversions import Builder, constructor
from shadersmith.interp.float_mode import FloatMode
from shadersmith.interp.interval_builtins import interval_builtin
from shadersmith.interp.operators import Kernel, UnaryKernel, binary_operator, unary_operator
from shadersmith.interp.semantics import Language
from shadersmith.interp.sites import Site
from shadersmith.ir.operators import BinaryOp, UnaryOp
from shadersmith.ir.types import Type


@dataclass(frozen=True, slots=True)
class Kernels:
    """The kernel factories of one float mode, with the signatures of the exact ones."""

    binary_operator: Callable[..., Kernel]
    unary_operator: Callable[[UnaryOp, Type, bool, Site], UnaryKernel]
    constructor: Callable[[Type, Sequence[Type], bool, Site, bool], Builder]
    builtin_implementation: Callable[..., BuiltinImplementation]
    # A float literal's value (a float32) as a slot holds it.
    float_constant: Callable[[float], Any]


def _interval_binary(
    op: BinaryOp,
    left: Type,
    right: Type,
    result: Type,
    sanitize: bool,
    site: Site,
    language: Language = Language.GLSL,
) -> Kernel:
    kernel = interval_operators.binary_operator(op, left, right, site)
    if kernel is not None:
        return kernel
    return binary_operator(op, left, right, result, sanitize, site, language)


def _interval_unary(op: UnaryOp, operand: Type, sanitize: bool, site: Site) -> UnaryKernel:
    kernel = interval_operators.unary_operator(op, operand)
    return kernel if kernel is not None else unary_operator(op, operand, sanitize, site)


def _interval_constructor(
    target: Type, args: Sequence[Type], sanitize: bool, site: Site, wgsl: bool = False
) -> Builder:
    return constructor(target, args, sanitize, site, wgsl, FloatMode.INTERVAL)


def _interval_builtin(
    name: str,
    arg_types: tuple[Type, ...],
    result: Type,
    *,
    sanitize: bool,
    site: Site,
    abs_int_min_is_ub: bool,
    language: Language = Language.GLSL,
) -> BuiltinImplementation:
    context, out_positions = builtin_context(
        name,
        arg_types,
        result,
        sanitize=sanitize,
        site=site,
        abs_int_min_is_ub=abs_int_min_is_ub,
        language=language,
    )
    kernel = interval_builtin(name, context)
    if kernel is not None:
        return BuiltinImplementation(kernel, out_positions)
    return builtin_implementation(
        name,
        arg_types,
        result,
        sanitize=sanitize,
        site=site,
        abs_int_min_is_ub=abs_int_min_is_ub,
        language=language,
    )


EXACT_KERNELS = Kernels(
    binary_operator, unary_operator, constructor, builtin_implementation, lambda value: value
)
INTERVAL_KERNELS = Kernels(
    _interval_binary,
    _interval_unary,
    _interval_constructor,
    _interval_builtin,
    interval_operators.constant,
)


def kernels_for(floats: FloatMode) -> Kernels:
    return INTERVAL_KERNELS if floats is FloatMode.INTERVAL else EXACT_KERNELS
