"""Declaration qualifiers of real-world shaders, kept so that declarations print back as read.

The generators never need them: what our programs declare is fully described by the
dedicated fields of the interface nodes (a buffer's binding, a uniform's location). Shaders
read by the front-end bring more (`flat`, `centroid`, `mediump`, `coherent`,
`layout(std140, row_major)`, ...), and those change what a compiler does, so they are
carried along rather than dropped.
"""

from __future__ import annotations

from dataclasses import dataclass

LayoutItem = tuple[str, int | None]


@dataclass(frozen=True, slots=True)
class Qualifiers:
    """`layout(...)` items in source order, then the other qualifier words in source order
    (storage words such as `in`, `varying`, `uniform` included; `const` excluded, which the
    nodes hold as a flag)."""

    layout: tuple[LayoutItem, ...] = ()
    words: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.layout or self.words)

    def layout_value(self, name: str) -> int | None:
        for key, value in self.layout:
            if key == name:
                return value
        return None

    def has(self, word: str) -> bool:
        return word in self.words or any(key == word for key, _ in self.layout)

    def text(self) -> str:
        """The qualifiers as GLSL, with a trailing space when not empty."""
        parts: list[str] = []
        if self.layout:
            items = ", ".join(k if v is None else f"{k} = {v}" for k, v in self.layout)
            parts.append(f"layout({items})")
        parts.extend(self.words)
        return "".join(part + " " for part in parts)


NO_QUALIFIERS = Qualifiers()
