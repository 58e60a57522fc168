"""Loops: guided and atypical `for`, `while` and `do-while` (seed 004, section 4.2.3).

A guided `for` looks like real code (Figure 4.4): an induction variable, a comparison with
a constant bound and a constant step by `+ - * /`; the generator picks the step and the
number of iterations and computes the bound, so the loop runs exactly that many times.
The induction variable is read-only in the body, as in real loops.

Atypical loops are what the grammar allows but style guides forbid: `for(;;)` left by a
`break`, headers with parts missing, arbitrary conditions. Their termination is not the
generator's business: the reconditioner adds loop limiters (seed 003, section 4.2).

Labels recorded in the program's choices:
`for:guided`, `for:step_add`, `for:step_sub`, `for:step_mul`, `for:step_div` (guided);
`for:infinite` (`for(;;)` with a break), `for:partial` (some header parts missing),
`for:arbitrary` (all parts present, arbitrary).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.generate.scope import Variable
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Expression,
    IncDec,
    Literal,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp
from shadersmith.ir.statements import Block, DoWhile, ExprStmt, For, Statement, VarDecl, While
from shadersmith.ir.types import INT, UINT, ScalarKind, ScalarType

if TYPE_CHECKING:
    from shadersmith.generate.statements import StatementGenerator


def loop_body(gen: StatementGenerator, nesting: int, must_break: bool) -> Block:
    """A loop body; with `must_break` it contains `if (c) break;` somewhere (or ends
    with `break;`), so that the loop has a way out."""
    gen.jumps.loops += 1
    try:
        body = gen.block(nesting)
        if not must_break:
            return body
        exit_: Statement = gen.guarded_break()
        statements = list(body.body)
        statements.insert(gen.rng.randint(0, len(statements)), exit_)
        return Block(tuple(statements))
    finally:
        gen.jumps.loops -= 1


def for_statement(gen: StatementGenerator, nesting: int) -> Statement:
    gen.scope.push()
    try:
        if gen.rng.random() < gen.options.guided_for_probability:
            return _guided_for(gen, nesting)
        return _atypical_for(gen, nesting)
    finally:
        gen.scope.pop()


def _guided_for(gen: StatementGenerator, nesting: int) -> Statement:
    rng = gen.rng
    type_ = INT if rng.random() < 0.75 else UINT
    name = gen.ctx.fresh_name("for_var")
    var = VariableRef(type_, name)
    op = rng.choice(("add", "sub", "mul", "div"))
    # Capped so that every value of the loop, bound included, fits in an int: a
    # geometric step reaches 3 * 3^15 < 2^26, an arithmetic one 10 + 4 * 10^6.
    cap = 15 if op in ("mul", "div") else 1_000_000
    iterations = rng.randint(1, min(gen.options.max_loop_iterations, cap))
    gen.ctx.choices["for:guided"] += 1
    gen.ctx.choices[f"for:step_{op}"] += 1

    def lit(value: int) -> Literal:
        return Literal(type_, value)

    increasing = op in ("add", "mul")
    if op == "add":
        step = rng.randint(1, 4)
        start = rng.randint(0, 10) if type_ == UINT else rng.randint(-10, 10)
        end = start + iterations * step
    elif op == "sub":
        step = rng.randint(1, 4)
        low = iterations * step
        start = rng.randint(low, low + 10) if type_ == UINT else rng.randint(-10, 10)
        end = start - iterations * step
    elif op == "mul":
        step = rng.randint(2, 3)
        start = rng.randint(1, 3)
        end = start * step**iterations
    else:
        step = rng.randint(2, 3)
        end = rng.randint(1, 3)
        start = end * step**iterations
    # The condition holds for the values before the last step and fails at `end`.
    draw = rng.random()
    if increasing:
        bound_op, bound = (BinaryOp.LT, end) if draw < 0.5 else (BinaryOp.LE, end - 1)
    else:
        bound_op, bound = (BinaryOp.GT, end) if draw < 0.5 else (BinaryOp.GE, end + 1)
    if op in ("add", "sub") and rng.random() < 0.2:
        bound_op, bound = BinaryOp.NE, end
    if rng.random() < 0.25:
        condition = Binary(ScalarType(ScalarKind.BOOL), _MIRROR[bound_op], lit(bound), var)
    else:
        condition = Binary(ScalarType(ScalarKind.BOOL), bound_op, var, lit(bound))
    update = _update(gen, var, op, step)
    init = VarDecl(name, type_, lit(start))
    # Declared read-only: the body must not disturb the count.
    gen.scope.declare(Variable(name, type_, var, writable=False))
    body = loop_body(gen, nesting, must_break=False)
    return For(init, condition, update, body)


_MIRROR = {
    BinaryOp.LT: BinaryOp.GT,
    BinaryOp.LE: BinaryOp.GE,
    BinaryOp.GT: BinaryOp.LT,
    BinaryOp.GE: BinaryOp.LE,
    BinaryOp.NE: BinaryOp.NE,
}
_STEP_OPS = {
    "add": (BinaryOp.ADD, AssignOp.ADD),
    "sub": (BinaryOp.SUB, AssignOp.SUB),
    "mul": (BinaryOp.MUL, AssignOp.MUL),
    "div": (BinaryOp.DIV, AssignOp.DIV),
}


def _update(
    gen: StatementGenerator,
    var: VariableRef,
    op: str,
    step: int,
) -> Expression:
    """`i += s`, `i = i + s`, or `i++`/`--i` when the step is one."""
    type_ = var.type
    assert isinstance(type_, ScalarType)
    step_literal = Literal(type_, step)
    rng = gen.rng
    if step == 1 and op in ("add", "sub") and rng.random() < 0.6:
        ops = (
            (IncDecOp.POST_INC, IncDecOp.PRE_INC)
            if op == "add"
            else (IncDecOp.POST_DEC, IncDecOp.PRE_DEC)
        )
        return IncDec(type_, rng.choice(ops), var)
    binary_op, assign_op = _STEP_OPS[op]
    if rng.random() < 0.7:
        return Assign(type_, assign_op, var, step_literal)
    return Assign(type_, AssignOp.ASSIGN, var, Binary(type_, binary_op, var, step_literal))


def _atypical_for(gen: StatementGenerator, nesting: int) -> Statement:
    rng = gen.rng
    exprs = gen.exprs
    draw = rng.random()
    if draw < 0.4:
        gen.ctx.choices["for:infinite"] += 1
        return For(None, None, None, loop_body(gen, nesting, must_break=True))
    # Choose which parts are present; "partial" drops at least one.
    if draw < 0.75:
        present = [rng.random() < 0.5 for _ in range(3)]
        if all(present):
            present[rng.randrange(3)] = False
        if not any(present):
            present[rng.randrange(3)] = True
        gen.ctx.choices["for:partial"] += 1
    else:
        present = [True, True, True]
        gen.ctx.choices["for:arbitrary"] += 1
    init: VarDecl | ExprStmt | None = None
    if present[0]:
        init = _for_init(gen)
    condition = exprs.condition() if present[1] else None
    update = _for_update(gen) if present[2] else None
    body = loop_body(gen, nesting, must_break=condition is None)
    return For(init, condition, update, body)


def _for_init(gen: StatementGenerator) -> VarDecl | ExprStmt:
    """A fresh writable loop variable, or an assignment to an existing l-value."""
    rng = gen.rng
    if rng.random() < 0.7:
        type_ = INT if rng.random() < 0.7 else UINT
        name = gen.ctx.fresh_name("for_var")
        init = gen.exprs.expression(type_)
        gen.scope.declare(Variable(name, type_, VariableRef(type_, name), writable=True))
        return VarDecl(name, type_, init)
    value_type = gen.exprs.random_value_type()
    target = gen.exprs.lvalue(value_type, 0)
    if target is None:
        return ExprStmt(gen.exprs.expression(value_type))
    return ExprStmt(gen.exprs.assign_to(target, 0))


def _for_update(gen: StatementGenerator) -> Expression:
    """A side effect: an increment or assignment, of the loop variable when there is one."""
    rng = gen.rng
    type_ = INT if rng.random() < 0.6 else UINT
    target = gen.exprs.lvalue(type_, 0)
    if target is None:
        return gen.exprs.expression(type_)
    if rng.random() < 0.5:
        return IncDec(type_, rng.choice(tuple(IncDecOp)), target)
    return gen.exprs.assign_to(target, 0)


def while_statement(gen: StatementGenerator, nesting: int) -> Statement:
    condition = gen.exprs.condition()
    body = loop_body(gen, nesting, must_break=gen.rng.random() < 0.4)
    return While(condition, body)


def do_while_statement(gen: StatementGenerator, nesting: int) -> Statement:
    body = loop_body(gen, nesting, must_break=gen.rng.random() < 0.4)
    return DoWhile(body, gen.exprs.condition())
