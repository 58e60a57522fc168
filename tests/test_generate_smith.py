"""Tests of the GLSLsmith generator: determinism, static validity, options, coverage.

Static validity is checked twice: by an independent type checker below (written from the
GLSL 4.50 rules, not from the generator's own tables) over many seeds, and by glslang
on the emitted text in both profiles.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from shadersmith.analysis.aliasing import aliasing_calls
from shadersmith.analysis.builtins import EXACT_BY_NAME, find_exact
from shadersmith.analysis.calls import argument_qualifiers, parameter_table
from shadersmith.config.generator_options import VALUE_GENERATORS
from shadersmith.generate.constness import is_foldable
from shadersmith.generate.smith import (
    GeneratedProgram,
    SmithOptions,
    generate,
    options_from_dict,
    options_to_dict,
)
from shadersmith.generate.values import INT_MAX, INT_MIN, UINT_MAX
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    Expression,
    IncDec,
    Index,
    Literal,
    Member,
    Sequence,
    Swizzle,
    Ternary,
    Unary,
    VariableRef,
    root_variable,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp, UnaryOp
from shadersmith.ir.profile import ESSL310, GLSL450, LanguageProfile
from shadersmith.ir.program import Function, ParamQualifier, Program, Stage
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    DoWhile,
    ExprStmt,
    For,
    If,
    Return,
    Statement,
    Switch,
    VarDecl,
    While,
)
from shadersmith.ir.types import (
    BOOL,
    INT,
    UINT,
    VOID,
    ArrayType,
    MatrixType,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
    component_count,
    kind_of,
)
from shadersmith.ir.walk import iter_nodes
from tests.glslang_check import rejected_in_gl, rejected_in_vulkan

TYPE_CHECK_SEEDS = range(300)
UVEC3 = VectorType(ScalarKind.UINT, 3)
# Compute built-in variables, read-only, and the void synchronisation built-ins.
COMPUTE_BUILTINS = (
    ("gl_LocalInvocationID", UVEC3),
    ("gl_GlobalInvocationID", UVEC3),
    ("gl_LocalInvocationIndex", UINT),
    ("gl_WorkGroupID", UVEC3),
    ("gl_NumWorkGroups", UVEC3),
)
SYNCHRONISATION = ("barrier", "memoryBarrierShared")
# glslang runs twice per seed and profile (GL and Vulkan semantics); 60 seeds keep the
# test near 15 s. The acceptance figure over 1,000 seeds is measured outside the tests.
GLSLANG_SEEDS = range(30)


# ---------------------------------------------------------------------------- type checker


class StaticError(AssertionError):
    pass


class Binding:
    def __init__(self, type_: Type, writable: bool, constant: bool) -> None:
        self.type = type_
        self.writable = writable
        self.constant = constant


class Checker:
    """Checks a generated program against the static rules of GLSL 4.50 / ESSL 3.10 that
    the generator promises: exact operand types, writable l-values, legal jumps, no
    foldable out-of-range index, divisor or shift amount, calls to earlier functions."""

    def __init__(self, program: Program) -> None:
        self.program = program
        self.scopes: list[dict[str, Binding]] = [{}]
        self.functions: dict[str, Function] = {}
        self.constant_names: set[str] = set()
        self.loops = 0
        self.switches = 0
        self.return_type: Type = VOID

    def fail(self, message: str) -> None:
        raise StaticError(message)

    # scopes

    def declare(self, name: str, binding: Binding) -> None:
        for scope in self.scopes:
            if name in scope:
                self.fail(f"{name} declared twice")
        self.scopes[-1][name] = binding
        if binding.constant:
            self.constant_names.add(name)

    def lookup(self, name: str) -> Binding:
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        self.fail(f"{name} used but not declared")
        raise AssertionError  # unreachable

    # program

    def check(self) -> None:
        program = self.program
        if program.stage is not Stage.COMPUTE:
            self.fail("not a compute shader")
        x, y, z = program.local_size
        for name, type_ in COMPUTE_BUILTINS:
            self.declare(name, Binding(type_, False, False))
        for shared in program.shared:
            if not isinstance(shared.type, ArrayType) or shared.type.length != x * y * z:
                self.fail(f"shared {shared.name} is not one element per invocation")
            self.declare(shared.name, Binding(shared.type, True, False))
        bindings = [b.binding for b in program.buffers]
        if bindings != list(range(len(bindings))):
            self.fail(f"buffer bindings {bindings}")
        for buffer in program.buffers:
            if buffer.instance_name is not None:
                fields = tuple(StructField(f.name, f.type) for f in buffer.fields)
                instance = StructType(buffer.block_name, fields)
                self.declare(buffer.instance_name, Binding(instance, False, False))
            for field in buffer.fields:
                if (
                    kind_of(field.type) is ScalarKind.BOOL
                    or _element_kind(field.type) is ScalarKind.BOOL
                ):
                    self.fail("bool in a std430 buffer")
                if buffer.instance_name is None:
                    self.declare(field.name, Binding(field.type, not buffer.readonly, False))
        self.instance_writable = {
            b.instance_name: not b.readonly for b in program.buffers if b.instance_name
        }
        for decl in program.globals:
            self.var_decl(decl, global_=True)
        names = [f.name for f in program.functions]
        if names[-1] != "main" or names.count("main") != 1:
            self.fail("main must be the last function")
        main = program.functions[-1]
        if main.return_type != VOID or main.params:
            self.fail("main must be void main()")
        for function in program.functions:
            self.function(function)
            self.functions[function.name] = function

    def function(self, function: Function) -> None:
        self.scopes.append({})
        for param in function.params:
            writable = not param.const
            self.declare(param.name, Binding(param.type, writable, False))
        self.return_type = function.return_type
        self.statements(function.body.body)
        if function.return_type != VOID:
            last = function.body.body[-1] if function.body.body else None
            if not isinstance(last, Return):
                self.fail(f"{function.name} does not end with a return")
        self.scopes.pop()

    # statements

    def block(self, block: Block) -> None:
        self.scopes.append({})
        self.statements(block.body)
        self.scopes.pop()

    def statements(self, statements: tuple[Statement, ...]) -> None:
        for statement in statements:
            self.statement(statement)

    def var_decl(self, decl: VarDecl, global_: bool = False) -> None:
        if decl.init is not None:
            self.expect(decl.init, decl.type)
            if (decl.const or global_) and not is_foldable(decl.init, self.constant_names):
                self.fail(f"{decl.name}: initialiser is not a constant expression")
            if decl.const and _has_side_effects(decl.init):
                self.fail(f"{decl.name}: const initialiser with side effects")
        elif decl.const:
            self.fail(f"const {decl.name} without initialiser")
        self.declare(decl.name, Binding(decl.type, not decl.const, decl.const))

    def statement(self, statement: Statement) -> None:
        if isinstance(statement, VarDecl):
            self.var_decl(statement)
        elif isinstance(statement, ExprStmt):
            self.expression(statement.expr)
        elif isinstance(statement, Block):
            self.block(statement)
        elif isinstance(statement, If):
            self.expect(statement.condition, BOOL)
            self.block(statement.then)
            if statement.otherwise is not None:
                self.block(statement.otherwise)
        elif isinstance(statement, Switch):
            self.switch(statement)
        elif isinstance(statement, For):
            self.scopes.append({})
            if isinstance(statement.init, VarDecl):
                self.var_decl(statement.init)
            elif isinstance(statement.init, ExprStmt):
                self.expression(statement.init.expr)
            if statement.condition is not None:
                self.expect(statement.condition, BOOL)
            if statement.update is not None:
                self.expression(statement.update)
            self.loop_body(statement.body)
            self.scopes.pop()
        elif isinstance(statement, While):
            self.expect(statement.condition, BOOL)
            self.loop_body(statement.body)
        elif isinstance(statement, DoWhile):
            self.loop_body(statement.body)
            self.expect(statement.condition, BOOL)
        elif isinstance(statement, Break):
            if not self.loops and not self.switches:
                self.fail("break outside loop and switch")
        elif isinstance(statement, Continue):
            if not self.loops:
                self.fail("continue outside loop")
        elif isinstance(statement, Return):
            if statement.value is None:
                if self.return_type != VOID:
                    self.fail("return without value in a non-void function")
            else:
                self.expect(statement.value, self.return_type)
        else:
            self.fail(f"unexpected statement {statement}")

    def loop_body(self, body: Block) -> None:
        self.loops += 1
        saved = self.switches
        self.switches = 0  # a break inside the loop leaves the loop
        self.block(body)
        self.switches = saved
        self.loops -= 1

    def switch(self, switch: Switch) -> None:
        selector_type = self.expression(switch.selector)
        if selector_type not in (INT, UINT):
            self.fail(f"switch on {selector_type}")
        seen: set[int | float | bool] = set()
        defaults = 0
        for case in switch.cases:
            if case.value is None:
                defaults += 1
            else:
                if case.value.type != selector_type:
                    self.fail("case label type differs from the selector")
                if case.value.value in seen:
                    self.fail(f"duplicate case {case.value.value}")
                seen.add(case.value.value)
                self.expression(case.value)
            self.switches += 1
            self.scopes.append({})
            self.statements(case.body)
            self.scopes.pop()
            self.switches -= 1
        if defaults > 1:
            self.fail("two defaults")
        if switch.cases and not switch.cases[-1].body:
            self.fail("last case without statements")

    # expressions

    def expect(self, expr: Expression, type_: Type) -> None:
        actual = self.expression(expr)
        if actual != type_:
            self.fail(f"expected {type_}, got {actual} in {expr}")

    def writable(self, expr: Expression) -> bool:
        if isinstance(expr, VariableRef):
            return self.lookup(expr.name).writable
        if isinstance(expr, Member):
            assert isinstance(expr.base, VariableRef)
            return self.instance_writable[expr.base.name]
        if isinstance(expr, Swizzle):
            distinct = len(set(expr.components)) == len(expr.components)
            return distinct and self.writable(expr.base)
        if isinstance(expr, Index):
            return self.writable(expr.base)
        return False

    def expect_lvalue(self, expr: Expression) -> Type:
        type_ = self.expression(expr)
        if not self.writable(expr):
            self.fail(f"not a writable l-value: {expr}")
        return type_

    def checked_operand(self, expr: Expression, low: int, high: int, what: str) -> None:
        """A foldable operand must be literals within [low, high]."""
        if not is_foldable(expr, self.constant_names):
            return
        literals = [expr] if isinstance(expr, Literal) else []
        if isinstance(expr, Construct):
            literals = [a for a in expr.args if isinstance(a, Literal)]
            if len(literals) != len(expr.args):
                self.fail(f"foldable {what} that is not a literal: {expr}")
        if not literals:
            self.fail(f"foldable {what} that is not a literal: {expr}")
        for literal in literals:
            assert isinstance(literal.value, int)
            if not low <= literal.value <= high:
                self.fail(f"{what} literal {literal.value} outside [{low}, {high}]")

    def expression(self, expr: Expression) -> Type:
        type_ = self._expression(expr)
        if type_ != expr.type:
            self.fail(f"node type {expr.type} but operands give {type_}: {expr}")
        return type_

    def _expression(self, expr: Expression) -> Type:
        if isinstance(expr, Literal):
            return self.literal(expr)
        if isinstance(expr, VariableRef):
            binding = self.lookup(expr.name)
            if binding.type != expr.type:
                self.fail(f"{expr.name} is {binding.type}, referenced as {expr.type}")
            return binding.type
        if isinstance(expr, Member):
            base = self.expression(expr.base)
            assert isinstance(base, StructType)
            return base.field(expr.field).type
        if isinstance(expr, Unary):
            return self.unary(expr)
        if isinstance(expr, Binary):
            return self.binary(expr)
        if isinstance(expr, Assign):
            return self.assign(expr)
        if isinstance(expr, IncDec):
            target = self.expect_lvalue(expr.target)
            if kind_of(target) not in (ScalarKind.INT, ScalarKind.UINT, ScalarKind.FLOAT):
                self.fail(f"++/-- on {target}")
            return target
        if isinstance(expr, Ternary):
            self.expect(expr.condition, BOOL)
            true_type = self.expression(expr.if_true)
            self.expect(expr.if_false, true_type)
            if isinstance(true_type, ArrayType):
                self.fail("ternary on arrays")
            return true_type
        if isinstance(expr, Construct):
            return self.construct(expr)
        if isinstance(expr, Swizzle):
            base = self.expression(expr.base)
            if not isinstance(base, VectorType):
                self.fail(f"swizzle of {base}")
                raise AssertionError
            if not expr.components or len(expr.components) > 4:
                self.fail("swizzle size")
            if max(expr.components) >= base.size:
                self.fail(f"swizzle .{expr.text} of {base}")
            if len(expr.components) == 1:
                return base.component
            return VectorType(base.kind, len(expr.components))
        if isinstance(expr, Index):
            base = self.expression(expr.base)
            index = self.expression(expr.index)
            if index not in (INT, UINT):
                self.fail(f"index of type {index}")
            if isinstance(base, ArrayType):
                assert base.length is not None
                bound, element = base.length, base.element
            elif isinstance(base, VectorType):
                bound, element = base.size, base.component
            elif isinstance(base, MatrixType):
                bound, element = base.columns, VectorType(ScalarKind.FLOAT, base.rows)
            else:
                self.fail(f"indexing {base}")
                raise AssertionError
            self.checked_operand(expr.index, 0, bound - 1, "index")
            return element
        if isinstance(expr, Call):
            return self.call(expr)
        if isinstance(expr, Sequence):
            for item in expr.items:
                self.expression(item)
            return expr.items[-1].type
        self.fail(f"unexpected expression {expr}")
        raise AssertionError

    def literal(self, literal: Literal) -> Type:
        kind = literal.type.kind
        value = literal.value
        if kind is ScalarKind.BOOL:
            ok = isinstance(value, bool)
        elif kind is ScalarKind.INT:
            ok = type(value) is int and INT_MIN <= value <= INT_MAX
        elif kind is ScalarKind.UINT:
            ok = type(value) is int and 0 <= value <= UINT_MAX
        else:
            # Exact floats: non-zero integers in ]-2^12, 2^12[.
            ok = isinstance(value, float) and value.is_integer() and 0 < abs(value) < 4096
        if not ok:
            self.fail(f"bad {kind.value} literal {value!r}")
        return literal.type

    def unary(self, expr: Unary) -> Type:
        operand = self.expression(expr.operand)
        kind = kind_of(operand)
        if isinstance(operand, ArrayType) or kind is None:
            self.fail(f"unary on {operand}")
        if expr.op is UnaryOp.NOT and operand != BOOL:
            self.fail(f"! on {operand}")
        if expr.op is UnaryOp.BIT_NOT and kind not in (ScalarKind.INT, ScalarKind.UINT):
            self.fail(f"~ on {operand}")
        if expr.op in (UnaryOp.NEG, UnaryOp.PLUS) and kind is ScalarKind.BOOL:
            self.fail(f"{expr.op.value} on {operand}")
        return operand

    def binary(self, expr: Binary) -> Type:
        left = self.expression(expr.left)
        right = self.expression(expr.right)
        op = expr.op
        lk, rk = kind_of(left), kind_of(right)
        if isinstance(left, ArrayType) or isinstance(right, ArrayType):
            self.fail("binary operator on arrays")
        if op in (BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR, BinaryOp.LOGICAL_XOR):
            if left != BOOL or right != BOOL:
                self.fail(f"{op.value} on {left}, {right}")
            return BOOL
        if op in (BinaryOp.EQ, BinaryOp.NE):
            if left != right:
                self.fail(f"{op.value} on {left}, {right}")
            return BOOL
        if op in (BinaryOp.LT, BinaryOp.GT, BinaryOp.LE, BinaryOp.GE):
            if left != right or left not in (INT, UINT, ScalarType(ScalarKind.FLOAT)):
                self.fail(f"{op.value} on {left}, {right}")
            return BOOL
        if isinstance(left, MatrixType) or isinstance(right, MatrixType):
            return self.matrix_binary(op, left, right)
        integer = (ScalarKind.INT, ScalarKind.UINT)
        if op in (BinaryOp.SHL, BinaryOp.SHR):
            if lk not in integer or rk not in integer:
                self.fail(f"shift of {left} by {right}")
            if isinstance(right, VectorType) and (
                not isinstance(left, VectorType) or left.size != right.size
            ):
                self.fail(f"shift of {left} by {right}")
            self.checked_operand(expr.right, 0, 31, "shift amount")
            return left
        if lk is ScalarKind.BOOL or lk != rk:
            self.fail(f"{op.value} on {left}, {right}")
        if lk is ScalarKind.FLOAT and op not in (BinaryOp.ADD, BinaryOp.SUB, BinaryOp.MUL):
            self.fail(f"float {op.value}")
        if op in (BinaryOp.DIV, BinaryOp.MOD):
            self.checked_operand(expr.right, 1, UINT_MAX, "divisor")
        if isinstance(left, VectorType) and isinstance(right, VectorType):
            if left != right:
                self.fail(f"{op.value} on {left}, {right}")
            return left
        return left if isinstance(left, VectorType) else right

    def matrix_binary(self, op: BinaryOp, left: Type, right: Type) -> Type:
        """GLSL 4.50 sections 5.9 and 5.10: + and - of equal matrices, * by a float
        scalar, and the linear-algebra products, whose inner sizes must match."""
        float_ = ScalarType(ScalarKind.FLOAT)
        if op in (BinaryOp.ADD, BinaryOp.SUB) and left == right:
            return left
        if op is not BinaryOp.MUL:
            self.fail(f"{op.value} on {left}, {right}")
        if left == float_ or right == float_:
            return right if left == float_ else left
        if isinstance(left, MatrixType) and isinstance(right, MatrixType):
            if left.columns != right.rows:
                self.fail(f"{left} * {right}")
            return MatrixType(right.columns, left.rows)
        if isinstance(left, MatrixType) and right == VectorType(ScalarKind.FLOAT, left.columns):
            return VectorType(ScalarKind.FLOAT, left.rows)
        if isinstance(right, MatrixType) and left == VectorType(ScalarKind.FLOAT, right.rows):
            return VectorType(ScalarKind.FLOAT, right.columns)
        self.fail(f"* on {left}, {right}")
        raise AssertionError

    def assign(self, expr: Assign) -> Type:
        target = self.expect_lvalue(expr.target)
        value = self.expression(expr.value)
        if expr.op is AssignOp.ASSIGN:
            if value != target:
                self.fail(f"assigning {value} to {target}")
            return target
        binary = expr.op.binary
        assert binary is not None
        result = self.binary(Binary(target, binary, expr.target, expr.value))
        if result != target:
            self.fail(f"{expr.op.value} gives {result}, not {target}")
        return target

    def construct(self, expr: Construct) -> Type:
        arg_types = [self.expression(arg) for arg in expr.args]
        type_ = expr.type
        if isinstance(type_, ArrayType):
            if len(arg_types) != type_.length or any(t != type_.element for t in arg_types):
                self.fail(f"array constructor {type_} of {arg_types}")
            return type_
        if any(isinstance(t, ArrayType) or kind_of(t) is None for t in arg_types):
            self.fail(f"constructor argument types {arg_types}")
        if isinstance(type_, ScalarType):
            if len(arg_types) != 1 or not isinstance(arg_types[0], ScalarType):
                self.fail(f"conversion {type_} of {arg_types}")
            return type_
        if isinstance(type_, MatrixType):
            # One scalar (the diagonal), one matrix (resized), or every component.
            if len(arg_types) == 1 and isinstance(arg_types[0], ScalarType | MatrixType):
                return type_
            counted = sum(component_count(t) for t in arg_types)
            if counted != type_.columns * type_.rows or any(
                isinstance(t, MatrixType) for t in arg_types
            ):
                self.fail(f"constructor {type_} of {arg_types}")
            return type_
        assert isinstance(type_, VectorType)
        components = sum(component_count(t) for t in arg_types)
        single = len(arg_types) == 1 and (
            isinstance(arg_types[0], ScalarType) or component_count(arg_types[0]) >= type_.size
        )
        if not single and components != type_.size:
            self.fail(f"constructor {type_} of {arg_types}")
        return type_

    def call(self, expr: Call) -> Type:
        arg_types = tuple(self.expression(arg) for arg in expr.args)
        if expr.kind is CallKind.BUILTIN and expr.callee in SYNCHRONISATION:
            if arg_types:
                self.fail(f"{expr.callee} with arguments")
            return VOID
        if expr.kind is CallKind.BUILTIN and expr.callee in _MATRIX_BUILTINS:
            return _matrix_builtin(self, expr.callee, arg_types)
        if expr.kind is CallKind.BUILTIN:
            overload = find_exact(expr.callee, arg_types)
            if overload is None:
                self.fail(f"no overload {expr.callee}{arg_types}")
                raise AssertionError
            for position in overload.out_params:
                self.expect_lvalue(expr.args[position])
            if expr.callee in ("bitfieldExtract", "bitfieldInsert"):
                first = 1 if expr.callee == "bitfieldExtract" else 2
                for position in (first, first + 1):
                    self.checked_operand(expr.args[position], 0, 32, "bit offset/count")
            return overload.result
        function = self.functions.get(expr.callee)
        if function is None:
            self.fail(f"call of {expr.callee} before its definition (or recursion)")
            raise AssertionError
        if tuple(p.type for p in function.params) != arg_types:
            self.fail(f"call {expr.callee}{arg_types}")
        for param, arg in zip(function.params, expr.args, strict=True):
            if param.qualifier is not ParamQualifier.IN:
                self.expect_lvalue(arg)
        return function.return_type


_MATRIX_BUILTINS = frozenset({"transpose", "determinant", "matrixCompMult", "outerProduct"})


def _matrix_builtin(checker: Checker, name: str, args: tuple[Type, ...]) -> Type:
    """GLSL 4.50 section 8.6, written out."""
    first = args[0]
    if name == "outerProduct":
        if len(args) != 2 or not all(
            isinstance(a, VectorType) and a.kind is ScalarKind.FLOAT for a in args
        ):
            checker.fail(f"outerProduct{args}")
        column, row = args
        assert isinstance(column, VectorType) and isinstance(row, VectorType)
        return MatrixType(row.size, column.size)
    if not isinstance(first, MatrixType):
        checker.fail(f"{name}{args}")
        raise AssertionError
    if name == "transpose" and len(args) == 1:
        return MatrixType(first.rows, first.columns)
    if name == "determinant" and len(args) == 1 and first.columns == first.rows:
        return ScalarType(ScalarKind.FLOAT)
    if name == "matrixCompMult" and args == (first, first):
        return first
    checker.fail(f"{name}{args}")
    raise AssertionError


def _element_kind(type_: Type) -> ScalarKind | None:
    while isinstance(type_, ArrayType):
        type_ = type_.element
    return kind_of(type_)


def _has_side_effects(expr: Expression) -> bool:
    return any(isinstance(n, Assign | IncDec | Call) for n in iter_nodes(expr))


def _check_buffer_values(generated: GeneratedProgram) -> None:
    def check(value: object, type_: Type) -> None:
        if isinstance(type_, ArrayType | VectorType):
            size = type_.length if isinstance(type_, ArrayType) else type_.size
            element = type_.element if isinstance(type_, ArrayType) else type_.component
            assert isinstance(value, tuple) and len(value) == size
            for item in value:
                check(item, element)
            return
        assert isinstance(type_, ScalarType)
        if type_.kind is ScalarKind.INT:
            assert type(value) is int and INT_MIN <= value <= INT_MAX
        elif type_.kind is ScalarKind.UINT:
            assert type(value) is int and 0 <= value <= UINT_MAX
        else:
            assert isinstance(value, float) and value.is_integer() and 0 < abs(value) < 4096

    buffers = generated.program.buffers
    assert sorted(generated.buffer_values) == sorted(b.block_name for b in buffers)
    for buffer in buffers:
        values = generated.buffer_values[buffer.block_name]
        assert list(values) == [f.name for f in buffer.fields]
        for field in buffer.fields:
            check(values[field.name], field.type)


# ---------------------------------------------------------------------------- tests


def _main_only(*body: Statement) -> Program:
    main = Function("main", VOID, (), Block(body))
    return Program(Stage.COMPUTE, (main,))


@pytest.mark.parametrize(
    "bad",
    [
        ExprStmt(Binary(INT, BinaryOp.ADD, Literal(INT, 1), Literal(UINT, 1))),
        VarDecl("a", ArrayType(INT, 3), Index(INT, VariableRef(INT, "a"), Literal(INT, 0))),
        ExprStmt(Binary(INT, BinaryOp.DIV, Literal(INT, 1), Literal(INT, 0))),
        ExprStmt(Binary(INT, BinaryOp.SHL, Literal(INT, 1), Literal(INT, 32))),
        Break(),
        ExprStmt(Unary(BOOL, UnaryOp.NEG, Literal(BOOL, True))),
        VarDecl("f", ScalarType(ScalarKind.FLOAT), Literal(ScalarType(ScalarKind.FLOAT), 0.5)),
    ],
)
def test_checker_rejects_invalid_programs(bad: Statement) -> None:
    with pytest.raises(StaticError):
        Checker(_main_only(bad)).check()


def test_checker_rejects_out_of_range_constant_index() -> None:
    array = ArrayType(INT, 3)
    program = _main_only(
        VarDecl("a", array),
        ExprStmt(Index(INT, VariableRef(array, "a"), Literal(INT, 3))),
    )
    with pytest.raises(StaticError, match="index"):
        Checker(program).check()


def test_same_seed_same_program() -> None:
    for seed in (0, 1, 12345):
        first, second = generate(seed), generate(seed)
        assert first == second
        assert first.program == second.program


def test_different_seeds_differ() -> None:
    programs = [generate(seed).program for seed in range(20)]
    assert len({repr(p) for p in programs}) == 20


@pytest.mark.parametrize("profile", [GLSL450, ESSL310], ids=lambda p: p.name)
def test_programs_type_check(profile: LanguageProfile) -> None:
    for seed in TYPE_CHECK_SEEDS:
        generated = generate(seed, profile=profile)
        try:
            Checker(generated.program).check()
            _check_buffer_values(generated)
        except AssertionError as error:
            raise AssertionError(f"seed {seed}: {error}") from error


def test_output_buffers_are_written() -> None:
    for seed in range(50):
        program = generate(seed).program
        outputs = {f.name for b in program.buffers if not b.readonly for f in b.fields}
        assert outputs
        written: set[str] = set()
        for node in iter_nodes(program.entry_point):
            if isinstance(node, Assign):
                target = node.target
                while isinstance(target, Index | Swizzle):
                    target = target.base
                if isinstance(target, Member):
                    written.add(target.field)
                elif isinstance(target, VariableRef):
                    written.add(target.name)
        assert outputs <= written


def test_small_options_are_respected() -> None:
    options = SmithOptions(
        max_functions=0,
        max_globals=0,
        max_input_buffers=1,
        max_output_buffers=1,
        max_buffer_fields=1,
        floats=False,
        value_generators=("small",),
        buffer_instance_names=False,
    )
    for seed in range(40):
        generated = generate(seed, options)
        program = generated.program
        assert [f.name for f in program.functions] == ["main"]
        assert not program.globals
        assert len(program.buffers) == 2
        assert all(len(b.fields) == 1 and b.instance_name is None for b in program.buffers)
        for node in iter_nodes(program):
            assert getattr(node, "type", None) is None or _element_kind(node.type) is not (
                ScalarKind.FLOAT
            )
        labels = {label for label in generated.choices if label.startswith("value:")}
        assert labels <= {"value:small"}
        for fields in generated.buffer_values.values():
            for value in fields.values():
                for item in _flatten(value):
                    assert isinstance(item, int) and -128 <= item < 128
        Checker(program).check()


def test_sizes_follow_options() -> None:
    options = SmithOptions(max_array_length=2, max_statements_main=5, max_params=1)
    for seed in range(40):
        generated = generate(seed, options)
        program = generated.program
        x, y, z = program.local_size
        # One element per invocation (output fields) or per invocation of a work group
        # (shared arrays): sized by the dispatch, not by max_array_length.
        per_invocation = {generated.invocations, x * y * z}
        for node in iter_nodes(program):
            type_ = getattr(node, "type", None)
            if isinstance(type_, ArrayType) and type_.length not in per_invocation:
                assert type_.length is not None and type_.length <= 2
        for function in program.functions:
            assert len(function.params) <= 1


def _flatten(value: object) -> Iterator[object]:
    if isinstance(value, tuple):
        for item in value:
            yield from _flatten(item)
    else:
        yield value


def test_options_json_round_trip() -> None:
    options = SmithOptions(max_expression_depth=5, value_generators=("full", "large"))
    data = json.loads(json.dumps(options_to_dict(options)))
    assert options_from_dict(data) == options
    # Missing options: the defaults, but for those added later the value that gives old
    # tests' programs (a test.json without multi_invocation_probability is single, one
    # without liveness_across_blocks extends liveness within statement lists, one without
    # matrix_probability has no matrices, one without buffer_qualifier_probability no
    # memory qualifiers).
    assert options_from_dict({}) == SmithOptions(
        multi_invocation_probability=0.0,
        liveness_across_blocks=False,
        matrix_probability=0.0,
        buffer_qualifier_probability=0.0,
    )
    with pytest.raises(ValueError, match="unknown"):
        options_from_dict({"max_depth": 3})
    with pytest.raises(ValueError, match="integer"):
        options_from_dict({"max_functions": "3"})
    with pytest.raises(ValueError):
        SmithOptions(value_generators=("tiny",))


def test_choices_record_invisible_forms() -> None:
    seen: Counter[str] = Counter()
    for seed in range(200):
        seen.update(generate(seed).choices.keys())
    expected = {f"value:{name}" for name in VALUE_GENERATORS} | {
        "switch:guided",
        "switch:empty",
        "switch:default",
        "switch:default_only",
        "switch:fallthrough",
        "switch:arbitrary",
        "for:guided",
        "for:step_add",
        "for:step_sub",
        "for:step_mul",
        "for:step_div",
        "for:infinite",
        "for:partial",
        "for:arbitrary",
    }
    assert expected <= set(seen)


def _constructs(program: Program) -> set[str]:
    found: set[str] = set()
    for node in iter_nodes(program):
        if isinstance(node, Binary):
            found.add(f"binary {node.op.name}")
        elif isinstance(node, Unary):
            found.add(f"unary {node.op.name}")
        elif isinstance(node, IncDec):
            found.add(f"incdec {node.op.name}")
        elif isinstance(node, Assign):
            found.add(f"assign {node.op.name}")
            if isinstance(node.target, Swizzle):
                found.add("written swizzle")
        elif isinstance(node, Call) and node.kind is CallKind.BUILTIN:
            found.add(f"builtin {node.callee}")
        elif isinstance(node, Construct) and isinstance(node.type, ScalarType):
            found.add(f"conversion {node.type}")
        elif isinstance(node, Swizzle):
            if len(set(node.components)) < len(node.components):
                found.add("repeated swizzle")
            if len(node.components) > component_count(node.base.type):
                found.add("widening swizzle")
        elif isinstance(node, Index) and not isinstance(node.index, Literal):
            found.add("computed index")
        elif isinstance(node, Ternary | While | DoWhile | Continue | Break):
            found.add(type(node).__name__)
        elif isinstance(node, VarDecl):
            found.add("const" if node.const else "declaration" if node.init else "uninitialised")
    for function in program.functions[:-1]:
        found.update(f"param {p.qualifier.name}" for p in function.params)
    if any(isinstance(n, Return) for n in iter_nodes(program.entry_point)):
        found.add("return in main")
    return found


def test_every_construct_occurs() -> None:
    seen: set[str] = set()
    for seed in range(300):
        seen |= _constructs(generate(seed).program)
    expected = {f"binary {op.name}" for op in BinaryOp}
    expected |= {f"unary {op.name}" for op in UnaryOp}
    expected |= {f"incdec {op.name}" for op in IncDecOp}
    expected |= {f"assign {op.name}" for op in AssignOp}
    expected |= {f"builtin {name}" for name in EXACT_BY_NAME}
    expected |= {f"conversion {t}" for t in ("int", "uint", "float", "bool")}
    expected |= {f"param {q.name}" for q in ParamQualifier}
    expected |= {"written swizzle", "repeated swizzle", "widening swizzle", "computed index"}
    expected |= {"Ternary", "While", "DoWhile", "Continue", "Break", "return in main"}
    expected |= {"const", "uninitialised"}
    assert expected - seen == set()


# ---------------------------------------------------------------------------- glslang


def _emit(program: Program, profile: LanguageProfile) -> str:
    emit = pytest.importorskip("shadersmith.emit.glsl")
    text: str = emit.emit_glsl(program, profile)
    return text


@pytest.mark.skipif(shutil.which("glslangValidator") is None, reason="glslang-tools missing")
@pytest.mark.parametrize("profile", [GLSL450, ESSL310], ids=lambda p: p.name)
def test_glslang_accepts_generated_programs(profile: LanguageProfile, tmp_path: Path) -> None:
    texts = {
        f"seed-{seed}": _emit(generate(seed, profile=profile).program, profile)
        for seed in GLSLANG_SEEDS
    }
    # glslang_check.py: one process for GL semantics (it names the rejected files), the
    # library for Vulkan's.
    failures = [f"gl: {log}"] if (log := rejected_in_gl(texts, "compute", tmp_path)) else []
    for name, text in texts.items():
        if log := rejected_in_vulkan(text, "compute"):
            failures.append(f"{name} (vulkan): {log[:300]}")
    assert failures == []


# ---------------------------------------------------------------------------- aliasing


@pytest.mark.parametrize("chunk", range(2))  # 1,000 seeds: CI's 20 minutes
def test_no_call_passes_aliasing_out_arguments(chunk: int) -> None:
    """GLSL leaves the order of copy-backs undefined: no call may pass possibly
    overlapping l-values to two out/inout parameters (analysis/aliasing.py). Disjoint
    parts of one variable (`umulExtended(a, b, v.x, v.y)`) stay in play."""
    two_outs = same_root = 0
    for seed in range(chunk * 500, chunk * 500 + 500):
        program = generate(seed).program
        found = list(aliasing_calls(program))
        assert not found, f"seed {seed}: {found[0]}"
        parameters = parameter_table(program.functions)
        for node in iter_nodes(program):
            if not isinstance(node, Call):
                continue
            qualifiers = argument_qualifiers(node, parameters)
            outs = [a for a, q in zip(node.args, qualifiers, strict=True) if q.writes_back]
            if len(outs) >= 2:
                two_outs += 1
                roots = [root_variable(a) for a in outs]
                same_root += len(set(roots)) < len(roots)
    assert two_outs > 100
    assert same_root > 10
