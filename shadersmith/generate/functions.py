"""User functions, global variables and `main`.

Functions are generated in definition order and each may call only those before it, so
there is no recursion and no prototype is needed. `out` parameters are assigned first
thing in the body (reading them before is undefined), and a non-void function always
ends with `return e;`, so every path returns.
"""

from __future__ import annotations

from shadersmith.generate.context import Signature
from shadersmith.generate.interface import invocation_view
from shadersmith.generate.narrow_storage import is_narrow, widened
from shadersmith.generate.scope import Variable
from shadersmith.generate.statements import JumpContext, StatementGenerator
from shadersmith.ir.expressions import Assign, Construct, Index, Literal, VariableRef
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import Function, Parameter, ParamQualifier, StorageBuffer
from shadersmith.ir.statements import Block, ExprStmt, Return, Statement, VarDecl
from shadersmith.ir.types import INT, VOID, ArrayType, ScalarType, StructType, Type, VectorType

_QUALIFIERS = (ParamQualifier.IN, ParamQualifier.IN, ParamQualifier.OUT, ParamQualifier.INOUT)


def global_variables(gen: StatementGenerator) -> tuple[VarDecl, ...]:
    """Globals: `const` ones, and plain ones with or without a constant initialiser
    (GLSL requires global initialisers to be constant expressions)."""
    ctx = gen.ctx
    decls: list[VarDecl] = []
    for _ in range(ctx.rng.randint(0, ctx.options.max_globals)):
        type_ = gen.random_variable_type()
        name = ctx.fresh_name("glob")
        access = VariableRef(type_, name)
        draw = ctx.rng.random()
        if draw < 0.4:
            init = gen.exprs.constant_expression(type_)
            ctx.constant_names.add(name)
            ctx.scope.declare(Variable(name, type_, access, writable=False, constant=True))
            decls.append(VarDecl(name, type_, init, const=True))
        else:
            init_or_none = gen.exprs.constant_expression(type_) if draw < 0.7 else None
            ctx.scope.declare(Variable(name, type_, access, writable=True))
            decls.append(VarDecl(name, type_, init_or_none))
    return tuple(decls)


def user_function(gen: StatementGenerator) -> Function:
    ctx = gen.ctx
    rng = ctx.rng
    name = ctx.fresh_name("func")
    return_type: Type = VOID if rng.random() < 0.2 else gen.exprs.random_value_type()
    structs = gen.exprs.structs
    if return_type != VOID and structs is not None and structs.chance():
        ctx.choices["struct:return"] += 1
        return_type = structs.random_struct()
    params = tuple(
        _parameter(gen, _qualifier(gen)) for _ in range(rng.randint(0, ctx.options.max_params))
    )
    if ctx.divergence is not None:
        ctx.divergence.enter_function()
    ctx.scope.push()
    try:
        for param in params:
            access = VariableRef(param.type, param.name)
            ctx.scope.declare(Variable(param.name, param.type, access, writable=not param.const))
        body: list[Statement] = [
            ExprStmt(
                Assign(
                    p.type,
                    AssignOp.ASSIGN,
                    VariableRef(p.type, p.name),
                    gen.exprs.expression(p.type),
                )
            )
            for p in params
            if p.qualifier is ParamQualifier.OUT
        ]
        gen.jumps = JumpContext(return_type=return_type)
        gen.budget = ctx.options.max_statements_function
        body.extend(gen.statements(0))
        if return_type != VOID:
            body.append(Return(gen.exprs.expression(return_type)))
    finally:
        ctx.scope.pop()
    ctx.add_function(Signature(name, return_type, params))
    return Function(name, return_type, params, Block(tuple(body)))


def _qualifier(gen: StatementGenerator) -> ParamQualifier:
    """A parameter's qualifier: out and inout where the language has them; in WGSL, with
    `pointer_parameter_probability`, a pointer parameter (an out or inout one, emitted as
    `ptr<function, T>`); otherwise in, by the draw made before pointers existed."""
    ctx = gen.ctx
    if ctx.profile.out_parameters:
        return ctx.rng.choice(_QUALIFIERS)
    probability = ctx.options.pointer_parameter_probability
    if ctx.profile.pointer_parameters and probability > 0.0:
        if ctx.rng.random() >= probability:
            return ParamQualifier.IN
        ctx.choices["pointer:parameter"] += 1
        return ctx.rng.choice((ParamQualifier.OUT, ParamQualifier.INOUT))
    return ctx.rng.choice((ParamQualifier.IN,))  # one draw, as before: programs unchanged


def _parameter(gen: StatementGenerator, qualifier: ParamQualifier) -> Parameter:
    type_ = gen.random_variable_type()
    const = qualifier is ParamQualifier.IN and gen.rng.random() < 0.15
    return Parameter(gen.ctx.fresh_name("param"), type_, qualifier, const)


def main_function(gen: StatementGenerator, buffers: tuple[StorageBuffer, ...]) -> Function:
    """`void main()`: a few declarations to work with, random statements, then a write
    to every output field so that the result is observable."""
    ctx = gen.ctx
    driver = ctx.divergence
    if driver is not None:
        driver.enter_main()
    ctx.scope.push()
    try:
        gen.jumps = JumpContext(return_type=VOID)
        gen.budget = ctx.options.max_statements_main
        body: list[Statement] = [gen.declaration(0) for _ in range(ctx.rng.randint(2, 4))]
        if driver is not None:
            for declaration in body:
                driver.observe(declaration)
        body.extend(gen.statements(0))
        while gen.budget > 0:
            body.extend(gen.statements(0))
        if driver is not None:
            body.extend(driver.closing(gen))
        body.extend(_output_writes(gen, buffers))
    finally:
        ctx.scope.pop()
    return Function("main", VOID, (), Block(tuple(body)))


def _output_writes(gen: StatementGenerator, buffers: tuple[StorageBuffer, ...]) -> list[Statement]:
    writes: list[Statement] = []
    rng = gen.rng
    for buffer in buffers:
        if buffer.readonly:
            continue
        for field in buffer.fields:
            target, type_ = invocation_view(gen.ctx, buffer, field)
            if isinstance(type_, ArrayType) and rng.random() < 0.7:
                assert type_.length is not None
                element = type_.element
                index = Literal(INT, rng.randrange(type_.length))
                target = Index(element, target, index)
                type_ = element
            # A narrow field's value is a 32-bit one narrowed (generate/narrow_storage.py).
            narrow = isinstance(type_, ScalarType | VectorType) and is_narrow(type_)
            computed = (
                widened(type_) if isinstance(type_, ScalarType | VectorType) and narrow else type_
            )
            driver = gen.ctx.divergence
            if driver is None:
                value = gen.exprs.expression(computed)
            else:
                value = driver.output_value(gen, computed)
            if narrow:
                value = Construct(type_, (value,))
            op = AssignOp.ASSIGN if rng.random() < 0.6 else AssignOp.ADD
            if isinstance(type_, ArrayType | StructType) or narrow:
                op = AssignOp.ASSIGN
            writes.append(ExprStmt(Assign(type_, op, target, value)))
    return writes
