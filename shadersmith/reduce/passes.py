"""Reduction passes over the IR: each names its *opportunities* and applies any subset.

A pass numbers its opportunities in one fixed traversal order (pre-order, source order)
and `apply(candidate, chosen)` performs exactly those whose number `chosen` accepts. The
numbering does not depend on which are chosen: inside a removed or replaced subtree the
opportunities are still counted (in a dry walk), so the driver can try chunks of them,
delta-debugging style (GraphicsFuzz's reducer works the same way).

A pass may leave a program that does not type-check (a removed declaration whose
variable is still used) or whose expression types are stale (a shortened buffer
array): every candidate is emitted and read back by the front-end before it runs, which
rejects the first and recomputes the second.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from shadersmith.analysis.calls import parameter_table, written_back_arguments
from shadersmith.ir.expressions import (
    EXPRESSION_CLASSES,
    Assign,
    Call,
    CallKind,
    Construct,
    Expression,
    IncDec,
    Index,
    Literal,
    Member,
    Swizzle,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import Function, Program, StorageBuffer
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    DoWhile,
    ExprStmt,
    For,
    If,
    Statement,
    Switch,
    SwitchCase,
    VarDecl,
    While,
)
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructType,
    Type,
    VectorType,
    component_count,
)
from shadersmith.ir.walk import children, iter_nodes, map_children
from shadersmith.reduce.interesting import Candidate

Chosen = Callable[[int], bool]
_EXPRESSIONS = frozenset(EXPRESSION_CLASSES)


class ReductionPass(Protocol):
    name: str

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        """The candidate with the chosen opportunities applied, and how many there are."""
        ...


def count(reduction_pass: ReductionPass, candidate: Candidate) -> int:
    return reduction_pass.apply(candidate, lambda _: False)[1]


# ------------------------------------------------------------------------ zero values


def zero_value(type_: Type) -> Expression | None:
    """The simplest expression of `type_`: 0, 0u, 0.0, false, or a constructor of them."""
    if isinstance(type_, ScalarType):
        value: int | float | bool = {
            ScalarKind.BOOL: False,
            ScalarKind.FLOAT: 0.0,
        }.get(type_.kind, 0)
        return Literal(type_, value)
    if isinstance(type_, VectorType):
        return Construct(type_, (Literal(type_.component, zero_value_of(type_.component)),))
    if isinstance(type_, MatrixType):
        return Construct(type_, (Literal(ScalarType(ScalarKind.FLOAT), 0.0),))
    if isinstance(type_, ArrayType) and type_.length is not None and type_.length <= 16:
        element = zero_value(type_.element)
        return None if element is None else Construct(type_, (element,) * type_.length)
    if isinstance(type_, StructType):
        fields = [zero_value(f.type) for f in type_.fields]
        if any(f is None for f in fields):
            return None
        return Construct(type_, tuple(f for f in fields if f is not None))
    return None


def zero_value_of(type_: ScalarType) -> int | float | bool:
    literal = zero_value(type_)
    assert isinstance(literal, Literal)
    return literal.value


def is_zero(expr: Expression) -> bool:
    if isinstance(expr, Literal):
        return expr.value == 0
    if isinstance(expr, Construct):
        return all(is_zero(arg) for arg in expr.args)
    return False


def weighted_size(program: Program) -> int:
    """Nodes of the program, a zero value counting as nothing, and twice the components
    of every declared variable: the measure every accepted candidate must decrease (so
    reduction ends). Narrowing `vec4 v = e` to `vec3 v = e.xyz` lowers it by one."""
    size = 0
    for function in program.functions:
        size += 1 + sum(1 + _width(p.type) for p in function.params)
        size += _weight(function.body)
    for declaration in program.globals:
        size += _weight(declaration)
    size += sum(1 + _width(f.type) for buffer in program.buffers for f in buffer.fields)
    return size


def _width(type_: Type) -> int:
    return 2 * component_count(type_)


def _weight(node: object) -> int:
    if type(node) in _EXPRESSIONS and is_zero(node):  # type: ignore[arg-type]
        return 0
    total = 1 + (_width(node.type) if isinstance(node, VarDecl) else 0)
    for child in children(node):
        total += _weight(child)
    return total


# ------------------------------------------------------------------------ the rewriter


class _Rewriter:
    """Walks a program rebuilding it; subclasses override the hooks they need.

    `take()` hands out the next opportunity number and says whether it is chosen; in a
    dry walk it only counts.
    """

    def __init__(self, chosen: Chosen, program: Program) -> None:
        self.chosen = chosen
        self.count = 0
        self.dry = 0
        self.parameters = parameter_table(program.functions)

    def take(self) -> bool:
        number = self.count
        self.count += 1
        return self.dry == 0 and self.chosen(number)

    @contextmanager
    def counting_only(self) -> Iterator[None]:
        self.dry += 1
        try:
            yield
        finally:
            self.dry -= 1

    def skip(self, node: object) -> None:
        """Count the opportunities inside `node` without applying any."""
        with self.counting_only():
            self.visit(node)

    # -- program level

    def program(self, program: Program) -> Program:
        globals_ = self.statements(program.globals)
        functions = tuple(self.function(f) for f in program.functions)
        return dataclasses.replace(
            program,
            globals=tuple(s for s in globals_ if isinstance(s, VarDecl)),
            functions=functions,
        )

    def function(self, function: Function) -> Function:
        body = self.visit(function.body)
        return function if body is function.body else dataclasses.replace(function, body=body)

    # -- statements

    def statements(self, body: tuple[Statement, ...]) -> tuple[Statement, ...]:
        out: list[Statement] = []
        for statement in body:
            replaced = self.in_list(statement)
            if replaced is None:
                continue
            if isinstance(replaced, tuple):
                out.extend(replaced)
            else:
                out.append(replaced)
        return tuple(out)

    def in_list(self, statement: Statement) -> Statement | tuple[Statement, ...] | None:
        """A statement in a block: may be removed (None) or spliced (a tuple)."""
        result: Statement = self.visit(statement)
        return result

    # -- every node

    def visit(self, node: Any) -> Any:
        if isinstance(node, Block | SwitchCase):
            body = self.statements(node.body)
            if len(body) == len(node.body) and all(
                a is b for a, b in zip(body, node.body, strict=True)
            ):
                return node
            return dataclasses.replace(node, body=body)
        if type(node) in _EXPRESSIONS:
            return self.expression(node)
        return map_children(node, self.visit)

    def expression(self, expr: Expression) -> Expression:
        if isinstance(expr, Assign):
            target = self.lvalue(expr.target)
            value = self.expression(expr.value)
            if target is expr.target and value is expr.value:
                return expr
            return dataclasses.replace(expr, target=target, value=value)
        if isinstance(expr, IncDec):
            target = self.lvalue(expr.target)
            return expr if target is expr.target else dataclasses.replace(expr, target=target)
        if isinstance(expr, Call):
            outs = written_back_arguments(expr, self.parameters)
            args = tuple(
                self.lvalue(arg) if i in outs else self.expression(arg)
                for i, arg in enumerate(expr.args)
            )
            if all(a is b for a, b in zip(args, expr.args, strict=True)):
                return expr
            return dataclasses.replace(expr, args=args)
        result: Expression = map_children(expr, self.expression)
        return result

    def lvalue(self, expr: Expression) -> Expression:
        """An l-value stays an l-value: only the indices inside it are ordinary values."""
        if isinstance(expr, Index):
            base = self.lvalue(expr.base)
            index = self.expression(expr.index)
            if base is expr.base and index is expr.index:
                return expr
            return dataclasses.replace(expr, base=base, index=index)
        if isinstance(expr, Swizzle | Member):
            base = self.lvalue(expr.base)
            return expr if base is expr.base else dataclasses.replace(expr, base=base)
        return expr


def _run(
    rewriter_class: type[_Rewriter], candidate: Candidate, chosen: Chosen
) -> tuple[Candidate, int]:
    rewriter = rewriter_class(chosen, candidate.program)
    program = rewriter.program(candidate.program)
    return Candidate(program, candidate.buffer_values), rewriter.count


# ------------------------------------------------------------------------ passes


class _StatementRemover(_Rewriter):
    def in_list(self, statement: Statement) -> Statement | tuple[Statement, ...] | None:
        if self.take():
            self.skip(statement)
            return None
        result: Statement = self.visit(statement)
        return result


class RemoveStatements:
    """Delete statements (declarations, blocks, whole loops and branches, globals)."""

    name = "remove statements"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        return _run(_StatementRemover, candidate, chosen)


def _jumps_out(body: Block) -> bool:
    """Whether `body` holds a break or continue that belongs to the loop around it."""

    def search(node: object) -> bool:
        if isinstance(node, Break | Continue):
            return True
        if isinstance(node, For | While | DoWhile):
            return False
        if isinstance(node, Switch):
            # A break in a switch is the switch's; a continue is the loop's.
            return any(isinstance(n, Continue) for n in iter_nodes(node))
        if type(node) in _EXPRESSIONS:
            return False
        return any(search(child) for child in children(node))

    return search(body)


class _ControlUnwrapper(_Rewriter):
    def in_list(self, statement: Statement) -> Statement | tuple[Statement, ...] | None:
        if isinstance(statement, If):
            otherwise = statement.otherwise
            keep_then = self.take()
            keep_else = self.take() if otherwise is not None else False
            # `else {}`: the branch stays, its empty other side goes.
            drop_else = self.take() if otherwise is not None and not otherwise.body else False
            if keep_then or keep_else:
                self.skip(statement)
                chosen = statement.then if keep_then else otherwise
                assert chosen is not None
                return chosen.body
            if drop_else:
                statement = dataclasses.replace(statement, otherwise=None)
        elif isinstance(statement, For | While | DoWhile) and not _jumps_out(statement.body):
            if self.take():
                self.skip(statement)
                init: tuple[Statement, ...] = ()
                if isinstance(statement, For) and statement.init is not None:
                    init = (statement.init,)
                return (*init, *statement.body.body)
        elif isinstance(statement, Block):
            if self.take():
                self.skip(statement)
                return statement.body
        elif isinstance(statement, Switch):
            picked: SwitchCase | None = None
            for case in statement.cases:  # every case is counted, whichever is picked
                if self.take() and picked is None:
                    picked = case
            if picked is not None:
                self.skip(statement)
                return _case_body(statement, picked)
        result: Statement = self.visit(statement)
        return result


def _case_body(switch: Switch, case: SwitchCase) -> tuple[Statement, ...]:
    """The statements that run when `case` is taken, up to the break that ends them,
    without the break; a case that falls into the next one takes its statements too."""
    out: list[Statement] = []
    started = False
    for current in switch.cases:
        started = started or current is case
        if not started:
            continue
        for statement in current.body:
            if isinstance(statement, Break):
                return tuple(out)
            out.append(statement)
    return tuple(out)


class UnwrapControl:
    """Keep one side of a branch, one iteration of a loop, one case of a switch, or the
    contents of a block without its braces."""

    name = "unwrap control flow"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        return _run(_ControlUnwrapper, candidate, chosen)


class _ZeroReplacer(_Rewriter):
    def expression(self, expr: Expression) -> Expression:
        if not is_zero(expr):
            zero = zero_value(expr.type)
            if zero is not None and self.take():
                self.skip_expression(expr)
                return zero
        return super().expression(expr)

    def skip_expression(self, expr: Expression) -> None:
        with self.counting_only():
            super().expression(expr)


class ReplaceWithZero:
    """Replace an expression by the zero of its type."""

    name = "expressions to zero"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        return _run(_ZeroReplacer, candidate, chosen)


class _OperandHoister(_Rewriter):
    def expression(self, expr: Expression) -> Expression:
        if isinstance(expr, Assign | IncDec):
            return super().expression(expr)  # a write is removed with its statement
        picked: Expression | None = None
        for child in children(expr):
            if child.type == expr.type and self.take() and picked is None:
                picked = child
        if picked is None:
            return super().expression(expr)
        with self.counting_only():
            super().expression(expr)
        return picked


class ReplaceWithOperand:
    """Replace an expression by one of its operands of the same type (`a + b` -> `a`)."""

    name = "expressions to operands"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        return _run(_OperandHoister, candidate, chosen)


class RemoveFunctions:
    """Delete a function; its calls become the zero of their type, or go if statements."""

    name = "remove functions"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        program = candidate.program
        removable = [f for f in program.functions if f.name != "main"]
        removed = {f.name for number, f in enumerate(removable) if chosen(number)}
        if not removed:
            return candidate, len(removable)

        class Dropper(_Rewriter):
            def in_list(self, statement: Statement) -> Statement | tuple[Statement, ...] | None:
                if (
                    isinstance(statement, ExprStmt)
                    and isinstance(statement.expr, Call)
                    and statement.expr.callee in removed
                    and statement.expr.kind is CallKind.USER
                ):
                    return None
                result: Statement = self.visit(statement)
                return result

            def expression(self, expr: Expression) -> Expression:
                if isinstance(expr, Call) and expr.kind is CallKind.USER and expr.callee in removed:
                    zero = zero_value(expr.type)
                    if zero is not None:
                        return zero
                return super().expression(expr)

        kept = dataclasses.replace(
            program, functions=tuple(f for f in program.functions if f.name not in removed)
        )
        rewritten = Dropper(lambda _: False, kept).program(kept)
        return Candidate(rewritten, candidate.buffer_values), len(removable)


class RemoveParameters:
    """Delete a parameter of a function and its argument at every call; a parameter the
    body still reads becomes a local holding zero."""

    name = "remove parameters"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        program = candidate.program
        removed: dict[str, set[int]] = {}
        number = 0
        for function in program.functions:
            if function.name == "main":
                continue
            for index, parameter in enumerate(function.params):
                if zero_value(parameter.type) is None:
                    continue
                if chosen(number):
                    removed.setdefault(function.name, set()).add(index)
                number += 1
        if not removed:
            return candidate, number

        class ArgumentDropper(_Rewriter):
            def expression(self, expr: Expression) -> Expression:
                expr = super().expression(expr)
                if isinstance(expr, Call) and expr.kind is CallKind.USER:
                    gone = removed.get(expr.callee)
                    if gone:
                        args = tuple(a for i, a in enumerate(expr.args) if i not in gone)
                        return dataclasses.replace(expr, args=args)
                return expr

        functions = []
        for function in program.functions:
            gone = removed.get(function.name)
            if gone:
                used = {
                    node.name for node in iter_nodes(function.body) if isinstance(node, VariableRef)
                }
                locals_: list[Statement] = []
                for index in sorted(gone):
                    parameter = function.params[index]
                    if parameter.name in used:
                        locals_.append(
                            VarDecl(parameter.name, parameter.type, zero_value(parameter.type))
                        )
                params = tuple(p for i, p in enumerate(function.params) if i not in gone)
                body = Block((*locals_, *function.body.body))
                function = dataclasses.replace(function, params=params, body=body)
            functions.append(function)
        changed = dataclasses.replace(program, functions=tuple(functions))
        rewritten = ArgumentDropper(lambda _: False, changed).program(changed)
        return Candidate(rewritten, candidate.buffer_values), number


class ShrinkBuffers:
    """Delete a buffer field (a buffer left empty goes), or halve a field's array length
    (its values are cut to match); delete a texture with its texels (a candidate that
    still reads it fails the front-end)."""

    name = "shrink buffers"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        program, values = candidate.program, candidate.buffer_values
        number = 0
        buffers: list[StorageBuffer] = []
        new_values = {block: dict(fields) for block, fields in values.items()}
        changed = False
        for buffer in program.buffers:
            fields = []
            for buffer_field in buffer.fields:
                remove = chosen(number)
                number += 1
                type_ = buffer_field.type
                halve = False
                if isinstance(type_, ArrayType) and type_.length is not None and type_.length > 1:
                    halve = chosen(number)
                    number += 1
                if remove:
                    new_values.get(buffer.block_name, {}).pop(buffer_field.name, None)
                    changed = True
                    continue
                if halve and isinstance(type_, ArrayType) and type_.length is not None:
                    length = type_.length // 2
                    buffer_field = dataclasses.replace(
                        buffer_field, type=dataclasses.replace(type_, length=length)
                    )
                    old = new_values.get(buffer.block_name, {}).get(buffer_field.name)
                    if isinstance(old, tuple):
                        new_values[buffer.block_name][buffer_field.name] = old[:length]
                    changed = True
                fields.append(buffer_field)
            if fields:
                buffers.append(dataclasses.replace(buffer, fields=tuple(fields)))
            else:
                new_values.pop(buffer.block_name, None)
        # After every buffer's: programs without textures are numbered as before.
        textures = []
        for texture in program.textures:
            if chosen(number):
                new_values.pop(texture.name, None)
                changed = True
            else:
                textures.append(texture)
            number += 1
        if not changed:
            return candidate, number
        shrunk = dataclasses.replace(program, buffers=tuple(buffers), textures=tuple(textures))
        return Candidate(shrunk, new_values), number


class _VariableReplacer(_Rewriter):
    """Each expression may become a variable of its type that is visible everywhere in
    its function: a buffer field, a global or a parameter (locals would need scopes;
    the front-end would reject a wrong guess, but every guess costs a check)."""

    def __init__(self, chosen: Chosen, program: Program) -> None:
        super().__init__(chosen, program)
        self.visible: dict[Type, str] = {}
        for buffer in program.buffers:
            if buffer.instance_name is None:
                for buffer_field in buffer.fields:
                    self.visible.setdefault(buffer_field.type, buffer_field.name)
        for declaration in program.globals:
            self.visible.setdefault(declaration.type, declaration.name)
        self.in_function: dict[Type, str] = {}

    def function(self, function: Function) -> Function:
        self.in_function = dict(self.visible)
        for parameter in function.params:
            self.in_function.setdefault(parameter.type, parameter.name)
        return super().function(function)

    def expression(self, expr: Expression) -> Expression:
        name = self.in_function.get(expr.type)
        if name is not None and not isinstance(expr, VariableRef | Literal) and self.take():
            with self.counting_only():
                super().expression(expr)
            return VariableRef(expr.type, name)
        return super().expression(expr)


class ReplaceWithVariable:
    """Replace an expression by a variable of its type (a buffer field, a global, a
    parameter): keeps a value the compiler cannot fold, unlike a literal."""

    name = "expressions to variables"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        return _run(_VariableReplacer, candidate, chosen)


def _narrowed(type_: Type) -> VectorType | ScalarType | None:
    if isinstance(type_, VectorType):
        if type_.size > 2:
            return VectorType(type_.kind, type_.size - 1)
        return ScalarType(type_.kind)
    return None


def _take_components(expr: Expression, narrow: VectorType | ScalarType) -> Expression:
    """`expr` cut to `narrow`'s components: `vec4(a, b, c, d)` -> `vec3(a, b, c)`, any
    other wider vector `e` -> `e.xyz` (or `e.x`); anything else stays as it is."""
    size = narrow.size if isinstance(narrow, VectorType) else 1
    wide = expr.type
    if not isinstance(wide, VectorType) or wide.size <= size:
        return expr
    if (
        isinstance(expr, Construct)
        and len(expr.args) == wide.size
        and all(isinstance(arg.type, ScalarType) for arg in expr.args)
    ):
        return (
            expr.args[0] if isinstance(narrow, ScalarType) else Construct(narrow, expr.args[:size])
        )
    return Swizzle(narrow, expr, tuple(range(size)))


class _TypeNarrower(_Rewriter):
    def __init__(self, chosen: Chosen, program: Program) -> None:
        super().__init__(chosen, program)
        self.narrowed: dict[str, VectorType | ScalarType] = {}

    def in_list(self, statement: Statement) -> Statement | tuple[Statement, ...] | None:
        if isinstance(statement, VarDecl) and not statement.const:
            narrow = _narrowed(statement.type)
            if narrow is not None and self.take():
                self.narrowed[statement.name] = narrow
                init = statement.init
                if init is not None:
                    init = _take_components(self.expression(init), narrow)
                return dataclasses.replace(statement, type=narrow, init=init)
        result: Statement = self.visit(statement)
        return result

    def expression(self, expr: Expression) -> Expression:
        expr = super().expression(expr)
        if (
            isinstance(expr, Assign)
            and isinstance(expr.target, VariableRef)
            and expr.target.name in self.narrowed
        ):
            narrow = self.narrowed[expr.target.name]
            target = VariableRef(narrow, expr.target.name)
            return Assign(narrow, expr.op, target, _take_components(expr.value, narrow))
        return expr


class NarrowTypes:
    """Narrow a vector variable by one component (vec4 -> vec3 -> vec2 -> float); its
    initialiser and the values assigned to it are cut to match."""

    name = "narrow vectors"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        return _run(_TypeNarrower, candidate, chosen)


class _DeclarationMerger(_Rewriter):
    def statements(self, body: tuple[Statement, ...]) -> tuple[Statement, ...]:
        merged: list[Statement] = []
        index = 0
        while index < len(body):
            statement = body[index]
            following = body[index + 1] if index + 1 < len(body) else None
            if (
                isinstance(statement, VarDecl)
                and statement.init is None
                and not statement.const
                and isinstance(following, ExprStmt)
                and isinstance(following.expr, Assign)
                and following.expr.op is AssignOp.ASSIGN
                and isinstance(following.expr.target, VariableRef)
                and following.expr.target.name == statement.name
                and self.take()
            ):
                value = self.expression(following.expr.value)
                merged.append(dataclasses.replace(statement, init=value))
                index += 2
                continue
            merged.extend(super().statements((statement,)))
            index += 1
        return tuple(merged)


class MergeDeclarations:
    """`T x; x = e;` -> `T x = e;`"""

    name = "merge declarations"

    def apply(self, candidate: Candidate, chosen: Chosen) -> tuple[Candidate, int]:
        return _run(_DeclarationMerger, candidate, chosen)


# Coarse to fine (seed 003 section 5.3; GraphicsFuzz's reducer, seed 002): big cuts first
# make every later pass cheaper.
PASSES: tuple[ReductionPass, ...] = (
    RemoveFunctions(),
    RemoveStatements(),
    UnwrapControl(),
    RemoveParameters(),
    ReplaceWithOperand(),
    ReplaceWithVariable(),
    ReplaceWithZero(),
    NarrowTypes(),
    ShrinkBuffers(),
    MergeDeclarations(),
)
