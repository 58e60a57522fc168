"""Fuzzed code for dead places (GraphicsFuzz's fuzzer of expressions and statements): the
generator's own expression generator (generate/expressions.py), its scope filled with
what is visible at one point of the recipient: the locals and parameters in scope there,
the globals, the buffers, `shared` variables and the stage's built-in variables, and the
user functions defined before the function it sits in (so that no call recurses).

What it makes may have undefined behaviour (a division by zero, an index out of
bounds): it is only ever placed where it never runs. It is valid GLSL all the same: the
generator replaces a foldable divisor, shift or index by an in-range literal, and
`const` variables (whose values a front-end folds) are offered to it as such.
"""

from __future__ import annotations

import random

from shadersmith.config.generator_options import SmithOptions
from shadersmith.generate.context import GenerationContext, Signature
from shadersmith.generate.expressions import ExpressionGenerator
from shadersmith.generate.interface import field_access
from shadersmith.generate.invocations import INVOCATION_BUILTINS
from shadersmith.generate.scope import Variable
from shadersmith.ir.expressions import Expression, VariableRef
from shadersmith.ir.profile import GLSL450
from shadersmith.ir.program import Function, Program, Stage
from shadersmith.ir.statements import ExprStmt, Statement, VarDecl
from shadersmith.ir.types import (
    VOID,
    ArrayType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
)
from shadersmith.mutate.transforms.common import calls_barrier
from shadersmith.mutate.transforms.opaque import OPAQUE_BLOCK

_VEC4 = VectorType(ScalarKind.FLOAT, 4)


def _offered(type_: Type) -> bool:
    """What the expression generator reads and writes: 32-bit scalars, vectors and
    fixed-size arrays of them."""
    if isinstance(type_, ArrayType):
        return type_.length is not None and _offered(type_.element)
    return isinstance(type_, ScalarType | VectorType) and type_.bits == 32


def _callable(callee: Function) -> bool:
    """A function the generator here can call: it makes only `_offered` values (its
    options are the defaults: no matrices, no structs), so a function taking or returning
    a matrix or a struct (generate/matrices.py, structs.py) is left out."""
    returned = callee.return_type == VOID or _offered(callee.return_type)
    return returned and all(_offered(param.type) for param in callee.params)


def fuzzer(
    program: Program, function: Function, visible: dict[str, VarDecl], seed: int
) -> ExpressionGenerator:
    """An expression generator over what is visible at one point of `function`."""
    context = GenerationContext(seed, SmithOptions(), GLSL450)
    scope = context.scope
    seen: set[str] = set()

    def declare(name: str, type_: Type, access: Expression, writable: bool, const: bool) -> None:
        if name in seen or not _offered(type_):
            return
        seen.add(name)
        scope.declare(Variable(name, type_, access, writable and not const, const))
        if const:
            context.constant_names.add(name)

    for decl in reversed(visible.values()):  # innermost first: it shadows the others
        declare(decl.name, decl.type, VariableRef(decl.type, decl.name), True, decl.const)
    for decl in program.globals:
        declare(decl.name, decl.type, VariableRef(decl.type, decl.name), True, decl.const)
    for shared in program.shared:
        declare(shared.name, shared.type, VariableRef(shared.type, shared.name), True, False)
    for buffer in program.buffers:
        if buffer.block_name == OPAQUE_BLOCK:
            continue
        writable = not (buffer.readonly or buffer.uniform)
        for field in buffer.fields:
            declare(field.name, field.type, field_access(buffer, field), writable, False)
    for output in program.outputs:
        declare(output.name, output.type, VariableRef(output.type, output.name), True, False)
    if program.stage is Stage.COMPUTE:
        for name, type_ in INVOCATION_BUILTINS:
            declare(name, type_, VariableRef(type_, name), False, False)
    else:
        declare("gl_FragCoord", _VEC4, VariableRef(_VEC4, "gl_FragCoord"), False, False)
    for callee in program.functions:
        if callee.name == function.name:
            break  # only functions defined before this one: no recursion
        if callee.name != "main" and _callable(callee) and not calls_barrier(callee.body):
            context.add_function(Signature(callee.name, callee.return_type, callee.params))
    return ExpressionGenerator(context)


def fuzzed_statements(generator: ExpressionGenerator, count: int) -> tuple[Statement, ...]:
    """`count` statements: assignments to visible variables, calls, or expressions."""
    rng: random.Random = generator.rng
    made: list[Statement] = []
    while len(made) < count:
        type_ = generator.random_value_type()
        draw = rng.random()
        expression: Expression | None = None
        if draw < 0.5:
            target = generator.lvalue(type_, 1)
            if target is not None:
                expression = generator.assign_to(target, 1)
        elif draw < 0.7:
            expression = generator.user_call(type_, 1) or _void_call(generator)
        if expression is None:
            expression = generator.expression(type_, 0)
        made.append(ExprStmt(expression))
    return tuple(made)


def _void_call(generator: ExpressionGenerator) -> Expression | None:
    candidates = generator.ctx.functions_returning.get(VOID)
    if not candidates:
        return None
    return generator.call(generator.rng.choice(candidates), 1)
