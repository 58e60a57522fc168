"""Reading schema 1 test.json files: their JSON rewritten into schema 2's shape, so
one decoder reads both (the findings/ directory and old campaigns hold schema 1 tests).

Schema 1 differs in four places: `dispatch` sat beside `inputs`; the provenance's
`transformations` flattened each step's parameters and report into one object; a
target's record sat among `expected`, `differences`, `verdict` and `finding` in
`results`; and the finding came in three shapes (a campaign's, `run`'s, and a reduced
test's, without its kind but with `signatures_now`). Its wrong-result signatures named
the verdict as well (`wrong:odd_one_out:nvidia-gl`); schema 2's name the blamed component
alone (`wrong:nvidia-gl`), so a recorded one is renamed and replays as recorded.
"""

from __future__ import annotations

from typing import Any

from shadersmith.case.finding import Kind, kind_of_signature

VERSION = 1
# Schema 1's wrong-result signatures named the verdict between kind and component.
_OLD_WRONG_VERDICTS = ("wrong:odd_one_out:", "wrong:disagree:")
_RESULT_KEYS = ("expected", "differences", "verdict", "finding")
# Schema 1 recondition records: what was a parameter, the rest being the step's report.
_RECONDITION_PARAMS = ("options", "prune_keep")


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A schema 1 test.json object in schema 2's shape (schema_version left to the caller)."""
    upgraded = dict(data)
    inputs = dict(data.get("inputs") or {})
    if "dispatch" in data:
        inputs["dispatch"] = upgraded.pop("dispatch")
    upgraded["inputs"] = inputs
    provenance = data.get("provenance")
    upgraded["provenance"] = _provenance(provenance) if isinstance(provenance, dict) else {}
    results = data.get("results")
    upgraded["results"] = (
        _results(results, upgraded["provenance"]) if isinstance(results, dict) else {}
    )
    return upgraded


def _provenance(data: dict[str, Any]) -> dict[str, Any]:
    upgraded = {key: value for key, value in data.items() if key != "transformations"}
    upgraded["steps"] = [_step(s) for s in data.get("transformations") or () if isinstance(s, dict)]
    if isinstance(data.get("reduced_from"), dict):
        upgraded["reduced_from"] = _provenance(data["reduced_from"])
    return upgraded


def _step(data: dict[str, Any]) -> dict[str, Any]:
    name = data.get("name")
    rest = {key: value for key, value in data.items() if key != "name"}
    if name == "recondition":
        params = {key: rest.pop(key) for key in _RECONDITION_PARAMS if key in rest}
        return {"name": name, "params": params, "report": rest}
    return {"name": name, "params": rest, "report": {}}


def _results(data: dict[str, Any], provenance: dict[str, Any]) -> dict[str, Any]:
    upgraded: dict[str, Any] = {"runs": {}}
    for key, value in data.items():
        if key in _RESULT_KEYS:
            upgraded[key] = value
        elif isinstance(value, dict) and "status" in value:
            upgraded["runs"][key] = value
        else:
            upgraded[key] = value  # another record (validate's glslang rejection)
    finding = upgraded.get("finding")
    if isinstance(finding, dict):
        finding = dict(finding)
        now = finding.pop("signatures_now", None)
        if now is not None and isinstance(provenance.get("reduction"), dict):
            provenance["reduction"] = {**provenance["reduction"], "signatures_now": now}
        signature = finding.get("signature")
        if "kind" not in finding:
            kind = _kind_of_old_signature(str(signature or ""))
            if kind is not None:
                finding["kind"] = kind.value
        finding["signature"] = current_signature(signature)
        upgraded["finding"] = finding
    return upgraded


def current_signature(signature: Any) -> Any:
    """A schema 1 signature in schema 2's words (anything else as it is)."""
    if isinstance(signature, str):
        for old in _OLD_WRONG_VERDICTS:
            if signature.startswith(old):
                return "wrong:" + signature.removeprefix(old)
    return signature


def _kind_of_old_signature(signature: str) -> Kind | None:
    """The kind a schema 1 signature names: its verdict word for a wrong result."""
    if signature.startswith("wrong:odd_one_out:"):
        return Kind.ODD_ONE_OUT
    return kind_of_signature(signature)
