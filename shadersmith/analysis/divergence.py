"""Uniform or divergent: which values and which control flow may differ between the
invocations of one work group (ShaDiv, Algorithms 3-6, generalised to the whole IR).

A value is *divergent* when invocations of one work group may hold different values of it,
*uniform* otherwise; control flow at a point is divergent when some invocations of the
work group may not be there while others are. `barrier()` is defined only in uniform
control flow (GLSL 4.50 section 8.16: every controlling expression leading to it
dynamically uniform), so the generator places barriers only where this analysis says
uniform, and the reconditioner removes those it cannot prove uniform.

Sources of divergence: `gl_LocalInvocationID`, `gl_GlobalInvocationID`,
`gl_LocalInvocationIndex`, stage inputs, the writable storage buffers (each invocation
owns its slots there, so what it reads back differs) and `shared` variables. The work
group id, the work group count and size, uniforms, input buffers at uniform indices and
literals are uniform.

The rules, with the state Σ (the divergent names) and the control flag Φ:

- DivInfer (Alg. 3): an expression is divergent when it reads a divergent name.
- AssignUpdate (Alg. 4): `v = e` makes `v` as divergent as `e`, or divergent when control
  is; a partial write (`v.x = e`, `a[i] = e`, `v += e`) can only add divergence.
- Pre/PostBranchUpdate (Alg. 5, 6): a branch under a divergent condition runs in
  divergent control; after it, the two environments are merged by union. The arms of
  `?:` and the right operand of `&&` and `||` are such branches (the operand's other path
  skips it), so a write in them may or may not have happened after the expression.
- Loops: the body is analysed to a fixed point (a value made divergent late in the body
  reaches its start in the next iteration). A loop is divergent when its condition is, or
  when an invocation may leave it (`break`, `return`) under divergent control; then its
  whole body runs in divergent control and everything it assigns is divergent after it.
- Jumps: after a `return`, `break` or `continue` taken under divergent control, the rest
  of the function, loop body or iteration runs in divergent control (some invocations
  left); after one taken under uniform control, nobody is left there (dead code).
- Calls: the callee is analysed for the call's context (argument divergence, globals,
  control at the call site) and memoised per context; its effect on globals and out
  arguments flows back, and its result is divergent when a returned value is or when it
  returns under divergent control.

`analyse(program)` runs this from `main` and reports every barrier with the control it
runs under, every loop's verdict, and the divergent branches. The generator drives the
same rules statement by statement (`DivergenceAnalysis.statement`), so what it believes
while generating is what the whole-program analysis finds afterwards.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

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
from shadersmith.ir.operators import AssignOp, BinaryOp
from shadersmith.ir.program import Function, ParamQualifier, Program, Stage, StorageBuffer
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
    VarDecl,
    While,
)
from shadersmith.ir.walk import iter_nodes

# Different in each invocation of a work group (or each fragment of a draw).
DIVERGENT_BUILTIN_VARIABLES = frozenset(
    {
        "gl_LocalInvocationID",
        "gl_GlobalInvocationID",
        "gl_LocalInvocationIndex",
        "gl_FragCoord",
        "gl_SubgroupInvocationID",
    }
)
# The same in every invocation of a work group: uniform as far as barriers are concerned
# (the work group is the compute shader's invocation group), although work groups differ.
WORKGROUP_UNIFORM_BUILTIN_VARIABLES = frozenset(
    {"gl_WorkGroupID", "gl_NumWorkGroups", "gl_WorkGroupSize"}
)
BARRIER = "barrier"
# Built-ins whose result differs per invocation whatever their arguments.
_DIVERGENT_BUILTINS_PREFIXES = ("atomic", "image", "subgroup")
# Out parameters of built-ins (positions), for those that have them. Kept here rather
# than taken from the typing tables so that the analysis stands on the IR alone.
_BUILTIN_OUT_PARAMS: dict[str, frozenset[int]] = {
    "uaddCarry": frozenset({2}),
    "usubBorrow": frozenset({2}),
    "umulExtended": frozenset({2, 3}),
    "imulExtended": frozenset({2, 3}),
    "modf": frozenset({1}),
    "frexp": frozenset({1}),
}
_FIXED_POINT_LIMIT = 64


@dataclass(slots=True)
class DivergenceState:
    """Σ and Φ at one point of a function body.

    `control`: control flow is divergent here because of enclosing conditions (a
    divergent entry in ShaDiv's branch stack). The `left_*` flags: some invocations
    already left the function, the innermost loop, its current iteration or the innermost
    switch by a jump under divergent control, so the rest is divergent too. `dead`: no
    invocation reaches this point (after a jump under uniform control).
    """

    divergent: set[str] = field(default_factory=set)
    control: bool = False
    left_function: bool = False
    left_loop: bool = False
    left_iteration: bool = False
    left_switch: bool = False
    dead: bool = False

    @property
    def divergent_control(self) -> bool:
        return (
            self.control
            or self.left_function
            or self.left_loop
            or self.left_iteration
            or self.left_switch
        )

    def copy(self) -> DivergenceState:
        return DivergenceState(
            set(self.divergent),
            self.control,
            self.left_function,
            self.left_loop,
            self.left_iteration,
            self.left_switch,
            self.dead,
        )

    def nested(self, divergent_condition: bool) -> DivergenceState:
        """The state entering a region (a loop body, a case) whose own jumps start
        afresh: what made control divergent so far is inherited as `control`."""
        return DivergenceState(
            set(self.divergent), self.divergent_control or divergent_condition, dead=self.dead
        )

    def merge(self, other: DivergenceState) -> None:
        """Join another path into this one (Algorithm 6): union of divergent names; a
        path nobody takes contributes its jumps but not its values. `control` stays this
        path's: at a join it is the enclosing construct's, which the caller knows."""
        if self.dead and not other.dead:
            self.divergent = set(other.divergent)
        elif not other.dead:
            self.divergent |= other.divergent
        self.left_function = self.left_function or other.left_function
        self.left_loop = self.left_loop or other.left_loop
        self.left_iteration = self.left_iteration or other.left_iteration
        self.left_switch = self.left_switch or other.left_switch
        self.dead = self.dead and other.dead


@dataclass(frozen=True, slots=True)
class BarrierSite:
    function: str
    call: Call
    divergent: bool  # reached under divergent control in some context


@dataclass(frozen=True)
class DivergenceReport:
    barriers: tuple[BarrierSite, ...]
    # Loops by identity (`id` of the statement in the analysed program) -> whether some
    # context runs them divergently (different iteration counts, or divergent entry).
    loops: dict[int, bool]
    # If, switch and loop statements whose controlling expression is divergent.
    divergent_branches: int
    uniform_branches: int
    # Statements of reachable code, and those of them that run in divergent control.
    statements: int
    divergent_control_statements: int

    @property
    def divergent_barriers(self) -> tuple[BarrierSite, ...]:
        return tuple(b for b in self.barriers if b.divergent)

    @property
    def has_divergent_control(self) -> bool:
        return self.divergent_branches > 0

    def uniform_loop(self, loop: Statement) -> bool:
        """Whether every analysed context runs `loop` uniformly (same entry and same
        iteration count in every invocation); False for a loop never reached."""
        return self.loops.get(id(loop)) is False


@dataclass(slots=True)
class _Frame:
    """A loop or switch being analysed: where its jumps lead."""

    is_loop: bool
    exits: list[DivergenceState] = field(default_factory=list)
    continues: list[DivergenceState] = field(default_factory=list)
    exit_divergent: bool = False


@dataclass(slots=True)
class _Function:
    """The function being analysed: what its returns give."""

    name: str
    returns: list[DivergenceState] = field(default_factory=list)
    return_divergent: bool = False


@dataclass(frozen=True, slots=True)
class _CallEffect:
    globals_divergent: frozenset[str]
    params_divergent: tuple[bool, ...]
    result_divergent: bool


class DivergenceAnalysis:
    """The rules above over one program's names; functions may be added as they are
    generated. Only `main`'s context needs to be set up by the caller
    (`entry_state`); callees are analysed on demand at their calls."""

    def __init__(
        self,
        *,
        global_names: Iterable[str] = (),
        buffers: Iterable[StorageBuffer] = (),
        shared: Iterable[str] = (),
        inputs: Iterable[str] = (),
        functions: Iterable[Function] = (),
    ) -> None:
        always: set[str] = set(DIVERGENT_BUILTIN_VARIABLES)
        names: set[str] = set(global_names)
        for buffer in buffers:
            buffer_names = (
                [f.name for f in buffer.fields]
                if buffer.instance_name is None
                else [buffer.instance_name]
            )
            names.update(buffer_names)
            if not buffer.readonly:
                always.update(buffer_names)
        always.update(shared)
        always.update(inputs)
        names.update(always)
        self.always_divergent = frozenset(always)
        self.global_names = set(names)
        self.functions: dict[str, Function] = {}
        self._memo: dict[tuple[object, ...], _CallEffect] = {}
        for function in functions:
            self.add_function(function)
        self._frames: list[_Frame] = []
        self._function: _Function = _Function("main")
        self._active: set[str] = set()
        # Recordings, by node identity: OR over every context analysed.
        self.barrier_calls: dict[int, tuple[str, Call]] = {}
        self.barrier_divergent: dict[int, bool] = {}
        self.loop_divergent: dict[int, bool] = {}
        self.branch_divergent: dict[int, bool] = {}
        self.statement_divergent: dict[int, bool] = {}

    @classmethod
    def of_program(cls, program: Program) -> DivergenceAnalysis:
        analysis = cls(
            global_names=[d.name for d in program.globals] + [u.name for u in program.uniforms],
            buffers=program.buffers,
            shared=[s.name for s in program.shared],
            inputs=[i.name for i in program.inputs],
            functions=program.functions,
        )
        if program.stage is Stage.COMPUTE and program.local_size == (1, 1, 1):
            # One invocation per work group: nothing can differ within one.
            analysis.always_divergent = frozenset()
        return analysis

    def add_function(self, function: Function) -> None:
        self.functions[function.name] = function
        self._memo = {key: v for key, v in self._memo.items() if key[0] != function.name}

    def add_global(self, name: str) -> None:
        self.global_names.add(name)

    def entry_state(self) -> DivergenceState:
        """The state at the start of `main`: every global uniform (constant or default
        initialisers), nothing left, uniform control."""
        return DivergenceState()

    # ----------------------------------------------------------------- expressions

    def is_divergent_name(self, name: str, state: DivergenceState) -> bool:
        return name in state.divergent or name in self.always_divergent

    def expression(self, expr: Expression, state: DivergenceState) -> bool:
        """DivInfer: whether `expr`'s value may differ between invocations; applies its
        side effects (assignments, calls) to `state`."""
        kind = type(expr)
        if kind is Literal:
            return False
        if kind is VariableRef:
            assert isinstance(expr, VariableRef)
            return expr.name in state.divergent or expr.name in self.always_divergent
        if kind is Binary:
            assert isinstance(expr, Binary)
            left = self.expression(expr.left, state)
            if expr.op in (BinaryOp.LOGICAL_AND, BinaryOp.LOGICAL_OR):
                # The right operand runs only where the left one lets it, maybe nowhere:
                # afterwards, its writes may or may not have happened.
                skipped = state.copy()
                right = self._conditional(expr.right, state, left)
                state.merge(skipped)
            else:
                right = self.expression(expr.right, state)
            return left or right
        if kind is Unary:
            assert isinstance(expr, Unary)
            return self.expression(expr.operand, state)
        if kind is Swizzle or kind is Member:
            assert isinstance(expr, Swizzle | Member)
            return self.expression(expr.base, state)
        if kind is Index:
            assert isinstance(expr, Index)
            base = self.expression(expr.base, state)
            return self.expression(expr.index, state) or base
        if kind is Construct:
            assert isinstance(expr, Construct)
            found = False
            for arg in expr.args:
                found = self.expression(arg, state) or found
            return found
        if kind is Ternary:
            assert isinstance(expr, Ternary)
            condition = self.expression(expr.condition, state)
            # One arm or the other runs, as the two paths of an `if`: each from the
            # condition's state, joined after (PostBranchUpdate). Run in turn in one
            # state, a write of the arm not taken (`false ? (v = 1) : ...`) would count
            # as done and make `v` uniform.
            otherwise = state.copy()
            if_true = self._conditional(expr.if_true, state, condition)
            if_false = self._conditional(expr.if_false, otherwise, condition)
            state.merge(otherwise)
            return condition or if_true or if_false
        if kind is Sequence:
            assert isinstance(expr, Sequence)
            last = False
            for item in expr.items:
                last = self.expression(item, state)
            return last
        if kind is Assign:
            assert isinstance(expr, Assign)
            value = self.expression(expr.value, state)
            whole = isinstance(expr.target, VariableRef) and expr.op is AssignOp.ASSIGN
            return self._write(expr.target, value, whole, state)
        if kind is IncDec:
            assert isinstance(expr, IncDec)
            return self._write(expr.target, False, False, state)
        if kind is Call:
            assert isinstance(expr, Call)
            if expr.kind is CallKind.BUILTIN:
                return self._builtin_call(expr, state)
            return self._user_call(expr, state)
        if kind is ArrayLength:
            assert isinstance(expr, ArrayLength)
            self.expression(expr.base, state)
            return False  # lengths are the same for every invocation
        raise TypeError(f"not an expression: {expr!r}")

    def _conditional(self, expr: Expression, state: DivergenceState, divergent: bool) -> bool:
        """`expr` evaluated by only some invocations when `divergent`: its writes happen
        under divergent control."""
        if not divergent or state.control:
            return self.expression(expr, state)
        state.control = True
        try:
            return self.expression(expr, state)
        finally:
            state.control = False

    def _address(self, target: Expression, state: DivergenceState) -> bool:
        """Evaluate the indices of an l-value; whether any is divergent."""
        found = False
        while isinstance(target, Swizzle | Member | Index):
            if isinstance(target, Index):
                found = self.expression(target.index, state) or found
            target = target.base
        return found

    def _write(self, target: Expression, value: bool, whole: bool, state: DivergenceState) -> bool:
        """AssignUpdate; the divergence of the value the variable holds after the write."""
        address = self._address(target, state)
        root = target
        while isinstance(root, Swizzle | Member | Index):
            root = root.base
        if not isinstance(root, VariableRef):
            return True
        name = root.name
        divergent = value or address or state.divergent_control
        if not whole:
            divergent = divergent or self.is_divergent_name(name, state)
        if divergent:
            state.divergent.add(name)
        else:
            state.divergent.discard(name)
        return divergent or name in self.always_divergent

    def _builtin_call(self, call: Call, state: DivergenceState) -> bool:
        if call.callee == BARRIER:
            self.barrier_calls.setdefault(id(call), (self._function.name, call))
            self._record(self.barrier_divergent, id(call), state.divergent_control)
            return False
        outs = _BUILTIN_OUT_PARAMS.get(call.callee, frozenset())
        found = call.callee.startswith(_DIVERGENT_BUILTINS_PREFIXES)
        for position, arg in enumerate(call.args):
            if position not in outs:
                found = self.expression(arg, state) or found
        for position in sorted(outs):
            if position < len(call.args):
                self._write(call.args[position], found, _is_whole(call.args[position]), state)
        if call.callee.startswith("atomic") and call.args:
            self._write(call.args[0], True, False, state)
        return found

    def _user_call(self, call: Call, state: DivergenceState) -> bool:
        function = self.functions.get(call.callee)
        if function is None or call.callee in self._active:
            # Unknown (or, impossibly in GLSL, recursive): assume the worst.
            for arg in call.args:
                self.expression(arg, state)
                if _is_lvalue(arg):
                    self._write(arg, True, False, state)
            return True
        params: list[bool] = []
        for param, arg in zip(function.params, call.args, strict=False):
            if param.qualifier is ParamQualifier.OUT:
                params.append(False)
                self._address(arg, state)
            elif param.qualifier is ParamQualifier.INOUT:
                address = self._address(arg, state)
                params.append(self._read_lvalue(arg, state) or address)
            else:
                params.append(self.expression(arg, state))
        control = state.divergent_control
        globals_divergent = frozenset(n for n in state.divergent if n in self.global_names)
        key = (function.name, tuple(params), control, globals_divergent)
        effect = self._memo.get(key)
        if effect is None:
            effect = self._analyse_call(function, tuple(params), control, globals_divergent)
            self._memo[key] = effect
        # Only ever add: a caller's local may shadow a global the callee made uniform.
        state.divergent |= effect.globals_divergent
        for param, arg, divergent in zip(
            function.params, call.args, effect.params_divergent, strict=False
        ):
            if param.qualifier.writes_back:
                self._write_back(arg, divergent or control, state)
        return effect.result_divergent

    def _read_lvalue(self, target: Expression, state: DivergenceState) -> bool:
        root = target
        while isinstance(root, Swizzle | Member | Index):
            root = root.base
        return not isinstance(root, VariableRef) or self.is_divergent_name(root.name, state)

    def _write_back(self, target: Expression, divergent: bool, state: DivergenceState) -> None:
        """The copy-back of an out argument: a write whose address was computed before
        the call (not evaluated again)."""
        root = target
        while isinstance(root, Swizzle | Member | Index):
            if isinstance(root, Index) and self._static_divergent(root.index, state):
                divergent = True
            root = root.base
        if not isinstance(root, VariableRef):
            return
        if not _is_whole(target):
            divergent = divergent or self.is_divergent_name(root.name, state)
        if divergent:
            state.divergent.add(root.name)
        else:
            state.divergent.discard(root.name)

    def _static_divergent(self, expr: Expression, state: DivergenceState) -> bool:
        """Divergence of an expression without applying its effects again."""
        return self.expression(expr, state.copy())

    def _analyse_call(
        self,
        function: Function,
        params: tuple[bool, ...],
        control: bool,
        globals_divergent: frozenset[str],
    ) -> _CallEffect:
        state = DivergenceState(set(globals_divergent), control)
        for param, divergent in zip(function.params, params, strict=False):
            if divergent:
                state.divergent.add(param.name)
            else:
                state.divergent.discard(param.name)
        saved = (self._frames, self._function)
        self._frames = []
        self._function = _Function(function.name)
        self._active.add(function.name)
        try:
            self.block(function.body, state)
            end = state
            for returned in self._function.returns:
                end.merge(returned)
            result = self._function.return_divergent
        finally:
            self._active.discard(function.name)
            self._frames, self._function = saved
        shadowed = {p.name for p in function.params}
        return _CallEffect(
            frozenset(n for n in end.divergent if n in self.global_names and n not in shadowed),
            tuple(self.is_divergent_name(p.name, end) or control for p in function.params),
            result,
        )

    # ----------------------------------------------------------------- statements

    def block(self, block: Block, state: DivergenceState) -> None:
        declared: dict[str, bool] = {}
        for stmt in block.body:
            if isinstance(stmt, VarDecl) and stmt.name not in declared:
                declared[stmt.name] = stmt.name in state.divergent
            self.statement(stmt, state)
        # Names declared here go out of scope: an outer variable they shadowed is back.
        for name, was in declared.items():
            if was:
                state.divergent.add(name)
            else:
                state.divergent.discard(name)

    def statement(self, stmt: Statement, state: DivergenceState) -> None:
        """Apply `stmt` to `state` (the rules of the module docstring)."""
        self._record(self.statement_divergent, id(stmt), state.divergent_control)
        if isinstance(stmt, ExprStmt):
            self.expression(stmt.expr, state)
        elif isinstance(stmt, VarDecl):
            divergent = state.divergent_control
            if stmt.init is not None:
                divergent = self.expression(stmt.init, state) or divergent
            if divergent:
                state.divergent.add(stmt.name)
            else:
                state.divergent.discard(stmt.name)
        elif isinstance(stmt, Block):
            self.block(stmt, state)
        elif isinstance(stmt, If):
            self._if(stmt, state)
        elif isinstance(stmt, Switch):
            self._switch(stmt, state)
        elif isinstance(stmt, For | While | DoWhile):
            self._loop(stmt, state)
        elif isinstance(stmt, Break):
            self._jump(state, "break")
        elif isinstance(stmt, Continue):
            self._jump(state, "continue")
        elif isinstance(stmt, Return):
            divergent = state.divergent_control
            if stmt.value is not None:
                divergent = self.expression(stmt.value, state) or divergent
            if divergent:
                self._function.return_divergent = True
            self._jump(state, "return")
        elif isinstance(stmt, Discard):
            self._jump(state, "return")
        else:
            raise TypeError(f"not a statement: {stmt!r}")

    @staticmethod
    def _record(table: dict[int, bool], key: int, divergent: bool) -> None:
        table[key] = table.get(key, False) or divergent

    def _if(self, stmt: If, state: DivergenceState) -> None:
        condition = self.expression(stmt.condition, state)
        self._record(self.branch_divergent, id(stmt), condition)
        outer_control = state.control
        otherwise = state.copy()
        state.control = state.control or condition
        self.block(stmt.then, state)
        otherwise.control = otherwise.control or condition
        if stmt.otherwise is not None:
            self.block(stmt.otherwise, otherwise)
        state.merge(otherwise)
        state.control = outer_control

    def _jump(self, state: DivergenceState, kind: str) -> None:
        divergent = state.divergent_control
        if kind == "return":
            self._function.returns.append(state.copy())
            if divergent:
                state.left_function = True
                for enclosing in self._frames:
                    if enclosing.is_loop:
                        enclosing.exit_divergent = True
        elif kind == "break":
            frame = self._frames[-1] if self._frames else None
            if frame is not None:
                frame.exits.append(state.copy())
                if divergent:
                    frame.exit_divergent = True
            if divergent:
                if frame is None or frame.is_loop:
                    state.left_loop = True
                else:
                    state.left_switch = True
        else:
            loop = next((f for f in reversed(self._frames) if f.is_loop), None)
            if loop is not None:
                loop.continues.append(state.copy())
            if divergent:
                state.left_iteration = True
        if not divergent:
            state.dead = True

    def _switch(self, stmt: Switch, state: DivergenceState) -> None:
        selector = self.expression(stmt.selector, state)
        self._record(self.branch_divergent, id(stmt), selector)
        entry = state.nested(selector)
        frame = _Frame(is_loop=False)
        self._frames.append(frame)
        try:
            falling: DivergenceState | None = None
            for case in stmt.cases:
                current = entry.copy()
                if falling is not None:
                    current.merge(falling)
                for inner in case.body:
                    self.statement(inner, current)
                falling = current
        finally:
            self._frames.pop()
        after = entry.copy() if not any(c.value is None for c in stmt.cases) else None
        for path in [*frame.exits, *([falling] if falling is not None else [])]:
            if after is None:
                after = path.copy()
            else:
                after.merge(path)
        if after is None:
            after = entry.copy()
        self._leave_region(state, after, keep_iteration=True)

    def _leave_region(
        self, state: DivergenceState, after: DivergenceState, keep_iteration: bool
    ) -> None:
        """Continue in `state` after a loop or switch analysed in its own region."""
        state.divergent = after.divergent
        state.left_function = state.left_function or after.left_function
        if keep_iteration:
            state.left_iteration = state.left_iteration or after.left_iteration
        state.dead = state.dead or (after.dead and not after.left_function)

    def _loop(self, stmt: For | While | DoWhile, state: DivergenceState) -> None:
        scope_names: dict[str, bool] = {}
        if isinstance(stmt, For) and stmt.init is not None:
            if isinstance(stmt.init, VarDecl):
                scope_names[stmt.init.name] = stmt.init.name in state.divergent
            self.statement(stmt.init, state)
        head = state.nested(False)
        loop_divergent = False
        left_function = False
        exits: list[DivergenceState] = []
        divergent_condition = False
        for _ in range(_FIXED_POINT_LIMIT):
            frame = _Frame(is_loop=True)
            self._frames.append(frame)
            try:
                iteration = head.copy()
                iteration.control = iteration.control or loop_divergent
                condition_divergent = False
                if not isinstance(stmt, DoWhile) and stmt.condition is not None:
                    condition_divergent = self.expression(stmt.condition, iteration)
                    leaving = iteration.copy()
                else:
                    leaving = None
                iteration.control = iteration.control or condition_divergent
                base_control = iteration.control
                guard = limiter_guard(stmt.body)
                if guard is not None:
                    self._limiter_guard(guard, iteration, frame)
                    body = Block(stmt.body.body[1:])
                else:
                    body = stmt.body
                self.block(body, iteration)
                for path in frame.continues:
                    iteration.merge(path)
                iteration.control = base_control
                # The continues rejoin here, outside every switch of the body: a continue
                # taken in a switch that some invocations had left by a divergent break
                # must not carry that switch's flag to the update and the condition,
                # where every invocation still in the loop is back (seed 827380 of the
                # every-feature sweep: a do-while whose condition called a wrapper
                # was judged divergent, so were the loop limiters' uniform total and every
                # loop, and the reconditioner removed the barriers of its shared memory).
                iteration.left_iteration = False
                iteration.left_switch = False
                if isinstance(stmt, For) and stmt.update is not None:
                    self.expression(stmt.update, iteration)
                if isinstance(stmt, DoWhile):
                    condition_divergent = self.expression(stmt.condition, iteration)
                    leaving = iteration.copy()
                if guard is not None:
                    # The guard breaks only at the top of a later iteration: with the
                    # state this one hands to the next.
                    frame.exits.append(iteration.copy())
            finally:
                self._frames.pop()
            now_divergent = (
                loop_divergent or condition_divergent or frame.exit_divergent or iteration.left_loop
            )
            divergent_condition = divergent_condition or condition_divergent
            exits = frame.exits + ([leaving] if leaving is not None else [])
            left_function = left_function or iteration.left_function
            back = head.copy()
            back.merge(iteration)
            back.left_loop = back.left_iteration = back.left_switch = False
            back.left_function = False
            back.dead = head.dead
            if back.divergent == head.divergent and now_divergent == loop_divergent:
                break
            head.divergent = back.divergent
            loop_divergent = now_divergent
        else:
            loop_divergent = True
        self._record(self.branch_divergent, id(stmt), divergent_condition)
        self._record(self.loop_divergent, id(stmt), loop_divergent or head.control)
        after = head.copy()
        after.dead = True
        for path in exits:
            after.merge(path)
        if not exits:
            after = head.copy()
        if loop_divergent:
            after.divergent |= self._assigned_names(stmt)
        after.left_function = after.left_function or left_function
        state.divergent = after.divergent
        state.left_function = state.left_function or after.left_function
        for name, was in scope_names.items():
            if was:
                state.divergent.add(name)
            else:
                state.divergent.discard(name)

    def _limiter_guard(self, guard: If, iteration: DivergenceState, frame: _Frame) -> None:
        """A loop limiter's `if (_ss_loopN >= K || ...) break;` (limiter_guard): its
        control effect as any break's, but not its state, which `_loop` adds as the
        state at the end of an iteration."""
        self._record(self.statement_divergent, id(guard), iteration.divergent_control)
        condition = self.expression(guard.condition, iteration)
        self._record(self.branch_divergent, id(guard), condition)
        if condition or iteration.divergent_control:
            frame.exit_divergent = True
            iteration.left_loop = True

    def _assigned_names(self, stmt: Statement) -> set[str]:
        """Every variable `stmt` may write directly: declarations, assignment and
        increment targets, out and inout arguments (callees' writes to globals are found
        by analysing the calls)."""
        names: set[str] = set()
        for node in iter_nodes(stmt):
            if isinstance(node, Assign | IncDec):
                names.add(_root_name(node.target) or "")
            elif isinstance(node, VarDecl):
                names.add(node.name)
            elif isinstance(node, Call):
                if node.kind is CallKind.USER:
                    function = self.functions.get(node.callee)
                    positions = {
                        i
                        for i, p in enumerate(function.params if function else ())
                        if p.qualifier.writes_back or function is None
                    }
                    if function is None:
                        positions = set(range(len(node.args)))
                else:
                    positions = set(_BUILTIN_OUT_PARAMS.get(node.callee, frozenset()))
                    if node.callee.startswith("atomic"):
                        positions.add(0)
                names.update(
                    _root_name(arg) or "" for i, arg in enumerate(node.args) if i in positions
                )
        names.discard("")
        return names

    # ----------------------------------------------------------------- whole programs

    def report(self) -> DivergenceReport:
        barriers = tuple(
            BarrierSite(function, call, self.barrier_divergent[key])
            for key, (function, call) in self.barrier_calls.items()
        )
        divergent_branches = sum(self.branch_divergent.values())
        return DivergenceReport(
            barriers=barriers,
            loops=dict(self.loop_divergent),
            divergent_branches=divergent_branches,
            uniform_branches=len(self.branch_divergent) - divergent_branches,
            statements=len(self.statement_divergent),
            divergent_control_statements=sum(self.statement_divergent.values()),
        )


# The counters of the reconditioner's loop limiters (recondition/loop_limiters.py).
LIMITER_COUNTER_PREFIX = "_ss_loop"


def limiter_guard(body: Block) -> If | None:
    """The loop limiter's guard when it opens `body`: `if (_ss_loopN >= K || ...) break;`
    with `_ss_loopN` zeroed just before the loop and K >= 1, so that it cannot break in
    the first iteration. Its exit then carries the state one iteration hands to the
    next, not the loop's entry state: a variable every iteration makes uniform stays
    uniform after the loop, as it does without the limiter."""
    first = body.body[0] if body.body else None
    if not isinstance(first, If) or first.otherwise is not None:
        return None
    if first.then.body != (Break(),):
        return None
    condition = first.condition
    while isinstance(condition, Binary) and condition.op is BinaryOp.LOGICAL_OR:
        condition = condition.left
    if not (
        isinstance(condition, Binary)
        and condition.op is BinaryOp.GE
        and isinstance(condition.left, VariableRef)
        and condition.left.name.startswith(LIMITER_COUNTER_PREFIX)
        and condition.left.name[len(LIMITER_COUNTER_PREFIX) :].isdigit()
        and isinstance(condition.right, Literal)
        and isinstance(condition.right.value, int)
        and condition.right.value >= 1
    ):
        return None
    return first


def analyse(program: Program) -> DivergenceReport:
    """The divergence of everything `main` reaches (see the module docstring)."""
    analysis = DivergenceAnalysis.of_program(program)
    state = analysis.entry_state()
    for decl in program.globals:
        analysis.statement(decl, state)
    try:
        main = program.entry_point
    except KeyError:
        return analysis.report()
    analysis.block(main.body, state)
    return analysis.report()


def _is_whole(target: Expression) -> bool:
    return isinstance(target, VariableRef)


def _is_lvalue(expr: Expression) -> bool:
    while isinstance(expr, Swizzle | Member | Index):
        expr = expr.base
    return isinstance(expr, VariableRef)


def _root_name(expr: Expression) -> str | None:
    while isinstance(expr, Swizzle | Member | Index):
        expr = expr.base
    return expr.name if isinstance(expr, VariableRef) else None
