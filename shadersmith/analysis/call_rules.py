"""The rules GLSL sets on a call's arguments (sections 4.10 and 6.1), checked on the IR.

`call_violations(program)` lists every argument that breaks one; the reconditioner's
qualified-copy pass (recondition/qualified_arguments.py) removes the first kind, the tests
and bench/call_rules.py check generated programs for all of them. The rules:

- DROPPED_MEMORY_QUALIFIER. GLSL 4.60.7 section 4.10: "Variables qualified with coherent,
  volatile, readonly, or writeonly may not be passed to functions whose formal
  parameters lack such qualifiers ... only restrict can be taken away from a calling
  argument". The specification's later text (KhronosGroup/GLSL, chapters/variables.adoc)
  narrows this to opaque types, "for non-opaque argument types, where the values ... are
  copied-in/copied-out, memory qualifiers are not required [to] match", and glslang and
  Mesa accept a buffer member passed to a plain parameter. But NVIDIA's GL compiler
  rejects one from a `coherent volatile` block (C1317, "qualified actual parameter #1
  cannot be converted to less qualified parameter", issue 30), Mali's rejects `readonly`
  ones (KhronosGroup/glslang#1870, whose check glslang then carried for a while; the
  question is still open as KhronosGroup/GLSL#83), so the stricter reading is the one
  real compilers enforce and the one kept here, for every type. Built-ins are exempt
  (section 4.10: their code follows the argument's own qualifiers). Giving the parameter
  the words instead is no way out for a non-opaque type: Mesa refuses memory qualifiers
  on anything but images and buffer variables ("memory qualifiers may only be applied in
  the declarations of image variables, buffer variables, and shader storage blocks").
- NOT_AN_LVALUE (section 6.1): an `out` or `inout` argument must be an l-value, not an
  expression; REPEATED_SWIZZLE: nor a swizzle that repeats a component (section 5.5).
- READ_ONLY_TARGET: nor storage the shader may not write: a `readonly` buffer member, a
  uniform or a uniform block's member, a constant, a `const` parameter, a shader input or
  an input built-in (sections 4.3, 4.10).
- WRITEONLY_READ: a `writeonly` buffer member passed to an `in` or `inout` parameter is
  read (section 4.10: "a compile-time error ... to read from a buffer variable qualified
  with writeonly").

The atomics' first argument counts as `inout` here, as GLSL's prototypes declare it
(analysis/calls.argument_qualifiers counts it `in`: the effect analyses count its store
through STORING_BUILTINS instead).

Names are resolved with their scopes (a local that shadows a buffer field is the local),
so that a real-world shader with shadowing is not flagged falsely.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from shadersmith.analysis.builtins import ORDER_INDEPENDENT_ATOMICS
from shadersmith.analysis.calls import ParameterTable, argument_qualifiers, parameter_table
from shadersmith.analysis.paths import chain_root
from shadersmith.analysis.traversal import statement_expressions
from shadersmith.ir.expressions import (
    Call,
    CallKind,
    Expression,
    Index,
    Member,
    Swizzle,
    VariableRef,
)
from shadersmith.ir.program import MEMORY_QUALIFIERS, Function, ParamQualifier, Program
from shadersmith.ir.statements import (
    Block,
    DoWhile,
    For,
    If,
    Statement,
    Switch,
    VarDecl,
    While,
)
from shadersmith.ir.walk import iter_nodes

# The memory qualifiers a parameter must repeat; `restrict` alone may be dropped.
UNDROPPABLE: frozenset[str] = frozenset({"coherent", "volatile", "readonly", "writeonly"})
_MEMORY_WORDS = frozenset({*MEMORY_QUALIFIERS, "readonly"})

# GLSL's atomic functions take their memory as `inout` (see above).
_ATOMICS: frozenset[str] = frozenset(
    {*ORDER_INDEPENDENT_ATOMICS, "atomicExchange", "atomicCompSwap"}
)

# Built-in variables a shader may write; every other `gl_` name it does not declare is an
# input (gl_GlobalInvocationID, gl_FragCoord, gl_VertexID, ...).
_WRITABLE_BUILTINS = frozenset(
    {
        "gl_Position",
        "gl_PointSize",
        "gl_ClipDistance",
        "gl_CullDistance",
        "gl_FragDepth",
        "gl_FragColor",
        "gl_FragData",
        "gl_SampleMask",
        "gl_Layer",
        "gl_ViewportIndex",
    }
)


class CallRule(enum.Enum):
    DROPPED_MEMORY_QUALIFIER = "dropped-memory-qualifier"
    NOT_AN_LVALUE = "not-an-lvalue"
    REPEATED_SWIZZLE = "repeated-swizzle"
    READ_ONLY_TARGET = "read-only-target"
    WRITEONLY_READ = "writeonly-read"


@dataclass(frozen=True, slots=True)
class CallViolation:
    rule: CallRule
    # The function holding the call, the callee, and the argument's position.
    function: str
    callee: str
    position: int
    detail: str


@dataclass(frozen=True, slots=True)
class Storage:
    """What the rules need of a variable: its memory qualifiers, and why the shader may not
    write it (None when it may)."""

    memory: frozenset[str] = frozenset()
    read_only: str | None = None


_LOCAL = Storage()

# A global name: its storage, or for a block with an instance name its fields' storage.
GlobalStorage = dict[str, Storage | dict[str, Storage]]
# How a rule finds the storage of a root name (None: not a variable the program declares).
Resolver = Callable[[str], Storage | dict[str, Storage] | None]


def global_storage(program: Program) -> GlobalStorage:
    """The storage of every name a function can see without declaring it."""
    table: GlobalStorage = {}
    for decl in program.globals:
        table[decl.name] = Storage(read_only="a constant" if decl.const else None)
    for buffer in program.buffers:
        if buffer.uniform:
            storage = Storage(read_only="a uniform block member")
        else:
            words = {*buffer.memory, *(("readonly",) if buffer.readonly else ())}
            storage = Storage(
                frozenset(words), "a readonly buffer member" if buffer.readonly else None
            )
        if buffer.instance_name is None:
            table.update((f.name, storage) for f in buffer.fields)
        else:
            table[buffer.instance_name] = {f.name: storage for f in buffer.fields}
    for block in program.blocks:
        block_words = _memory(block.qualifiers.words)
        fields = {
            f.name: _block_field(block.storage, block_words | _memory(f.qualifiers.words))
            for f in block.fields
        }
        if block.instance_name is None:
            table.update(fields)
        else:
            table[block.instance_name] = fields
    for uniform in program.uniforms:
        table[uniform.name] = Storage(_memory(uniform.qualifiers.words), "a uniform")
    for stage_input in program.inputs:
        table[stage_input.name] = Storage(read_only="a shader input")
    for output in program.outputs:
        table[output.name] = _LOCAL
    for shared in program.shared:
        table[shared.name] = Storage(_memory(shared.qualifiers.words))
    for texture in program.textures:
        table[texture.name] = Storage(read_only="a texture")
    return table


def _memory(words: Iterable[str]) -> frozenset[str]:
    return frozenset(words) & _MEMORY_WORDS


def _block_field(storage: str, memory: frozenset[str]) -> Storage:
    if storage == "uniform":
        return Storage(read_only="a uniform block member")
    if storage == "in":
        return Storage(read_only="a shader input")
    if "readonly" in memory:
        return Storage(memory, "a readonly buffer member")
    return Storage(memory)


def argument_storage(expr: Expression, resolve: Resolver) -> Storage | None:
    """The storage an argument names when it is a variable reached through fields,
    indices and swizzles (`b.s[i].v.xy`); None for any other expression. A name the
    program does not declare is a built-in variable."""
    nodes, current = chain_root(expr)
    if not isinstance(current, VariableRef):
        return None
    found = resolve(current.name)
    if found is None:
        writable = not current.name.startswith("gl_") or current.name in _WRITABLE_BUILTINS
        return _LOCAL if writable else Storage(read_only="an input built-in")
    if isinstance(found, Storage):
        return found
    # A block instance (or an array of them): its first field access names the field.
    for node in reversed(nodes):
        if isinstance(node, Member):
            return found.get(node.field, _LOCAL)
    memory = frozenset().union(*(s.memory for s in found.values()))
    read_only = next((s.read_only for s in found.values() if s.read_only), None)
    return Storage(memory, read_only)


def _repeated_swizzle(expr: Expression) -> bool:
    while isinstance(expr, Member | Index | Swizzle):
        if isinstance(expr, Swizzle) and not expr.is_writable:
            return True
        expr = expr.base
    return False


def _qualifiers(call: Call, parameters: ParameterTable) -> tuple[ParamQualifier, ...]:
    qualifiers = argument_qualifiers(call, parameters)
    if call.kind is CallKind.BUILTIN and call.callee in _ATOMICS and qualifiers:
        return (ParamQualifier.INOUT, *qualifiers[1:])
    return qualifiers


def parameter_words(program: Program) -> dict[str, tuple[frozenset[str], ...]]:
    """The memory qualifiers of each user function's parameters, by name; the overloads
    of one name (real-world shaders) keep, position by position, the words all share, so
    that a drop is reported whichever overload a call resolves to."""
    table: dict[str, tuple[frozenset[str], ...]] = {}
    for function in program.functions:
        words = tuple(_memory(p.qualifiers.words) for p in function.params)
        known = table.get(function.name)
        if known is not None:
            words = tuple(a & b for a, b in zip(known, words, strict=False))
        table[function.name] = words
    return table


def argument_violations(
    call: Call,
    resolve: Resolver,
    parameters: ParameterTable,
    words: dict[str, tuple[frozenset[str], ...]],
) -> Iterator[tuple[int, CallRule, str]]:
    """Each (position, rule, detail) that one argument of `call` breaks."""
    params = words.get(call.callee, ()) if call.kind is CallKind.USER else ()
    for position, (arg, qualifier) in enumerate(
        zip(call.args, _qualifiers(call, parameters), strict=True)
    ):
        storage = argument_storage(arg, resolve)
        if qualifier.writes_back:
            if storage is None:
                yield position, CallRule.NOT_AN_LVALUE, f"{qualifier.value}: not an l-value"
                continue
            if _repeated_swizzle(arg):
                yield position, CallRule.REPEATED_SWIZZLE, f"{qualifier.value}: repeats a component"
            if storage.read_only is not None:
                yield position, CallRule.READ_ONLY_TARGET, f"{qualifier.value}: {storage.read_only}"
        if storage is None:
            continue
        if qualifier is not ParamQualifier.OUT and "writeonly" in storage.memory:
            yield position, CallRule.WRITEONLY_READ, f"{qualifier.value}: a writeonly member"
        if call.kind is CallKind.USER:
            held = params[position] if position < len(params) else frozenset()
            dropped = (storage.memory & UNDROPPABLE) - held
            if dropped:
                text = " ".join(w for w in (*MEMORY_QUALIFIERS, "readonly") if w in dropped)
                yield (
                    position,
                    CallRule.DROPPED_MEMORY_QUALIFIER,
                    f"{qualifier.value}: drops {text}",
                )


# ---------------------------------------------------------------- the scoped walk


class _FunctionCheck:
    """The violations of one function, its statements walked with the names declared
    around each, innermost scope last."""

    def __init__(self, function: Function, context: _ProgramContext) -> None:
        self.function = function
        self.context = context
        params = {
            p.name: Storage(_memory(p.qualifiers.words), "a const parameter" if p.const else None)
            for p in function.params
        }
        self.stack: list[dict[str, Storage]] = [params]
        self.found: list[CallViolation] = []

    def resolve(self, name: str) -> Storage | dict[str, Storage] | None:
        for scope in reversed(self.stack):
            if name in scope:
                return scope[name]
        return self.context.table.get(name)

    def check(self, expr: Expression | None) -> None:
        if expr is None:
            return
        for node in iter_nodes(expr):
            if not isinstance(node, Call):
                continue
            for position, rule, detail in argument_violations(
                node, self.resolve, self.context.parameters, self.context.words
            ):
                self.found.append(
                    CallViolation(rule, self.function.name, node.callee, position, detail)
                )

    def scoped(self, body: Iterable[Statement]) -> None:
        self.stack.append({})
        for item in body:
            self.visit(item)
        self.stack.pop()

    def visit(self, stmt: Statement) -> None:
        if isinstance(stmt, VarDecl):
            self.check(stmt.init)
            self.stack[-1][stmt.name] = Storage(read_only="a constant" if stmt.const else None)
        elif isinstance(stmt, Block):
            self.scoped(stmt.body)
        elif isinstance(stmt, Switch):
            self.check(stmt.selector)
            self.scoped(item for case in stmt.cases for item in case.body)
        elif isinstance(stmt, For):
            self.stack.append({})
            if stmt.init is not None:
                self.visit(stmt.init)
            self.check(stmt.condition)
            self.check(stmt.update)
            self.visit(stmt.body)
            self.stack.pop()
        elif isinstance(stmt, If):
            self.check(stmt.condition)
            self.visit(stmt.then)
            if stmt.otherwise is not None:
                self.visit(stmt.otherwise)
        elif isinstance(stmt, While | DoWhile):
            # A do-while's condition follows its body, but sees none of its names either.
            self.check(stmt.condition)
            self.visit(stmt.body)
        else:
            for expr in statement_expressions(stmt):
                self.check(expr)


@dataclass(frozen=True, slots=True)
class _ProgramContext:
    table: GlobalStorage
    parameters: ParameterTable
    words: dict[str, tuple[frozenset[str], ...]]


def call_violations(program: Program) -> tuple[CallViolation, ...]:
    """Every argument of every call in `program` that breaks a rule above, function by
    function in definition order (global initialisers first)."""
    context = _ProgramContext(
        global_storage(program), parameter_table(program.functions), parameter_words(program)
    )
    found: list[CallViolation] = []
    for decl in program.globals:
        check = _FunctionCheck(Function("<global>", decl.type, (), Block(())), context)
        check.check(decl.init)
        found.extend(check.found)
    for function in program.functions:
        check = _FunctionCheck(function, context)
        # The body shares the parameters' scope (GLSL 4.60 section 4.2.2).
        for item in function.body.body:
            check.visit(item)
        found.extend(check.found)
    return tuple(found)
