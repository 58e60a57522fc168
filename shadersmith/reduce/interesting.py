"""The interestingness test: does a candidate, reconditioned, still show the signature?

A candidate goes through cheap checks first, in this process, then the real targets:

1. the GLSL front-end accepts its text (the candidate is valid GLSL; a text reducer's
   output is read back into the IR here);
2. the reconditioner makes it free of undefined behaviour, and the reference
   interpreter's sanitizer confirms it (a candidate that still has some is dropped and
   counted: it would be a defect of ours, never a reduced bug);
3. the targets that showed the finding, with the interpreter for wrong results: a
   candidate whose failing target no longer fails that way is dropped (most are);
4. every other target, then classification and signatures exactly as in a campaign: the
   candidate is interesting only if one of its findings has the subject's signature.

A crash-oracle test's candidates (Subject.reconditioned False) skip the reconditioner and
the sanitizer of step 2 and are judged by the crash oracle (trial.judge_by): its targets
only compile, so nothing undefined can make a false crash.

Judgements are cached by the reconditioned text and the spirv-opt pass list, so a
candidate met twice runs once. The pass list is the test's, until the pass-list reduction
(pass_list.py) sets a smaller one; `judge_passes` judges one program under other lists.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from shadersmith.case import Provenance
from shadersmith.case.provenance import REDUCE
from shadersmith.emit import emit
from shadersmith.evidence import attach_front_end_causes
from shadersmith.front.glsl import FrontEndError, parse_glsl
from shadersmith.interp import UndefinedBehaviour
from shadersmith.interp.defined import check_defined
from shadersmith.ir.program import Program
from shadersmith.ir.types import ArrayType, ScalarKind, ScalarType, StructType, Type, VectorType
from shadersmith.ir.values import BufferValues, Value
from shadersmith.oracle.blame import Chains
from shadersmith.oracle.differential import REFERENCE, output_digest
from shadersmith.oracle.signature import STATUS_WORDS
from shadersmith.reduce.fixed_parts import fits_vertex, keeps_outputs, with_subject_textures
from shadersmith.reduce.subject import Subject
from shadersmith.targets.catalogue.registry import runs_recorded_passes
from shadersmith.targets.job import Job
from shadersmith.targets.results import RunResult
from shadersmith.targets.session import TargetSession
from shadersmith.trial import Judged, PreparedTrial, judge_by, prepare_program, reconditioning

INTERP_STEP_BUDGET = 2_000_000


class Judgement(enum.Enum):
    """The reducer's judgement of one candidate: may it replace the current test? Not
    the differential verdict of a test's outputs (oracle/differential.Verdict): a
    candidate is interesting when it keeps the subject's signature, whatever the
    verdict."""

    INVALID = "invalid"  # the front-end (or the reconditioner) rejects it
    UB = "ub"  # undefined behaviour left after reconditioning: a defect of ours
    UNINTERESTING = "uninteresting"
    INTERESTING = "interesting"


@dataclass(frozen=True)
class Candidate:
    program: Program  # unreconditioned
    buffer_values: BufferValues


@dataclass
class Prepared:
    candidate: Candidate  # as read back by the front-end
    text: str  # the candidate's GLSL, unreconditioned
    trial: PreparedTrial  # reconditioned: the program, test and job that run
    job: Job  # the trial's, under the pass list being judged
    key: str

    @property
    def lines(self) -> int:
        return self.text.count("\n")


@dataclass
class Counters:
    calls: int = 0  # candidates judged (cache hits excluded)
    cache_hits: int = 0
    invalid: int = 0  # rejected by the front-end or the reconditioner
    ub: int = 0  # undefined behaviour left after reconditioning: a defect of ours
    full_runs: int = 0  # candidates that passed the first stage and ran on every target
    pass_lists: int = 0  # spirv-opt pass lists judged for a program (cache hits excluded)


@dataclass
class Interestingness:
    subject: Subject
    session: TargetSession
    counters: Counters = field(default_factory=Counters)
    # Asked by every reducer between candidates: Ctrl-C, or a campaign stopping.
    should_stop: Callable[[], bool] | None = None
    _cache: dict[str, Judgement] = field(default_factory=dict)
    # The spirv-opt pass list every candidate runs with (None: the targets' default).
    spirv_passes: tuple[str, ...] | None = None
    # Results of the targets that ignore the pass list, by program: judge_passes.
    _fixed_results: dict[str, dict[str, RunResult]] = field(default_factory=dict)
    # Judge every candidate alone, on fresh workers of the finding's targets: for a
    # driver whose result depends on the jobs it ran before (reduce/run.py turns it on
    # when a reduced test does not show the finding on fresh workers).
    fresh_each: bool = False

    def __post_init__(self) -> None:
        present = set(self.session.present)
        self._targets = [name for name in self.subject.targets if name in present]
        finding_kind = self.subject.signature.split(":", 1)[0]
        first = [t for t in self.subject.finding_targets if t in present]
        if finding_kind == "wrong" and REFERENCE in present:
            first.append(REFERENCE)
        # A first stage as large as the whole set would only run everything twice.
        self._first_stage = first if first and len(first) < len(self._targets) else []
        self._components: Chains = self.session.components()
        self.spirv_passes = self.subject.spirv_passes
        self._pass_targets = [t for t in self._targets if runs_recorded_passes(t)]

    def stopped(self) -> bool:
        return self.should_stop is not None and self.should_stop()

    # ------------------------------------------------------------------ preparation

    def prepare(self, candidate: Candidate) -> Prepared | Judgement:
        """Front-end, reconditioner and sanitizer: everything short of the targets. A
        program written through the preprocessor (Program.macros) is read back from its
        plain text and keeps that spelling, so its candidates run as spelled."""
        spelling = candidate.program.macros
        text = emit(dataclasses.replace(candidate.program, macros=None), self.subject.text_profile)
        try:
            program = parse_glsl(text).program
        except FrontEndError:
            self.counters.invalid += 1
            return Judgement.INVALID
        if spelling is not None:
            program = dataclasses.replace(program, macros=spelling)
            text = emit(program, self.subject.text_profile)
        return self.prepare_parsed(Candidate(program, candidate.buffer_values), text)

    def prepare_parsed(self, candidate: Candidate, text: str | None = None) -> Prepared | Judgement:
        """As `prepare`, for a program that the front-end produced itself; `text`, its
        emitted GLSL when the caller has it. The front-end gives textures back as plain
        uniforms: they become the subject's textures again here."""
        program = with_subject_textures(candidate.program, self.subject.program)
        values = _values_for(program, candidate.buffer_values)
        if (
            values is None
            or not fits_vertex(program, self.subject.vertex)
            or not keeps_outputs(program, self.subject.program)
        ):
            self.counters.invalid += 1
            return Judgement.INVALID
        candidate = Candidate(program, values)
        reconditioned = self.subject.reconditioned
        steps = [reconditioning(self.subject.recondition_options)] if reconditioned else []
        try:
            trial = prepare_program(
                candidate.program,
                candidate.buffer_values,
                self.subject.profile,
                Provenance(generator=REDUCE, profile=self.subject.profile.name),
                steps,
                self.spirv_passes,
                self.subject.dispatch,
                self.subject.framebuffer,
                self.subject.subgroup_size,
                vertex=self.subject.vertex,
                oracle=self.subject.oracle,
            )
        except Exception:  # a program the reconditioner cannot take (counted)
            self.counters.invalid += 1
            return Judgement.INVALID
        job = trial.job
        key = _key(job)
        cached = self._cache.get(key)
        if cached is not None:
            self.counters.cache_hits += 1
            return cached
        self.counters.calls += 1
        undefined = self._sanitized(trial, key)
        if undefined is not None:
            return undefined
        if text is None:
            text = emit(candidate.program, self.subject.text_profile)
        return Prepared(candidate, text, trial, job, key)

    def prepare_as_is(self, trial: PreparedTrial) -> Prepared | Judgement:
        """A test's own shader as a reducer outside shadersmith left it (C-Vise editing
        the reconditioned text: cli/interesting.py): run as it is, not reconditioned
        again, but sanitized like every candidate, so a deleted safety wrapper is
        undefined behaviour (Judgement.UB), never a bug. INVALID where the front-end
        could not read it (`trial.program` None)."""
        if trial.program is None or trial.values is None:
            self.counters.invalid += 1
            return Judgement.INVALID
        key = _key(trial.job)
        self.counters.calls += 1
        undefined = self._sanitized(trial, key)
        if undefined is not None:
            return undefined
        candidate = Candidate(trial.program, trial.values)
        return Prepared(candidate, trial.source, trial, trial.job, key)

    def _sanitized(self, trial: PreparedTrial, key: str) -> Judgement | None:
        """None when nothing undefined happens in `trial` (or nothing runs it: a
        crash-oracle test's targets only compile), else the judgement (cached)."""
        if not self.subject.reconditioned:
            return None
        try:
            undefined = undefined_behaviour(trial, self.subject)
        except Exception:  # InterpreterError, or a form the interpreter cannot run
            self.counters.invalid += 1
            self._cache[key] = Judgement.INVALID
            return Judgement.INVALID
        if not undefined:
            return None
        self.counters.ub += 1
        self._cache[key] = Judgement.UB
        return Judgement.UB

    # ------------------------------------------------------------------ running

    def judge(self, prepared: Sequence[Prepared]) -> list[Judgement]:
        """Run prepared candidates on the targets (in parallel) and judge each; with
        `fresh_each`, one at a time, each on fresh workers of the finding's targets."""
        if not self.fresh_each:
            return self._judge_together(prepared)
        verdicts = []
        for one in prepared:
            self.session.renew(self.subject.finding_targets)
            verdicts.extend(self._judge_together([one]))
        return verdicts

    def forget(self) -> None:
        """Drop every cached verdict: they were given on workers that had run earlier
        candidates."""
        self._cache.clear()
        self._fixed_results.clear()

    def _judge_together(self, prepared: Sequence[Prepared]) -> list[Judgement]:
        verdicts: list[Judgement | None] = [None] * len(prepared)
        results: list[dict[str, RunResult]] = [{} for _ in prepared]
        survivors = list(range(len(prepared)))
        if self._first_stage:
            jobs = [p.job for p in prepared]
            for index, answer in self.session.run_many(jobs, only=self._first_stage):
                results[index] = answer
            survivors = [i for i in survivors if self._first_stage_holds(results[i])]
            for i in set(range(len(prepared))) - set(survivors):
                verdicts[i] = Judgement.UNINTERESTING
        rest = [t for t in self._targets if t not in self._first_stage]
        if survivors:
            self.counters.full_runs += len(survivors)
            jobs = [prepared[i].job for i in survivors]
            for position, answer in self.session.run_many(jobs, only=rest):
                results[survivors[position]].update(answer)
            for i in survivors:
                attach_front_end_causes(results[i], prepared[i].job, self._components)
                keeps = self.signature_kept(results[i])
                verdicts[i] = Judgement.INTERESTING if keeps else Judgement.UNINTERESTING
        final: list[Judgement] = []
        for i, verdict in enumerate(verdicts):
            assert verdict is not None
            if verdict is not Judgement.INTERESTING:
                # Interesting ones are not cached: the driver must see them prepared.
                self._cache[prepared[i].key] = verdict
            final.append(verdict)
        return final

    def judged(self, results: dict[str, RunResult]) -> Judged:
        # An interval-mode test keeps "outside the interval" (trial.judge): its mode's.
        floats = self.subject.recondition_options.floats
        return judge_by(self.subject.oracle, results, self._components, floats=floats)

    def signatures(self, results: dict[str, RunResult]) -> list[str]:
        return self.judged(results).signatures

    def signature_kept(self, results: dict[str, RunResult]) -> bool:
        return self.judged(results).shows(self.subject.signature)

    def _first_stage_holds(self, results: dict[str, RunResult]) -> bool:
        """Whether the finding's own targets still misbehave the way they did."""
        kind = self.subject.signature.split(":", 1)[0]
        failing = [results[t] for t in self.subject.finding_targets if t in results]
        if not failing:
            return True
        if kind == "wrong":
            reference = results.get(REFERENCE)
            if reference is None or not reference.ok:
                return True
            expected = output_digest(reference)
            return any(not r.ok or output_digest(r) != expected for r in failing)
        # The signature starts with the word its status is signed with.
        statuses = {status for status, word in STATUS_WORDS.items() if word == kind}
        if not statuses:
            return True
        return any(r.status in statuses for r in failing)

    # ------------------------------------------------------------------ pass lists

    def with_passes(self, prepared: Prepared, passes: tuple[str, ...] | None) -> Prepared:
        """`prepared` under another pass list."""
        job = dataclasses.replace(prepared.job, spirv_passes=passes)
        return dataclasses.replace(prepared, job=job, key=_key(job))

    def judge_passes(
        self,
        prepared: Prepared,
        lists: Sequence[tuple[str, ...]],
        shows: Callable[[list[str]], bool] | None = None,
    ) -> list[Judgement]:
        """Judge `prepared`'s program under each pass list, in parallel. Only the targets
        that run the list run again; the others' results are the program's own, run once
        (the program does not change, so neither do they). `shows`: another question
        than "is the signature kept?", asked of the signatures (its answers are not
        cached: the cache holds the signature's)."""
        variants = [self.with_passes(prepared, passes) for passes in lists]
        cached = [None if shows else self._cache.get(v.key) for v in variants]
        verdicts: list[Judgement | None] = cached
        self.counters.cache_hits += sum(v is not None for v in verdicts)
        pending = [i for i, v in enumerate(verdicts) if v is None]
        if pending:
            self.counters.pass_lists += len(pending)
            self.counters.calls += len(pending)
            fixed = self._results_without_passes(prepared)
            jobs = [variants[i].job for i in pending]
            for position, answer in self.session.run_many(jobs, only=self._pass_targets):
                index = pending[position]
                results = {**fixed, **answer}
                results = {t: results[t] for t in self._targets if t in results}
                attach_front_end_causes(results, variants[index].job, self._components)
                if shows is not None:
                    keeps = shows(self.signatures(results))
                else:
                    keeps = self.signature_kept(results)
                    if not keeps:
                        self._cache[variants[index].key] = Judgement.UNINTERESTING
                verdicts[index] = Judgement.INTERESTING if keeps else Judgement.UNINTERESTING
        return [v for v in verdicts if v is not None]

    def _results_without_passes(self, prepared: Prepared) -> dict[str, RunResult]:
        others = [t for t in self._targets if t not in self._pass_targets]
        program_key = _key(dataclasses.replace(prepared.job, spirv_passes=None))
        fixed = self._fixed_results.get(program_key)
        if fixed is None:
            fixed = {}
            if others:
                for _, answer in self.session.run_many([prepared.job], only=others):
                    fixed = answer
            self._fixed_results[program_key] = fixed
        return fixed

    def verify(self, prepared: Prepared, fresh: bool = False) -> tuple[bool, dict[str, RunResult]]:
        """Run on every target, with no shortcut, and check the signature; `fresh`: the
        finding's targets on new worker processes, so that nothing an earlier job left in
        their drivers counts (the others showed no finding: their state cannot make one)."""
        if fresh:
            self.session.renew(self.subject.finding_targets)
        results: dict[str, RunResult] = {}
        for _, answer in self.session.run_many([prepared.job], only=self._targets):
            results = answer
        attach_front_end_causes(results, prepared.job, self._components)
        return self.signature_kept(results), results


def undefined_behaviour(trial: PreparedTrial, subject: Subject) -> bool:
    """Whether the sanitizer meets undefined behaviour running `trial`'s program as
    `subject`'s candidates run (its dispatch, target size, language, vertex shader).
    Raises what the interpreter raises for a program it cannot run."""
    assert trial.program is not None and trial.values is not None
    try:
        check_defined(
            trial.program,
            trial.values,
            step_budget=INTERP_STEP_BUDGET,
            workgroups=subject.dispatch,
            framebuffer=subject.framebuffer,
            language=subject.language,
            vertex=trial.vertex,
            floats=subject.recondition_options.floats,
        )
    except UndefinedBehaviour:
        return True
    return False


def _key(job: Job) -> str:
    """What a verdict depends on: the reconditioned text, the inputs, the pass list."""
    passes = json.dumps(list(job.spirv_passes) if job.spirv_passes is not None else None)
    values = json.dumps(job.buffer_values, sort_keys=True, default=str)
    return hashlib.sha256((job.source + values + passes).encode()).hexdigest()


def _values_for(program: Program, values: BufferValues) -> BufferValues | None:
    """The values of `program`'s buffers and textures, taken from `values` by block and
    field name (a texture's texels under its name twice); None when a field or texture
    has none (a text reducer renamed or invented it). A texture the program no longer
    declares leaves its texels behind."""
    chosen: BufferValues = {}
    for texture in program.textures:
        texels = values.get(texture.name, {}).get(texture.name)
        if texels is None or not _conforms(texels, texture.texel_type):
            return None
        chosen[texture.name] = {texture.name: texels}
    for buffer in program.buffers:
        given = values.get(buffer.block_name)
        if given is None:
            return None
        fields = {}
        for buffer_field in buffer.fields:
            value = given.get(buffer_field.name)
            if value is None or not _conforms(value, buffer_field.type):
                return None
            fields[buffer_field.name] = value
        chosen[buffer.block_name] = fields
    return chosen


def _conforms(value: Value, type_: Type) -> bool:
    if isinstance(type_, ArrayType):
        if not isinstance(value, tuple):
            return False
        if type_.length is not None and len(value) != type_.length:
            return False
        return all(_conforms(item, type_.element) for item in value)
    if isinstance(type_, VectorType):
        return (
            isinstance(value, tuple)
            and len(value) == type_.size
            and all(_conforms(item, type_.component) for item in value)
        )
    if isinstance(type_, StructType):
        # A struct in a buffer (--buffer-structs) holds its members in order, as a tuple
        # (case/values_json.py): without this, no such test could be reduced at all.
        return (
            isinstance(value, tuple)
            and len(value) == len(type_.fields)
            and all(_conforms(item, f.type) for item, f in zip(value, type_.fields, strict=True))
        )
    if isinstance(type_, ScalarType):
        if type_.kind is ScalarKind.BOOL:
            return isinstance(value, bool)
        if type_.kind is ScalarKind.FLOAT:
            return isinstance(value, float)
        return isinstance(value, int) and not isinstance(value, bool)
    return False
