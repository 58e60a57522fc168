"""What a wrapper is: a small function that performs one operation when its operands are
safe and something well defined otherwise (seed 003, section 4.1).

Every wrapper has the same shape, which the instrumentation and the pruning of
instrument.py rely on:

    int SAFE_DIV_int_int(int _ss_a, int _ss_b) {
        [local declarations]
        return UNSAFE ? SAFE : PLAIN;          // VALUE form
    }
    int SAFE_DIV_ASSIGN_int_int(inout int _ss_a, int _ss_b) {
        [local declarations]
        _ss_a = UNSAFE ? SAFE : PLAIN;         // ASSIGN form: compound assignments, ++/--
        return RESULT;                         // the new value, or the old one for x++
    }

UNSAFE is evaluated first and may rely on short-circuit evaluation to stay defined; PLAIN is
evaluated only when UNSAFE is false and SAFE only when it is true. A wrapper is a function
rather than a macro so that side effects in its arguments happen exactly once, and the
`inout` first parameter of the ASSIGN form lets a compound assignment evaluate its l-value
once (GLSL evaluates an `inout` argument's l-value once, at the call).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from shadersmith.ir.expressions import Assign, Expression, Literal, VariableRef
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import Type

PARAM_NAMES = ("_ss_a", "_ss_b", "_ss_c", "_ss_d")


@dataclass(frozen=True, slots=True)
class WrapperBody:
    return_type: Type
    unsafe: Expression
    safe: Expression
    plain: Expression
    locals: tuple[VarDecl, ...] = ()
    # ASSIGN form only: what the function returns after assigning its first parameter.
    result: Expression | None = None

    @property
    def always_unsafe(self) -> bool:
        return isinstance(self.unsafe, Literal) and self.unsafe.value is True


Params = tuple[VariableRef, ...]


@dataclass(frozen=True, slots=True)
class WrapperKind:
    """One family of wrappers, e.g. integer division for every operand type.

    `build` makes the body from references to the parameters; `plain` rebuilds, at a call
    site, the operation the wrapper stands for from the call's arguments (pruning uses it).
    With `assigns`, the first parameter is `inout` and the body is of the ASSIGN form.
    """

    name: str
    build: Callable[[Params], WrapperBody]
    plain: Callable[[tuple[Expression, ...]], Expression]
    assigns: bool = False


def assigning(kind: WrapperKind, op: AssignOp) -> WrapperKind:
    """The compound-assignment form of a binary wrapper: `a op= b` with `a` inout."""

    def build(p: Params) -> WrapperBody:
        body = kind.build(p)
        return WrapperBody(
            body.return_type, body.unsafe, body.safe, body.plain, body.locals, result=p[0]
        )

    return WrapperKind(
        f"{kind.name}_ASSIGN",
        build,
        lambda args: Assign(args[0].type, op, args[0], args[1]),
        assigns=True,
    )
