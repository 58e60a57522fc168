"""IR to GLSL text, for the GLSL 450 and ESSL 310 profiles.

The output is deterministic (a pure function of the program and the profile), readable
(four-space indentation, one statement a line) and carries only the parentheses that
precedence and associativity need, plus two that avoid token pasting (`-(-x)`).
"""

from __future__ import annotations

import dataclasses
import math

from shadersmith.analysis.opt_in_builtins import packing_extensions
from shadersmith.analysis.subgroups import subgroup_extensions
from shadersmith.analysis.widths import BUFFER_REFERENCE_EXTENSION, width_extensions
from shadersmith.emit.preprocessor import MacroSpeller
from shadersmith.ir.control_flow import EXTENSION as CONTROL_FLOW_EXTENSION
from shadersmith.ir.control_flow import macro_name
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
)
from shadersmith.ir.initialisers import NULL_INITIALIZER_EXTENSION, fits_list, is_zero
from shadersmith.ir.operators import (
    ASSIGNMENT_PRECEDENCE,
    POSTFIX_PRECEDENCE,
    PREFIX_PRECEDENCE,
    PRIMARY_PRECEDENCE,
    SEQUENCE_PRECEDENCE,
    TERNARY_PRECEDENCE,
    UnaryOp,
)
from shadersmith.ir.profile import GLSL450, Language, LanguageProfile
from shadersmith.ir.program import (
    POSITION,
    REFERENCE_ALIGN,
    REFERENCE_SUFFIX,
    VERTEX_INDEX,
    Function,
    InterfaceBlock,
    Parameter,
    ParamQualifier,
    Program,
    Stage,
    StageInput,
    StageOutput,
    StorageBuffer,
    Texture,
    TextureKind,
    Uniform,
)
from shadersmith.ir.qualifiers import Qualifiers
from shadersmith.ir.statements import (
    Block,
    Break,
    Continue,
    Discard,
    DoWhile,
    ExprStmt,
    For,
    If,
    InitSpelling,
    Return,
    Statement,
    Switch,
    VarDecl,
    While,
)
from shadersmith.ir.types import ArrayType, ScalarKind, StructType, Type
from shadersmith.ir.walk import iter_nodes

INDENT = "    "
INT_MIN = -(2**31)


# ---------------------------------------------------------------------------- types


def type_name(type_: Type) -> str:
    """The type as used in a constructor: `int[3]`, `ivec2`, `S`."""
    base, dims = _split_array(type_)
    return str(base) + "".join(dims)


def declarator(type_: Type, name: str, sp: MacroSpeller | None = None) -> str:
    """`T name[3][2]`: the declarator form, valid for locals, fields and parameters."""
    base, dims = _split_array(type_)
    return f"{_base_name(base, sp)} {name}{''.join(dims)}"


def _type_name(type_: Type, sp: MacroSpeller | None) -> str:
    base, dims = _split_array(type_)
    return _base_name(base, sp) + "".join(dims)


def _base_name(base: Type, sp: MacroSpeller | None) -> str:
    return str(base) if sp is None else sp.type_name(str(base))


def _split_array(type_: Type) -> tuple[Type, list[str]]:
    dims: list[str] = []
    while isinstance(type_, ArrayType):
        dims.append("[]" if type_.length is None else f"[{type_.length}]")
        type_ = type_.element
    return type_, dims


# ----------------------------------------------------------------------- literals


def literal_text(literal: Literal) -> str:
    value = literal.value
    kind = literal.type.kind
    if kind is ScalarKind.BOOL:
        return "true" if value else "false"
    wide = literal.type.bits == 64
    if kind.is_integer and literal.type.bits in (8, 16):
        # No suffix names an 8-bit literal (and Mesa's and glslang's 16-bit ones differ):
        # the 32-bit int converted, `int8_t(-5)`, which glslang folds to a constant.
        return f"{literal.type}({int(value)})"
    if kind is ScalarKind.FLOAT and literal.type.bits == 16:
        # Likewise a half's (Mesa has no `hf` suffix to agree on): `float16_t(-3.0)`.
        return f"float16_t({_float_text(float(value))})"
    if kind is ScalarKind.INT:
        return str(int(value)) + ("l" if wide else "")
    if kind is ScalarKind.UINT:
        return f"{int(value)}{'ul' if wide else 'u'}"
    if wide:
        return _float_text(float(value)) + "lf"
    return _float_text(float(value))


def _float_text(number: float) -> str:
    if math.isnan(number) or math.isinf(number):
        raise ValueError(f"float literal {number} has no GLSL spelling")
    if number.is_integer() and abs(number) < 1e15:
        return f"{int(number)}.0"
    text = repr(number)
    return text if ("." in text or "e" in text) else text + ".0"


def _literal_precedence(literal: Literal) -> int:
    # A negative number is spelled with unary minus, so it binds like a prefix operator.
    if literal.type.kind is not ScalarKind.BOOL and literal.type.bits in (8, 16):
        return PRIMARY_PRECEDENCE  # spelled as a constructor call (literal_text)
    if literal.type.kind is not ScalarKind.BOOL and literal.value < 0:
        return PREFIX_PRECEDENCE
    return PRIMARY_PRECEDENCE


# -------------------------------------------------------------------- expressions


def precedence(expr: Expression) -> int:
    """GLSL precedence level of the expression's outermost operator (1 binds tightest)."""
    if isinstance(expr, Literal):
        return _literal_precedence(expr)
    if isinstance(expr, VariableRef):
        return PRIMARY_PRECEDENCE
    if isinstance(expr, Swizzle | Index | Member | Call | Construct | ArrayLength):
        return POSTFIX_PRECEDENCE
    if isinstance(expr, IncDec):
        return PREFIX_PRECEDENCE if expr.op.is_prefix else POSTFIX_PRECEDENCE
    if isinstance(expr, Unary):
        return PREFIX_PRECEDENCE
    if isinstance(expr, Binary):
        return expr.op.precedence
    if isinstance(expr, Ternary):
        return TERNARY_PRECEDENCE
    if isinstance(expr, Assign):
        return ASSIGNMENT_PRECEDENCE
    return SEQUENCE_PRECEDENCE


def emit_expression(expr: Expression, profile: LanguageProfile = GLSL450) -> str:
    """The expression as GLSL text, with minimal parentheses."""
    del profile  # GLSL and ESSL spell every expression alike
    return _expr(expr)


def _wrap(expr: Expression, allowed: int, sp: MacroSpeller | None = None) -> str:
    """`expr`, parenthesised when its precedence is looser than `allowed`."""
    text = _expr(expr, sp)
    return f"({text})" if precedence(expr) > allowed else text


def _expr(expr: Expression, sp: MacroSpeller | None = None) -> str:
    """The expression's text; with `sp`, spelled through the preprocessor at times
    (emit/preprocessor.py), its draws made in the order the text is written."""
    if isinstance(expr, Literal):
        text = literal_text(expr)
        return text if sp is None else sp.literal(expr, text)
    if isinstance(expr, VariableRef):
        return expr.name if sp is None else sp.identifier(expr.name)
    if isinstance(expr, Binary):
        if sp is not None and sp.wants_binary():
            # The macro's body parenthesises each operand and the whole.
            return sp.binary(expr.op.value, _expr(expr.left, sp), _expr(expr.right, sp))
        level = expr.op.precedence
        # Left-associative: the left operand may share the level, the right may not.
        left = _wrap(expr.left, level, sp)
        right = _wrap(expr.right, level - 1, sp)
        return f"{left} {expr.op.value} {right}"
    if isinstance(expr, Unary):
        operand = _wrap(expr.operand, PREFIX_PRECEDENCE, sp)
        # `- -x` would lex as the decrement `--x`, `+ +x` as `++x`; and `-5` is how a
        # negative literal is spelled, so minus applied to a literal is `-(5)`: the text
        # then reads back as the same IR.
        if operand.startswith(("-", "+")) or (
            expr.op is UnaryOp.NEG and isinstance(expr.operand, Literal)
        ):
            operand = f"({operand})"
        return f"{expr.op.value}{operand}"
    if isinstance(expr, IncDec):
        if expr.op.is_prefix:
            return f"{expr.op.token}{_wrap(expr.target, PREFIX_PRECEDENCE, sp)}"
        return f"{_wrap(expr.target, POSTFIX_PRECEDENCE, sp)}{expr.op.token}"
    if isinstance(expr, Assign):
        # Right-associative: the value may itself be an assignment.
        target = _wrap(expr.target, PREFIX_PRECEDENCE, sp)
        value = _wrap(expr.value, ASSIGNMENT_PRECEDENCE, sp)
        return f"{target} {expr.op.value} {value}"
    if isinstance(expr, Ternary):
        # Grammar: logical_or_expression ? expression : assignment_expression.
        condition = _wrap(expr.condition, TERNARY_PRECEDENCE - 1, sp)
        if_true = _wrap(expr.if_true, ASSIGNMENT_PRECEDENCE, sp)
        if_false = _wrap(expr.if_false, ASSIGNMENT_PRECEDENCE, sp)
        return f"{condition} ? {if_true} : {if_false}"
    if isinstance(expr, Swizzle):
        return f"{_wrap(expr.base, POSTFIX_PRECEDENCE, sp)}.{expr.text}"
    if isinstance(expr, Index):
        return f"{_wrap(expr.base, POSTFIX_PRECEDENCE, sp)}[{_expr(expr.index, sp)}]"
    if isinstance(expr, Member):
        return f"{_wrap(expr.base, POSTFIX_PRECEDENCE, sp)}.{expr.field}"
    if isinstance(expr, Call):
        callee = expr.callee if sp is None else sp.identifier(expr.callee)
        return f"{callee}({_arguments(expr.args, sp)})"
    if isinstance(expr, Construct):
        return f"{_type_name(expr.type, sp)}({_arguments(expr.args, sp)})"
    if isinstance(expr, Sequence):
        return ", ".join(_wrap(item, ASSIGNMENT_PRECEDENCE, sp) for item in expr.items)
    if isinstance(expr, ArrayLength):
        return f"{_wrap(expr.base, POSTFIX_PRECEDENCE, sp)}.length()"
    raise TypeError(f"not an expression: {expr!r}")


def _arguments(args: tuple[Expression, ...], sp: MacroSpeller | None = None) -> str:
    # Arguments are assignment-expressions: only a comma expression needs parentheses.
    return ", ".join(_wrap(arg, ASSIGNMENT_PRECEDENCE, sp) for arg in args)


# --------------------------------------------------------------------- statements


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0
        # Set while the program's own code is written through the preprocessor: it
        # spells the expressions and places each line among its directives.
        self.speller: MacroSpeller | None = None
        # Whether declarations may keep their brace spellings (VarDecl.spelling): the
        # profile's initialiser_lists.
        self.lists = False

    def line(self, text: str) -> None:
        if self.speller is None:
            self.lines.append(INDENT * self.depth + text)
        else:
            self.lines += self.speller.place(INDENT * self.depth + text, len(self.lines) + 1)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def _var_decl(decl: VarDecl, sp: MacroSpeller | None = None, lists: bool = False) -> str:
    text = decl.qualifiers.text() + declarator(decl.type, decl.name, sp)
    if decl.const:
        text = "const " + text
    if decl.init is None:
        return text
    if lists and decl.spelling is not InitSpelling.CONSTRUCTOR and fits_list(decl.init):
        return text + " = " + _brace_list(decl.init, sp)
    return text + " = " + _wrap(decl.init, ASSIGNMENT_PRECEDENCE, sp)


def _brace_list(construct: Expression, sp: MacroSpeller | None) -> str:
    """`{a, b, ...}` for a constructor that fits one (ir/initialisers.py); an element
    that fits one is a nested list."""
    assert isinstance(construct, Construct)
    items = (
        _brace_list(arg, sp) if fits_list(arg) else _wrap(arg, ASSIGNMENT_PRECEDENCE, sp)
        for arg in construct.args
    )
    return "{" + ", ".join(items) + "}"


def _writes_null(decl: VarDecl, out: _Writer) -> bool:
    """Whether `decl` is written `T x = {};` for Vulkan: a local all-zero initialiser
    marked so (its lines plain, outside the preprocessor's groups: _statement)."""
    return (
        out.lists
        and decl.spelling is InitSpelling.NULL
        and decl.init is not None
        and is_zero(decl.init)
    )


def _null_initialised(out: _Writer, decl: VarDecl) -> None:
    """One text for both APIs: glslang defines VULKAN when it compiles for Vulkan, whose
    GL_EXT_null_initializer gives `{}`; Mesa's GL compiler lacks the extension and reads
    the constructor (the list where the declaration has one)."""
    listed = dataclasses.replace(decl, spelling=InitSpelling.LIST)
    out.line("#ifdef VULKAN")
    out.line(_var_decl(dataclasses.replace(decl, init=None)) + " = {};")
    out.line("#else")
    out.line(_var_decl(listed, None, out.lists) + ";")
    out.line("#endif")


def _specialization_constant(out: _Writer, decl: VarDecl) -> None:
    """One text for both APIs: glslang defines VULKAN when it compiles for Vulkan, where
    the module holds the DEFAULT and the pipeline sets the VALUE (the job's
    specialization); Mesa's GL front-end rejects `constant_id` and reads the VALUE."""
    assert decl.specialization is not None
    spec = decl.specialization
    vulkan = dataclasses.replace(decl, init=spec.default, specialization=None)
    out.line("#ifdef VULKAN")
    out.line(f"layout(constant_id = {spec.constant_id}) " + _var_decl(vulkan, None) + ";")
    out.line("#else")
    out.line(_var_decl(dataclasses.replace(decl, specialization=None), None) + ";")
    out.line("#endif")


def _statement(out: _Writer, stmt: Statement) -> None:
    sp = out.speller
    if isinstance(stmt, VarDecl) and _writes_null(stmt, out):
        # Written plainly, its lines never in a conditional group of the speller's, as a
        # specialization constant is: every --preset every program is spelled through
        # the preprocessor, and writing the list there instead left `{}` in 5 of 10,000.
        out.speller = None
        _null_initialised(out, stmt)
        out.speller = sp
    elif isinstance(stmt, VarDecl):
        out.line(_var_decl(stmt, sp, out.lists) + ";")
    elif isinstance(stmt, ExprStmt):
        out.line(_expr(stmt.expr, sp) + ";")
    elif isinstance(stmt, Block):
        out.line("{")
        _body(out, stmt.body)
        out.line("}")
    elif isinstance(stmt, If):
        _if(out, stmt, "if")
    elif isinstance(stmt, Switch):
        out.line(f"{_attribute(stmt.attribute)}switch ({_expr(stmt.selector, sp)}) {{")
        out.depth += 1
        for case in stmt.cases:
            label = "default:" if case.value is None else f"case {literal_text(case.value)}:"
            out.line(label)
            _body(out, case.body)
        out.depth -= 1
        out.line("}")
    elif isinstance(stmt, For):
        init = ""
        if isinstance(stmt.init, VarDecl):
            init = _var_decl(stmt.init, sp)
        elif isinstance(stmt.init, ExprStmt):
            init = _expr(stmt.init.expr, sp)
        condition = "" if stmt.condition is None else " " + _expr(stmt.condition, sp)
        update = "" if stmt.update is None else " " + _expr(stmt.update, sp)
        out.line(f"{_attribute(stmt.attribute)}for ({init};{condition};{update}) {{")
        _body(out, stmt.body.body)
        out.line("}")
    elif isinstance(stmt, While):
        out.line(f"{_attribute(stmt.attribute)}while ({_expr(stmt.condition, sp)}) {{")
        _body(out, stmt.body.body)
        out.line("}")
    elif isinstance(stmt, DoWhile):
        out.line(f"{_attribute(stmt.attribute)}do {{")
        _body(out, stmt.body.body)
        out.line(f"}} while ({_expr(stmt.condition, sp)});")
    elif isinstance(stmt, Break):
        out.line("break;")
    elif isinstance(stmt, Continue):
        out.line("continue;")
    elif isinstance(stmt, Return):
        out.line("return;" if stmt.value is None else f"return {_expr(stmt.value, sp)};")
    elif isinstance(stmt, Discard):
        out.line("discard;")
    else:
        raise TypeError(f"not a statement: {stmt!r}")


def _if(out: _Writer, stmt: If, opener: str) -> None:
    out.line(f"{_attribute(stmt.attribute)}{opener} ({_expr(stmt.condition, out.speller)}) {{")
    _body(out, stmt.then.body)
    otherwise = stmt.otherwise
    if otherwise is None:
        out.line("}")
    elif (
        len(otherwise.body) == 1
        and isinstance(otherwise.body[0], If)
        and not otherwise.body[0].attribute  # `} else if` has no room for one
    ):
        # `else if` chains read better than nested blocks; the meaning is the same.
        _if(out, otherwise.body[0], "} else if")
    else:
        out.line("} else {")
        _body(out, otherwise.body)
        out.line("}")


def _attribute(attribute: str) -> str:
    """A statement's control-flow attribute as its macro and a space (ir/control_flow.py)."""
    return f"{macro_name(attribute)} " if attribute else ""


def _attribute_macros(out: _Writer, program: Program) -> None:
    """The macros of the control-flow attributes `program` uses: the attribute where
    glslang compiles for Vulkan, with its extension; nothing for GL, whose Mesa compiler
    lacks the extension (ir/control_flow.py)."""
    used = sorted(
        {
            node.attribute
            for node in iter_nodes(program)
            if isinstance(node, If | Switch | For | While | DoWhile) and node.attribute
        }
    )
    if not used:
        return
    out.line("#ifdef VULKAN")
    out.line(f"#extension {CONTROL_FLOW_EXTENSION} : require")
    for attribute in used:
        out.line(f"#define {macro_name(attribute)} [[{attribute}]]")
    out.line("#else")
    for attribute in used:
        out.line(f"#define {macro_name(attribute)}")
    out.line("#endif")


def _body(out: _Writer, body: tuple[Statement, ...]) -> None:
    out.depth += 1
    for stmt in body:
        _statement(out, stmt)
    out.depth -= 1


# ---------------------------------------------------------------------- program


def _parameter(param: Parameter, sp: MacroSpeller | None) -> str:
    qualifier = "" if param.qualifier is ParamQualifier.IN else param.qualifier.value + " "
    const = "const " if param.const else ""
    return const + qualifier + param.qualifiers.text() + declarator(param.type, param.name, sp)


def _function(out: _Writer, function: Function) -> None:
    sp = out.speller
    result = _type_name(function.return_type, sp)
    params = ", ".join(_parameter(p, sp) for p in function.params)
    out.line(f"{result} {function.name}({params}) {{")
    _body(out, function.body.body)
    out.line("}")


def _struct(out: _Writer, struct: StructType) -> None:
    out.line(f"struct {struct.name} {{")
    out.depth += 1
    for field in struct.fields:
        out.line(declarator(field.type, field.name) + ";")
    out.depth -= 1
    out.line("};")


def _buffer(
    out: _Writer, buffer: StorageBuffer, profile: LanguageProfile, referenced: frozenset[str]
) -> None:
    if buffer.block_name in referenced:
        _referenced_buffer(out, buffer)
        return
    if buffer.push_constant:
        # One text for both APIs, as a specialization constant's: glslang defines VULKAN
        # for Vulkan, whose pipeline pushes the block's bytes (std430, which for its
        # scalar and 2- or 4-vector fields is std140's layout); GL has no push constants
        # and reads the std140 block the runner binds at `binding`.
        out.line("#ifdef VULKAN")
        out.line(f"layout(push_constant) uniform {buffer.block_name} {{")
        _block_members(out, buffer)
        out.line("#else")
        _plain_buffer(out, buffer, profile)
        out.line("#endif")
        return
    _plain_buffer(out, buffer, profile)


def _plain_buffer(out: _Writer, buffer: StorageBuffer, profile: LanguageProfile) -> None:
    if buffer.uniform:
        # GLSL before 4.20 has no `binding`: a lone block is at binding 0 by default and
        # the runners bind the others by name.
        binding = f", binding = {buffer.binding}" if _has_binding_layout(profile) else ""
        out.line(f"layout(std140{binding}) uniform {buffer.block_name} {{")
    else:
        words = "".join(w + " " for w in buffer.memory) + ("readonly " if buffer.readonly else "")
        out.line(f"layout(std430, binding = {buffer.binding}) {words}buffer {buffer.block_name} {{")
    _block_members(out, buffer)


def referenced_buffers(program: Program, profile: LanguageProfile) -> frozenset[str]:
    """The block names of the buffers `profile`'s text declares as buffer references
    (Program.buffer_references, where the profile has them and the buffer can be one)."""
    return program.referenced_buffers if profile.buffer_references else frozenset()


def _referenced_buffer(out: _Writer, buffer: StorageBuffer) -> None:
    """A storage buffer as a GL_EXT_buffer_reference type with the buffer's memory
    qualifiers and fields, and a block at its binding that holds the address under the
    instance name: `instance.field` reads through the reference (generate/
    buffer_references.py)."""
    words = "".join(w + " " for w in buffer.memory) + ("readonly " if buffer.readonly else "")
    reference = buffer.block_name + REFERENCE_SUFFIX
    layout = f"buffer_reference, std430, buffer_reference_align = {REFERENCE_ALIGN}"
    out.line(f"layout({layout}) {words}buffer {reference} {{")
    _block_members(out, dataclasses.replace(buffer, instance_name=None))
    out.line(f"layout(std430, binding = {buffer.binding}) readonly buffer {buffer.block_name} {{")
    out.depth += 1
    out.line(f"{reference} {buffer.instance_name};")
    out.depth -= 1
    out.line("};")


def _block_members(out: _Writer, buffer: StorageBuffer) -> None:
    """A block's fields and its closing brace with the instance name."""
    out.depth += 1
    for field in buffer.fields:
        out.line(declarator(field.type, field.name) + ";")
    out.depth -= 1
    out.line("}" + (f" {buffer.instance_name};" if buffer.instance_name else ";"))


def _texture(texture: Texture, profile: LanguageProfile) -> str:
    """`layout(binding = 4) uniform highp usampler2D tex0;`, or for an image
    `layout(binding = 5, r32ui) uniform highp uimage2D img0;`. Without binding layouts
    (GLSL 3.30, fragment textures only) the GL runner sets the sampler's unit by name."""
    items = [f"binding = {texture.binding}"] if _has_binding_layout(profile) else []
    if texture.kind is TextureKind.STORAGE:
        items.append(texture.image_format)
    layout = f"layout({', '.join(items)}) " if items else ""
    # Opaque types have no default precision in ESSL; highp is what the texels need.
    return f"{layout}uniform highp {texture.glsl_type} {texture.name};"


def _has_binding_layout(profile: LanguageProfile) -> bool:
    return profile.language is Language.ESSL or profile.version >= 420


# Words that are a variable's storage; the others (interpolation, precision, memory ...)
# are kept in `Qualifiers.words` around the storage word an interface node implies.
_STORAGE_WORDS = frozenset({"in", "out", "uniform", "buffer", "shared", "varying", "attribute"})
_PRECISION_WORDS = frozenset({"highp", "mediump", "lowp"})


def qualified(qualifiers: Qualifiers, location: int | None, storage: str) -> str:
    """Qualifiers text of an interface variable: its location first in the layout, and
    its storage word (unless an old spelling such as `varying` is there) before any
    precision word, the order GLSL before 4.20 requires."""
    layout = qualifiers.layout if location is None else (("location", location), *qualifiers.layout)
    words = list(qualifiers.words)
    if not _STORAGE_WORDS.intersection(words):
        at = next((i for i, w in enumerate(words) if w in _PRECISION_WORDS), len(words))
        words.insert(at, storage)
    return Qualifiers(layout, tuple(words)).text()


def _uniform(uniform: Uniform) -> str:
    text = qualified(uniform.qualifiers, uniform.location, "uniform")
    text += declarator(uniform.type, uniform.name)
    if uniform.init is not None:
        text += " = " + _wrap(uniform.init, ASSIGNMENT_PRECEDENCE)
    return text + ";"


def _block(out: _Writer, block: InterfaceBlock) -> None:
    out.line(f"{block.qualifiers.text()}{block.block_name} {{")
    out.depth += 1
    for field in block.fields:
        out.line(field.qualifiers.text() + declarator(field.type, field.name) + ";")
    out.depth -= 1
    dims = "".join("[]" if n is None else f"[{n}]" for n in block.array)
    out.line("}" + (f" {block.instance_name}{dims};" if block.instance_name else ";"))


def _builtins_called(program: Program) -> frozenset[str]:
    return frozenset(
        n.callee for n in iter_nodes(program) if isinstance(n, Call) and n.kind is CallKind.BUILTIN
    )


def _null_initialisers(program: Program, profile: LanguageProfile) -> bool:
    """Whether some local declaration is written `= {}` (`_writes_null`)."""
    if not profile.initialiser_lists:
        return False
    return any(
        isinstance(node, VarDecl)
        and node.spelling is InitSpelling.NULL
        and node.init is not None
        and is_zero(node.init)
        for function in program.functions
        for node in iter_nodes(function)
    )


def _header(out: _Writer, program: Program, profile: LanguageProfile) -> None:
    if profile.language is Language.ESSL and profile.version == 100:
        out.line("#version 100")  # ESSL 1.00 has no `es` suffix
    elif profile.language is Language.ESSL:
        out.line(f"#version {profile.version} es")
    elif profile.language is Language.GLSL:
        out.line(
            f"#version {profile.version}" + (" compatibility" if profile.compatibility else "")
        )
    else:
        raise ValueError(f"the GLSL emitter cannot write {profile.name}")
    for extension in profile.extensions:
        out.line(f"#extension {extension} : require")
    # The subgroup built-ins the program calls (analysis/subgroups.py).
    for extension in subgroup_extensions(program):
        out.line(f"#extension {extension} : require")
    # The explicit-width types the program declares (analysis/widths.py).
    for extension in width_extensions(program, profile.version):
        out.line(f"#extension {extension} : require")
    if referenced_buffers(program, profile):
        out.line(f"#extension {BUFFER_REFERENCE_EXTENSION} : require")
    if profile.language is Language.GLSL:
        for extension in packing_extensions(_builtins_called(program), profile.version):
            out.line(f"#extension {extension} : require")
    _attribute_macros(out, program)
    if _null_initialisers(program, profile):
        out.line("#ifdef VULKAN")
        out.line(f"#extension {NULL_INITIALIZER_EXTENSION} : require")
        out.line("#endif")
    if profile.needs_precision:
        out.line("precision highp float;")
        out.line("precision highp int;")
    if program.stage is Stage.COMPUTE:
        x, y, z = program.local_size
        out.line(f"layout(local_size_x = {x}, local_size_y = {y}, local_size_z = {z}) in;")
    if program.stage is Stage.VERTEX:
        # One text for both APIs: GL names the vertex index gl_VertexID, Vulkan's GLSL
        # gl_VertexIndex (equal here: no base vertex), and glslang defines VULKAN when it
        # compiles for Vulkan; the IR spells GL's name.
        out.line("#ifdef VULKAN")
        out.line(f"#define {VERTEX_INDEX} gl_VertexIndex")
        out.line("#endif")
        if program.invariant_position:
            out.line(f"invariant {POSITION};")


def _varying_location(location: int | None, profile: LanguageProfile) -> int | None:
    """A vertex output's or fragment input's location, or None where desktop GLSL before
    4.10 allows none there (without separate shader objects GL matches varyings by name,
    and GLSL 3.30, softpipe's, knows locations only on vertex inputs and fragment outputs)."""
    if profile.language is not Language.GLSL or profile.version >= 410:
        return location
    if "GL_ARB_separate_shader_objects" in profile.extensions:
        return location
    return None


# GLSL 4.40 (ARB_enhanced_layouts) lets a block member have its own location.
_MEMBER_LOCATIONS_VERSION = 440
_StageVariable = tuple[Qualifiers, int | None, str]  # (qualifiers, location, declarator)


def _stage_variable(variable: StageInput | StageOutput, location: int | None) -> _StageVariable:
    return variable.qualifiers, location, declarator(variable.type, variable.name)


def _input_location(
    program: Program, stage_input: StageInput, profile: LanguageProfile
) -> int | None:
    if program.stage is Stage.FRAGMENT and stage_input.qualifiers.has("flat"):
        return _varying_location(stage_input.location, profile)
    return stage_input.location


def _output_location(program: Program, output: StageOutput, profile: LanguageProfile) -> int | None:
    if program.stage is Stage.VERTEX:
        return _varying_location(output.location, profile)
    return output.location


def _block_name(
    name: str | None, variables: list[_StageVariable], profile: LanguageProfile
) -> str | None:
    """The interface block the variables are written in (Program.input_block and
    output_block), or None where they are written one by one: none asked, none to write,
    or a language without in and out blocks (ESSL 3.10 needs an extension, GLSL 1.50 has
    them)."""
    if name is None or not variables or profile.language is not Language.GLSL:
        return None
    return name if profile.version >= 150 else None


def _stage_variables(
    out: _Writer,
    variables: list[_StageVariable],
    storage: str,
    block: str | None,
    profile: LanguageProfile,
) -> None:
    """Stage inputs or outputs, plainly or as the members of one block without an instance
    name (read by the same names). A member's location is a member layout, which GLSL
    allows from 4.40; before it a block is matched by its name and its members' names."""
    if block is None:
        for qualifiers, location, text in variables:
            out.line(qualified(qualifiers, location, storage) + text + ";")
        return
    out.line(f"{storage} {block} {{")
    out.depth += 1
    for qualifiers, location, text in variables:
        layout = qualifiers.layout
        if location is not None and profile.version >= _MEMBER_LOCATIONS_VERSION:
            layout = (("location", location), *layout)
        out.line(Qualifiers(layout, qualifiers.words).text() + text + ";")
    out.depth -= 1
    out.line("};")


def emit_glsl(program: Program, profile: LanguageProfile = GLSL450) -> str:
    """The whole shader as GLSL source for `profile`."""
    out = _Writer()
    out.lists = profile.initialiser_lists
    _header(out, program, profile)
    for struct in program.structs:
        out.line("")
        _struct(out, struct)
    for stage_layout in program.stage_layouts:
        out.line(stage_layout.text().rstrip() + ";")
    interface = bool(program.buffers or program.uniforms or program.inputs or program.outputs)
    interface = interface or bool(program.textures)
    if interface or program.blocks or program.shared:
        out.line("")
    referenced = referenced_buffers(program, profile)
    for buffer in program.buffers:
        _buffer(out, buffer, profile, referenced)
    for texture in program.textures:
        out.line(_texture(texture, profile))
    for block in program.blocks:
        _block(out, block)
    for uniform in program.uniforms:
        if uniform.init is None:
            out.line(_uniform(uniform))
    inputs = [_stage_variable(v, _input_location(program, v, profile)) for v in program.inputs]
    _stage_variables(out, inputs, "in", _block_name(program.input_block, inputs, profile), profile)
    outputs = [_stage_variable(v, _output_location(program, v, profile)) for v in program.outputs]
    _stage_variables(
        out, outputs, "out", _block_name(program.output_block, outputs, profile), profile
    )
    for shared in program.shared:
        text = qualified(shared.qualifiers, None, "shared")
        out.line(text + declarator(shared.type, shared.name) + ";")
    if program.globals:
        out.line("")
    # The program's own code (globals and functions) through the preprocessor, if asked;
    # the interface above and the initialised uniforms stay plain (module docstring).
    speller = None
    if program.macros is not None:
        speller = MacroSpeller(program.macros, profile, program.stage.value)
    out.speller = speller
    for global_decl in program.globals:
        if global_decl.specialization is None:
            out.line(_var_decl(global_decl, speller) + ";")
        else:  # written plainly, its lines never in a conditional group of the speller's
            out.speller = None
            _specialization_constant(out, global_decl)
            out.speller = speller
    out.speller = None
    # An initialiser may name a global constant, so initialised uniforms come after those.
    for uniform in program.uniforms:
        if uniform.init is not None:
            out.line(_uniform(uniform))
    out.speller = speller
    for function in program.functions:
        out.line("")
        _function(out, function)
    return out.text()
