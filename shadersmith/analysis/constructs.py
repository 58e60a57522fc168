"""Which language constructs a program contains: the generator's coverage measure.

Labels are stable strings (`binary:<<`, `builtin:findMSB`, `stmt:do-while`, ...), so a
benchmark can report, over many programs, the share of programs using each construct.
"""

from __future__ import annotations

from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    CallKind,
    Construct,
    IncDec,
    Index,
    Literal,
    Swizzle,
    Ternary,
    Unary,
)
from shadersmith.ir.operators import AssignOp
from shadersmith.ir.program import Function, Program
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    DoWhile,
    ExprStmt,
    For,
    If,
    Return,
    Switch,
    VarDecl,
    While,
)
from shadersmith.ir.types import ScalarKind, ScalarType, VectorType
from shadersmith.ir.walk import STATEMENT_CLASSES, children, iter_nodes


def constructs(program: Program) -> set[str]:
    """The set of construct labels that occur anywhere in `program`."""
    found: set[str] = set()
    for function in program.functions:
        _function_constructs(function, found)
        for node in iter_nodes(function.body):
            _node_constructs(node, found, in_main=function.name == "main")
    for decl in program.globals:
        for node in iter_nodes(decl):
            _node_constructs(node, found, in_main=False)
    _nested_side_effects(program, found)
    return found


def _function_constructs(function: Function, found: set[str]) -> None:
    if function.name == "main":
        return
    found.add("function:user")
    for param in function.params:
        found.add(f"param:{param.qualifier.value}")
    if any(isinstance(n, Call) and n.kind is CallKind.USER for n in iter_nodes(function.body)):
        found.add("function:calls-function")


def _node_constructs(node: object, found: set[str], in_main: bool) -> None:
    if isinstance(node, Binary):
        found.add(f"binary:{node.op.value}")
        kind = _kind(node.type)
        if kind is ScalarKind.FLOAT:
            found.add(f"float:{node.op.value}")
        if isinstance(node.type, VectorType):
            found.add("binary:vector")
    elif isinstance(node, Unary):
        found.add(f"unary:{node.op.value}")
    elif isinstance(node, IncDec):
        found.add(f"incdec:{node.op.value}")
        if isinstance(node.target, Swizzle):
            found.add("swizzle:written")
    elif isinstance(node, Assign):
        found.add(f"assign:{node.op.value}")
        if isinstance(node.target, Swizzle):
            found.add("swizzle:written")
    elif isinstance(node, Ternary):
        found.add("ternary")
    elif isinstance(node, Construct):
        _construct_constructs(node, found)
    elif isinstance(node, Swizzle):
        if len(set(node.components)) < len(node.components):
            found.add("swizzle:repeated")
        base_type = node.base.type
        if isinstance(base_type, VectorType) and len(node.components) > base_type.size:
            found.add("swizzle:widening")
        if isinstance(node.base, Swizzle):
            found.add("swizzle:chained")
    elif isinstance(node, Index):
        found.add("index:literal" if isinstance(node.index, Literal) else "index:expression")
    elif isinstance(node, Call):
        if node.kind is CallKind.BUILTIN:
            found.add(f"builtin:{node.callee}")
        else:
            found.add("call:user")
    elif isinstance(node, STATEMENT_CLASSES):
        _statement_constructs(node, found, in_main)


def _construct_constructs(node: Construct, found: set[str]) -> None:
    if isinstance(node.type, VectorType):
        found.add("construct:vector")
    elif isinstance(node.type, ScalarType) and len(node.args) == 1:
        source = node.args[0].type
        if source != node.type:
            found.add(f"conversion:{node.type.kind.value}")
    else:
        found.add("construct:other")


def _statement_constructs(node: object, found: set[str], in_main: bool) -> None:
    if isinstance(node, VarDecl):
        if node.const:
            found.add("decl:const")
        found.add("decl:initialised" if node.init is not None else "decl:uninitialised")
    elif isinstance(node, If):
        found.add("stmt:if-else" if node.otherwise is not None else "stmt:if")
    elif isinstance(node, Switch):
        found.add("stmt:switch")
        if not node.cases:
            found.add("switch:empty")
        if any(case.value is None for case in node.cases):
            found.add("switch:default")
        for case in node.cases[:-1]:
            if not case.body or not isinstance(case.body[-1], Break | Return | Continue):
                found.add("switch:fallthrough")
                break
    elif isinstance(node, For):
        found.add("stmt:for")
        if node.init is None and node.condition is None and node.update is None:
            found.add("for:infinite")
    elif isinstance(node, While):
        found.add("stmt:while")
    elif isinstance(node, DoWhile):
        found.add("stmt:do-while")
    elif isinstance(node, Break):
        found.add("stmt:break")
    elif isinstance(node, Continue):
        found.add("stmt:continue")
    elif isinstance(node, Return):
        found.add("stmt:return-main" if in_main else "stmt:return")
    elif isinstance(node, Block):
        found.add("stmt:block")


def _nested_side_effects(program: Program, found: set[str]) -> None:
    """An assignment or ++/-- used inside a larger expression, not as a statement."""
    for function in program.functions:
        for node in iter_nodes(function.body):
            if isinstance(node, ExprStmt):
                roots = list(children(node.expr))
            elif isinstance(node, VarDecl) and node.init is not None:
                roots = [node.init]
            else:
                continue
            for root in roots:
                if any(isinstance(n, Assign | IncDec) for n in iter_nodes(root)):
                    found.add("side-effect:nested")
                if any(
                    isinstance(n, Assign) and n.op is not AssignOp.ASSIGN for n in iter_nodes(root)
                ):
                    found.add("side-effect:nested-compound")


def _kind(type_: object) -> ScalarKind | None:
    if isinstance(type_, ScalarType | VectorType):
        return type_.kind
    return None
