"""IR to WGSL text: compute shaders, the generator's fragment shaders and their generated
vertex shaders (generate/vertex_stage.py).

The emitter spells the IR as it is; the generator's WGSL profile (ir/profile.py) keeps out
what WGSL cannot say, and what slips through (from a reducer or a mutator) raises
WGSLEmitError rather than emit something else. Lowerings, each meaning what the IR means:

- `c ? a : b` is `select(b, a, c)`: WGSL evaluates both operands, and so does the
  interpreter in WGSL mode (interp/semantics.py), so the two agree even when an operand
  calls a function with side effects;
- assignments, compound assignments and ++/-- are statements (`x++` for an integer
  scalar, `x += 1.0f` otherwise); a pure expression used as a statement is `_ = e;`;
- operands WGSL types differently are converted: shift amounts to u32 (WGSL masks them by
  the width, as the interpreter does in WGSL mode), a scalar beside a vector in `& | ^`
  splatted, vector `==` of GLSL (one bool) is `all(a == b)`, `^^` on bools is `!=`, unary
  minus on u32 is `0u - x`; a constructor's arguments are converted to its component type;
- GLSL's built-in variables are private variables that the entry point fills from its
  `@builtin` parameters before it calls the program's `main` (named `_ss_main`), and a
  fragment's `_color` output is returned from there at `@location(0)` (several colour
  outputs: a struct of `@location(i)` members, by the outputs' names);
- subgroup built-ins are WGSL's where it has them and helper functions of the module
  otherwise (wgsl_subgroups.py);
- a generated vertex shader is a module of its own (its names never meet the fragment
  module's): its entry point sets `gl_VertexID` from `@builtin(vertex_index)` and returns
  `gl_Position` at `@builtin(position)` and each flat varying at its `@location`, all
  private variables that `_ss_main` writes; the fragment entry point takes the varyings
  as `@location` parameters and copies them into private variables of their names
  (read-only ones: the IR's fragment inputs). Both sides say `@interpolate(flat)`,
  which WGSL requires for integers and the generator gives every varying;
- storage blocks are `var<storage, read|read_write>` of a struct named after the block,
  uniform blocks `var<uniform>` (see wgsl_types.py for the layouts), a push-constant
  block naga's `var<immediate>` (no binding); a block without an
  instance name gets the variable `_ss_<block>`, and its fields are reached through it;
- a parameter the function writes is copied into a `var` of its name (WGSL parameters are
  values); an out or inout parameter is a pointer, `p: ptr<function, T>`, read and written
  as `(*p)`, and its argument is `&v` for a whole variable of the caller (or `q`, the
  caller's own pointer parameter): the generator passes only those
  (LanguageProfile.pointer_parameters), whose writes through the pointer are seen when
  GLSL's copy-back would be, since the callee has no other name for them; a built-in's
  out argument likewise, to a helper function of the module (frexp: wgsl_builtins.py);
- a switch without `default` gets an empty one (WGSL requires one; GLSL's semantics of a
  missing default are those of an empty one), labels with no statements of their own share
  the next clause (`case 1i, 2i:`), and a `do { } while (c)` is
  `loop { ... continuing { break if !c; } }`;
- a for or while loop the generator marked `as_loop` is a bare loop with a continuing
  block: `for (init; c; u) { B }` is `{ init; if c { loop { B continuing { u; break if
  !c; } } } }`, the condition tested once before the loop and then after each update, so
  it runs as often and in the same order as the for's (a `continue` in B goes to the
  continuing block, which is the for's update); a loop whose body declares a name the
  condition or update reads stays a for (the continuing block would see the body's).

Every binary operand that is not primary is parenthesised: WGSL refuses to mix some
operators without parentheses (`a & b | c`, `a < b < c`).
"""

from __future__ import annotations

from shadersmith.analysis.calls import builtin_out_params
from shadersmith.analysis.wgsl_constants import is_const_expression
from shadersmith.analysis.widths import FLOAT16, program_features
from shadersmith.emit.wgsl_atomics import (
    Place,
    counter_type_text,
    counters,
    is_atomic_call,
    place_of,
)
from shadersmith.emit.wgsl_builtins import builtin_call, out_helper_functions
from shadersmith.emit.wgsl_subgroups import LANE, helper_functions, reads_lane
from shadersmith.emit.wgsl_textures import sampler_declaration, texture_declaration
from shadersmith.emit.wgsl_types import (
    WGSLEmitError,
    check_uniform_layout,
    is_negative_literal,
    literal_text,
    type_text,
    with_kind,
)
from shadersmith.ir.expressions import (
    ArrayLength,
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
from shadersmith.ir.operators import AssignOp, BinaryOp, UnaryOp
from shadersmith.ir.program import (
    POSITION,
    VERTEX_INDEX,
    Function,
    ParamQualifier,
    Program,
    Stage,
    StageInput,
    StageOutput,
    StorageBuffer,
)
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    Discard,
    DoWhile,
    ExprStmt,
    For,
    If,
    Return,
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
    VoidType,
    component_count,
    kind_of,
)
from shadersmith.ir.walk import iter_nodes

__all__ = ["WGSLEmitError", "emit_wgsl"]

INDENT = "    "
ENTRY_BODY = "_ss_main"

# GLSL built-in inputs -> (WGSL built-in value, type).
_BUILTIN_INPUTS: dict[str, tuple[str, Type]] = {
    "gl_GlobalInvocationID": ("global_invocation_id", VectorType(ScalarKind.UINT, 3)),
    "gl_LocalInvocationID": ("local_invocation_id", VectorType(ScalarKind.UINT, 3)),
    "gl_LocalInvocationIndex": ("local_invocation_index", ScalarType(ScalarKind.UINT)),
    "gl_WorkGroupID": ("workgroup_id", VectorType(ScalarKind.UINT, 3)),
    "gl_NumWorkGroups": ("num_workgroups", VectorType(ScalarKind.UINT, 3)),
    "gl_FragCoord": ("position", VectorType(ScalarKind.FLOAT, 4)),
    "gl_SubgroupSize": ("subgroup_size", ScalarType(ScalarKind.UINT)),
    LANE: ("subgroup_invocation_id", ScalarType(ScalarKind.UINT)),
    VERTEX_INDEX: ("vertex_index", ScalarType(ScalarKind.INT)),
}
# Built-in values whose WGSL type is not the IR's: the entry point converts them.
_BUILTIN_VALUE_TYPES: dict[str, Type] = {"vertex_index": ScalarType(ScalarKind.UINT)}
# The struct a vertex shader's entry point returns.
_VERTEX_OUTPUT = "_ss_VertexOutput"
# The struct a fragment entry point with several colour outputs returns.
_FRAGMENT_OUTPUT = "_ss_FragmentOutput"
# WGSL's swizzle letters: xyzw and rgba (no stpq).
_SWIZZLE_LETTERS = "xyzw"
_JUMPS = (Break, Continue, Return, Discard)


class _Emitter:
    def __init__(self, program: Program) -> None:
        self.program = program
        self.lines: list[str] = []
        self.depth = 0
        # Fields of blocks without an instance name -> how they are reached.
        self.field_paths: dict[str, str] = {}
        # Names declared `const` (module or function scope): their reads are constant.
        self.const_names: set[str] = set()
        # Names declared `override` (specialization constants and those derived from
        # them): not const-expressions, so a `const` never reads one.
        self.override_names: set[str] = set()
        # The function being emitted's pointer parameters (its out and inout ones).
        self.pointers: set[str] = set()
        # Each user function's parameter qualifiers, for its calls' pointer arguments.
        self.writes_back: dict[str, tuple[bool, ...]] = {
            f.name: tuple(p.qualifier.writes_back for p in f.params) for f in program.functions
        }
        # Fields and shared variables that atomics update, declared atomic (wgsl_atomics.py).
        self.counters = counters(program)

    # ------------------------------------------------------------------ output

    def line(self, text: str) -> None:
        self.lines.append(INDENT * self.depth + text if text else "")

    # ------------------------------------------------------------- expressions

    def expr(self, expr: Expression) -> str:
        if self.counters and self.is_counter_element(expr):
            return f"atomicLoad({self.address(expr)})"
        if self.counters and place_of(expr) in self.counters:
            raise WGSLEmitError("a whole atomic array as a value: WGSL cannot load one")
        if isinstance(expr, Literal):
            return literal_text(expr)
        if isinstance(expr, VariableRef):
            if expr.name in self.pointers:
                return f"(*{expr.name})"
            return self.field_paths.get(expr.name, expr.name)
        if isinstance(expr, Binary):
            return self.binary(expr)
        if isinstance(expr, Unary):
            return self.unary(expr)
        if isinstance(expr, Ternary):
            if not isinstance(expr.type, ScalarType | VectorType):
                raise WGSLEmitError(f"select() cannot choose a {expr.type}")
            return (
                f"select({self.arg(expr.if_false)}, {self.arg(expr.if_true)}, "
                f"{self.arg(expr.condition)})"
            )
        if isinstance(expr, Construct):
            return self.construct(expr)
        if isinstance(expr, Swizzle):
            letters = "".join(_SWIZZLE_LETTERS[c] for c in expr.components)
            return f"{self.postfix_base(expr.base)}.{letters}"
        if isinstance(expr, Index):
            return f"{self.postfix_base(expr.base)}[{self.expr(expr.index)}]"
        if isinstance(expr, Member):
            return f"{self.postfix_base(expr.base)}.{expr.field}"
        if isinstance(expr, Call):
            if is_atomic_call(expr):
                rest = "".join(f", {self.arg(a)}" for a in expr.args[1:])
                return f"{expr.callee}({self.address(expr.args[0])}{rest})"
            if expr.kind is CallKind.BUILTIN:
                return builtin_call(expr, self.arg, self.operand, self.pointer_argument)
            return self.user_call(expr)
        if isinstance(expr, ArrayLength):
            return self.array_length(expr)
        if isinstance(expr, Assign | IncDec | Sequence):
            raise WGSLEmitError(
                f"{type(expr).__name__} inside an expression: WGSL has no side effects there"
            )
        raise TypeError(f"not an expression: {expr!r}")

    def is_counter_element(self, expr: Expression) -> bool:
        """Whether `expr` is an element of a counter (or a scalar counter itself)."""
        base = expr.base if isinstance(expr, Index) else expr
        return isinstance(expr.type, ScalarType) and place_of(base) in self.counters

    def address(self, element: Expression) -> str:
        """`&buf.c[i]`: a pointer to a counter element, for the atomic built-ins."""
        base = element.base if isinstance(element, Index) else element
        if isinstance(base, VariableRef):
            text = self.field_paths.get(base.name, base.name)
        elif isinstance(base, Member) and isinstance(base.base, VariableRef):
            text = f"{base.base.name}.{base.field}"
        else:
            raise WGSLEmitError("an atomic on something other than a counter element")
        if isinstance(element, Index):
            text += f"[{self.expr(element.index)}]"
        return f"&{text}"

    def member_type(self, place: Place, type_: Type) -> str:
        """A block field's or shared variable's type: with atomic elements if a counter."""
        return counter_type_text(type_) if place in self.counters else type_text(type_)

    def user_call(self, call: Call) -> str:
        writes_back = self.writes_back.get(call.callee, ())
        args = [
            self.pointer_argument(a)
            if position < len(writes_back) and writes_back[position]
            else self.arg(a)
            for position, a in enumerate(call.args)
        ]
        return f"{call.callee}({', '.join(args)})"

    def pointer_argument(self, arg: Expression) -> str:
        """`&v` for an out/inout argument `v`, a whole variable (module docstring); a
        built-in's out argument too (frexp's: wgsl_builtins.py)."""
        if not isinstance(arg, VariableRef) or arg.name in self.field_paths:
            raise WGSLEmitError(
                "an out/inout argument other than a whole local variable: core WGSL "
                "passes pointers with their root's memory view only"
            )
        return arg.name if arg.name in self.pointers else f"&{arg.name}"

    def arg(self, expr: Expression) -> str:
        """A call's or constructor's argument: a binary operation is parenthesised, or
        `f(a < b, c > d)` would read as the template list `a<b, c>`."""
        text = self.expr(expr)
        return f"({text})" if isinstance(expr, Binary) else text

    def operand(self, expr: Expression) -> str:
        """An operator's operand: parenthesised unless primary."""
        text = self.expr(expr)
        if isinstance(expr, Literal):
            return f"({text})" if is_negative_literal(expr) else text
        if isinstance(expr, VariableRef | Call | Construct | Member | Index | Swizzle):
            return text
        if isinstance(expr, Ternary | ArrayLength):
            return text  # spelled as calls
        return f"({text})"

    def postfix_base(self, expr: Expression) -> str:
        if isinstance(expr, Literal):
            return f"({self.expr(expr)})"
        return self.operand(expr)

    def binary(self, expr: Binary) -> str:
        op, left, right = expr.op, expr.left, expr.right
        if op is BinaryOp.LOGICAL_XOR:
            return f"{self.operand(left)} != {self.operand(right)}"
        if op in (BinaryOp.EQ, BinaryOp.NE) and isinstance(left.type, VectorType):
            # GLSL compares whole vectors into one bool; WGSL compares componentwise.
            reduce = "all" if op is BinaryOp.EQ else "any"
            return f"{reduce}({self.operand(left)} {op.value} {self.operand(right)})"
        left_text, right_text = self.operand(left), self.operand(right)
        if op in (BinaryOp.SHL, BinaryOp.SHR):
            right_text = self.shift_amount(right, left.type)
        elif op in (BinaryOp.BIT_AND, BinaryOp.BIT_OR, BinaryOp.BIT_XOR):
            left_text = self.splatted(left, expr.type, left_text)
            right_text = self.splatted(right, expr.type, right_text)
        return f"{left_text} {op.value} {right_text}"

    def shift_amount(self, amount: Expression, shifted: Type) -> str:
        """WGSL shifts by a u32 of the shifted value's shape."""
        target = with_kind(shifted, ScalarKind.UINT)
        if amount.type == target:
            return self.operand(amount)
        text = self.arg(amount)
        scalar_amount = not isinstance(amount.type, VectorType)
        if (
            isinstance(target, VectorType)
            and scalar_amount
            and kind_of(amount.type) is not ScalarKind.UINT
        ):
            # A splat does not convert: u32 first, then the vector.
            text = f"u32({text})"
        return f"{type_text(target)}({text})"

    def splatted(self, expr: Expression, like: Type, text: str) -> str:
        if isinstance(like, VectorType) and not isinstance(expr.type, VectorType):
            return f"{type_text(like)}({self.arg(expr)})"
        return text

    def unary(self, expr: Unary) -> str:
        operand = self.operand(expr.operand)
        if expr.op is UnaryOp.PLUS:
            return operand
        if expr.op is UnaryOp.NEG and kind_of(expr.type) is ScalarKind.UINT:
            # WGSL has no unary minus on u32; 0u - x wraps as GLSL's -x does.
            zero = "0u" if isinstance(expr.type, ScalarType) else f"{type_text(expr.type)}(0u)"
            return f"{zero} - {operand}"
        if expr.op is UnaryOp.NEG and operand.startswith("-"):
            operand = f"({operand})"
        return f"{expr.op.value}{operand}"

    def construct(self, expr: Construct) -> str:
        target = expr.type
        if isinstance(target, ScalarType):
            (arg,) = expr.args
            return f"{type_text(target)}({self.arg(arg)})"
        if isinstance(target, VectorType):
            return f"{type_text(target)}({', '.join(self.vector_parts(target, expr.args))})"
        if isinstance(target, MatrixType):
            return f"{type_text(target)}({', '.join(self.arg(a) for a in expr.args)})"
        if isinstance(target, ArrayType | StructType):
            return f"{type_text(target)}({', '.join(self.arg(a) for a in expr.args)})"
        raise WGSLEmitError(f"no constructor for {target}")

    def vector_parts(self, target: VectorType, args: tuple[Expression, ...]) -> list[str]:
        """Constructor arguments converted to the target's component kind; a vector that
        GLSL would use in part (`vec2(v4)`) is swizzled to the part used."""
        kind, bits = target.kind, target.bits
        if len(args) == 1 and not isinstance(args[0].type, VectorType):
            return [self.converted(args[0], ScalarType(kind, bits), self.arg(args[0]))]
        parts: list[str] = []
        remaining = target.size
        for arg in args:
            if remaining == 0:
                raise WGSLEmitError(f"constructor of {target} has unused arguments")
            size = component_count(arg.type)
            text = self.arg(arg)
            arg_type: Type = arg.type
            if size > remaining:
                text = f"{self.postfix_base(arg)}.{_SWIZZLE_LETTERS[:remaining]}"
                size = remaining
                arg_bits = getattr(arg.type, "bits", 32)
                arg_type = (
                    ScalarType(kind_of(arg.type) or kind, arg_bits)
                    if size == 1
                    else VectorType(kind_of(arg.type) or kind, size, arg_bits)
                )
            wanted: Type = ScalarType(kind, bits) if size == 1 else VectorType(kind, size, bits)
            parts.append(self.converted_text(arg_type, wanted, text))
            remaining -= size
        return parts

    def converted(self, arg: Expression, wanted: Type, text: str) -> str:
        return self.converted_text(arg.type, wanted, text)

    @staticmethod
    def converted_text(have: Type, wanted: Type, text: str) -> str:
        if have == wanted:
            return text
        return f"{type_text(wanted)}({text})"

    def array_length(self, expr: ArrayLength) -> str:
        base = expr.base.type
        if isinstance(base, ArrayType) and base.length is None:
            return f"i32(arrayLength(&{self.postfix_base(expr.base)}))"
        if isinstance(base, ArrayType):
            return f"{base.length}i"
        if isinstance(base, VectorType):
            return f"{base.size}i"
        if isinstance(base, MatrixType):
            return f"{base.columns}i"
        raise WGSLEmitError(f".length() of {base}")

    def is_const(self, expr: Expression) -> bool:
        """Whether `expr` is a WGSL const-expression (literals, const names, operators and
        built-ins over them): only such an initialiser may stay `const`."""
        return is_const_expression(expr, self.const_names)

    # -------------------------------------------------------------- statements

    def update_text(self, expr: Expression) -> str:
        """A statement-level expression without its `;` (also a for header's parts)."""
        if isinstance(expr, Assign):
            return self.assignment(expr)
        if isinstance(expr, IncDec):
            target = self.lvalue(expr.target)
            type_ = expr.type
            if isinstance(type_, ScalarType) and type_.kind.is_integer:
                return f"{target}{expr.op.token}"
            one = _one(type_)
            return f"{target} {'+=' if expr.op.is_increment else '-='} {one}"
        if isinstance(expr, Call) and (expr.kind is CallKind.USER or is_atomic_call(expr)):
            return self.expr(expr)
        if isinstance(expr, Call) and expr.callee == "barrier":
            return "workgroupBarrier()"
        if isinstance(expr, Call) and expr.callee == "imageStore":
            return self.expr(expr)  # textureStore returns nothing: no `_ =`
        if isinstance(expr, Sequence):
            raise WGSLEmitError("a comma expression as a statement: WGSL has none")
        return f"_ = {self.expr(expr)}"

    def assignment(self, expr: Assign) -> str:
        if self.counters and self.is_counter_element(expr.target) and expr.op is AssignOp.ASSIGN:
            return f"atomicStore({self.address(expr.target)}, {self.expr(expr.value)})"
        target = self.lvalue(expr.target)
        if expr.op is AssignOp.ASSIGN:
            return f"{target} = {self.expr(expr.value)}"
        binary = expr.op.binary
        value = self.expr(expr.value)
        if binary in (BinaryOp.SHL, BinaryOp.SHR):
            value = self.shift_amount(expr.value, expr.target.type)
        elif binary in (BinaryOp.BIT_AND, BinaryOp.BIT_OR, BinaryOp.BIT_XOR):
            value = self.splatted(expr.value, expr.target.type, value)
        return f"{target} {expr.op.value} {value}"

    def lvalue(self, target: Expression) -> str:
        if isinstance(target, Swizzle) and len(target.components) > 1:
            raise WGSLEmitError("WGSL cannot assign to a multi-component swizzle")
        if self.counters and self.is_counter_element(target):
            raise WGSLEmitError("a compound update of an atomic counter: only atomics do that")
        return self.expr(target)

    def statement(self, stmt: Statement) -> None:
        if isinstance(stmt, VarDecl):
            self.line(self.declaration(stmt) + ";")
        elif isinstance(stmt, ExprStmt):
            expr = stmt.expr
            if isinstance(expr, Call) and expr.callee == "memoryBarrierShared":
                # WGSL has no lone memory barrier: workgroupBarrier(), which the generator
                # always puts right after it, orders workgroup memory as well.
                self.line("// memoryBarrierShared(): ordered by the workgroupBarrier() after it")
                return
            self.line(self.update_text(expr) + ";")
        elif isinstance(stmt, Block):
            self.line("{")
            self.body(stmt.body)
            self.line("}")
        elif isinstance(stmt, If):
            self.if_statement(stmt, "if")
        elif isinstance(stmt, Switch):
            self.switch(stmt)
        elif isinstance(stmt, For) and stmt.as_loop and _continuing_may_read(stmt):
            self.loop_form(stmt.init, stmt.condition, stmt.update, stmt.body)
        elif isinstance(stmt, While) and stmt.as_loop and _continuing_may_read(stmt):
            self.loop_form(None, stmt.condition, None, stmt.body)
        elif isinstance(stmt, For):
            self.for_statement(stmt)
        elif isinstance(stmt, While):
            self.line(f"while {self.expr(stmt.condition)} {{")
            self.body(stmt.body.body)
            self.line("}")
        elif isinstance(stmt, DoWhile):
            self.line("loop {")
            self.depth += 1
            for inner in stmt.body.body:
                self.statement(inner)
            self.line("continuing {")
            self.line(f"{INDENT}break if !{self.operand(stmt.condition)};")
            self.line("}")
            self.depth -= 1
            self.line("}")
        elif isinstance(stmt, Break):
            self.line("break;")
        elif isinstance(stmt, Continue):
            self.line("continue;")
        elif isinstance(stmt, Return):
            self.line("return;" if stmt.value is None else f"return {self.expr(stmt.value)};")
        elif isinstance(stmt, Discard):
            self.line("discard;")
        else:
            raise TypeError(f"not a statement: {stmt!r}")

    def declaration(self, decl: VarDecl) -> str:
        type_ = type_text(decl.type)
        if decl.const and decl.init is not None:
            init = self.expr(decl.init)
            if self.is_const(decl.init):
                self.const_names.add(decl.name)
                return f"const {decl.name}: {type_} = {init}"
            return f"let {decl.name}: {type_} = {init}"
        if decl.init is None:
            return f"var {decl.name}: {type_}"
        return f"var {decl.name}: {type_} = {self.expr(decl.init)}"

    def body(self, body: tuple[Statement, ...]) -> None:
        self.depth += 1
        for stmt in body:
            self.statement(stmt)
        self.depth -= 1

    def if_statement(self, stmt: If, opener: str) -> None:
        self.line(f"{opener} {self.expr(stmt.condition)} {{")
        self.body(stmt.then.body)
        otherwise = stmt.otherwise
        if otherwise is None:
            self.line("}")
        elif len(otherwise.body) == 1 and isinstance(otherwise.body[0], If):
            self.if_statement(otherwise.body[0], "} else if")
        else:
            self.line("} else {")
            self.body(otherwise.body)
            self.line("}")

    def switch(self, stmt: Switch) -> None:
        self.line(f"switch {self.expr(stmt.selector)} {{")
        self.depth += 1
        labels: list[str] = []
        has_default = False
        cases = stmt.cases
        for position, case in enumerate(cases):
            labels.append("default" if case.value is None else literal_text(case.value))
            has_default = has_default or case.value is None
            last = position == len(cases) - 1
            if not case.body and not last:
                continue  # shares the next clause's statements
            if not last and not _ends_in_jump(case):
                raise WGSLEmitError("a switch case falls through: WGSL cases never do")
            self.clause(labels, case.body)
            labels = []
        if not has_default:
            self.clause(["default"], ())
        self.depth -= 1
        self.line("}")

    def clause(self, labels: list[str], body: tuple[Statement, ...]) -> None:
        if labels == ["default"]:
            self.line("default: {")
        else:
            self.line(f"case {', '.join(labels)}: {{")
        self.body(body)
        self.line("}")

    def for_statement(self, stmt: For) -> None:
        init = ""
        if isinstance(stmt.init, VarDecl):
            init = self.declaration(stmt.init)
        elif isinstance(stmt.init, ExprStmt):
            init = self.update_text(stmt.init.expr)
        condition = "" if stmt.condition is None else " " + self.expr(stmt.condition)
        update = "" if stmt.update is None else " " + self.update_text(stmt.update)
        self.line(f"for ({init};{condition};{update}) {{")
        self.body(stmt.body.body)
        self.line("}")

    def loop_form(
        self,
        init: VarDecl | ExprStmt | None,
        condition: Expression | None,
        update: Expression | None,
        body: Block,
    ) -> None:
        """A for/while as `loop { ... continuing { ... break if } }` (module docstring)."""
        opened = 0
        if init is not None:
            self.line("{")
            self.depth += 1
            opened += 1
            self.statement(init)
        if condition is not None:
            self.line(f"if {self.expr(condition)} {{")
            self.depth += 1
            opened += 1
        self.line("loop {")
        self.body(body.body)
        if update is not None or condition is not None:
            self.depth += 1
            self.line("continuing {")
            if update is not None:
                self.line(f"{INDENT}{self.update_text(update)};")
            if condition is not None:
                self.line(f"{INDENT}break if !{self.operand(condition)};")
            self.line("}")
            self.depth -= 1
        self.line("}")
        for _ in range(opened):
            self.depth -= 1
            self.line("}")

    # ----------------------------------------------------------------- program

    def function(self, function: Function, name: str) -> None:
        written = _written_names(function, self.writes_back)
        params: list[str] = []
        copies: list[str] = []
        self.pointers = set()
        for param in function.params:
            if param.qualifier is not ParamQualifier.IN:
                self.pointers.add(param.name)
                params.append(f"{param.name}: ptr<function, {type_text(param.type)}>")
            elif param.name in written:
                inner = f"_ss_in_{param.name}"
                params.append(f"{inner}: {type_text(param.type)}")
                copies.append(f"var {param.name}: {type_text(param.type)} = {inner};")
            else:
                params.append(f"{param.name}: {type_text(param.type)}")
        result = (
            ""
            if isinstance(function.return_type, VoidType)
            else f" -> {type_text(function.return_type)}"
        )
        self.line(f"fn {name}({', '.join(params)}){result} {{")
        self.depth += 1
        for copy in copies:
            self.line(copy)
        self.depth -= 1
        self.body(function.body.body)
        self.line("}")

    def struct(self, struct: StructType) -> None:
        self.line(f"struct {struct.name} {{")
        for field in struct.fields:
            self.line(f"{INDENT}{field.name}: {type_text(field.type)},")
        self.line("}")

    def buffer(self, buffer: StorageBuffer) -> None:
        if buffer.uniform:
            for field in buffer.fields:
                check_uniform_layout(field.type)
        self.line(f"struct {buffer.block_name} {{")
        for field in buffer.fields:
            place = (
                (field.name,)
                if buffer.instance_name is None
                else (buffer.instance_name, field.name)
            )
            self.line(f"{INDENT}{field.name}: {self.member_type(place, field.type)},")
        self.line("}")
        name = buffer.instance_name
        if name is None:
            name = f"_ss_{buffer.block_name}"
            for field in buffer.fields:
                self.field_paths[field.name] = f"{name}.{field.name}"
        if buffer.push_constant:
            # naga 29's push constants (wgpu's `immediates` native feature): no binding,
            # the pass sets the bytes (wgpu_runner.py). Scalars and 2-/4-vectors, laid out
            # as in a uniform block (generate/push_constants.py).
            self.line(f"var<immediate> {name}: {buffer.block_name};")
            return
        if buffer.uniform:
            space = "uniform"
        else:
            # GLSL's other memory qualifiers (buffer.memory) have no WGSL spelling, and a
            # storage buffer cannot be write-only: a `writeonly` one is read_write here.
            space = "storage, read" if buffer.readonly else "storage, read_write"
        self.line(f"@group(0) @binding({buffer.binding}) var<{space}> {name}: {buffer.block_name};")

    def module_global(self, decl: VarDecl) -> None:
        type_ = type_text(decl.type)
        if decl.specialization is not None or self.reads_override(decl):
            self.override(decl, type_)
            return
        if decl.init is None:
            self.line(f"var<private> {decl.name}: {type_};")
            return
        if not self.is_const(decl.init):
            raise WGSLEmitError(f"global {decl.name}: WGSL needs a constant initialiser")
        init = self.expr(decl.init)
        if decl.const:
            self.const_names.add(decl.name)
            self.line(f"const {decl.name}: {type_} = {init};")
        else:
            self.line(f"var<private> {decl.name}: {type_} = {init};")

    def reads_override(self, decl: VarDecl) -> bool:
        """A global `const` whose initialiser reads an `override`: WGSL makes it an
        override-expression, which only another `override` may hold."""
        if not (decl.const and decl.init is not None and self.override_names):
            return False
        return any(
            isinstance(node, VariableRef) and node.name in self.override_names
            for node in iter_nodes(decl.init)
        )

    def override(self, decl: VarDecl, type_: str) -> None:
        """A specialization constant as `@id(N) override K: T = DEFAULT;` (the pipeline's
        constants set {N: VALUE}: wgpu_runner.py), or a constant derived from one as
        `override L: T = init;`, which WGSL evaluates at pipeline creation."""
        assert decl.init is not None
        self.override_names.add(decl.name)
        spec = decl.specialization
        if spec is None:
            self.line(f"override {decl.name}: {type_} = {self.expr(decl.init)};")
        else:
            default = literal_text(spec.default)
            self.line(f"@id({spec.constant_id}) override {decl.name}: {type_} = {default};")

    def entry_point(self, builtins: list[str]) -> None:
        program = self.program
        params = []
        assignments = []
        for name in builtins:
            value, type_ = _BUILTIN_INPUTS[name]
            given = _BUILTIN_VALUE_TYPES.get(value, type_)
            params.append(f"@builtin({value}) _ss_{value}: {type_text(given)}")
            assignments.append(f"{name} = {self.converted_text(given, type_, f'_ss_{value}')};")
        for stage_input in program.inputs:
            params.append(
                f"{_varying(stage_input)} _ss_{stage_input.name}: {type_text(stage_input.type)}"
            )
            assignments.append(f"{stage_input.name} = _ss_{stage_input.name};")
        if program.stage is Stage.COMPUTE:
            x, y, z = program.local_size
            self.line(f"@compute @workgroup_size({x}, {y}, {z})")
            self.line(f"fn main({', '.join(params)}) {{")
            result = None
        elif program.stage is Stage.VERTEX:
            self.vertex_output()
            self.line("@vertex")
            self.line(f"fn main({', '.join(params)}) -> {_VERTEX_OUTPUT} {{")
            fields = [POSITION, *(output.name for output in program.outputs)]
            result = f"{_VERTEX_OUTPUT}({', '.join(fields)})"
        else:
            outputs = program.outputs
            if [o.location for o in outputs] != list(range(len(outputs))) or not outputs:
                raise WGSLEmitError("a fragment shader here writes outputs at locations 0..N-1")
            if len(outputs) == 1:
                result = outputs[0].name
                returned = f"@location(0) {type_text(outputs[0].type)}"
            else:
                self.fragment_output()
                result = f"{_FRAGMENT_OUTPUT}({', '.join(o.name for o in outputs)})"
                returned = _FRAGMENT_OUTPUT
            self.line("@fragment")
            self.line(f"fn main({', '.join(params)}) -> {returned} {{")
        self.depth += 1
        for assignment in assignments:
            self.line(assignment)
        self.line(f"{ENTRY_BODY}();")
        if result is not None:
            self.line(f"return {result};")
        self.depth -= 1
        self.line("}")

    def fragment_output(self) -> None:
        """The struct a fragment entry point with several colour outputs returns."""
        self.line(f"struct {_FRAGMENT_OUTPUT} {{")
        for output in self.program.outputs:
            line = f"@location({output.location}) {output.name}: {type_text(output.type)},"
            self.line(INDENT + line)
        self.line("}")
        self.line("")

    def vertex_output(self) -> None:
        """The struct a vertex entry point returns: the clip position, then the varyings."""
        self.line(f"struct {_VERTEX_OUTPUT} {{")
        invariant = "@invariant " if self.program.invariant_position else ""
        self.line(f"{INDENT}@builtin(position) {invariant}position: vec4<f32>,")
        for output in self.program.outputs:
            self.line(f"{INDENT}{_varying(output)} {output.name}: {type_text(output.type)},")
        self.line("}")
        self.line("")

    def emit(self) -> str:
        program = self.program
        if program.blocks or program.uniforms or program.stage_layouts:
            raise WGSLEmitError(
                "interface blocks and default uniforms of real-world shaders have no "
                "WGSL emission yet"
            )
        if program.inputs and program.stage is not Stage.FRAGMENT:
            raise WGSLEmitError(f"stage inputs of a {program.stage.value} shader")
        builtins = _builtins_read(program)
        self.line("// Generated by shadersmith (WGSL).")
        if FLOAT16 in program_features(program):
            # f16 needs the enable directive (and wgpu's shader-f16 feature on the device).
            self.line("enable f16;")
        for struct in program.structs:
            self.line("")
            self.struct(struct)
        for buffer in program.buffers:
            self.line("")
            self.buffer(buffer)
        if program.textures:
            self.line("")
        for texture in program.textures:
            self.line(texture_declaration(texture, program))
        sampler = sampler_declaration(program)
        if sampler is not None:
            self.line(sampler)
        builtins = _builtins_read(program)
        if builtins or program.outputs or program.shared or program.globals or program.inputs:
            self.line("")
        for name in builtins:
            self.line(f"var<private> {name}: {type_text(_BUILTIN_INPUTS[name][1])};")
        for stage_input in program.inputs:
            self.line(f"var<private> {stage_input.name}: {type_text(stage_input.type)};")
        if program.stage is Stage.VERTEX:
            self.line(f"var<private> {POSITION}: vec4<f32>;")
        for output in program.outputs:
            self.line(f"var<private> {output.name}: {type_text(output.type)};")
        for shared in program.shared:
            self.line(
                f"var<workgroup> {shared.name}: {self.member_type((shared.name,), shared.type)};"
            )
        for decl in program.globals:
            self.module_global(decl)
        for helper in (*helper_functions(program), *out_helper_functions(program)):
            self.line("")
            self.lines.extend(helper.splitlines())
        for function in program.functions:
            self.line("")
            name = ENTRY_BODY if function.name == "main" else function.name
            self.function(function, name)
        self.line("")
        self.entry_point(builtins)
        return "\n".join(self.lines) + "\n"


def _one(type_: Type) -> str:
    if isinstance(type_, ScalarType):
        return literal_text(Literal(type_, 1.0 if type_.kind is ScalarKind.FLOAT else 1))
    if isinstance(type_, VectorType):
        component = ScalarType(type_.kind)
        one = literal_text(Literal(component, 1.0 if type_.kind is ScalarKind.FLOAT else 1))
        return f"{type_text(type_)}({one})"
    raise WGSLEmitError(f"++/-- on {type_}")


def _ends_in_jump(case: SwitchCase) -> bool:
    body: tuple[Statement, ...] = case.body
    while body:
        last = body[-1]
        if isinstance(last, _JUMPS):
            return True
        if not isinstance(last, Block):
            return False
        body = last.body
    return False


def _continuing_may_read(loop: For | While) -> bool:
    """Whether a continuing block after `loop`'s body would read the names its condition
    and update read: not if the body declares one of them at its top level (the
    continuing block is inside the body's scope, and WGSL also forbids a `continue` to
    skip a declaration that the continuing block uses)."""
    parts: list[Expression | None] = [loop.condition]
    if isinstance(loop, For):
        parts.append(loop.update)
    read = {
        node.name
        for part in parts
        if part is not None
        for node in iter_nodes(part)
        if isinstance(node, VariableRef)
    }
    declared = {stmt.name for stmt in loop.body.body if isinstance(stmt, VarDecl)}
    return not read & declared


def _written_names(function: Function, writes_back: dict[str, tuple[bool, ...]]) -> set[str]:
    """Names the function assigns to or passes as out/inout arguments of user functions
    or built-ins (to find parameters WGSL would refuse to write)."""
    written: set[str] = set()
    for node in iter_nodes(function.body):
        targets: list[Expression] = []
        if isinstance(node, Assign | IncDec):
            targets.append(node.target)
        elif isinstance(node, Call) and node.kind is CallKind.USER:
            flags = writes_back.get(node.callee, ())
            targets.extend(a for a, w in zip(node.args, flags, strict=False) if w)
        elif isinstance(node, Call) and node.kind is CallKind.BUILTIN:
            targets.extend(node.args[i] for i in builtin_out_params(node.callee))
        for target in targets:
            root = root_variable(target)
            if root is not None:
                written.add(root)
    return written


def _varying(varying: StageInput | StageOutput) -> str:
    """A varying's attributes: its location, and flat interpolation (the only kind the
    generator makes: every vertex gives the same value, generate/vertex_stage.py)."""
    if varying.location is None or not varying.qualifiers.has("flat"):
        raise WGSLEmitError(f"varying {varying.name}: only flat ones with a location here")
    return f"@location({varying.location}) @interpolate(flat)"


def _builtins_read(program: Program) -> list[str]:
    """GLSL built-in inputs the program names, in a fixed order."""
    named = {node.name for node in iter_nodes(program) if isinstance(node, VariableRef)}
    if reads_lane(program):  # a subgroup built-in spelled with the lane (wgsl_subgroups)
        named.add(LANE)
    return [name for name in _BUILTIN_INPUTS if name in named]


def emit_wgsl(program: Program) -> str:
    """The whole shader as WGSL source, a pure function of `program`."""
    return _Emitter(program).emit()
