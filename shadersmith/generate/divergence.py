"""ShaDiv's G_rand + G_cdiv: divergence-aware generation of multi-invocation programs.

The GLSLsmith generator (statements.py, expressions.py) stays the G_rand part; this
driver steers it statement by statement (Algorithm 7):

- Each statement samples its divergence type: divergent with probability p_delta
  (`divergence_probability`), uniform otherwise. The expression generator then reads only
  the variables of that type (the scope's read filter: Filter(Σ, var_set, ω)); a divergent
  condition is usually built on the invocation ids (`gl_LocalInvocationID.x % 3u == 1u`),
  a divergent loop takes its trip count from them, a divergent assignment or declaration
  that came out uniform gets an id term folded in.
- After each statement, the divergence environment is updated by the very rules of
  analysis/divergence.py (AssignUpdate, Pre/PostBranchUpdate, loops, jumps, calls), so the
  driver always knows which variables are divergent and whether control flow is.
- Values cross invocations only through `shared` arrays: an *exchange* writes the
  invocation's own element, waits at `barrier()`, reads another invocation's element and
  waits again (so the next exchange's writes cannot race with this one's reads). Barriers
  are placed only where control flow is uniform and stays so: at the top level of `main`,
  in a uniform `if` outside loops, and at the top level of a uniform loop (literal bounds,
  a read-only counter, no jump leaving it); never inside the generator's other compound
  statements, whose later statements could make an earlier point divergent.

Output buffers hold one element per invocation (invocations.py), so the program is free
of races by construction; analysis/divergence.py and the interpreter's sanitizer check it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from shadersmith.analysis.divergence import DivergenceAnalysis, DivergenceState
from shadersmith.generate.atomics import ATOMIC_STATEMENT, AtomicTarget, atomic_statement
from shadersmith.generate.context import GenerationContext
from shadersmith.generate.image_atomics import (
    IMAGE_ATOMIC_STATEMENT,
    AtomicImage,
    image_atomic_statement,
)
from shadersmith.generate.invocations import (
    INVOCATION_BUILTINS,
    UVEC3,
    FragmentLayout,
    InvocationLayout,
)
from shadersmith.generate.loops import loop_body
from shadersmith.generate.narrow_storage import is_narrow
from shadersmith.generate.scope import Variable
from shadersmith.generate.statements import JumpContext
from shadersmith.generate.subgroups import SUBGROUP_STATEMENT, subgroup_statement
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
    Swizzle,
    VariableRef,
    root_variable,
)
from shadersmith.ir.operators import AssignOp, BinaryOp, IncDecOp
from shadersmith.ir.program import SharedVariable
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
    SwitchCase,
    VarDecl,
    While,
)
from shadersmith.ir.types import (
    BOOL,
    INT,
    UINT,
    VOID,
    ArrayType,
    ScalarKind,
    ScalarType,
    Type,
    VectorType,
)

if TYPE_CHECKING:
    from shadersmith.generate.expressions import ExpressionGenerator
    from shadersmith.generate.statements import StatementGenerator

UNIFORM = "uniform"
DIVERGENT = "divergent"
# Chances, per statement drawn where a barrier may go, of an exchange through shared
# memory (or a lone barrier when the program has no shared array), and of a uniform
# compound statement that may hold barriers itself.
_EXCHANGE = 0.12
_UNIFORM_COMPOUND = 0.10
# Chance that a divergent statement is a loop with an invocation-dependent trip count.
_DIVERGENT_LOOP = 0.12
# Chance that a divergent condition is built on the ids rather than drawn at random.
_ID_CONDITION = 0.7


VEC4 = VectorType(ScalarKind.FLOAT, 4)


def fragment_coordinate(axis: int) -> Expression:
    """`uint(gl_FragCoord.x)` (axis 0) or `.y`: the pixel's column or row."""
    coordinate = Swizzle(ScalarType(ScalarKind.FLOAT), VariableRef(VEC4, "gl_FragCoord"), (axis,))
    return Construct(UINT, (coordinate,))


# The share of a fragment shader's closing output writes made divergent (output_value).
_DIVERGENT_OUTPUT = 0.5


def barrier_call() -> Call:
    return Call(VOID, "barrier", (), CallKind.BUILTIN)


def declare_invocation_builtins(ctx: GenerationContext) -> None:
    """The compute built-ins as read-only variables of the generator's scope."""
    for name, type_ in INVOCATION_BUILTINS:
        ctx.scope.declare(Variable(name, type_, VariableRef(type_, name), writable=False))


class DivergenceDriver:
    """Steers the statement generator through one multi-invocation program."""

    def __init__(
        self,
        ctx: GenerationContext,
        layout: InvocationLayout | FragmentLayout,
        analysis: DivergenceAnalysis,
        atomics: tuple[AtomicTarget, ...] = (),
        subgroups: bool = False,
        atomic_images: tuple[AtomicImage, ...] = (),
    ) -> None:
        self.ctx = ctx
        self.rng = ctx.rng
        self.options = ctx.options
        self.layout = layout
        # Work groups have barriers and shared memory; fragments have neither.
        self.compute = isinstance(layout, InvocationLayout)
        self.analysis = analysis
        # Counters that statements update atomically (generate/atomics.py).
        self.atomics = atomics
        self.used_atomics = False
        # Images that statements update atomically (generate/image_atomics.py), and the
        # names of those some statement updated.
        self.atomic_images = atomic_images
        self.updated_images: set[str] = set()
        # Whether statements at uniform points of main may be subgroup operations
        # (generate/subgroups.py).
        self.subgroups = subgroups and self.compute
        self.used_subgroups = False
        self.state = DivergenceState()
        self.mode: str | None = None
        self.in_main = False
        # Whether a barrier may be placed at the current point if control is uniform
        # there (see the module docstring), and whether that point is in a uniform loop.
        self.barrier_ok = False
        self.in_uniform_loop = False
        self.shared: list[SharedVariable] = []
        self.used_shared: list[str] = []
        # Statistics for the choices counter.
        self.divergent_statements = 0
        ctx.scope.read_filter = self._filter

    # ----------------------------------------------------------------- set-up

    def make_shared(self) -> None:
        """Zero to two `shared` arrays of one element per invocation of a work group."""
        if not self.compute or not self.ctx.chance(self.options.shared_memory_probability):
            return
        kinds = [ScalarKind.INT, ScalarKind.UINT]
        if self.options.floats:
            kinds.append(ScalarKind.FLOAT)
        for _ in range(self.rng.randint(1, 2)):
            kind = self.rng.choice(kinds)
            element: ScalarType | VectorType = ScalarType(kind)
            if self.rng.random() < 0.3:
                element = VectorType(kind, self.rng.randint(2, 4))
            name = self.ctx.fresh_name("shared")
            variable = SharedVariable(name, ArrayType(element, self.layout.group_size))
            self.shared.append(variable)
            self.analysis.always_divergent = self.analysis.always_divergent | {name}
            self.analysis.add_global(name)

    def declared_shared(self) -> tuple[SharedVariable, ...]:
        """The shared arrays some exchange uses, in declaration order."""
        return tuple(s for s in self.shared if s.name in self.used_shared)

    def enter_function(self) -> None:
        """A user function: it may be called from divergent control, so no barrier."""
        self.in_main = False
        self.barrier_ok = False
        self.in_uniform_loop = False
        self.state = DivergenceState()

    def enter_main(self) -> None:
        self.in_main = True
        self.barrier_ok = True
        self.in_uniform_loop = False
        self.state = self.analysis.entry_state()

    def atomic(self, gen: StatementGenerator) -> Statement:
        """An atomic update of a counter (generate/atomics.py)."""
        assert isinstance(self.layout, InvocationLayout), "fragments have no counters"
        self.used_atomics = True
        return atomic_statement(gen, self.atomics, self.layout.slot())

    def image_atomic(self, gen: StatementGenerator, image: AtomicImage | None = None) -> Statement:
        """An atomic update of an image (generate/image_atomics.py): of `image`, else
        of a drawn one."""
        assert isinstance(self.layout, InvocationLayout), "fragments have no atomic images"
        if image is None:
            image = self.rng.choice(self.atomic_images)
        self.updated_images.add(image.texture.name)
        return image_atomic_statement(gen, image, self.layout.slot())

    def closing(self, gen: StatementGenerator) -> list[Statement]:
        """At the end of `main`: an atomic update if the program has counters and none
        was drawn, one of each atomic image no statement updated, and an exchange
        through a shared array no exchange used yet, if control flow is still uniform
        there."""
        if self.atomics and not self.used_atomics:
            stmt = self.atomic(gen)
            self.observe(stmt)
            return [stmt, *self.closing(gen)]
        for image in self.atomic_images:
            if image.texture.name not in self.updated_images:
                stmt = self.image_atomic(gen, image)
                self.observe(stmt)
                return [stmt, *self.closing(gen)]
        if self.subgroups and not self.used_subgroups and self._uniform_here():
            subgroup = self.subgroup(gen)
            self.used_subgroups = True  # one try only
            if subgroup is not None:
                self.observe(subgroup)
                return [subgroup, *self.closing(gen)]
        if not self.shared or self.used_shared or self.state.divergent_control or self.state.dead:
            return []
        saved_mode, self.mode = self.mode, UNIFORM
        try:
            stmt = self.exchange(gen)
        finally:
            self.mode = saved_mode
        self.observe(stmt)
        return [stmt]

    def observe(self, stmt: Statement) -> None:
        """A statement of the current body made outside `statement` (main's first
        declarations): apply it to the environment."""
        self.analysis.statement(stmt, self.state)

    # ----------------------------------------------------------------- filters

    def _divergent_variable(self, variable: Variable) -> bool:
        name = root_variable(variable.access)
        return name is None or self.analysis.is_divergent_name(name, self.state)

    def _filter(self, providers: list[Variable]) -> list[Variable]:
        if self.mode is None:
            return providers
        if self.mode == UNIFORM:
            return [v for v in providers if not self._divergent_variable(v)]
        divergent = [v for v in providers if self._divergent_variable(v)]
        return divergent or providers

    # ----------------------------------------------------------------- statements

    def statement(self, gen: StatementGenerator, nesting: int) -> Statement:
        """One statement of sampled divergence type (Algorithm 7), applied to Σ."""
        divergent = self.ctx.chance(self.options.divergence_probability)
        saved_mode = self.mode
        before = self.state
        self.mode = DIVERGENT if divergent else UNIFORM
        try:
            stmt = self._special(gen, nesting, divergent)
            if stmt is None:
                with self._plain_context():
                    stmt = gen.plain_statement(nesting)
            if divergent:
                stmt = self._diverge(gen, stmt)
                self.divergent_statements += 1
        finally:
            self.mode = saved_mode
            self.state = before
        self.analysis.statement(stmt, self.state)
        return stmt

    @contextmanager
    def _plain_context(self) -> Iterator[None]:
        """Inside the generator's own compound statements: the environment is only a
        guide there (control taken as divergent), and no barrier goes in."""
        saved_ok = self.barrier_ok
        saved_state = self.state
        self.barrier_ok = False
        self.state = saved_state.copy()
        self.state.control = True
        try:
            yield
        finally:
            self.barrier_ok = saved_ok
            self.state = saved_state

    def _special(self, gen: StatementGenerator, nesting: int, divergent: bool) -> Statement | None:
        if gen.budget <= 0:
            return None
        if self.atomics and self.rng.random() < ATOMIC_STATEMENT:
            gen.budget -= 1
            return self.atomic(gen)
        if self.atomic_images and self.rng.random() < IMAGE_ATOMIC_STATEMENT:
            gen.budget -= 1
            return self.image_atomic(gen)
        draw = self.rng.random()
        can_nest = nesting < self.options.max_nesting
        uniform_here = (
            self.compute
            and self.in_main
            and self.barrier_ok
            and not self.state.divergent_control
            and not self.state.dead
        )
        if uniform_here and self.subgroups and self.rng.random() < SUBGROUP_STATEMENT:
            subgroup = self.subgroup(gen)
            if subgroup is not None:
                gen.budget -= 1
                return subgroup
        if uniform_here and draw < _EXCHANGE:
            gen.budget -= 1
            return self.exchange(gen)
        if uniform_here and can_nest and not divergent and draw < _EXCHANGE + _UNIFORM_COMPOUND:
            gen.budget -= 1
            if self.in_uniform_loop or self.rng.random() < 0.5:
                return self.uniform_loop(gen, nesting + 1)
            return self.uniform_if(gen, nesting + 1)
        if divergent and can_nest and draw > 1.0 - _DIVERGENT_LOOP:
            gen.budget -= 1
            return self.divergent_loop(gen, nesting + 1)
        return None

    def _uniform_here(self) -> bool:
        """Whether every invocation of the work group is active here (main, uniform
        control flow, no jump behind): where barriers and subgroup operations may go."""
        return (
            self.compute
            and self.in_main
            and self.barrier_ok
            and not self.state.divergent_control
            and not self.state.dead
        )

    def subgroup(self, gen: StatementGenerator) -> Statement | None:
        """A subgroup operation's value assigned at a uniform point (generate/subgroups.py)."""
        assert isinstance(self.layout, InvocationLayout), "fragments have no subgroups here"
        stmt = subgroup_statement(gen, self.layout.local_size)
        if stmt is not None:
            self.used_subgroups = True
        return stmt

    # ----------------------------------------------------------------- barriers

    def exchange(self, gen: StatementGenerator) -> Statement:
        """`{ sh[own] = e; barrier(); t = sh[other]; barrier(); }`, or a lone barrier."""
        assert isinstance(self.layout, InvocationLayout), "fragments have no barriers"
        if not self.shared:
            return ExprStmt(barrier_call())
        variable = self.rng.choice(self.shared)
        assert isinstance(variable.type, ArrayType)
        element = variable.type.element
        target = gen.exprs.lvalue(element, 0)
        if target is None:
            return ExprStmt(barrier_call())
        if variable.name not in self.used_shared:
            self.used_shared.append(variable.name)
        array = VariableRef(variable.type, variable.name)
        own = Index(element, array, self.layout.local_slot())
        write = ExprStmt(Assign(element, AssignOp.ASSIGN, own, gen.exprs.expression(element)))
        read: Expression = Index(element, array, self._other_element())
        if self.rng.random() < 0.5:
            read = Binary(element, self._combining_op(element), read, gen.exprs.expression(element))
        op = AssignOp.ASSIGN if self.rng.random() < 0.7 else AssignOp.ADD
        assign = ExprStmt(Assign(element, op, target, read))
        fence = self.rng.random() < 0.3
        statements: list[Statement] = [write]
        for step in (assign, None):
            if fence:
                statements.append(ExprStmt(Call(VOID, "memoryBarrierShared", (), CallKind.BUILTIN)))
            statements.append(ExprStmt(barrier_call()))
            if step is not None:
                statements.append(step)
        self.ctx.choices["divergence:exchange"] += 1
        return Block(tuple(statements))

    def _other_element(self) -> Expression:
        """Which element of a shared array an invocation reads after the barrier."""
        assert isinstance(self.layout, InvocationLayout)
        n = self.layout.group_size
        own = self.layout.local_slot()
        draw = self.rng.random()
        if n > 1 and draw < 0.4:
            shifted = Binary(UINT, BinaryOp.ADD, own, Literal(UINT, self.rng.randint(1, n - 1)))
            return Binary(UINT, BinaryOp.MOD, shifted, Literal(UINT, n))
        if draw < 0.6:
            return Binary(UINT, BinaryOp.SUB, Literal(UINT, n - 1), own)
        if n % 2 == 0 and draw < 0.75:
            return Binary(UINT, BinaryOp.BIT_XOR, own, Literal(UINT, 1))
        if draw < 0.9:
            return Literal(UINT, self.rng.randrange(n))  # a broadcast
        return own

    def _combining_op(self, type_: Type) -> BinaryOp:
        if _kind(type_) is ScalarKind.FLOAT:
            return self.rng.choice((BinaryOp.ADD, BinaryOp.SUB))
        return self.rng.choice((BinaryOp.ADD, BinaryOp.SUB, BinaryOp.BIT_XOR))

    def uniform_if(self, gen: StatementGenerator, nesting: int) -> Statement:
        """`if (uniform) {...} [else {...}]` whose branches may hold barriers."""
        condition = self._uniform_condition(gen)
        after_condition = self.state.copy()
        self.analysis.expression(condition, after_condition)
        then = self._barrier_block(gen, nesting, after_condition)
        otherwise = None
        if self.rng.random() < 0.4:
            otherwise = self._barrier_block(gen, nesting, after_condition)
        self.ctx.choices["divergence:uniform_if"] += 1
        return If(condition, then, otherwise)

    def _uniform_condition(self, gen: StatementGenerator) -> Expression:
        for _ in range(3):
            condition = gen.exprs.expression(BOOL)
            if not self.analysis.expression(condition, self.state.copy()):
                return condition
        if not isinstance(self.layout, InvocationLayout):
            return Literal(BOOL, self.rng.random() < 0.5)
        # Uniform within a work group, different between work groups.
        group = Swizzle(UINT, VariableRef(UVEC3, "gl_WorkGroupID"), (0,))
        bound = Literal(UINT, self.rng.randrange(max(self.layout.workgroups[0], 2)))
        op = self.rng.choice((BinaryOp.EQ, BinaryOp.LT, BinaryOp.NE, BinaryOp.GE))
        return Binary(BOOL, op, group, bound)

    def _barrier_block(
        self, gen: StatementGenerator, nesting: int, entry: DivergenceState
    ) -> Block:
        """A block whose top-level statements run in uniform control flow."""
        saved = self.state
        self.state = entry.copy()
        try:
            return gen.block(nesting)
        finally:
            self.state = saved

    def uniform_loop(self, gen: StatementGenerator, nesting: int) -> Statement:
        """`for (int i = a; i < b; i++) {...}`: the same trip count everywhere, and no jump
        leaves it, so its body's top level may hold barriers."""

        rng = self.rng
        start = rng.randint(-2, 3)
        iterations = rng.randint(1, min(4, self.options.max_loop_iterations))
        name = self.ctx.fresh_name("for_var")
        counter = VariableRef(INT, name)
        init = VarDecl(name, INT, Literal(INT, start))
        gen.scope.push()
        saved_jumps, saved_loop = gen.jumps, self.in_uniform_loop
        try:
            gen.scope.declare(Variable(name, INT, counter, writable=False))
            gen.jumps = JumpContext(return_type=saved_jumps.return_type)
            self.in_uniform_loop = True
            entry = self.state.copy()
            self.analysis.statement(init, entry)
            body = self._barrier_block(gen, nesting, entry)
        finally:
            gen.jumps, self.in_uniform_loop = saved_jumps, saved_loop
            gen.scope.pop()
        condition = Binary(BOOL, BinaryOp.LT, counter, Literal(INT, start + iterations))
        update = IncDec(INT, IncDecOp.POST_INC, counter)
        self.ctx.choices["divergence:uniform_loop"] += 1
        return For(init, condition, update, strip_escaping_jumps(body))

    # ----------------------------------------------------------------- divergence

    def divergent_loop(self, gen: StatementGenerator, nesting: int) -> Statement:
        """A loop whose trip count depends on the invocation: `for (uint i = 0u; i <
        id % 3u + 1u; i++)` or `for (int i = int(id % 4u); i < 4; i++)`."""

        rng = self.rng
        modulus = rng.randint(2, 4)
        source = Binary(UINT, BinaryOp.MOD, self.id_source(), Literal(UINT, modulus))
        name = self.ctx.fresh_name("for_var")
        gen.scope.push()
        try:
            if rng.random() < 0.5:
                counter = VariableRef(UINT, name)
                init = VarDecl(name, UINT, Literal(UINT, 0))
                bound = Binary(UINT, BinaryOp.ADD, source, Literal(UINT, 1))
                condition = Binary(BOOL, BinaryOp.LT, counter, bound)
                update: Expression = IncDec(UINT, IncDecOp.POST_INC, counter)
                gen.scope.declare(Variable(name, UINT, counter, writable=False))
            else:
                counter = VariableRef(INT, name)
                init = VarDecl(name, INT, Construct(INT, (source,)))
                condition = Binary(BOOL, BinaryOp.LT, counter, Literal(INT, modulus))
                update = IncDec(INT, IncDecOp.PRE_INC, counter)
                gen.scope.declare(Variable(name, INT, counter, writable=False))
            with self._plain_context():
                body = loop_body(gen, nesting, must_break=False)
        finally:
            gen.scope.pop()
        self.ctx.choices["divergence:divergent_loop"] += 1
        return For(init, condition, update, body)

    def id_source(self) -> Expression:
        """A uint that differs between the invocations of a work group (or fragments)."""
        if not isinstance(self.layout, InvocationLayout):
            return self.rng.choice((fragment_coordinate(0), fragment_coordinate(1)))
        x, y, _ = self.layout.local_size
        choices: list[Expression] = [VariableRef(UINT, "gl_LocalInvocationIndex")]
        if x > 1:
            local = VariableRef(UVEC3, "gl_LocalInvocationID")
            choices.append(Swizzle(UINT, local, (0,)))
            choices.append(Swizzle(UINT, VariableRef(UVEC3, "gl_GlobalInvocationID"), (0,)))
        if y > 1:
            choices.append(Swizzle(UINT, VariableRef(UVEC3, "gl_LocalInvocationID"), (1,)))
        return self.rng.choice(choices)

    def id_condition(self) -> Expression:
        """A divergent bool: which invocations take a branch."""
        rng = self.rng
        source = self.id_source()
        n = max(self.layout.group_size, 2)
        draw = rng.random()
        if draw < 0.35:
            modulus = rng.randint(2, 4)
            remainder = Binary(UINT, BinaryOp.MOD, source, Literal(UINT, modulus))
            return Binary(BOOL, BinaryOp.EQ, remainder, Literal(UINT, rng.randrange(modulus)))
        if draw < 0.6:
            op = rng.choice((BinaryOp.LT, BinaryOp.GE, BinaryOp.GT, BinaryOp.LE))
            return Binary(BOOL, op, source, Literal(UINT, rng.randint(1, n - 1)))
        if draw < 0.8:
            masked = Binary(UINT, BinaryOp.BIT_AND, source, Literal(UINT, rng.choice((1, 2, 3))))
            return Binary(BOOL, BinaryOp.NE, masked, Literal(UINT, 0))
        return Binary(BOOL, BinaryOp.EQ, source, Literal(UINT, rng.randrange(n)))

    def condition(self, exprs: ExpressionGenerator, depth: int) -> Expression:
        """The expression generator's conditions: id-based ones in divergent mode."""
        if self.mode == DIVERGENT and self.rng.random() < _ID_CONDITION:
            condition = self.id_condition()
            if self.rng.random() < 0.3:
                op = self.rng.choice((BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR))
                other = exprs.expression(BOOL, depth + 1)
                if self.rng.random() < 0.5:
                    return Binary(BOOL, op, condition, other)
                return Binary(BOOL, op, other, condition)
            return condition
        return exprs.expression(BOOL, depth)

    def invocation_term(self, type_: ScalarType | VectorType) -> Expression | None:
        """A value of `type_` that differs between invocations, or None (bvec)."""
        source = self.id_source()
        kind = type_.kind
        if kind is ScalarKind.BOOL:
            if isinstance(type_, VectorType):
                return None
            return self.id_condition()
        scalar: Expression = (
            source if kind is ScalarKind.UINT else Construct(ScalarType(kind), (source,))
        )
        if isinstance(type_, VectorType):
            return Construct(type_, (scalar,))
        return scalar

    def output_value(self, gen: StatementGenerator, type_: Type) -> Expression:
        """The value main's closing write gives an output. A fragment's outputs are only
        its own (no buffer keeps per-invocation writes apart), so half of them are made
        divergent here, lest most images be flat and the divergent code unobserved."""
        if self.compute or self.rng.random() >= _DIVERGENT_OUTPUT:
            return gen.exprs.expression(type_)
        saved_mode, self.mode = self.mode, DIVERGENT
        try:
            return self._with_term(gen.exprs.expression(type_))
        finally:
            self.mode = saved_mode

    def _diverge(self, gen: StatementGenerator, stmt: Statement) -> Statement:
        """A divergent declaration or assignment that came out uniform gets an id term."""
        if isinstance(stmt, VarDecl) and stmt.init is not None and not stmt.const:
            value = self._with_term(stmt.init)
            return stmt if value is stmt.init else VarDecl(stmt.name, stmt.type, value)
        if isinstance(stmt, ExprStmt) and isinstance(stmt.expr, Assign):
            assign = stmt.expr
            if assign.op not in (AssignOp.ASSIGN, AssignOp.ADD, AssignOp.SUB, AssignOp.BIT_XOR):
                return stmt
            value = self._with_term(assign.value)
            if value is assign.value:
                return stmt
            return ExprStmt(Assign(assign.type, assign.op, assign.target, value))
        return stmt

    def _with_term(self, value: Expression) -> Expression:
        type_ = value.type
        if not isinstance(type_, ScalarType | VectorType) or is_narrow(type_):
            # A narrow field's store (narrow_storage.py) is left as it is: its value is a
            # narrowed 32-bit one, which output_value makes divergent before narrowing.
            return value
        if self.analysis.expression(value, self.state.copy()):
            return value
        term = self.invocation_term(type_)
        if term is None:
            return value
        if type_.kind is ScalarKind.BOOL:
            op = self.rng.choice((BinaryOp.NE, BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR))
            return Binary(BOOL, op, value, term)
        return Binary(type_, self._combining_op(type_), value, term)


def _kind(type_: Type) -> ScalarKind | None:
    if isinstance(type_, ScalarType | VectorType):
        return type_.kind
    return None


def strip_escaping_jumps(block: Block) -> Block:
    """`block` without the jumps that would leave it: every `return`, and the `break`
    and `continue` not inside a loop (or, for `break`, a switch) of their own."""
    return Block(_strip_list(block.body, in_loop=False, in_switch=False))


def _strip_list(
    statements: tuple[Statement, ...], in_loop: bool, in_switch: bool
) -> tuple[Statement, ...]:
    kept: list[Statement] = []
    for stmt in statements:
        if isinstance(stmt, Return):
            continue
        if isinstance(stmt, Break) and not (in_loop or in_switch):
            continue
        if isinstance(stmt, Continue) and not in_loop:
            continue
        kept.append(_strip(stmt, in_loop, in_switch))
    return tuple(kept)


def _strip(stmt: Statement, in_loop: bool, in_switch: bool) -> Statement:
    if isinstance(stmt, Block):
        return Block(_strip_list(stmt.body, in_loop, in_switch))
    if isinstance(stmt, If):
        otherwise = stmt.otherwise
        return If(
            stmt.condition,
            Block(_strip_list(stmt.then.body, in_loop, in_switch)),
            None if otherwise is None else Block(_strip_list(otherwise.body, in_loop, in_switch)),
        )
    if isinstance(stmt, Switch):
        cases = tuple(
            SwitchCase(case.value, _strip_list(case.body, in_loop, True)) for case in stmt.cases
        )
        if cases and not cases[-1].body:
            cases = (*cases[:-1], SwitchCase(cases[-1].value, (Break(),)))
        return Switch(stmt.selector, cases)
    if isinstance(stmt, For):
        return For(stmt.init, stmt.condition, stmt.update, Block(_inner_loop(stmt.body)))
    if isinstance(stmt, While):
        return While(stmt.condition, Block(_inner_loop(stmt.body)))
    if isinstance(stmt, DoWhile):
        return DoWhile(Block(_inner_loop(stmt.body)), stmt.condition)
    return stmt


def _inner_loop(body: Block) -> tuple[Statement, ...]:
    return _strip_list(body.body, in_loop=True, in_switch=False)
