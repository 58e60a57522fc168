"""The house rules of STYLE.md that a machine can check (the import layers themselves are
import-linter's contracts in pyproject.toml, run by `./dev test`): no module over 1,000
lines, and an import inside a function only with its reason written above it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "shadersmith"
MOST_LINES = 1000
# Imported where used because importing them costs seconds or pulls in a driver: Ray,
# wgpu (wgpu-native and its adapters), picire, jsonschema's validators, rich's live
# display, Playwright.
HEAVY_OPTIONAL = frozenset({"ray", "wgpu", "picire", "jsonschema", "rich", "playwright"})
REASON = "# Imported here"
# Where every command imports its library inside its function, by rule (said in the
# package's docstring): `shadersmith --help` and each command then load only what they
# use; importing the whole library takes ~1 s (0.6 s for --help vs 1.5 s measured).
LAZY_BY_RULE = PACKAGE / "cli"


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _function_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    top = {id(node) for node in tree.body}
    for node in tree.body:  # `if TYPE_CHECKING:` and `try: import x` blocks count as top
        if isinstance(node, ast.If | ast.Try):
            top.update(id(inner) for inner in ast.walk(node))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top
    ]


def _imported(node: ast.Import | ast.ImportFrom) -> str:
    if isinstance(node, ast.ImportFrom):
        return "." if node.level else (node.module or "")
    return node.names[0].name


def _has_reason(lines: list[str], node: ast.stmt) -> bool:
    """A comment starting `# Imported here` on one of the lines just above the import
    (or above the imports grouped with it, blank lines between groups included)."""
    index = node.lineno - 2
    while index >= 0:
        line = lines[index].strip()
        if line.startswith(REASON):
            return True
        in_imports = line.startswith(("from ", "import ", "#", ")")) or line.endswith(",")
        if line and not in_imports:
            return False
        index -= 1
    return False


def test_no_module_is_over_a_thousand_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE.parent)): count
        for path in _modules()
        if (count := len(path.read_text().splitlines())) > MOST_LINES
    }
    assert long == {}, f"split these modules (more than {MOST_LINES} lines): {long}"


def test_every_import_inside_a_function_says_why_or_is_a_heavy_optional_one() -> None:
    unexplained: list[str] = []
    for path in _modules():
        if path.is_relative_to(LAZY_BY_RULE):
            continue
        text = path.read_text()
        lines = text.splitlines()
        for node in _function_level_imports(ast.parse(text)):
            name = _imported(node)
            if name.split(".")[0] in HEAVY_OPTIONAL or _has_reason(lines, node):
                continue
            unexplained.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {name}")
    assert unexplained == [], (
        "move these imports to the module's top, or write why above them "
        f"({REASON}: ...): {unexplained}"
    )


def test_the_cli_package_says_its_rule_for_imports() -> None:
    assert "--help" in (LAZY_BY_RULE / "__init__.py").read_text()


def test_the_rules_see_an_unexplained_import_and_accept_an_explained_one() -> None:
    unexplained = "def f():\n    from shadersmith.ir import types\n"
    explained = "def f():\n    # Imported here: types imports this module.\n    import os\n"
    for source, expected in ((unexplained, False), (explained, True)):
        tree = ast.parse(source)
        (node,) = _function_level_imports(tree)
        assert _has_reason(source.splitlines(), node) is expected
