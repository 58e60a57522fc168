"""Statements of the shader IR. Immutable, like expressions."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from shadersmith.ir.expressions import Expression, Literal
from shadersmith.ir.qualifiers import NO_QUALIFIERS, Qualifiers
from shadersmith.ir.types import Type


@dataclass(frozen=True, slots=True)
class Specialization:
    """What makes a global `const` a specialization constant (`layout(constant_id = N)`):
    its id and the DEFAULT the compiled module holds. The declaration's `init` is the
    literal VALUE set at pipeline creation, the value the program computes with, so that
    the interpreter, the reconditioner and the reducers read it as a plain constant; only
    the emitters and the runners (through the job) see the DEFAULT and the id."""

    constant_id: int
    default: Literal


class InitSpelling(enum.Enum):
    """How a declaration's aggregate initialiser is written (ir/initialisers.py): a
    spelling of the same value, like a loop's `as_loop`; the interpreter ignores it."""

    CONSTRUCTOR = "constructor"  # `T x = T(...);`
    LIST = "list"  # `T x = { ... };` (GLSL 4.20 initialiser lists)
    NULL = "null"  # `T x = {};` (GL_EXT_null_initializer), the all-zero value only


@dataclass(frozen=True, slots=True)
class VarDecl:
    """`[const] T name [= init];` one declarator per statement."""

    name: str
    type: Type
    init: Expression | None = None
    const: bool = False
    # Precision, invariant, ... of a real-world shader's declaration; none in ours.
    qualifiers: Qualifiers = NO_QUALIFIERS
    # A global `const` set at pipeline creation (generate/specialization.py); None for
    # every other declaration.
    specialization: Specialization | None = None
    # How a Construct `init` is written (emit/glsl.py); falls back to the constructor
    # where the value does not fit the spelling (ir/initialisers.py).
    spelling: InitSpelling = InitSpelling.CONSTRUCTOR


@dataclass(frozen=True, slots=True)
class ExprStmt:
    expr: Expression


@dataclass(frozen=True, slots=True)
class Block:
    body: tuple[Statement, ...]


@dataclass(frozen=True, slots=True)
class If:
    condition: Expression
    then: Block
    otherwise: Block | None = None
    # A GL_EXT_control_flow_attributes attribute (`[[flatten]]`: ir/control_flow.py), a hint
    # that changes no value; "" for none.
    attribute: str = ""


@dataclass(frozen=True, slots=True)
class SwitchCase:
    """One label (`value` None is `default:`) and the statements after it.

    Control falls through into the next case unless `body` ends in a jump, and an empty
    body is a label that shares the next case's statements, exactly as in GLSL.
    """

    value: Literal | None
    body: tuple[Statement, ...]


@dataclass(frozen=True, slots=True)
class Switch:
    selector: Expression
    cases: tuple[SwitchCase, ...]
    # A GL_EXT_control_flow_attributes attribute (`[[flatten]]`: ir/control_flow.py), a hint
    # that changes no value; "" for none.
    attribute: str = ""


@dataclass(frozen=True, slots=True)
class For:
    """`for (init; condition; update) body`: each header part is optional.

    `as_loop` asks an emitter whose language has a bare loop with a continuing block
    (WGSL's `loop { ... continuing { ...; break if !c; } }`) to spell the loop with it;
    it changes only the spelling, never the meaning, and other emitters ignore it.
    """

    init: VarDecl | ExprStmt | None
    condition: Expression | None
    update: Expression | None
    body: Block
    as_loop: bool = False
    # A GL_EXT_control_flow_attributes attribute (`[[unroll]]`: ir/control_flow.py), a hint
    # that changes no value; "" for none.
    attribute: str = ""


@dataclass(frozen=True, slots=True)
class While:
    """`while (condition) body`; `as_loop` as For's."""

    condition: Expression
    body: Block
    as_loop: bool = False
    # A GL_EXT_control_flow_attributes attribute (`[[unroll]]`: ir/control_flow.py), a hint
    # that changes no value; "" for none.
    attribute: str = ""


@dataclass(frozen=True, slots=True)
class DoWhile:
    body: Block
    condition: Expression
    # A GL_EXT_control_flow_attributes attribute (`[[unroll]]`: ir/control_flow.py), a hint
    # that changes no value; "" for none.
    attribute: str = ""


@dataclass(frozen=True, slots=True)
class Break:
    pass


@dataclass(frozen=True, slots=True)
class Continue:
    pass


@dataclass(frozen=True, slots=True)
class Return:
    value: Expression | None = None


@dataclass(frozen=True, slots=True)
class Discard:
    """Fragment shaders only."""


Statement = (
    VarDecl
    | ExprStmt
    | Block
    | If
    | Switch
    | For
    | While
    | DoWhile
    | Break
    | Continue
    | Return
    | Discard
)

LOOP_CLASSES: tuple[type, ...] = (For, While, DoWhile)
