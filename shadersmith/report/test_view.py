"""What a bucket page shows of one kept test directory: its programs (highlighted), its
runs, expected against actual values, its pictures beside a difference picture, the
versions of every chain, the spirv-opt pass lists, how it was reduced.

Everything is read through case/ (load_test, safe_files): a test directory is untrusted,
and a test that cannot be read is shown as that one line, not as a failed report.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import TextLexer, get_lexer_by_name
from pygments.util import ClassNotFound

from shadersmith.campaign.fusion_tests import FUSION_FILE, IMAGES, load_metadata
from shadersmith.case import (
    UNRECONDITIONED_FILE_BY_STAGE,
    TestCase,
    TestCaseError,
    load_test,
    schema,
)
from shadersmith.files import safe_files
from shadersmith.ir.profile import Language
from shadersmith.oracle.differential import REFERENCE
from shadersmith.oracle.elements import element_differences
from shadersmith.pair import is_metamorphic, plan_of_test
from shadersmith.report.campaign_view import PAIR_SUFFIXES
from shadersmith.report.pictures import (
    MAGNITUDE_LEGEND,
    WORD_LEGEND,
    Picture,
    encode_png,
    magnitude_difference,
    opaque,
    word_difference,
)
from shadersmith.targets.catalogue.registry import runs_recorded_passes
from shadersmith.targets.runners.images import PngError, decode_png

# A value longer than this is cut in a table (the test.json holds it whole).
VALUE_CHARACTERS = 160
SHOWN_ELEMENTS = 64
MESSAGE_LINES = 6
# A longer program that is not a reduction's is folded: the pictures and values first.
LONGEST_SHOWN = 80
# The most of one shader a page shows (a reduced test is a few hundred characters, a
# generated one rarely over 20,000).
SHOWN_CHARACTERS = 100_000
PYGMENTS_STYLE = "friendly"
_FORMATTER = HtmlFormatter(
    cssclass="highlight", linenos="table", wrapcode=True, style=PYGMENTS_STYLE
)


@dataclass(frozen=True)
class ShaderView:
    label: str
    name: str
    html: Markup
    lines: int
    shown: bool  # open on the page; the others are folded


@dataclass(frozen=True)
class RunRow:
    target: str
    status: str
    compile_ms: str
    run_ms: str
    failed_component: str
    message: str
    role: str  # "wrong" (shows the finding), "right" (passed), or ""


@dataclass(frozen=True)
class ValueRow:
    field: str
    expected: str
    actual: tuple[tuple[str, str, bool], ...]  # target, value, differs from the expected


@dataclass(frozen=True)
class PixelTable:
    """A fragment test's first differing pixels (x, y): each target's four words."""

    targets: tuple[str, ...]
    rows: tuple[ValueRow, ...]
    note: str


@dataclass(frozen=True)
class Panel:
    caption: str
    file: str  # a picture beside the page


DIFFERENCE = "difference"  # a fusion row's difference picture

# A picture that differs from the expected one on a target the test's finding does not
# name: that target's wrong result is another finding, in another bucket.
OTHER_FINDING = "other-finding"


@dataclass(frozen=True)
class PictureRow:
    target: str
    role: str
    panels: tuple[Panel, ...]
    note: str


@dataclass
class PictureSink:
    """The pictures a page shows, as files named `<prefix>-<n>.png` in its folder."""

    prefix: str
    files: dict[str, bytes] = field(default_factory=dict)

    def add(self, picture: Picture) -> str:
        name = f"{self.prefix}-{len(self.files) + 1}.png"
        self.files[name] = encode_png(picture)
        return name


@dataclass(frozen=True)
class TestView:
    title: str
    path: str  # relative to the campaign
    stage: str = ""
    profile: str = ""
    finding: str = ""
    shaders: tuple[ShaderView, ...] = ()
    transformations: tuple[str, ...] = ()
    runs: tuple[RunRow, ...] = ()
    value_targets: tuple[str, ...] = ()
    values: tuple[ValueRow, ...] = ()
    # The differing elements inside those fields (oracle/elements.py), SHOWN_ELEMENTS at
    # most, and how many more there are.
    elements: tuple[ValueRow, ...] = ()
    more_elements: int = 0
    expected_note: str = ""
    pictures: tuple[PictureRow, ...] = ()
    picture_note: str = ""
    picture_legend: tuple[tuple[str, str], ...] = ()  # a difference picture's colours
    first_pixels: PixelTable | None = None
    versions: tuple[tuple[str, str], ...] = ()
    passes: tuple[tuple[str, str], ...] = ()
    reduction: str = ""
    error: str = ""  # the test could not be read: why
    # Per target (a pair's two runs under one name): True where it showed the finding,
    # False where it ran without it (the bucket's "still on the newest release?").
    outcomes: Mapping[str, bool] = field(default_factory=dict)
    first_bad_pass: str | None = None
    uses_passes: bool = False
    fusion: bool = False


def unreadable(title: str, path: str, error: str) -> TestView:
    return TestView(title, path, error=error)


# ---------------------------------------------------------------------------- store tests


def store_test_view(campaign: Path, relative: str, title: str, sink: PictureSink) -> TestView:
    """A test of a differential or metamorphic campaign (campaign/store.py)."""
    try:
        directory = safe_files.inside(campaign, relative)
        test = load_test(directory)
    except TestCaseError as error:
        return unreadable(title, relative, str(error))
    results = test.results
    finding = results.finding
    failing = set(finding.targets) if finding else set()
    passing = set(finding.passing) if finding else set()
    roles = {name: _role(name, failing, passing) for name in results.runs}
    uses_passes = any(runs_recorded_passes(_base(name)) for name in results.runs)
    provenance = test.provenance
    value_targets, values, expected_note = _values(results.differences, results.expected)
    elements = _elements(results.differences)
    pictures, picture_note = _pictures(test, roles, sink)
    differences = any(len(row.panels) > 1 for row in pictures)
    return TestView(
        title,
        relative,
        test.stage,
        test.profile,
        _finding_line(test),
        _shaders(test),
        _transformations(test),
        tuple(_run_row(name, record, roles[name]) for name, record in results.runs.items()),
        value_targets=value_targets,
        values=values,
        elements=tuple(elements[:SHOWN_ELEMENTS]),
        more_elements=max(0, len(elements) - SHOWN_ELEMENTS),
        expected_note=expected_note,
        pictures=pictures,
        picture_note=picture_note,
        picture_legend=WORD_LEGEND if differences else (),
        first_pixels=_first_pixels(results.differences),
        versions=_versions({n: r.versions for n, r in results.runs.items()}),
        passes=_passes(test) if uses_passes else (),
        reduction=_reduction(provenance.reduction),
        outcomes=_outcomes(test, failing),
        first_bad_pass=provenance.first_bad_pass,
        uses_passes=uses_passes,
    )


def _base(name: str) -> str:
    for suffix in PAIR_SUFFIXES:
        if name.endswith(suffix):
            return name.removesuffix(suffix)
    return name


def _role(name: str, failing: set[str], passing: set[str]) -> str:
    if name in failing or (name.endswith(PAIR_SUFFIXES[1]) and _base(name) in failing):
        return "wrong"
    return "right" if name in passing or _base(name) in passing else ""


def _outcomes(test: TestCase, failing: set[str]) -> dict[str, bool]:
    ran = {
        _base(name) for name, record in test.results.runs.items() if record.status != "unsupported"
    }
    return {name: name in failing for name in ran}


def _finding_line(test: TestCase) -> str:
    finding = test.results.finding
    if finding is None:
        return "no finding recorded"
    parts = [f"{finding.kind.value}: {finding.signature}"]
    if finding.targets:
        parts.append(f"on {', '.join(finding.targets)}")
    if finding.passing:
        parts.append(f"right on {', '.join(finding.passing)}")
    if finding.blamed:
        parts.append(f"blamed: {finding.blamed}")
    if finding.flaky:
        parts.append("flaky")
    return "; ".join(parts)


def highlighted(text: str, language: Language) -> Markup:
    """Pygments' HTML of a shader (it escapes the text); Pygments names its lexers as
    Language's values ("glsl", "wgsl"). A shader longer than SHOWN_CHARACTERS shows its
    beginning and says so: a campaign from anyone may name a test with a 5 MB shader
    from every bucket (1.4 GB of HTML, issue 34), and nobody reads past a screenful."""
    try:
        lexer = get_lexer_by_name(language.family.value)
    except ClassNotFound:  # a language Pygments does not know: plain text
        lexer = TextLexer()
    if len(text) <= SHOWN_CHARACTERS:
        return Markup(highlight(text, lexer, _FORMATTER))
    cut = text[:SHOWN_CHARACTERS].rsplit("\n", 1)[0]
    note = Markup('<p class="note">{}</p>').format(
        f"The first {cut.count(chr(10)) + 1:,} lines of {text.count(chr(10)) + 1:,} "
        f"({len(text):,} characters); the whole shader is in the test's folder."
    )
    return Markup(highlight(cut, lexer, _FORMATTER)) + note


def _shaders(test: TestCase) -> tuple[ShaderView, ...]:
    """The readable core first (a reduced test's unreconditioned program), then the
    shader that ran; a metamorphic test's reference folded."""
    order = [UNRECONDITIONED_FILE_BY_STAGE.get(test.stage, ""), *sorted(test.shaders)]
    labels = {
        UNRECONDITIONED_FILE_BY_STAGE.get(test.stage, ""): "unreconditioned (the readable core)",
        "reference.frag": "reference program",
        "reference.comp": "reference program",
    }
    main = "variant program (what ran)" if is_metamorphic(test) else "the shader that ran"
    views = []
    for name in dict.fromkeys(order):
        if name not in test.shaders:
            continue
        text = test.shaders[name]
        label = labels.get(name, main + (", reconditioned" if len(test.shaders) > 1 else ""))
        views.append(
            ShaderView(label, name, highlighted(text, test.language), text.count("\n") + 1, False)
        )
    reduced = test.provenance.reduction is not None  # its program is what to read
    if views and (reduced or views[0].lines <= LONGEST_SHOWN):
        views[0] = replace(views[0], shown=True)
    return tuple(views)


def _transformations(test: TestCase) -> tuple[str, ...]:
    if not is_metamorphic(test):
        return ()
    return tuple(step.name for step in plan_of_test(test))


def _run_row(name: str, record: Any, role: str) -> RunRow:
    lines = [line for line in record.message.strip().splitlines() if line.strip()]
    return RunRow(
        name,
        record.status,
        f"{record.compile_ms:,.1f}",
        f"{record.run_ms:,.1f}",
        record.failed_component or "",
        "\n".join(lines[-MESSAGE_LINES:]) if record.status != "ok" else "",
        role,
    )


def _short(value: Any) -> str:
    text = json.dumps(value, separators=(", ", ": "))
    return text if len(text) <= VALUE_CHARACTERS else text[: VALUE_CHARACTERS - 1] + "…"


def _values(
    differences: Sequence[Mapping[str, Any]], expected: Mapping[str, Any] | None
) -> tuple[tuple[str, ...], tuple[ValueRow, ...], str]:
    """Each differing buffer field: the expected value and every target's, those that
    differ from it marked (from the most common value, without an expected one)."""
    rows = []
    targets: dict[str, None] = {}
    for entry in differences:
        if entry.get("field") == "image" or not isinstance(entry.get("actual"), dict):
            continue
        # The interpreter's value is the expected column, not a target's.
        actual = {t: v for t, v in dict(entry["actual"]).items() if t != REFERENCE}
        targets.update(dict.fromkeys(actual))
        reference = entry.get("expected")
        if reference is None:
            common = Counter(json.dumps(v, sort_keys=True) for v in actual.values()).most_common(1)
            reference_text = common[0][0] if common else ""
        else:
            reference_text = json.dumps(reference, sort_keys=True)
        rows.append(
            ValueRow(
                f"{entry.get('field')} (binding {entry.get('binding')})",
                "—" if reference is None else _short(reference),
                tuple(
                    (t, _short(v), json.dumps(v, sort_keys=True) != reference_text)
                    for t, v in actual.items()
                ),
            )
        )
    note = ""
    if expected is not None and expected.get("why"):
        note = f"No expected values: {expected['why']}; marked: values unlike the most common."
    elif expected is not None:
        note = f"Expected: the reference interpreter ({expected.get('target', REFERENCE)})."
    return tuple(targets), tuple(rows), note


def _elements(differences: Sequence[Mapping[str, Any]]) -> list[ValueRow]:
    """Each differing element of the differing buffer fields (its index, the expected
    value, every target's), as `replay` and the bug report show them; without an expected
    value, the values unlike the most common one are marked."""
    rows = []
    for entry in differences:
        if entry.get("field") == "image" or not isinstance(entry.get("actual"), dict):
            continue
        for element in element_differences(entry):
            if element.expected is not None:
                wrong = set(element.wrong())
            else:
                keys = {t: json.dumps(v, sort_keys=True) for t, v in element.actual.items()}
                common = Counter(keys.values()).most_common(1)[0][0] if keys else ""
                wrong = {t for t, key in keys.items() if key != common}
            rows.append(
                ValueRow(
                    f"{entry.get('field')}{element.path} (binding {entry.get('binding')})",
                    "—" if element.expected is None else _short(element.expected),
                    tuple((t, _short(v), t in wrong) for t, v in element.actual.items()),
                )
            )
    return rows


def _pictures(
    test: TestCase, roles: Mapping[str, str], sink: PictureSink
) -> tuple[tuple[PictureRow, ...], str]:
    """Each target's picture beside where it differs from the expected one: the
    interpreter's (else the most common picture); a metamorphic variant's against the
    same target's reference."""
    pictures: dict[str, Picture] = {}
    unreadable_pictures: dict[str, str] = {}
    for name, record in test.results.runs.items():
        png = next((f for f in record.files if f.endswith(".png")), None)
        if png is None or png not in test.files:
            continue
        try:
            pictures[name] = opaque(decode_png(test.files[png]))  # alpha: data
        except PngError as error:
            unreadable_pictures[name] = f"{png}: {error}"
    if not pictures and not unreadable_pictures:
        return (), ""
    common = _most_common(pictures)
    rows = []
    for name in _picture_order(list(test.results.runs), roles):
        if name in unreadable_pictures:
            rows.append(PictureRow(name, roles[name], (), unreadable_pictures[name]))
            continue
        if name not in pictures:
            continue
        against = _against(name, pictures, common)
        panels = [Panel("its picture", sink.add(pictures[name]))]
        note = "the expected picture" if name == REFERENCE else ""
        role = roles.get(name, "")
        if against is not None and against != name:
            named = "its reference" if against == _base(name) + PAIR_SUFFIXES[0] else against
            difference = word_difference(pictures[against], pictures[name])
            if difference is None:
                note = f"another size than {against}'s"
            elif not difference.pixels:  # no empty difference picture: say so
                note = f"the same picture as {named}"
            else:
                shown = sink.add(difference.picture)
                panels.append(Panel(f"where it differs from {named}", shown))
                note = difference.describe(named)
                if role != "wrong":
                    role = OTHER_FINDING  # wrong too, but kept for another bucket's finding
        rows.append(PictureRow(name, role, tuple(panels), note))
    note = (
        "Pictures are drawn row 0 (gl_FragCoord.y = 0.5) at the top, as Vulkan shows them. "
        "An RGBA32UI image is shown with each 32-bit word folded into a byte (any changed "
        "bit changes the colour, so how far two colours are says nothing); a difference "
        "picture is the expected picture, grey and dimmed, with each differing pixel in the "
        "colour of the channel that differs. An RGBA8 image is shown with alpha opaque."
    )
    return tuple(rows), note


def _picture_order(names: list[str], roles: Mapping[str, str]) -> list[str]:
    """The expected picture first, then the wrong targets, then the rest; a metamorphic
    pair's two runs side by side."""
    wrong = {_base(n) for n in names if roles.get(n) == "wrong"}
    first: dict[str, int] = {}
    for position, name in enumerate(names):
        first.setdefault(_base(name), position)
    return sorted(names, key=lambda n: (n != REFERENCE, _base(n) not in wrong, first[_base(n)]))


def _most_common(pictures: Mapping[str, Picture]) -> str | None:
    if REFERENCE in pictures:
        return REFERENCE
    digests = Counter(p.tobytes() for p in pictures.values())
    if not digests:
        return None
    top = digests.most_common(1)[0][0]
    return min(name for name, p in pictures.items() if p.tobytes() == top)


def _against(name: str, pictures: Mapping[str, Picture], common: str | None) -> str | None:
    if name.endswith(PAIR_SUFFIXES[1]):
        reference = _base(name) + PAIR_SUFFIXES[0]
        if reference in pictures:
            return reference
    return common


def _first_pixels(differences: Sequence[Mapping[str, Any]]) -> PixelTable | None:
    """The record's first differing pixels: the interpreter's four words (hex) as the
    expected value, every other target's beside them, those that differ marked."""
    entry = next((d for d in differences if d.get("field") == "image"), None)
    if entry is None or not entry.get("first"):
        return None
    targets = [t for t in entry.get("actual") or {} if t != REFERENCE]
    rows = []
    for pixel in entry["first"]:
        values = pixel.get("actual") or {}
        words = {t: _words(values.get(t)) for t in targets}
        if REFERENCE in values:
            expected = _words(values[REFERENCE])
        else:
            expected = Counter(words.values()).most_common(1)[0][0] if words else "—"
        rows.append(
            ValueRow(
                f"{pixel.get('x')}, {pixel.get('y')}",
                expected if REFERENCE in values else "—",
                tuple((t, w, w != expected) for t, w in words.items()),
            )
        )
    counts = entry.get("differing") or {}
    note = (
        f"{entry.get('pixels', 0):,} pixels are not the same on every target; "
        + ", ".join(f"{t}: {n:,}" for t, n in counts.items() if n)
        + " differ from the expected image."
    )
    return PixelTable(tuple(targets), tuple(rows), note)


def _words(value: Any) -> str:
    if not isinstance(value, list):
        return "—"
    return " ".join(f"{int(w):08x}" if isinstance(w, int) else str(w) for w in value)


def _versions(versions: Mapping[str, Mapping[str, str] | None]) -> tuple[tuple[str, str], ...]:
    return tuple(
        (name, " · ".join(f"{k} {v}" for k, v in recorded.items()))
        for name, recorded in versions.items()
        if recorded
    )


def _passes(test: TestCase) -> tuple[tuple[str, str], ...]:
    provenance = test.provenance
    rows = []
    if provenance.spirv_opt_passes is not None:
        rows.append(("spirv-opt passes", " ".join(provenance.spirv_opt_passes) or "(none)"))
    if provenance.spirv_opt_passes_original is not None:
        rows.append(("before reduction", " ".join(provenance.spirv_opt_passes_original)))
    if provenance.first_bad_pass is not None:
        rows.append(("first bad pass", provenance.first_bad_pass))
    return tuple(rows)


def _reduction(report: Mapping[str, Any] | None) -> str:
    if not report:
        return ""
    if "steps_before" in report:  # a transformation list (reduce/steps.py)
        return (
            f"transformations {report.get('steps_before')} → {report.get('steps_after')} "
            f"in {report.get('runs')} runs, {report.get('seconds')} s"
        )
    kept = "kept" if report.get("signature_kept") else "NOT kept"
    return (
        f"{report.get('reducer')}: {report.get('original_lines')} → "
        f"{report.get('reduced_lines')} lines in {report.get('seconds')} s, "
        f"{report.get('interestingness_calls')} candidates; signature {kept}"
    )


# ---------------------------------------------------------------------------- fusion tests


def fusion_test_view(campaign: Path, relative: str, title: str, sink: PictureSink) -> TestView:
    """A fusion finding (campaign/fusion_tests.py): the fused program, its parts, and per
    target the parts' pictures, the picture the relation predicts and the fused one."""
    try:
        directory = safe_files.inside(campaign, relative)
        test = load_test(directory)
        record = load_metadata(directory)
        # Every field typed and bounded (a record with 5,000 parts made a 442 MB page).
        schema.check_fusion(record, str(directory / FUSION_FILE))
        verdicts = {str(k): dict(v) for k, v in dict(record.get("verdicts") or {}).items()}
        parts = [str(p) for p in record.get("parts") or []]
        tolerance = float(record.get("tolerance", 0.0))
        relations = ", ".join(str(r) for r in record.get("relations") or [])
        strategies = ", ".join(str(s) for s in record.get("strategies") or [])
        seeds = ", ".join(str(s) for s in record.get("seeds") or [])
    except (TestCaseError, TypeError, ValueError) as error:
        return unreadable(title, relative, str(error))
    shaders = list(_shaders(test))
    for number, part in enumerate(parts, start=1):
        try:
            part_test = load_test(safe_files.inside(directory, part))
        except TestCaseError as error:
            shaders.append(ShaderView(f"part {number}: {error}", part, Markup(""), 0, False))
            continue
        text = part_test.main_shader
        shaders.append(
            ShaderView(
                f"part {number} alone",
                part,
                highlighted(text, part_test.language),
                text.count("\n") + 1,
                False,
            )
        )
    failing = {t for t, v in verdicts.items() if v.get("signature")}
    rows = []
    interp = record.get("interp") if isinstance(record.get("interp"), dict) else None
    for target in [*verdicts, *(["interp"] if interp else [])]:
        verdict = verdicts.get(target) or interp or {}
        role = (
            "wrong" if target in failing else ("right" if verdict.get("status") == "holds" else "")
        )
        rows.append(_fusion_row(directory, target, len(parts), verdict, tolerance, role, sink))
    outcomes = {
        t: t in failing
        for t, v in verdicts.items()
        if v.get("status") in ("holds", "violated", "failed")
    }
    return TestView(
        title,
        relative,
        test.stage,
        test.profile,
        f"{record.get('finding', {}).get('signature', '')}: relations {relations}; strategies "
        f"{strategies}; parts from seeds {seeds}",
        tuple(shaders),
        runs=tuple(
            _run_row(n, r, "wrong" if n in failing else "") for n, r in test.results.runs.items()
        ),
        pictures=tuple(rows),
        picture_note=(
            "Per target: each part's picture alone, the picture the relation predicts from "
            "them, the fused program's picture, and where the two differ (when they do): the "
            "expected picture, grey and dimmed, each differing pixel coloured by its largest "
            f"channel difference. Verdict: histogram EMD against tolerance {tolerance}. "
            "Row 0 (gl_FragCoord.y = 0.5) at the top; alpha shown opaque."
        ),
        picture_legend=(
            MAGNITUDE_LEGEND if any(p.caption == DIFFERENCE for r in rows for p in r.panels) else ()
        ),
        versions=_versions({n: r.versions for n, r in test.results.runs.items()}),
        outcomes=outcomes,
        fusion=True,
    )


def _fusion_row(
    directory: Path,
    target: str,
    parts: int,
    verdict: Mapping[str, Any],
    tolerance: float,
    role: str,
    sink: PictureSink,
) -> PictureRow:
    try:
        folder = safe_files.inside(directory, f"{IMAGES}/{target}")
    except TestCaseError as error:
        return PictureRow(target, role, (), str(error))
    loaded: dict[str, Picture] = {}
    problems = []
    for name in [*(f"part_{k}" for k in range(1, parts + 1)), "expected", "fused"]:
        if not safe_files.is_plain_file(folder, f"{name}.png"):
            continue
        try:
            loaded[name] = opaque(decode_png(safe_files.read_bytes(folder, f"{name}.png")))
        except (PngError, TestCaseError) as error:
            problems.append(f"{name}.png: {error}")
    panels = [Panel(name.replace("_", " "), sink.add(picture)) for name, picture in loaded.items()]
    status = str(verdict.get("status", "not judged"))
    note = status
    if "expected" in loaded and "fused" in loaded:
        difference = magnitude_difference(loaded["expected"], loaded["fused"])
        if difference is not None and difference.pixels:  # else no empty picture
            panels.append(Panel(DIFFERENCE, sink.add(difference.picture)))
            problems.append(f"they differ in {difference.where()}")
    if "emd" in verdict:
        note += (
            f": EMD {float(verdict['emd']):.4f} (tolerance {tolerance}), "
            f"{int(verdict.get('differing_pixels', 0)):,} pixels differ, largest difference "
            f"{verdict.get('max_difference')}"
        )
    if verdict.get("detail"):
        note += f": {verdict['detail']}"
    if problems:
        note += "; " + "; ".join(problems)
    return PictureRow(target, role, tuple(panels), note)
