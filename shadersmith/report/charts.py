"""The report's two charts, as inline SVG written here.

Why not a plotting library: the charts are two bar charts over one time axis; drawing
them is a few dozen lines, where matplotlib would add eight pinned packages (~50 MB)
and SVGs of ~100 kB each (text drawn as glyph paths). Written by hand, the SVG is a few
kB, its text stays text (searchable, readable by the browser test), and every label
from the campaign (a verdict is a string from its database) goes through escape().
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from shadersmith.campaign.store import EARLIEST_S, LATEST_S

WIDTH, HEIGHT = 760, 210
LEFT, RIGHT, TOP, BOTTOM = 58, 12, 14, 34
# Bin widths tried in order: the first that gives at most MAX_BINS bins is used.
BIN_WIDTHS_S = (10, 30, 60, 300, 600, 1800, 3600, 3 * 3600, 6 * 3600, 86400, 7 * 86400)
MAX_BINS = 60

# Verdicts, bottom of a stack first, each with its colour; others get PALETTE's in turn.
VERDICT_COLOURS = {
    "agree": "#9bbf8a",
    "too_few": "#c9c9c9",
    "unchecked": "#c9c9c9",
    "odd_one_out": "#7b4fa8",
    "disagree": "#b07cd8",
    "metamorphic": "#7b4fa8",
    "compile_failure": "#e0b43c",
    "timeout": "#e07b28",
    "crash": "#c8342c",
    "ours_ub": "#5d6d7e",
    "all_failed": "#8395a7",
    "ours": "#5d6d7e",
}
PALETTE = ("#2f7fb5", "#1b9e77", "#d95f02", "#e7298a", "#66a61e", "#a6761d")


@dataclass(frozen=True)
class Bins:
    start: float  # seconds since the epoch of the first bin's left edge
    width_s: int
    verdicts: tuple[Mapping[str, int], ...]  # per bin: verdict -> tests finished in it

    @property
    def totals(self) -> list[int]:
        return [sum(counts.values()) for counts in self.verdicts]


def bin_timeline(timeline: Sequence[tuple[float, str]]) -> Bins | None:
    """Tests (finish time, verdict) in equal time bins, at most MAX_BINS; None without
    tests. Times that are not finite or not between 2000 and 2100 are left out: a
    campaign.db from anyone may hold any number, and 0 beside 1e13 once asked for billions
    of bins (issue 34)."""
    timeline = [(t, v) for t, v in timeline if math.isfinite(t) and EARLIEST_S <= t <= LATEST_S]
    if not timeline:
        return None
    first = min(t for t, _ in timeline)
    span = max(t for t, _ in timeline) - first
    width = next((w for w in BIN_WIDTHS_S if span / w < MAX_BINS), None)
    if width is None:  # longer than any campaign: wider bins, still at most MAX_BINS
        width = math.ceil(span / (MAX_BINS - 2))
    start = math.floor(first / width) * width
    count = int((max(t for t, _ in timeline) - start) // width) + 1
    bins: list[dict[str, int]] = [{} for _ in range(count)]
    for finished, verdict in timeline:
        counts = bins[min(count - 1, int((finished - start) // width))]
        counts[verdict] = counts.get(verdict, 0) + 1
    return Bins(start, width, tuple(bins))


def verdict_colours(verdicts: Sequence[str]) -> dict[str, str]:
    """A colour per verdict, known ones first in their order, then the rest by name."""
    known = [v for v in VERDICT_COLOURS if v in verdicts]
    others = sorted(v for v in set(verdicts) if v not in VERDICT_COLOURS)
    colours = {v: VERDICT_COLOURS[v] for v in known}
    for number, verdict in enumerate(others):
        colours[verdict] = PALETTE[number % len(PALETTE)]
    return colours


def tests_per_hour_chart(bins: Bins) -> Markup:
    rates = [total * 3600 / bins.width_s for total in bins.totals]
    bars = [[("tests", rate, "#2f7fb5")] for rate in rates]
    titles = [
        f"{_elapsed(i * bins.width_s)}: {total} tests ({rate:,.0f} per hour)"
        for i, (total, rate) in enumerate(zip(bins.totals, rates, strict=True))
    ]
    return _bar_chart(bins, bars, titles, "tests per hour", "Tests per hour over the campaign")


def verdicts_chart(
    bins: Bins, colours: Mapping[str, str], births: Sequence[tuple[float, str]] = ()
) -> Markup:
    """Stacked verdicts per bin; `births` (time, signature): a marker where each bucket's
    first test finished, so a burst of new buckets shows against the tests around it."""
    bars = [
        [(verdict, float(counts.get(verdict, 0)), colour) for verdict, colour in colours.items()]
        for counts in bins.verdicts
    ]
    titles = [
        f"{_elapsed(i * bins.width_s)}: "
        + ", ".join(f"{counts[v]} {v}" for v in colours if counts.get(v))
        for i, counts in enumerate(bins.verdicts)
    ]
    return _bar_chart(
        bins, bars, titles, "tests", "Verdicts of the tests over the campaign", births
    )


def _bar_chart(
    bins: Bins,
    bars: Sequence[Sequence[tuple[str, float, str]]],
    titles: Sequence[str],
    y_label: str,
    description: str,
    births: Sequence[tuple[float, str]] = (),
) -> Markup:
    """Stacked bars, one per bin; an x axis of time since the first bin, a y axis; a
    marked line at each of `births`."""
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    top = max((sum(v for _, v, _ in stack) for stack in bars), default=0.0)
    ticks = _nice_ticks(top)
    scale = plot_h / ticks[-1]
    slot = plot_w / len(bars)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img">',
        f"<title>{escape(description)}</title>",
    ]
    for tick in ticks:
        y = TOP + plot_h - tick * scale
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
        )
        parts.append(_text(LEFT - 6, y + 4, "tick", "end", _number(tick)))
    for index, stack in enumerate(bars):
        x = LEFT + index * slot + slot * 0.1
        y = TOP + plot_h
        group = [f"<g><title>{escape(titles[index])}</title>"]
        for _, value, colour in stack:
            if value <= 0:
                continue
            height = value * scale
            y -= height
            group.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{slot * 0.8:.1f}" '
                f'height="{height:.1f}" fill="{colour}"/>'
            )
        parts.extend([*group, "</g>"])
    parts.extend(_births(bins, births, slot, TOP + plot_h))
    step = max(1, math.ceil(len(bars) / 8))
    for index in range(0, len(bars) + 1, step):
        x = LEFT + index * slot
        label = _elapsed(index * bins.width_s)
        parts.append(_text(x, HEIGHT - BOTTOM + 16, "tick", "middle", label))
    axis_y = TOP + plot_h
    right = WIDTH - RIGHT
    parts.append(f'<line x1="{LEFT}" x2="{right}" y1="{axis_y}" y2="{axis_y}" class="axis"/>')
    parts.append(
        f'<text x="14" y="{TOP + plot_h / 2:.1f}" class="label" text-anchor="middle" '
        f'transform="rotate(-90 14 {TOP + plot_h / 2:.1f})">{escape(y_label)}</text>'
    )
    axis_label = f"time since the first bin (bins of {_elapsed(bins.width_s)})"
    parts.append(_text(WIDTH - RIGHT, HEIGHT - 2, "label", "end", axis_label))
    parts.append("</svg>")
    return Markup("\n".join(parts))


def _births(
    bins: Bins, births: Sequence[tuple[float, str]], slot: float, axis_y: float
) -> list[str]:
    """A dashed line and a triangle over it where each bucket was born; its signature
    (campaign text, escaped) in its tooltip."""
    parts = []
    for finished, signature in sorted(births):
        if not (math.isfinite(finished) and EARLIEST_S <= finished <= LATEST_S):
            continue
        offset = min(finished - bins.start, len(bins.verdicts) * bins.width_s)
        x = LEFT + max(0.0, offset) / bins.width_s * slot
        when = _elapsed(finished - bins.start)
        parts += [
            f'<g class="birth"><title>{escape(f"new bucket at {when}: {signature}")}</title>',
            f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP:.1f}" y2="{axis_y:.1f}"/>',
            f'<path d="M{x - 5:.1f} {TOP - 10:.1f} h10 l-5 9 z"/></g>',
        ]
    return parts


def _text(x: float, y: float, kind: str, anchor: str, text: str) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" class="{kind}" text-anchor="{anchor}">{escape(text)}</text>'
    )


def _nice_ticks(top: float) -> list[float]:
    """0 and up to five round steps reaching at least `top` (1, 2 or 5 times a power of 10,
    at least 1: the charts count tests)."""
    if top <= 0:
        return [0.0, 1.0]
    raw = top / 4
    power = 10 ** math.floor(math.log10(raw))
    step = max(1.0, next(m * power for m in (1, 2, 5, 10) if m * power >= raw))
    count = math.ceil(top / step)
    return [step * i for i in range(count + 1)]


def _number(value: float) -> str:
    return f"{value:,.0f}" if value >= 1 or value == 0 else f"{value:.2g}"


def _elapsed(seconds: float) -> str:
    """0, 30s, 5m, 1h, 1h 30m, 2d."""
    seconds = int(seconds)
    if seconds == 0:
        return "0"
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m" + (f" {seconds % 60}s" if seconds % 60 else "")
    if seconds < 86400:
        return f"{seconds // 3600}h" + (f" {seconds % 3600 // 60}m" if seconds % 3600 >= 60 else "")
    return f"{seconds // 86400}d" + (
        f" {seconds % 86400 // 3600}h" if seconds % 86400 >= 3600 else ""
    )
