"""The top level of a shader: interface declarations, blocks, globals and functions.

Typing happens during parsing (one pass) because GLSL needs the types of names anyway to
tell declarations from expressions and to resolve overloads; the rules live in the typing
table (analysis/typing.py and analysis/builtins.py; textures.py types the texture and image
built-ins). Expressions, statements and declarations are parsed by the classes this one
extends, one module each.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shadersmith.front.glsl.buffer_references import (
    ReferenceBlock,
    address_binding,
    is_reference_block,
    reference_block,
)
from shadersmith.front.glsl.declarations import Declarator, ParsedQualifiers
from shadersmith.front.glsl.errors import GLSLSyntaxError
from shadersmith.front.glsl.parser_base import (
    MAX_CALL_DEPTH,
    MAX_TREE_DEPTH,
    Signature,
    Variable,
)
from shadersmith.front.glsl.statements import StatementParser
from shadersmith.front.glsl.tokens import Token, TokenKind
from shadersmith.ir.expressions import Call, CallKind, VariableRef
from shadersmith.ir.program import (
    MEMORY_QUALIFIERS,
    BlockField,
    BufferAccess,
    BufferField,
    Function,
    InterfaceBlock,
    Parameter,
    ParamQualifier,
    Program,
    SharedVariable,
    Stage,
    StageInput,
    StageOutput,
    StorageBuffer,
    Uniform,
)
from shadersmith.ir.qualifiers import Qualifiers
from shadersmith.ir.statements import VarDecl
from shadersmith.ir.types import (
    VOID,
    ArrayType,
    OpaqueType,
    ScalarKind,
    ScalarType,
    StructField,
    StructType,
    Type,
    VectorType,
    VoidType,
    has_unsized_array,
)
from shadersmith.ir.walk import depth, iter_nodes

_LOCAL_SIZE_AXES = ("local_size_x", "local_size_y", "local_size_z")
_PARAM_DIRECTIONS = {"in": ParamQualifier.IN, "out": ParamQualifier.OUT}
_PARAM_DIRECTIONS["inout"] = ParamQualifier.INOUT


@dataclass(slots=True)
class _Interface:
    buffers: list[StorageBuffer] = field(default_factory=list)
    blocks: list[InterfaceBlock] = field(default_factory=list)
    uniforms: list[Uniform] = field(default_factory=list)
    inputs: list[StageInput] = field(default_factory=list)
    outputs: list[StageOutput] = field(default_factory=list)
    shared: list[SharedVariable] = field(default_factory=list)
    globals: list[VarDecl] = field(default_factory=list)
    stage_layouts: list[Qualifiers] = field(default_factory=list)
    # Blocks of stage variables as our emitter writes them (Program.input_block and
    # output_block), by storage word: (the block, its members as stage variables).
    stage_blocks: dict[str, list[tuple[InterfaceBlock, list[StageInput | StageOutput]]]] = field(
        default_factory=dict
    )
    # Buffer reference blocks as our emitter writes them, by type name, until their
    # address block is read; the buffers so read (Program.buffer_references).
    references: dict[str, ReferenceBlock] = field(default_factory=dict)
    buffer_references: list[str] = field(default_factory=list)

    def stage_block(self, storage: str) -> str | None:
        """The one block of `storage` (`in`, `out`) read as the program's stage inputs or
        outputs (they are then no block); None where there is none, or another block or
        a plain variable of that storage keeps the declarations as they are."""
        found = self.stage_blocks.get(storage, [])
        plain = self.inputs if storage == "in" else self.outputs
        if len(found) != 1 or plain:
            return None
        block, variables = found[0]
        self.blocks.remove(block)
        for variable in variables:
            if isinstance(variable, StageInput):
                self.inputs.append(variable)
            else:
                self.outputs.append(variable)
        return block.block_name


class Parser(StatementParser):
    def program(self) -> Program:
        interface = _Interface()
        functions: list[Function] = []
        while self.tok.kind is not TokenKind.EOF:
            if self.at("precision"):
                self.precision_statement()
            elif self.accept(";"):
                pass
            else:
                function = self.external_declaration(interface)
                if function is not None:
                    functions.append(function)
        if not any(f.name == "main" for f in functions):
            raise self.type_error("no main function", self.tok)
        if interface.references:
            unread = ", ".join(sorted(interface.references))
            raise self.type_error(f"buffer reference {unread} with no address block", self.tok)
        input_block = interface.stage_block("in")
        output_block = interface.stage_block("out")
        stage = Stage.COMPUTE if self.local_size is not None else Stage.FRAGMENT
        self.check_stage(stage)
        ordered = self.ordered(functions)
        self.check_depth(ordered)
        return Program(
            stage=stage,
            functions=ordered,
            structs=tuple(self.struct_order),
            buffers=tuple(interface.buffers),
            # Initialised uniforms last, where the emitter prints them (after constants).
            uniforms=tuple(sorted(interface.uniforms, key=lambda u: u.init is not None)),
            inputs=tuple(interface.inputs),
            outputs=tuple(interface.outputs),
            globals=tuple(interface.globals),
            local_size=self.local_size or (1, 1, 1),
            blocks=tuple(interface.blocks),
            shared=tuple(interface.shared),
            stage_layouts=tuple(interface.stage_layouts),
            input_block=input_block,
            output_block=output_block,
            buffer_references=tuple(interface.buffer_references),
        )

    def check_depth(self, functions: tuple[Function, ...]) -> None:
        """MAX_TREE_DEPTH and MAX_CALL_DEPTH (parser_base.py); `functions` callees first."""
        chain: dict[str, int] = {}  # function name -> its deepest call chain
        for function in functions:
            token = self.defined_at[id(function)]
            own = depth(function.body)
            if own > MAX_TREE_DEPTH:
                raise _too_deep(f"function {function.name!r}", MAX_TREE_DEPTH, token, own)
            callees = (
                chain.get(node.callee, 0)
                for node in iter_nodes(function.body)
                if isinstance(node, Call) and node.kind is CallKind.USER
            )
            total = own + max(callees, default=0)
            if total > MAX_CALL_DEPTH:
                raise _too_deep(f"calls from {function.name!r}", MAX_CALL_DEPTH, token, total)
            chain[function.name] = max(chain.get(function.name, 0), total)

    def check_stage(self, stage: Stage) -> None:
        for other, (what, token) in self.stage_use.by_stage.items():
            if other is not stage:
                raise self.type_error(f"{what} is not available in a {stage.value} shader", token)

    def external_declaration(self, interface: _Interface) -> Function | None:
        qualifiers = self.qualifiers()
        if self.accept(";"):
            self.stage_layout(qualifiers, interface)
            return None
        storage = qualifiers.storage
        block_storage = storage in ("uniform", "buffer", "in", "out")
        if block_storage and self.peek().text == "{" and self.is_name(self.tok):
            self.interface_block(qualifiers, interface)
            return None
        if self.is_name(self.tok) and self.peek().text in (";", ","):
            raise self.type_error("redeclaring only qualifiers is not supported", self.tok)
        base = self.type_specifier()
        if self.accept(";"):
            if isinstance(base, StructType) and not qualifiers.words and not qualifiers.layout:
                return None  # a struct definition alone
            raise self.syntax("expected a variable name")
        name = self.identifier()
        if self.at("("):
            return self.function(qualifiers, base, name)
        for declarator in self.declarators(base, qualifiers.const, first=name):
            self.global_variable(qualifiers, declarator, interface)
        self.expect(";")
        return None

    # ------------------------------------------------------------ interface

    def stage_layout(self, qualifiers: ParsedQualifiers, interface: _Interface) -> None:
        """`layout(local_size_x = 8) in;`, `layout(early_fragment_tests) in;` and the like."""
        token = qualifiers.token
        storage = qualifiers.storage
        if not qualifiers.layout or storage is None or qualifiers.const:
            raise self.syntax("expected a declaration", token)
        names = [name for name, _, _ in qualifiers.layout]
        if storage == "in" and any(name in _LOCAL_SIZE_AXES for name in names):
            if self.local_size is not None:
                raise self.type_error("duplicate local size layout", token)
            sizes = [1, 1, 1]
            for name, value, name_token in qualifiers.layout:
                if name not in _LOCAL_SIZE_AXES or value is None or value < 1:
                    raise self.type_error(f"bad layout qualifier {name!r} for in", name_token)
                sizes[_LOCAL_SIZE_AXES.index(name)] = value
            self.local_size = (sizes[0], sizes[1], sizes[2])
            self.stage_use.note(Stage.COMPUTE, "local_size", token)
            return
        interface.stage_layouts.append(qualifiers.ir())

    def interface_block(self, qualifiers: ParsedQualifiers, interface: _Interface) -> None:
        storage = qualifiers.storage or ""
        block = self.identifier()
        members = self.member_list(allow_unsized=storage == "buffer")
        instance: Token | None = None
        dims: list[int | None] = []
        if self.is_name(self.tok):
            instance = self.advance()
            dims = self.array_sizes(allow_unsized=True)
        self.expect(";")
        if storage == "buffer" and self.buffer_reference(
            qualifiers, block, members, instance is not None, interface
        ):
            return
        readonly = "readonly" in qualifiers.words
        writable = storage in ("buffer", "out") and not readonly
        fields = tuple(BlockField(t.text, type_, q) for t, type_, q in members)
        if instance is not None:
            struct_type = StructType(block.text, tuple(StructField(f.name, f.type) for f in fields))
            instance_type = self.make_array(struct_type, dims, instance)
            self.declare(instance, Variable(VariableRef(instance_type, instance.text), writable))
        else:
            for token, type_, _ in members:
                self.declare(token, Variable(VariableRef(type_, token.text), writable))
        uniform_blocks = sum(1 for b in interface.buffers if b.uniform)
        emitter_form = self._storage_buffer_binding(qualifiers, members, dims, uniform_blocks)
        if emitter_form is not None:
            binding, uniform = emitter_form
            buffer_fields = tuple(BufferField(f.name, f.type) for f in fields)
            access = BufferAccess.INPUT if readonly or uniform else BufferAccess.INPUT_OUTPUT
            name = None if instance is None else instance.text
            interface.buffers.append(
                StorageBuffer(
                    block.text,
                    name,
                    binding,
                    buffer_fields,
                    access,
                    readonly or uniform,
                    uniform=uniform,
                    memory=tuple(w for w in MEMORY_QUALIFIERS if w in qualifiers.words),
                )
            )
            return
        parsed = InterfaceBlock(
            block.text,
            None if instance is None else instance.text,
            fields,
            qualifiers.ir(),
            tuple(dims),
        )
        interface.blocks.append(parsed)
        variables = _stage_variables(parsed)
        if variables is not None:
            interface.stage_blocks.setdefault(parsed.storage, []).append((parsed, variables))

    def buffer_reference(
        self,
        qualifiers: ParsedQualifiers,
        block: Token,
        members: list[tuple[Token, Type, Qualifiers]],
        instance: bool,
        interface: _Interface,
    ) -> bool:
        """Whether the block is one half of a buffer read through a reference as our
        emitter writes it (front/glsl/buffer_references.py): the reference type, kept
        until the address block names it, or that address block, which makes the buffer
        (its instance declared as a plain buffer's). Another reference block is refused."""
        named = [(t.text, type_, q) for t, type_, q in members]
        if is_reference_block(qualifiers):
            reference = reference_block(qualifiers, block.text, named, instance)
            if reference is None or block.text in self.structs or self.lookup(block.text):
                raise self.type_error("a buffer reference our emitter does not write", block)
            interface.references[block.text] = reference
            self.structs[block.text] = reference.type
            return True
        found = address_binding(qualifiers, block.text, named, interface.references, instance)
        if found is None:
            return False
        reference, name, binding = found
        del interface.references[reference.name], self.structs[reference.name]
        buffer = reference.buffer(block.text, name, binding)
        instance_type = StructType(block.text, reference.type.fields)
        writable = not buffer.readonly
        self.declare(members[0][0], Variable(VariableRef(instance_type, name), writable))
        interface.buffers.append(buffer)
        interface.buffer_references.append(block.text)
        return True

    @staticmethod
    def _storage_buffer_binding(
        qualifiers: ParsedQualifiers,
        members: list[tuple[Token, Type, Qualifiers]],
        dims: list[int | None],
        uniform_blocks_before: int,
    ) -> tuple[int, bool] | None:
        """(binding, is a uniform block) when the block is exactly a std430 buffer or
        std140 uniform block as our emitter writes them (StorageBuffer, which the harness
        fills); None for any other block. A uniform block of GLSL before 4.20 has no
        `binding`: our emitter then numbers them in order."""
        layout = {name: value for name, value, _ in qualifiers.layout}
        if dims or any(q for _, _, q in members):
            return None
        if set(qualifiers.words) == {"uniform"} and layout.get("std140", 0) is None:
            if not all(_fills_like_ours(type_) for _, type_, _ in members):
                return None
            if set(layout) == {"std140", "binding"} and layout["binding"] is not None:
                return layout["binding"], True
            if set(layout) == {"std140"}:
                return uniform_blocks_before, True
            return None
        if set(qualifiers.words) - {"readonly", *MEMORY_QUALIFIERS} != {"buffer"}:
            return None
        if set(layout) != {"std430", "binding"} or layout["std430"] is not None:
            return None
        binding = layout["binding"]
        return None if binding is None else (binding, False)

    def global_variable(
        self, qualifiers: ParsedQualifiers, declarator: Declarator, interface: _Interface
    ) -> None:
        storage = qualifiers.storage
        token = declarator.token
        type_ = declarator.type
        if declarator.init is not None and depth(declarator.init) > MAX_TREE_DEPTH:
            raise _too_deep(f"the initialiser of {token.text!r}", MAX_TREE_DEPTH, token)
        if storage is None:
            if isinstance(type_, OpaqueType):
                raise self.type_error("an opaque variable must be a uniform", token)
            interface.globals.append(self.declare_variable(declarator, qualifiers))
            return
        if qualifiers.const:
            raise self.type_error(f"const and {storage} cannot be combined", qualifiers.token)
        if declarator.init is not None and storage != "uniform":
            raise self.type_error(f"{storage} variables cannot be initialised", token)
        if storage == "buffer":
            raise self.type_error("buffer variables must be in a block", token)
        if isinstance(type_, ArrayType) and has_unsized_array(type_):
            raise self.type_error("array size required here", token)
        _, location = qualifiers.layout_value("location")
        ref = VariableRef(type_, token.text)
        if storage == "uniform":
            self.declare(token, Variable(ref, False))
            own = qualifiers.ir(frozenset({"uniform"}), "location")
            interface.uniforms.append(Uniform(token.text, type_, location, own, declarator.init))
        elif storage in ("in", "varying", "attribute"):
            if storage == "attribute":
                raise self.type_error("attribute is for vertex shaders", token)
            self.declare(token, Variable(ref, False))
            own = qualifiers.ir(frozenset({"in"}), "location")
            interface.inputs.append(StageInput(token.text, type_, location, own))
        elif storage == "out":
            self.declare(token, Variable(ref, True))
            own = qualifiers.ir(frozenset({"out"}), "location")
            interface.outputs.append(StageOutput(token.text, type_, location, own))
        else:  # shared
            self.stage_use.note(Stage.COMPUTE, "shared", token)
            self.declare(token, Variable(ref, True))
            own = qualifiers.ir(frozenset({"shared"}))
            interface.shared.append(SharedVariable(token.text, type_, own))

    # ------------------------------------------------------------ functions

    def function(
        self, qualifiers: ParsedQualifiers, return_type: Type, name: Token
    ) -> Function | None:
        if qualifiers.storage is not None or qualifiers.const or qualifiers.layout:
            raise self.type_error("bad qualifier on a function", qualifiers.token)
        if self.lookup(name.text) is not None or name.text in self.structs:
            raise self.type_error(f"redeclaration of {name.text!r}", name)
        self.expect("(")
        params: list[Parameter] = []
        param_tokens: list[Token | None] = []
        if self.at("void") and self.peek().text == ")":
            self.advance()
        elif not self.at(")"):
            while True:
                parameter, token = self.parameter(len(params))
                params.append(parameter)
                param_tokens.append(token)
                if not self.accept(","):
                    break
        self.expect(")")
        signature = self.signature(name, return_type, params)
        if self.accept(";"):
            return None  # a prototype: calls may now come before the definition
        if signature.defined is not None:
            raise self.type_error(f"redefinition of {name.text!r}", name)
        if name.text == "main" and (params or return_type != VOID):
            raise self.type_error("main must be void main()", name)
        self.scopes.append({})
        for param, token in zip(params, param_tokens, strict=True):
            if token is not None:
                self.declare(token, Variable(VariableRef(param.type, param.name), not param.const))
        self.return_type = return_type
        body = self.block(new_scope=False)
        self.scopes.pop()
        function = Function(name.text, return_type, tuple(params), body)
        signature.defined = function
        self.defined_at[id(function)] = name
        return function

    def parameter(self, index: int) -> tuple[Parameter, Token | None]:
        qualifiers = self.qualifiers()
        directions = [w for w in qualifiers.words if w in _PARAM_DIRECTIONS]
        if (
            len(directions) > 1
            or qualifiers.layout
            or (qualifiers.storage is not None and qualifiers.storage not in ("in", "out"))
        ):
            raise self.type_error("bad parameter qualifier", qualifiers.token)
        direction = _PARAM_DIRECTIONS[directions[0]] if directions else ParamQualifier.IN
        base = self.type_specifier()
        token: Token | None = None
        name = f"_unnamed{index}"  # a prototype may leave parameters unnamed
        if self.is_name(self.tok):
            token = self.advance()
            name = token.text
        type_ = self.array_suffix(base)
        if isinstance(type_, VoidType):
            raise self.type_error("parameter of type void", token or self.tok)
        own = qualifiers.ir(frozenset(_PARAM_DIRECTIONS))
        return Parameter(name, type_, direction, qualifiers.const, own), token

    def signature(self, name: Token, return_type: Type, params: list[Parameter]) -> Signature:
        types = tuple(p.type for p in params)
        for other in self.signatures.get(name.text, []):
            if other.params == types:
                if other.return_type != return_type:
                    raise self.type_error(f"{name.text!r} redeclared with another type", name)
                return other
        signature = Signature(
            name.text,
            return_type,
            types,
            tuple(p.qualifier.writes_back for p in params),
            token=name,
        )
        self.signatures.setdefault(name.text, []).append(signature)
        return signature

    def ordered(self, functions: list[Function]) -> tuple[Function, ...]:
        """Functions with every callee before its callers, which the IR requires; source
        order when the source already has it (prototypes allow any order in GLSL)."""
        by_name: dict[str, list[Function]] = {}
        for function in functions:
            by_name.setdefault(function.name, []).append(function)
        for signatures in self.signatures.values():
            for signature in signatures:
                if signature.defined is None and self._called(functions, signature):
                    assert signature.token is not None
                    raise self.type_error(
                        f"function {signature.name!r} is called but never defined",
                        signature.token,
                    )
        result: list[Function] = []
        state: dict[int, str] = {}

        def visit(function: Function) -> None:
            key = id(function)
            if state.get(key) == "done":
                return
            if state.get(key) == "active":
                raise self.type_error(f"recursion through {function.name!r}", self.tok)
            state[key] = "active"
            for node in iter_nodes(function.body):
                if isinstance(node, Call) and node.kind is CallKind.USER:
                    for callee in self._callees(by_name, node):
                        visit(callee)
            state[key] = "done"
            result.append(function)

        for function in functions:
            visit(function)
        return tuple(result)

    @staticmethod
    def _callees(by_name: dict[str, list[Function]], call: Call) -> list[Function]:
        arg_types = tuple(a.type for a in call.args)
        return [
            f for f in by_name.get(call.callee, []) if tuple(p.type for p in f.params) == arg_types
        ]

    @staticmethod
    def _called(functions: list[Function], signature: Signature) -> bool:
        for function in functions:
            for node in iter_nodes(function.body):
                if (
                    isinstance(node, Call)
                    and node.kind is CallKind.USER
                    and node.callee == signature.name
                    and tuple(a.type for a in node.args) == signature.params
                ):
                    return True
        return False


def _too_deep(what: str, bound: int, token: Token, levels: int | None = None) -> GLSLSyntaxError:
    measured = (
        f" {levels} levels deep, more than {bound}" if levels else f" deeper than {bound} levels"
    )
    return GLSLSyntaxError(f"{what} nests{measured}", token.line, token.column)


def _fills_like_ours(type_: Type) -> bool:
    """Whether a uniform block member is what our generator puts there (int, uint and
    float scalars, vectors, structs of them (--buffer-structs) and fixed-size arrays of
    them), so the harness can fill it. A struct was not: a fragment test with one in a
    uniform block read back as a foreign block, which no reduction could run."""
    if isinstance(type_, ArrayType):
        return type_.length is not None and _fills_like_ours(type_.element)
    if isinstance(type_, StructType):
        return all(_fills_like_ours(field.type) for field in type_.fields)
    return isinstance(type_, ScalarType | VectorType) and type_.kind is not ScalarKind.BOOL


# What a member of a block of stage variables may carry, as our emitter writes them.
_STAGE_MEMBER_WORDS = frozenset({"flat", "smooth", "noperspective"})


def _stage_variables(block: InterfaceBlock) -> list[StageInput | StageOutput] | None:
    """The members of an `in` or `out` block as stage variables, when the block is as our
    emitter writes a program's varyings (Program.input_block, output_block): no instance
    name, no array, no qualifier but its storage word, members with at most a location
    and an interpolation word. None for any other block."""
    storage = block.storage
    if storage not in ("in", "out") or block.instance_name is not None or block.array:
        return None
    if block.qualifiers != Qualifiers(words=(storage,)):
        return None
    variables: list[StageInput | StageOutput] = []
    for member in block.fields:
        layout = member.qualifiers.layout
        if any(name != "location" for name, _ in layout):
            return None
        if not _STAGE_MEMBER_WORDS.issuperset(member.qualifiers.words):
            return None
        location = member.qualifiers.layout_value("location")
        own = Qualifiers(words=member.qualifiers.words)
        if storage == "in":
            variables.append(StageInput(member.name, member.type, location, own))
        else:
            variables.append(StageOutput(member.name, member.type, location, own))
    return variables
