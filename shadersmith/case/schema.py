"""The schema of the JSON files in a test directory (test.json, fusion.json): each field's
type, its allowed values and its bounds, checked on the raw JSON object before the codec
builds anything from it.

Test directories are shared between engineers and are untrusted input. Without a bound,
one number in test.json can hang every command that regenerates the test (a generator
option of ten million statements), make the targets record a driver "finding" that is
only our input (a dispatch of 65535^3 work groups), or put a flag that reads a file on
spirv-opt's command line (`-Oconfig=FILE`). So every violation is a one-line
TestCaseError that names the field, e.g.

    test.json: provenance.options.max_statements_main: 10000000 is over the maximum 2000

The declarative part is a JSON Schema checked by the `jsonschema` package (a well-kept
library: types, enums, bounds, required and unknown fields, with the path of each
error), built from the facts where they live (profile names from ir/profile.py, pass
names from config/spirv_passes.py, generator options and their bounds from
config/generator_options.py). Bounds that a schema cannot say stay in code below: unique
bindings, block and field names, buffer field types and the size of their values.

What a test's program may declare and how many invocations it runs are checked against
the program itself, once it is read (rebuild/admission.py).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections import deque
from collections.abc import Iterable
from typing import Any

from shadersmith.case.finding import Kind
from shadersmith.case.inputs import TestCaseError
from shadersmith.case.oracle import KINDS as ORACLE_KINDS
from shadersmith.case.oracle import MAX_PARTS, MAX_REFERENCE_STEPS, MAX_TRANSFORMATIONS
from shadersmith.case.testcase import SHADER_FILE_BY_STAGE
from shadersmith.case.typenames import parse_type_name
from shadersmith.config.generator_options import (
    AT_LEAST_ONE,
    CHOICE_OPTIONS,
    OPTION_MAXIMA,
    PROBABILITIES,
    TUPLE_OPTIONS,
    SmithOptions,
)
from shadersmith.config.spirv_passes import KNOWN_PASSES
from shadersmith.ir.profile import ALL_PROFILES
from shadersmith.ir.program import BufferAccess, TextureKind
from shadersmith.ir.specialization import SPECIALIZABLE
from shadersmith.ir.types import ArrayType, StructType, Type, VectorType

# Bounds of a test's inputs. Generated tests stay far below each (at most 2 + 2 buffers
# of 4 fields, arrays of 4, 64x64 images); the bounds leave room for hand-written tests
# and for what transformations add, and keep every test small enough to run, interpret
# and export in seconds.
MAX_SHADER_FILES = 8
MAX_BUFFERS = 32  # storage buffers and uniform blocks together
MAX_BINDING = 63
MAX_FIELDS = 64  # per buffer
MAX_ARRAY_LENGTH = 4096  # per array dimension, sized or runtime-sized
MAX_FIELD_SCALARS = 4096  # scalars in one field's value
MAX_TEST_SCALARS = 65536  # scalars in all the values of a test
# Work groups per dimension: Vulkan's and GL's guaranteed maxComputeWorkGroupCount. The
# total of invocations is checked against the program's local size (rebuild/admission.py).
MAX_DISPATCH = 65535
MAX_FRAMEBUFFER_SIDE = 256  # the interpreter draws every pixel in Python; piglit's window is 250
# Bounds of a provenance.
MAX_SEED = 2**63 - 1  # `shadersmith generate --seed`'s range
MAX_STEPS = 1000
MAX_PASSES = 100  # a random list has at most 20
MAX_CHOICES = 10000
# Bounds of strings that name things: identifiers, targets, files.
MAX_NAME = 64
MAX_TARGETS = 64
MAX_FILES = 64

_IDENTIFIER = r"^[A-Za-z_][A-Za-z0-9_]*$"
_PLAIN_FILE = r"^[^/\x00.][^/\x00]*$"  # case/codec.py's plain file name: no folder, not hidden
_TARGET = r"^[A-Za-z0-9_.+-]+$"
_STEP_NAME = r"^[a-z][a-z0-9_-]*$"
# `uvec3`, `int[4]`, or a struct spelled whole (schema 6: `S{a:int,b:vec3[2]}[4]`), whose
# nesting a pattern cannot check: case/typenames.py reads it (_value_scalars, below).
_DIMENSIONS = r"(\[[0-9]{0,5}\])*"
_STRUCT_NAME = r"[A-Za-z_][A-Za-z0-9_]*\{[A-Za-z0-9_{}:,\[\] ]*\}"
# The explicit-width names too: int64_t, i64vec3, float16_t, f16vec2, u8vec4, dvec2.
_SCALAR_OR_VECTOR = r"[a-z]+(?:(?:8|16|64)(?:_t|vec[234]))?[234]?"
_TYPE_NAME = rf"^({_SCALAR_OR_VECTOR}{_DIMENSIONS}|{_STRUCT_NAME}{_DIMENSIONS})$"
MAX_TYPE_NAME = 4096


def _integer(minimum: int, maximum: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "maximum": maximum}


def _name(pattern: str, title: str, maximum: int = MAX_NAME) -> dict[str, Any]:
    return {"type": "string", "pattern": pattern, "maxLength": maximum, "title": title}


def _strings(items: dict[str, Any], maximum: int) -> dict[str, Any]:
    return {"type": "array", "items": items, "maxItems": maximum}


# An error lists every allowed value up to this many (every finding kind fits); of a longer
# list (spirv-opt's passes), the first few.
MAX_CHOICES_SHOWN = 12
CHOICES_SHOWN_OF_MANY = 8


def _one_of(values: Iterable[str], title: str) -> dict[str, Any]:
    return {"enum": sorted(values), "title": title}


def _optional(schema: dict[str, Any]) -> dict[str, Any]:
    """`schema` or null (the codec reads null as absent)."""
    return {"anyOf": [{"type": "null"}, schema]}


def _options_schema() -> dict[str, Any]:
    """The generator's options, from SmithOptions' fields and config/generator_options.py's
    bounds."""
    properties: dict[str, Any] = {}
    for field in dataclasses.fields(SmithOptions):
        default = getattr(SmithOptions(), field.name)
        if field.name in OPTION_MAXIMA:
            minimum = 1 if field.name in AT_LEAST_ONE else 0
            properties[field.name] = _integer(minimum, OPTION_MAXIMA[field.name])
        elif field.name in PROBABILITIES:
            properties[field.name] = {"type": "number", "minimum": 0, "maximum": 1}
        elif isinstance(default, bool):
            properties[field.name] = {"type": "boolean"}
        elif field.name in CHOICE_OPTIONS:
            properties[field.name] = _one_of(CHOICE_OPTIONS[field.name], field.name)
        elif isinstance(default, tuple):
            allowed, at_least, title = TUPLE_OPTIONS[field.name]
            values = _one_of(allowed, title)
            maximum = max(16, len(allowed))
            properties[field.name] = {**_strings(values, maximum), "minItems": at_least}
        else:  # a new kind of option: a type of its own needs a line here
            raise AssertionError(f"option {field.name} has no schema")
    return {"type": "object", "properties": properties, "additionalProperties": False}


_PASS = _one_of(KNOWN_PASSES, "spirv-opt pass that shadersmith runs")
_PASS_LIST = _strings(_PASS, MAX_PASSES)

_PROVENANCE: dict[str, Any] = {
    "type": "object",
    "properties": {
        "tool": {"type": "string", "maxLength": MAX_NAME},
        "tool_version": {"type": "string", "maxLength": MAX_NAME},
        "generator": {"type": "string", "maxLength": MAX_NAME},
        "seed": _optional(_integer(0, MAX_SEED)),
        "profile": _optional(_one_of(ALL_PROFILES, "language profile")),
        "options": _optional(_options_schema()),
        "choices": _optional(_strings({"type": "string", "maxLength": 256}, MAX_CHOICES)),
        "steps": _optional(
            _strings(
                {
                    "type": "object",
                    "properties": {
                        "name": _name(_STEP_NAME, "step name"),
                        "params": _optional({"type": "object"}),
                        "report": _optional({"type": "object"}),
                    },
                    "required": ["name"],
                    "additionalProperties": False,
                },
                MAX_STEPS,
            )
        ),
        "spirv_opt_passes": _optional(_PASS_LIST),
        "spirv_opt_passes_original": _optional(_PASS_LIST),
        "first_bad_pass": _optional(_PASS),
        "reduced_from": _optional({"$ref": "#/$defs/provenance"}),
        "reduction": _optional({"type": "object"}),
        # Written into `extra` by schema 1 and 2 metamorphic tests (case/oracle.py).
        "oracle": {"type": "string", "maxLength": MAX_NAME},
        "reference_steps": _integer(0, MAX_REFERENCE_STEPS),
    },
}

_FIELD: dict[str, Any] = {
    "type": "object",
    "properties": {
        "name": _name(_IDENTIFIER, "GLSL identifier"),
        "type": _name(_TYPE_NAME, "buffer field type such as uvec3 or int[4]", MAX_TYPE_NAME),
        "value": {},
    },
    "required": ["name", "type", "value"],
    "additionalProperties": False,
}

_BUFFER: dict[str, Any] = {
    "type": "object",
    "properties": {
        "block": _name(_IDENTIFIER, "GLSL identifier"),
        "binding": _integer(0, MAX_BINDING),
        "access": _one_of((a.value for a in BufferAccess), "buffer access"),
        "fields": {**_strings(_FIELD, MAX_FIELDS), "minItems": 1},
    },
    "required": ["block", "binding", "access", "fields"],
    "additionalProperties": False,
}

# A generated texture or image (schema 5): a one-field buffer entry with its kind.
_TEXTURE: dict[str, Any] = {
    **_BUFFER,
    "properties": {
        **_BUFFER["properties"],
        "texture": _one_of((k.value for k in TextureKind), "texture kind"),
        "fields": {**_strings(_FIELD, 1), "minItems": 1},
    },
    "required": [*_BUFFER["required"], "texture"],
}

# A storage buffer, which the shader may read through a buffer reference (ir/program.
# Program.buffer_references).
_STORAGE: dict[str, Any] = {
    **_BUFFER,
    "properties": {**_BUFFER["properties"], "buffer_reference": {"type": "boolean"}},
}

# A uniform block, which Vulkan may get as push constants (ir/program.StorageBuffer).
_UNIFORM: dict[str, Any] = {
    **_BUFFER,
    "properties": {**_BUFFER["properties"], "push_constant": {"type": "boolean"}},
}

# Vulkan's subgroups have at most 128 invocations (VkPhysicalDeviceSubgroupProperties).
MAX_SUBGROUP_SIZE = 128

# Specialization constants (ir/specialization.py): Vulkan's ids are 32-bit, ours small;
# a value is a 32-bit int or uint (a bool 0 or 1).
MAX_SPECIALIZATION_CONSTANTS = 16
MAX_CONSTANT_ID = 1023
_SPECIALIZATION: dict[str, Any] = {
    "type": "object",
    "properties": {
        "constant_id": _integer(0, MAX_CONSTANT_ID),
        "type": _one_of(SPECIALIZABLE.values(), "specialization constant type"),
        "value": _integer(-(2**31), 2**32 - 1),
    },
    "required": ["constant_id", "type", "value"],
    "additionalProperties": False,
}

_INPUTS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "buffers": _strings(_STORAGE, MAX_BUFFERS),
        "uniforms": _optional(_strings(_UNIFORM, MAX_BUFFERS)),
        "textures": _optional(_strings(_TEXTURE, MAX_BUFFERS)),
        "dispatch": {**_strings(_integer(1, MAX_DISPATCH), 3), "minItems": 3},
        "framebuffer": _optional({**_strings(_integer(1, MAX_FRAMEBUFFER_SIDE), 2), "minItems": 2}),
        "subgroup_size": _optional(_integer(1, MAX_SUBGROUP_SIZE)),
        "specialization": _optional(_strings(_SPECIALIZATION, MAX_SPECIALIZATION_CONSTANTS)),
    },
    "required": ["buffers"],
    "additionalProperties": False,
}

_TARGET_NAME = _name(_TARGET, "target name", 128)
_OPTIONAL_TEXT = _optional({"type": "string"})
_MILLISECONDS = _optional({"type": "number", "minimum": 0})

_RUN: dict[str, Any] = {
    "type": "object",
    "properties": {
        "status": {"type": "string", "maxLength": MAX_NAME},
        "output": _OPTIONAL_TEXT,
        "values": {},
        "failed_component": _OPTIONAL_TEXT,
        "compile_ms": _MILLISECONDS,
        "run_ms": _MILLISECONDS,
        "message": _OPTIONAL_TEXT,
        "files": _optional(_strings(_name(_PLAIN_FILE, "plain file name", 255), MAX_FILES)),
        "versions": _optional({"type": "object", "additionalProperties": {"type": "string"}}),
    },
    "required": ["status"],
}

_FINDING: dict[str, Any] = {
    "type": "object",
    "properties": {
        "kind": _one_of((k.value for k in Kind), "finding kind"),
        "signature": {"type": "string", "maxLength": 4096},
        "targets": _optional(_strings(_TARGET_NAME, MAX_TARGETS)),
        "passing": _optional(_strings(_TARGET_NAME, MAX_TARGETS)),
        "component": _OPTIONAL_TEXT,
        "blamed": _OPTIONAL_TEXT,
        "flaky": {"type": "boolean"},
        "ignored": {"type": "boolean"},
    },
    "required": ["signature"],
}

_RESULTS: dict[str, Any] = {
    "type": "object",
    "properties": {
        "runs": {
            "type": "object",
            "propertyNames": _TARGET_NAME,
            "additionalProperties": _RUN,
            "maxProperties": MAX_TARGETS,
        },
        "expected": _optional({"type": "object"}),
        "differences": _optional({"type": "array"}),
        "verdict": _OPTIONAL_TEXT,
        "finding": _optional(_FINDING),
    },
}

# test.json, in schema 2's shape (a schema 1 file is checked once upgraded to it).
# Provenance, results, run records and findings may hold keys a newer version writes:
# the codec keeps them (`extra`), so they are allowed here too.
TEST_JSON_SCHEMA: dict[str, Any] = {
    "$defs": {"provenance": _PROVENANCE},
    "type": "object",
    "properties": {
        "schema_version": {"enum": [1, 2, 3, 4, 5, 6]},
        # Schema 3 (case/oracle.py checks the fields of each kind).
        "oracle": {
            "type": "object",
            "properties": {
                "kind": _one_of(ORACLE_KINDS, "oracle kind"),
                "reference": _name(_PLAIN_FILE, "plain file name", 255),
                "reference_steps": _integer(0, MAX_REFERENCE_STEPS),
                "relation": {"type": "string", "maxLength": MAX_NAME},
                "parts": {
                    **_strings(_name(_PLAIN_FILE, "plain folder name", 255), MAX_PARTS),
                    "minItems": 1,
                    "uniqueItems": True,
                },
                "tolerance": {"type": "number", "minimum": 0, "maximum": 1},
                # A SPIR-V metamorphic test (case/oracle.py checks each record's shape).
                "variant": _name(_PLAIN_FILE, "plain file name", 255),
                "transformations": {"type": "array", "maxItems": MAX_TRANSFORMATIONS},
            },
            "required": ["kind"],
            "additionalProperties": False,
        },
        "stage": _one_of(SHADER_FILE_BY_STAGE, "stage"),
        "profile": _one_of(ALL_PROFILES, "language profile"),
        # The same, as schemas 1 to 3 named it.
        "language": _one_of(ALL_PROFILES, "language profile"),
        "shaders": {
            **_strings(_name(_PLAIN_FILE, "plain file name", 255), MAX_SHADER_FILES),
            "minItems": 1,
            "uniqueItems": True,
        },
        "inputs": _INPUTS,
        "provenance": _optional({"$ref": "#/$defs/provenance"}),
        "results": _optional(_RESULTS),
    },
    "required": ["schema_version", "stage", "shaders", "inputs"],
    # Schema 4 and later name the profile `profile`, older schemas `language` (case/codec.py).
    "if": {"properties": {"schema_version": {"minimum": 4}}},
    "then": {"required": ["profile"]},
    "else": {"required": ["language"]},
}

# fusion.json (campaign/fusion_tests.py): a fused test's plan, beside its test.json.
FUSION_JSON_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "schema_version": {"type": "integer"},
        "parts": {
            **_strings(_name(_PLAIN_FILE, "plain folder name", 255), MAX_PARTS),
            "minItems": 1,
            "uniqueItems": True,
        },
        "sequence": _integer(0, MAX_SEED),
        "relation": {"type": "string", "maxLength": MAX_NAME},
        "seeds": {**_strings(_integer(0, MAX_SEED), MAX_PARTS), "minItems": 1},
        "tolerance": {"type": "number", "minimum": 0, "maximum": 1},
        "finding": {
            "type": "object",
            "properties": {"signature": {"type": "string", "maxLength": 4096}},
            "required": ["signature"],
        },
        "targets": _strings(_TARGET_NAME, MAX_TARGETS),
    },
    "required": ["schema_version", "parts", "sequence", "relation", "seeds", "tolerance"],
}


# ---------------------------------------------------------------------------- checking


def check_test(data: Any, where: str) -> None:
    """Raise a one-line TestCaseError naming the first field of the test.json object
    `data` (schema 2's shape) that breaks the schema or a bound."""
    _check("test.json", data, where)
    _check_inputs(data["inputs"], where)


def check_fusion(data: Any, where: str) -> None:
    """The same for a fusion.json object."""
    _check("fusion.json", data, where)


_SCHEMAS = {"test.json": TEST_JSON_SCHEMA, "fusion.json": FUSION_JSON_SCHEMA}


@functools.cache
def _validator(file_name: str) -> Any:
    # Imported here: jsonschema costs 60 ms to import, which commands that read no test
    # (and the target workers) need not pay.
    import jsonschema

    schema = _SCHEMAS[file_name]
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _check(file_name: str, data: Any, where: str) -> None:
    import jsonschema

    errors = list(_validator(file_name).iter_errors(data))
    if errors:
        error = jsonschema.exceptions.best_match(errors)
        raise TestCaseError(f"{where}: {_explained(error)}")


def _explained(error: Any) -> str:
    """A jsonschema error as `field.path: what is wrong`, on one line."""
    error = _not_null_branch(error)
    path = list(error.absolute_path)
    keyword, expected, instance = error.validator, error.validator_value, error.instance
    shown = _shown(instance)
    title = error.schema.get("title") if isinstance(error.schema, dict) else None
    message: str
    if keyword == "required":
        missing = next(key for key in expected if key not in instance)
        path, message = [*path, missing], "missing"
    elif keyword == "additionalProperties" and expected is False:
        known = error.schema.get("properties", {})
        unknown = next(key for key in instance if key not in known)
        path, message = [*path, unknown], "not a field this version knows"
    elif keyword == "maximum":
        message = f"{shown} is over the maximum {expected}"
    elif keyword == "minimum":
        message = f"{shown} is under the minimum {expected}"
    elif keyword == "type":
        message = f"{shown} is not {_TYPE_WORDS.get(expected, expected)}"
    elif keyword == "enum":
        whole = len(expected) <= MAX_CHOICES_SHOWN
        choices = expected if whole else [*expected[:CHOICES_SHOWN_OF_MANY], "..."]
        what = f"a {title}" if title else "an allowed value"
        message = f"{shown} is not {what} ({', '.join(map(str, choices))})"
    elif keyword == "pattern":
        message = f"{shown} is not a {title}" if title else f"{shown} does not match {expected}"
    elif keyword == "maxLength":
        message = f"a text of {len(instance)} characters, more than the maximum {expected}"
    elif keyword in ("maxItems", "maxProperties"):
        message = f"{_entries(len(instance))}, more than the maximum {expected}"
    elif keyword == "minItems":
        message = f"{_entries(len(instance))}, fewer than the minimum {expected}"
    elif keyword == "uniqueItems":
        message = "an entry appears twice"
    else:
        message = error.message
    return f"{_dotted(path) or '(top level)'}: {message}"


def _entries(count: int) -> str:
    return f"{count} entry" if count == 1 else f"{count} entries"


def _not_null_branch(error: Any) -> Any:
    """For a value that may be null (`_optional`) but is neither null nor right: why it
    is not right, rather than that it is not null."""
    while error.validator == "anyOf" and error.context:
        reasons = [e for e in error.context if e.schema != {"type": "null"}] or error.context
        error = max(reasons, key=lambda e: len(e.relative_path))
    return error


_TYPE_WORDS = {
    "object": "an object",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "null",
}


def _dotted(path: Iterable[Any]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _shown(value: Any, limit: int = 60) -> str:
    text = json.dumps(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---------------------------------------------------------------------------- inputs


def _check_inputs(inputs: dict[str, Any], where: str) -> None:
    """What the schema cannot say about buffers: bindings and names used once, each
    field's type readable, and the size of the values."""
    bindings: dict[int, str] = {}
    blocks: dict[str, str] = {}
    scalars = 0
    for group in ("buffers", "uniforms", "textures"):
        for index, buffer in enumerate(inputs.get(group) or ()):
            path = f"inputs.{group}[{index}]"
            other = bindings.setdefault(buffer["binding"], path)
            if other != path:
                raise TestCaseError(
                    f"{where}: {path}.binding: {buffer['binding']} is also the binding of {other}"
                )
            other = blocks.setdefault(buffer["block"], path)
            if other != path:
                raise TestCaseError(
                    f"{where}: {path}.block: {buffer['block']!r} is also the block of {other}"
                )
            names: set[str] = set()
            for number, field in enumerate(buffer["fields"]):
                field_path = f"{path}.fields[{number}]"
                if field["name"] in names:
                    raise TestCaseError(
                        f"{where}: {field_path}.name: {field['name']!r} appears twice in "
                        f"block {buffer['block']}"
                    )
                names.add(field["name"])
                count = _value_scalars(field["type"], field["value"], f"{where}: {field_path}")
                scalars += count
    if scalars > MAX_TEST_SCALARS:
        raise TestCaseError(
            f"{where}: inputs: {scalars} values in all, more than the maximum {MAX_TEST_SCALARS}"
        )


def _value_scalars(type_text: str, value: Any, where: str) -> int:
    """The number of scalars `value` holds for a field of type `type_text`, checked
    against the bounds (the codec checks each value against the type itself)."""
    try:
        type_ = parse_type_name(type_text)
        count = _scalars_of(type_, value)
    except ValueError as error:
        raise TestCaseError(f"{where}.type: {error}") from None
    if count > MAX_FIELD_SCALARS:
        raise TestCaseError(
            f"{where}.value: {count} values, more than the maximum {MAX_FIELD_SCALARS} of a field"
        )
    return count


def _scalars_of(type_: Type, value: Any) -> int:
    """Scalars in a value of `type_`: its array lengths times its components (an unsized
    array's length is its value's). An over-long array raises ValueError."""
    count = 1
    pending: deque[tuple[Type, Any]] = deque([(type_, value)])
    # Array dimensions multiply: walk the first element of each level only, the codec
    # checks that the others have the same shape.
    while pending:
        current, item = pending.popleft()
        if isinstance(current, ArrayType):
            length = current.length
            if length is None:
                length = len(item) if isinstance(item, list) else 0
            if length > MAX_ARRAY_LENGTH:
                raise ValueError(
                    f"an array of {length}, longer than the maximum {MAX_ARRAY_LENGTH}"
                )
            count *= max(length, 1)
            first = item[0] if isinstance(item, list) and item else None
            pending.append((current.element, first))
        elif isinstance(current, VectorType):
            count *= current.size
        elif isinstance(current, StructType):
            # Members differ in shape: each is counted whole (the codec checks their count).
            members = item if isinstance(item, list) else []
            count *= sum(
                _scalars_of(field.type, members[i] if i < len(members) else None)
                for i, field in enumerate(current.fields)
            )
    return count
