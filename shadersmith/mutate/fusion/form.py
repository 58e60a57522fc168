"""The shape of a fused fragment program, and the step from a generated one to it.

A generated fragment program (generate/fragment.py) runs `fragment_body()` and folds
its outputs into `uvec4 _color`. As part k of a fused program it is renamed
(rename.py) and its `main` becomes `uvec4 main_f<k>()`, which returns the low byte of
each hash channel. The fused program then reads:

    ...every part's blocks, structs, globals and functions, renamed...
    vec4 _colour_mix(uvec4 part_1, ..., uvec4 part_n) { return <relation formula>; }
    void main() {
        uvec4 _part_1 = main_f1();  ...  uvec4 _part_n = main_fn();
        _color = _colour_mix(_part_1, ..., _part_n);   // vec4 _color, into RGBA8
    }

A single part in this shape (`_colour_mix` returns `vec4(part_1) / 255.0`) is the part
"alone" whose RGBA8 image the oracle fuses. Every float operation sits in `_colour_mix`,
called last: the parts stay exact, and the reference interpreter's sanitizer runs all of
them before it meets the colour's intended rounding (interp/fragment_image.py).

A part of the interval float mode (issue 37: generate/fragment.py writes `vec4 _color`)
keeps its float colour: `main_f<k>` returns that `vec4`, the parts' locals and the mix's
parameters are `vec4`s, and the mix applies the relation to them directly (`_colour_mix`
of one part returns `part_1`). Exact and interval parts do not fuse with each other.

`FusedForm` holds these pieces apart so that a later fusion can add a part, interleave
main's statements or move a part's call into another part's branch, and `program()`
puts them back together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from shadersmith.analysis.traversal import iter_statements
from shadersmith.generate.fragment import BODY_FUNCTION, COLOR_OUTPUT
from shadersmith.interp.fragment_image import COLOUR_MIX
from shadersmith.ir.expressions import (
    Assign,
    Binary,
    Call,
    Construct,
    Expression,
    Literal,
    VariableRef,
)
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.program import Function, Parameter, Program, Stage, StageOutput, StorageBuffer
from shadersmith.ir.statements import Block, Discard, ExprStmt, Return, Statement, VarDecl
from shadersmith.ir.types import FLOAT, UINT, VOID, StructType, VectorType
from shadersmith.ir.values import BufferValues
from shadersmith.mutate.fusion.relations import UVEC4, VEC4, leaf
from shadersmith.mutate.fusion.rename import FusionError, referenced_names, rename_part, suffixed

# Named where the interpreter reads it: the one place its colour is rounded on purpose.
MIX_FUNCTION = COLOUR_MIX
PART_PARAMETER = "part_{}"
PART_LOCAL = "_part_{}"
_PART_PARAMETER = re.compile(r"part_(\d+)$")


def part_main(part: int) -> str:
    return suffixed("main", part)


def part_body(part: int) -> str:
    return suffixed(BODY_FUNCTION, part)


def part_colour(part: int) -> str:
    """The local that holds part k's hash inside `main_f<k>` (its `_color` output was)."""
    return suffixed(COLOR_OUTPUT, part)


@dataclass(frozen=True)
class FusedForm:
    structs: tuple[StructType, ...]
    buffers: tuple[StorageBuffer, ...]
    globals: tuple[VarDecl, ...]
    functions: tuple[Function, ...]  # every function but the mix and main, in order
    statements: tuple[Statement, ...]  # main's statements before the colour write
    mix_params: tuple[Parameter, ...]
    mix_value: Expression  # what the mix returns
    mix_args: tuple[Expression, ...]  # what main passes it
    values: BufferValues

    @property
    def parts(self) -> int:
        return sum(1 for p in self.mix_params if _PART_PARAMETER.match(p.name))

    @property
    def colour(self) -> VectorType:
        """The parts' colour type: UVEC4 (hash bytes) or VEC4 (an interval-mode colour)."""
        first = next(p for p in self.mix_params if _PART_PARAMETER.match(p.name))
        assert isinstance(first.type, VectorType)
        return first.type

    @property
    def next_binding(self) -> int:
        return max((b.binding for b in self.buffers), default=-1) + 1

    def function(self, name: str) -> Function | None:
        return next((f for f in self.functions if f.name == name), None)

    def program(self) -> Program:
        mix = Function(MIX_FUNCTION, VEC4, self.mix_params, Block((Return(self.mix_value),)))
        colour = VariableRef(VEC4, COLOR_OUTPUT)
        write = Assign(VEC4, AssignOp.ASSIGN, colour, Call(VEC4, MIX_FUNCTION, self.mix_args))
        main = Function("main", VOID, (), Block((*self.statements, ExprStmt(write))))
        return Program(
            stage=Stage.FRAGMENT,
            functions=(*self.functions, mix, main),
            structs=self.structs,
            buffers=self.buffers,
            outputs=(StageOutput(COLOR_OUTPUT, VEC4, 0),),
            globals=self.globals,
        )


def is_plain(program: Program) -> bool:
    """A generated fragment program as generate/fragment.py makes it (a hash colour, or
    in the interval float mode a float one)."""
    return (
        program.stage is Stage.FRAGMENT
        and [o.name for o in program.outputs] == [COLOR_OUTPUT]
        and program.outputs[0].type in (UVEC4, VEC4)
        and any(f.name == BODY_FUNCTION for f in program.functions)
        and all(f.name != MIX_FUNCTION for f in program.functions)
    )


def zero_colour(colour: VectorType) -> Construct:
    """`uvec4(0u)` or `vec4(0.0)`: a part colour's start."""
    return Construct(colour, (Literal(FLOAT, 0.0) if colour == VEC4 else Literal(UINT, 0),))


def is_fused(program: Program) -> bool:
    return (
        program.stage is Stage.FRAGMENT
        and [o.name for o in program.outputs] == [COLOR_OUTPUT]
        and program.outputs[0].type == VEC4
        and any(f.name == MIX_FUNCTION for f in program.functions)
    )


def fused_form(program: Program, values: BufferValues) -> FusedForm:
    """`program` as a FusedForm: a generated fragment program becomes part 1 alone, a
    fused one is taken apart."""
    if is_plain(program):
        return _single_part(program, values)
    if is_fused(program):
        return _taken_apart(program, values)
    raise FusionError("only generated (reconditioned) or fused fragment programs fuse")


@dataclass(frozen=True)
class RenamedPart:
    """Part k, renamed, with `main_f<k>` among its functions (last)."""

    part: int
    structs: tuple[StructType, ...]
    buffers: tuple[StorageBuffer, ...]
    globals: tuple[VarDecl, ...]
    functions: tuple[Function, ...]
    values: BufferValues
    colour: VectorType = UVEC4  # what main_f<k> returns (FusedForm.colour)


def renamed_part(
    program: Program, values: BufferValues, part: int, first_binding: int
) -> RenamedPart:
    """A generated fragment program as part `part` (its blocks bound from `first_binding`)."""
    if not is_plain(program):
        raise FusionError("a partner must be a generated fragment program")
    for function in program.functions:
        if any(isinstance(s, Discard) for s in iter_statements(function.body)):
            # A discarded fragment would drop every part's colour, not this one's.
            raise FusionError("a part that discards fragments does not fuse")
    for function in program.functions[:-1]:
        if COLOR_OUTPUT in referenced_names(function.body.body):
            raise FusionError(f"{function.name} writes the colour itself")
    renamed, renamed_values = rename_part(program, values, part, first_binding)
    main = renamed.functions[-1]
    if any(isinstance(s, Return) for s in iter_statements(main.body)):
        raise FusionError("a part's main returns early")
    colour = part_colour(part)
    colour_type = program.outputs[0].type
    assert isinstance(colour_type, VectorType)
    start = VarDecl(colour, colour_type, zero_colour(colour_type))
    returned: Expression = VariableRef(colour_type, colour)
    if colour_type == UVEC4:
        low_bytes = Construct(UVEC4, (Literal(UINT, 255),))
        returned = Binary(UVEC4, BinaryOp.BIT_AND, returned, low_bytes)
    body = Block((start, *main.body.body, Return(returned)))
    as_function = Function(part_main(part), colour_type, (), body)
    return RenamedPart(
        part,
        renamed.structs,
        renamed.buffers,
        renamed.globals,
        (*renamed.functions[:-1], as_function),
        renamed_values,
        colour_type,
    )


def part_call(part: int, colour: VectorType = UVEC4) -> VarDecl:
    """`uvec4 _part_k = main_fk();`, main's statement that runs part k beside the others."""
    return VarDecl(PART_LOCAL.format(part), colour, Call(colour, part_main(part), ()))


def part_parameter(part: int, colour: VectorType = UVEC4) -> Parameter:
    return Parameter(PART_PARAMETER.format(part), colour)


def _single_part(program: Program, values: BufferValues) -> FusedForm:
    part = renamed_part(program, values, 1, 0)
    return FusedForm(
        structs=part.structs,
        buffers=part.buffers,
        globals=part.globals,
        functions=part.functions,
        statements=(part_call(1, part.colour),),
        mix_params=(part_parameter(1, part.colour),),
        mix_value=leaf(PART_PARAMETER.format(1), part.colour),
        mix_args=(VariableRef(part.colour, PART_LOCAL.format(1)),),
        values=part.values,
    )


def _taken_apart(program: Program, values: BufferValues) -> FusedForm:
    main = program.functions[-1]
    mix = program.function(MIX_FUNCTION)
    last = main.body.body[-1] if main.body.body else None
    if not (
        main.name == "main"
        and isinstance(last, ExprStmt)
        and isinstance(last.expr, Assign)
        and isinstance(last.expr.value, Call)
        and last.expr.value.callee == MIX_FUNCTION
        and len(mix.body.body) == 1
        and isinstance(mix.body.body[0], Return)
        and mix.body.body[0].value is not None
    ):
        raise FusionError("the fused program does not have the shape fusion gives it")
    return FusedForm(
        structs=program.structs,
        buffers=program.buffers,
        globals=program.globals,
        functions=tuple(f for f in program.functions[:-1] if f.name != MIX_FUNCTION),
        statements=main.body.body[:-1],
        mix_params=mix.params,
        mix_value=mix.body.body[0].value,
        mix_args=last.expr.value.args,
        values=dict(values),
    )


def with_part(form: FusedForm, part: RenamedPart) -> FusedForm:
    """`form` holding `part`'s declarations too: the partner's first, so that its
    functions are defined before any of the form's functions calls them (occlusion)."""
    return replace(
        form,
        structs=(*part.structs, *form.structs),
        buffers=(*form.buffers, *part.buffers),
        globals=(*part.globals, *form.globals),
        functions=(*part.functions, *form.functions),
        values={**form.values, **part.values},
    )
