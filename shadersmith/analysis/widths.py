"""The explicit-width arithmetic types a program uses: which device features it needs and
which `#extension` lines its GLSL text must carry.

A feature is a word (`INT64`, ...) that a job carries (Job.needs) and a target checks
against what its driver or device offers (targets/chains.py), so a program with 64-bit
integers on a target without them is `unsupported`, never a finding. The words are
computed from the IR's types, never recorded beside it: a program read back from its
text (a reduction candidate) needs what its types say.
"""

from __future__ import annotations

import re

from shadersmith.ir.program import Program
from shadersmith.ir.types import (
    ArrayType,
    MatrixType,
    ScalarType,
    StructType,
    Type,
    VectorType,
)
from shadersmith.ir.walk import iter_nodes

# 64-bit integers: GL_ARB_gpu_shader_int64 (Mesa's GL, glslang for Vulkan), Vulkan's
# shaderInt64 device feature.
INT64 = "int64"
# 16- and 8-bit integers: GL_EXT_shader_explicit_arithmetic_types_int16 / _int8 (glslang
# for Vulkan; Mesa 22's GL lists neither), Vulkan's shaderInt16 (VkPhysicalDeviceFeatures)
# and shaderInt8 (VkPhysicalDeviceShaderFloat16Int8Features).
INT16 = "int16"
INT8 = "int8"
# 64-bit floats (double, dvecN): core in GLSL 4.00 (GL_ARB_gpu_shader_fp64 before, and
# the extension Mesa's GL lists), Vulkan's shaderFloat64 (lavapipe has it, SwiftShader
# not).
FLOAT64 = "float64"
# 16-bit floats (float16_t, f16vecN): GL_EXT_shader_explicit_arithmetic_types_float16
# (glslang for Vulkan; Mesa 22's GL lists no extension for it), Vulkan's shaderFloat16
# (VkPhysicalDeviceShaderFloat16Int8Features: lavapipe yes, SwiftShader no), WGSL's `f16`
# (`enable f16;`, wgpu's shader-f16 feature: on wgpu-vk over lavapipe, not wgpu-gl).
FLOAT16 = "float16"
# Buffer fields of 16- and 8-bit types (GL_EXT_shader_16bit_storage / _8bit_storage;
# Vulkan's storageBuffer16BitAccess and uniformAndStorageBuffer16BitAccess, 8-bit alike):
# a storage buffer or uniform block holding a float16_t, int16_t or int8_t field needs
# these beside the arithmetic feature of its type.
STORAGE16 = "storage16"
STORAGE8 = "storage8"
# Push-constant fields of 16- and 8-bit types (generate/push_constants.py): Vulkan's
# storagePushConstant16 / storagePushConstant8, needed beside the storage feature of that
# width, whose `#extension` line they share (so they have none of their own).
PUSH16 = "push16"
PUSH8 = "push8"
# Storage buffers read through GL_EXT_buffer_reference (Program.buffer_references:
# generate/buffer_references.py): Vulkan's bufferDeviceAddress (VK_KHR_buffer_device_
# address), which GL lacks. Not a width, but a device feature a job needs all the same;
# its `#extension` line is the GLSL emitter's, written only where it spells a reference
# (so it is not in EXTENSION, whose lines width_extensions writes).
BUFFER_REFERENCE = "buffer_reference"
BUFFER_REFERENCE_EXTENSION = "GL_EXT_buffer_reference"

# The extension each feature's GLSL spelling needs. GL_ARB_gpu_shader_int64 is the one
# both Mesa's GL and glslang (for Vulkan) read: glslang maps it to the Int64 capability.
EXTENSION: dict[str, str] = {
    INT64: "GL_ARB_gpu_shader_int64",
    INT16: "GL_EXT_shader_explicit_arithmetic_types_int16",
    INT8: "GL_EXT_shader_explicit_arithmetic_types_int8",
    FLOAT64: "GL_ARB_gpu_shader_fp64",
    FLOAT16: "GL_EXT_shader_explicit_arithmetic_types_float16",
    STORAGE16: "GL_EXT_shader_16bit_storage",
    STORAGE8: "GL_EXT_shader_8bit_storage",
}
# The GLSL version from which a feature is core and its `#extension` line is not written.
CORE_SINCE: dict[str, int] = {FLOAT64: 400}
# The order features and extensions are written in (a fixed one: same program, same text).
ORDER: tuple[str, ...] = (
    INT64,
    INT16,
    INT8,
    FLOAT64,
    FLOAT16,
    STORAGE16,
    STORAGE8,
)
_INTEGER_FEATURES = {64: INT64, 16: INT16, 8: INT8}


def type_feature(type_: Type) -> str | None:
    """The feature a value of `type_` needs at its outermost scalar, or None."""
    if isinstance(type_, ScalarType | VectorType) and type_.kind.is_integer:
        return _INTEGER_FEATURES.get(type_.bits)
    if isinstance(type_, ScalarType | VectorType | MatrixType) and type_.bits == 64:
        return FLOAT64
    if isinstance(type_, ScalarType | VectorType | MatrixType) and type_.bits == 16:
        return FLOAT16
    return None


def type_features(type_: Type) -> frozenset[str]:
    """Every feature a value of `type_` needs, through arrays and struct fields."""
    if isinstance(type_, ArrayType):
        return type_features(type_.element)
    if isinstance(type_, StructType):
        return frozenset(f for field in type_.fields for f in type_features(field.type))
    feature = type_feature(type_)
    return frozenset() if feature is None else frozenset({feature})


def program_features(program: Program) -> frozenset[str]:
    """The features `program`'s types need: every typed node, declaration and buffer
    field is looked at (a 64-bit local that is never read still needs the capability)."""
    found: set[str] = set()
    seen: set[Type] = set()
    for node in iter_nodes(program):
        type_ = getattr(node, "type", None)
        if type_ is not None and type_ not in seen:
            seen.add(type_)
            found |= type_features(type_)
    for buffer in program.buffers:
        for field in buffer.fields:
            storage = storage_features(field.type)
            found |= type_features(field.type) | storage
            if buffer.push_constant:
                found |= {_PUSH[feature] for feature in storage}
    # A declared struct's members, used or not: a generated vertex shader declares the
    # fragment shader's structs, and glslang rejects a `u8vec2` member without its
    # extension line (issue 36's every-feature campaign, "syntax error").
    for struct in program.structs:
        found |= type_features(struct)
    if program.referenced_buffers:
        found.add(BUFFER_REFERENCE)
    return frozenset(found)


_STORAGE = {16: STORAGE16, 8: STORAGE8}
_PUSH = {STORAGE16: PUSH16, STORAGE8: PUSH8}


def storage_features(type_: Type) -> frozenset[str]:
    """The storage features a buffer field of `type_` needs: its 16- and 8-bit scalars."""
    if isinstance(type_, ArrayType):
        return storage_features(type_.element)
    if isinstance(type_, StructType):
        return frozenset(f for field in type_.fields for f in storage_features(field.type))
    if isinstance(type_, ScalarType | VectorType | MatrixType) and type_.bits in _STORAGE:
        return frozenset({_STORAGE[type_.bits]})
    return frozenset()


def width_extensions(program: Program, version: int = 450) -> tuple[str, ...]:
    """The `#extension` lines (names) `program`'s types need in GLSL `version`, in a fixed
    order (none for a feature core in that version: double from 4.00)."""
    features = program_features(program)
    return tuple(
        EXTENSION[f] for f in ORDER if f in features and version < CORE_SINCE.get(f, 10**4)
    )


# Without its IR, a stage's text says what it needs: the `#extension` lines of EXTENSION
# (which every GLSL spelling of those types needs), and, core since 4.00 with no line,
# the double types. Comments are left out first, so that a word in one needs nothing.
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
_EXTENSION_LINE = re.compile(r"^\s*#\s*extension\s+(\w+)", re.MULTILINE)
_DOUBLE_TYPE = re.compile(r"\b(?:double|dvec[234]|dmat[234](?:x[234])?)\b")
_FEATURE_OF_EXTENSION = {name: feature for feature, name in EXTENSION.items()}
_FEATURE_OF_EXTENSION[BUFFER_REFERENCE_EXTENSION] = BUFFER_REFERENCE


def text_features(source: str) -> frozenset[str]:
    """The features a GLSL stage's text needs, for a job without the stage's IR (a test
    read from its directory whose program or vertex shader was not rebuilt)."""
    text = _COMMENT.sub(" ", source)
    found = {_FEATURE_OF_EXTENSION.get(name) for name in _EXTENSION_LINE.findall(text)}
    if _DOUBLE_TYPE.search(text):
        found.add(FLOAT64)
    return frozenset(f for f in found if f is not None)
