"""Switch statements, guided and atypical (seed 004, section 4.2.3).

Guided (Figure 4.3): consecutive case values `first .. first+n-1`, the selector
`first + (e % n)` so that a case is taken once `%` is reconditioned, `break` after most
cases, and a `default` at a random place half of the time.

Atypical: what GLSL allows but real code rarely does: an empty body `switch (e) {}`, a
lone `default`, arbitrary (skewed) case values, labels sharing statements, cases falling
through into the next one.

Case bodies are wrapped in a block so that a declaration never sits directly under a
label. The last case is never left empty (front-ends warn about it; older specs
rejected it). Labels have the selector's exact type: glslang accepts `uint` labels on an
`int` selector in ESSL, Mesa does not.

Labels recorded in the program's choices: `switch:guided`, `switch:empty`,
`switch:default_only`, `switch:arbitrary`, and across kinds `switch:default` (a default
label is present) and `switch:fallthrough` (a non-empty case falls into the next one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shadersmith.ir.expressions import Binary, Literal
from shadersmith.ir.operators import BinaryOp
from shadersmith.ir.statements import Break, Continue, Return, Statement, Switch, SwitchCase
from shadersmith.ir.types import INT, UINT, ScalarType

if TYPE_CHECKING:
    from shadersmith.generate.statements import StatementGenerator

_JUMPS = (Break, Continue, Return)


def switch_statement(gen: StatementGenerator, nesting: int) -> Statement:
    gen.jumps.switches += 1
    try:
        if gen.rng.random() < gen.options.guided_switch_probability:
            switch = _guided_switch(gen, nesting)
        else:
            switch = _atypical_switch(gen, nesting)
    finally:
        gen.jumps.switches -= 1
    _record_shape(gen, switch)
    return switch


def _selector_type(gen: StatementGenerator) -> ScalarType:
    return INT if gen.rng.random() < 0.6 else UINT


def _case_block(
    gen: StatementGenerator, nesting: int, ends_with_break: bool
) -> tuple[Statement, ...]:
    block = gen.block(nesting)
    return (block, Break()) if ends_with_break else (block,)


def _guided_switch(gen: StatementGenerator, nesting: int) -> Switch:
    rng = gen.rng
    type_ = _selector_type(gen)
    count = rng.randint(1, gen.options.max_switch_cases)
    first = rng.randint(0, 8) if type_ == UINT else rng.randint(-8, 8)
    scrambled = gen.exprs.expression(type_)
    selector = Binary(
        type_,
        BinaryOp.ADD,
        Literal(type_, first),
        Binary(type_, BinaryOp.MOD, scrambled, Literal(type_, count)),
    )
    fallthrough_allowed = gen.profile.switch_fallthrough
    cases = [
        SwitchCase(
            Literal(type_, first + i),
            _case_block(gen, nesting, not fallthrough_allowed or rng.random() < 0.85),
        )
        for i in range(count)
    ]
    if rng.random() < 0.5:
        default = SwitchCase(None, _case_block(gen, nesting, True))
        cases.insert(rng.randint(0, len(cases)), default)
    gen.ctx.choices["switch:guided"] += 1
    return Switch(selector, tuple(cases))


def _atypical_switch(gen: StatementGenerator, nesting: int) -> Switch:
    rng = gen.rng
    type_ = _selector_type(gen)
    selector = gen.exprs.expression(type_)
    draw = rng.random()
    if draw < 0.25:
        gen.ctx.choices["switch:empty"] += 1
        return Switch(selector, ())
    if draw < 0.45:
        gen.ctx.choices["switch:default_only"] += 1
        only = _case_block(gen, nesting, rng.random() < 0.5)
        return Switch(selector, (SwitchCase(None, only),))
    gen.ctx.choices["switch:arbitrary"] += 1
    count = rng.randint(1, gen.options.max_switch_cases)
    labels: list[Literal | None] = [Literal(type_, v) for v in _distinct_values(gen, type_, count)]
    if rng.random() < 0.4:
        labels.insert(rng.randint(0, len(labels)), None)
    fallthrough_allowed = gen.profile.switch_fallthrough
    cases: list[SwitchCase] = []
    for position, label in enumerate(labels):
        last = position == len(labels) - 1
        draw = rng.random()
        body: tuple[Statement, ...]
        if not fallthrough_allowed:
            body = _case_block(gen, nesting, True)
        elif draw < 0.25 and not last:
            body = ()  # shares the next case's statements
        elif draw < 0.45:
            body = _case_block(gen, nesting, False)
        elif draw < 0.9:
            body = _case_block(gen, nesting, True)
        else:
            body = (Break(),)
        cases.append(SwitchCase(label, body))
    return Switch(selector, tuple(cases))


def _distinct_values(gen: StatementGenerator, type_: ScalarType, count: int) -> list[int]:
    """`count` different case values from the skewed generators (duplicates are errors)."""
    values: list[int] = []
    seen: set[int] = set()
    kind = type_.kind
    attempts = 0
    while len(values) < count and attempts < 8 * count:
        attempts += 1
        value = gen.ctx.values.integer(kind)
        if value not in seen:
            seen.add(value)
            values.append(value)
    return values


def _record_shape(gen: StatementGenerator, switch: Switch) -> None:
    cases = switch.cases
    if any(case.value is None for case in cases):
        gen.ctx.choices["switch:default"] += 1
    for case in cases[:-1]:
        if case.body and not isinstance(case.body[-1], _JUMPS):
            gen.ctx.choices["switch:fallthrough"] += 1
            break
