"""The features of the languages the generator writes, one row each (issue 36, item 1).

GLSL 4.60 with the Vulkan GLSL extensions glslang supports, and WGSL as naga 29 supports
it. Each row says how to find the feature in a shader's text (`detect`, a regular
expression, or a predicate where a pattern cannot say it), so that one detector counts it
in generated programs and in corpus shaders alike (bench/language.py), and, for GLSL, a
tiny hand-written shader that uses it (`probe`), which the bench gives the front-end and
interpreter and, on request, glslang and the GL and Vulkan targets. A WGSL row names its
`twin`, the GLSL row whose IR it spells (the interpreter runs the IR; there is no WGSL
front-end), and `marker`, how the WGSL emitter spells it.

`hazard` is the undefined behaviour (or the nondeterminism) the feature brings, empty
where it brings none; `guard` names the reconditioner's file and a token of its code that
handles it, so the bench checks that the code is there rather than trusting this table.

Data only: the detectors are plain patterns over text, compiled where they are used.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

GLSL = "glsl"
WGSL = "wgsl"

Detector = str | Callable[[str], bool]


@dataclass(frozen=True)
class Feature:
    name: str
    language: str  # GLSL or WGSL
    family: str
    description: str
    detect: Detector  # a regular expression (re.MULTILINE) or a predicate over the text
    # GLSL: the statements of a probe's main(), the declarations before it, the
    # extensions it enables and its stage (language_probe's templates, bench/language.py).
    probe: str = ""
    decls: str = ""
    extensions: tuple[str, ...] = ()
    stage: str = "compute"
    version: int = 450
    # WGSL: the GLSL feature whose IR this spells, and a token of the WGSL emitter's code
    # (shadersmith/emit/wgsl*.py) that prints it.
    twin: str = ""
    marker: str = ""
    hazard: str = ""
    # The reconditioner's file (under shadersmith/recondition/) and a token in it.
    guard: tuple[str, str] | None = None

    def found_in(self, text: str) -> bool:
        if callable(self.detect):
            return self.detect(text)
        return _compiled(self.detect).search(text) is not None


_PATTERNS: dict[str, re.Pattern[str]] = {}


def _compiled(pattern: str) -> re.Pattern[str]:
    compiled = _PATTERNS.get(pattern)
    if compiled is None:
        compiled = _PATTERNS[pattern] = re.compile(pattern, re.MULTILINE)
    return compiled


def _calls(*names: str) -> str:
    return r"\b(?:" + "|".join(names) + r")\s*\("


_FUNCTION = re.compile(
    r"^\s*(?:(?:highp|mediump|lowp|precise)\s+)?(?!return\b|else\b)([A-Za-z_]\w*)\s+"
    r"([A-Za-z_]\w*)\s*\(([^;{}()]*)\)\s*\{",
    re.MULTILINE,
)


def _function_names(text: str) -> list[str]:
    return [m.group(2) for m in _FUNCTION.finditer(text) if m.group(1) not in ("if", "for")]


def has_overloads(text: str) -> bool:
    """Two functions defined under one name."""
    names = _function_names(text)
    return len(names) != len(set(names))


def has_recursion(text: str) -> bool:
    """A function whose body calls itself (a compile error in GLSL and WGSL)."""
    for match in _FUNCTION.finditer(text):
        depth, end = 1, match.end()
        while depth and end < len(text):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        if re.search(rf"\b{re.escape(match.group(2))}\s*\(", text[match.end() : end]):
            return True
    return False


def has_fallthrough(text: str) -> bool:
    """A case label whose statements run on into the next label (no break, return,
    continue or discard before it)."""
    for match in re.finditer(r"\b(?:case\s+[^:;{}]+|default\s*):", text):
        rest = text[match.end() :]
        following = re.search(r"\bcase\s+[^:;{}]+:|\bdefault\s*:|\}", rest)
        if following is None or following.group(0) == "}":
            continue
        between = rest[: following.start()]
        if ";" in between and not re.search(r"\b(break|return|continue|discard)\b", between):
            return True
    return False


_SCALAR_TYPES = r"(?:bool|int|uint|float|double|[biud]?vec[234]|d?mat[234](?:x[234])?)"


def glsl(
    name: str,
    family: str,
    description: str,
    detect: Detector,
    probe: str,
    *,
    decls: str = "",
    extensions: tuple[str, ...] = (),
    stage: str = "compute",
    version: int = 450,
    hazard: str = "",
    guard: tuple[str, str] | None = None,
) -> Feature:
    return Feature(
        name,
        GLSL,
        family,
        description,
        detect,
        probe=probe,
        decls=decls,
        extensions=extensions,
        stage=stage,
        version=version,
        hazard=hazard,
        guard=guard,
    )


def wgsl(
    name: str,
    family: str,
    description: str,
    detect: Detector,
    *,
    twin: str = "",
    marker: str = "",
    hazard: str = "",
    guard: tuple[str, str] | None = None,
) -> Feature:
    return Feature(
        name, WGSL, family, description, detect, twin=twin, marker=marker, hazard=hazard,
        guard=guard,
    )  # fmt: skip


_INT_DIV = ("wrappers/integer.py", "BinaryOp.DIV: DIV")
_INDEX = ("index_bounds.py", "SAFE_INDEX")
_LOOPS = ("loop_limiters.py", "For | While | DoWhile")
_EXACT = ("exact_floats.py", "float_rewrite")
_INEXACT = "inexact: the driver's precision"
_I16 = ("GL_EXT_shader_explicit_arithmetic_types_int16",)
_I8 = ("GL_EXT_shader_explicit_arithmetic_types_int8",)
_F16 = ("GL_EXT_shader_explicit_arithmetic_types_float16",)
_I64 = ("GL_ARB_gpu_shader_int64",)
_SUBGROUP = ("GL_KHR_shader_subgroup_basic",)
_TEXTURE = "layout(binding = 1) uniform sampler2D tex;"
_IMAGE = "layout(binding = 1, r32ui) uniform uimage2D img;"
_FRAG = "fragment"

# One row a feature, laid out as a table rather than as the formatter would lay it out.
# fmt: off
GLSL_FEATURES: tuple[Feature, ...] = (
    # Types.
    glsl("bool", "types", "bool and bvecN", r"\bb(?:ool|vec[234])\b",
         "bool b = result > 0; result = b ? 1 : 2;"),
    glsl("int", "types", "32-bit int and ivecN", r"\bi(?:nt|vec[234])\b", "int i = 3; result = i;"),
    glsl("uint", "types", "32-bit uint and uvecN", r"\bu(?:int|vec[234])\b",
         "uint u = 3u; result = int(u);"),
    glsl("float", "types", "32-bit float and vecN", r"\b(?:float|vec[234])\b",
         "float f = 2.0; result = int(f);", hazard=_INEXACT, guard=_EXACT),
    glsl("double", "types", "fp64: double, dvecN, dmatN", r"\bd(?:ouble|vec[234]|mat[234])\b",
         "double d = 2.0lf; result = int(d);", hazard=_INEXACT, guard=_EXACT),
    glsl("int64", "types", "int64_t, uint64_t and their vectors",
         r"\bu?int64_t\b|\b[iu]64vec[234]\b", "int64_t x = 3l; result = int(x);",
         extensions=_I64, hazard="/ by 0, INT64_MIN / -1, % of negatives, shifts by 64+",
         guard=("wrappers/integer.py", "_int_min")),
    glsl("int16", "types", "int16_t, uint16_t and their vectors",
         r"\bu?int16_t\b|\b[iu]16vec[234]\b", "int16_t x = int16_t(3); result = int(x);",
         extensions=_I16, hazard="/ by 0, INT16_MIN / -1, % of negatives, shifts by 16+",
         guard=("wrappers/integer.py", "_int_min")),
    glsl("int8", "types", "int8_t, uint8_t and their vectors", r"\bu?int8_t\b|\b[iu]8vec[234]\b",
         "int8_t x = int8_t(3); result = int(x);", extensions=_I8,
         hazard="/ by 0, INT8_MIN / -1, % of negatives, shifts by 8+",
         guard=("wrappers/integer.py", "_int_min")),
    glsl("float16", "types", "float16_t, f16vecN, f16matN", r"\bfloat16_t\b|\bf16(?:vec|mat)\d",
         "float16_t h = float16_t(2.0); result = int(h);", extensions=_F16, hazard=_INEXACT,
         guard=_EXACT),
    glsl("vectors", "types", "vectors of 2 to 4 components", r"\b[biud]?vec[234]\b",
         "ivec3 v = ivec3(1, 2, 3); result = v.y;"),
    glsl("square matrices", "types", "matN, matNxN", r"\bmat([234])(?:x\1)?\b",
         "mat2 m = mat2(1.0); result = int(m[1][1]);", hazard=_INEXACT, guard=_EXACT),
    glsl("non-square matrices", "types", "matNxM with N != M",
         r"\bd?mat(?:2x[34]|3x[24]|4x[23])\b",
         "mat2x3 m = mat2x3(1.0); result = int(m[1][1]);", hazard=_INEXACT, guard=_EXACT),
    glsl("arrays", "types", "fixed-size arrays",
         _SCALAR_TYPES + r"\s+\w+\s*\[\s*\w+\s*\]|" + _SCALAR_TYPES + r"\s*\[\s*\w+\s*\]\s+\w",
         "int a[3] = int[3](1, 2, 3); result = a[result & 1];",
         hazard="index out of range", guard=_INDEX),
    glsl("arrays of arrays", "types", "arrays whose elements are arrays",
         r"\w\s*\[\s*\w*\s*\]\s*\[\s*\w*\s*\]\s*[;=]",
         "int a[2][3]; a[1][2] = 4; result = a[1][2];", hazard="index out of range",
         guard=_INDEX),
    glsl("runtime arrays", "types", "an unsized array last in a buffer",
         r"\[\s*\]\s*;", "result = data[0];",
         decls="layout(std430, binding = 1) buffer Data { int data[]; };",
         hazard="index out of range", guard=("buffer_values.py", "runtime_array_lengths")),
    glsl("length()", "types", "the .length() of an array", r"\.\s*length\s*\(\s*\)",
         "int a[3]; result = a.length();"),
    glsl("structs", "types", "user structs", r"\bstruct\s+\w+",
         "S s = S(1, 2.0); result = s.a;", decls="struct S { int a; float b; };"),
    glsl("array constructors", "types", "T[N](...) values",
         r"\b\w+\s*\[\s*\d*\s*\]\s*\(", "int a[2] = int[](4, 5); result = a[1];"),
    glsl("initialiser lists", "types", "{ ... } initialisers", r"=\s*\{",
         "int a[2] = { 4, 5 }; result = a[1];"),
    glsl("implicit conversions", "types", "int to float where GLSL converts implicitly",
         r"\bfloat\s+\w+\s*=\s*-?\d+\s*;", "float f = 3; result = int(f);"),
    # Qualifiers.
    glsl("const", "qualifiers", "const variables", r"\bconst\b",
         "const int c = 3; result = c;"),
    glsl("uninitialised variables", "qualifiers", "a declaration without a value",
         r"\b" + _SCALAR_TYPES + r"\s+\w+\s*;", "int x; x = 2; result = x;",
         hazard="read before written", guard=("initialise.py", "default")),
    glsl("precise", "qualifiers", "precise", r"\bprecise\b",
         "precise float f = 2.0 * 3.0; result = int(f);"),
    glsl("invariant", "qualifiers", "invariant outputs", r"\binvariant\b",
         "color = vec4(1.0);", decls="invariant layout(location = 0) out vec4 color;",
         stage="fragment-bare"),
    glsl("flat", "qualifiers", "flat inputs and outputs", r"\bflat\b", "color = vec4(v);",
         decls="layout(location = 0) flat in int v;", stage=_FRAG),
    glsl("smooth", "qualifiers", "smooth inputs", r"\bsmooth\b", "color = vec4(v);",
         decls="layout(location = 0) smooth in float v;", stage=_FRAG),
    glsl("noperspective", "qualifiers", "noperspective inputs", r"\bnoperspective\b",
         "color = vec4(v);", decls="layout(location = 0) noperspective in float v;",
         stage=_FRAG),
    glsl("centroid and sample", "qualifiers", "centroid and sample inputs",
         r"\b(?:centroid|sample)\s+(?:flat\s+|smooth\s+)?in\b", "color = vec4(v);",
         decls="layout(location = 0) centroid in float v;", stage=_FRAG),
    glsl("highp", "qualifiers", "highp", r"\bhighp\b", "highp int x = 3; result = x;"),
    glsl("mediump", "qualifiers", "mediump (relaxed precision)", r"\bmediump\b",
         "mediump float f = 2.0; result = int(f);", hazard="relaxed precision"),
    glsl("lowp", "qualifiers", "lowp (relaxed precision)", r"\blowp\b",
         "lowp float f = 2.0; result = int(f);", hazard="relaxed precision"),
    glsl("precision statements", "qualifiers", "precision mediump float; and the like",
         r"\bprecision\s+(?:highp|mediump|lowp)\s+\w+\s*;",
         "float f = 2.0; result = int(f);", decls="precision mediump float;"),
    glsl("coherent", "qualifiers", "coherent buffers and images", r"\bcoherent\b",
         "cdata[0] = 1; result = cdata[0];",
         decls="layout(std430, binding = 1) coherent buffer C { int cdata[4]; };"),
    glsl("volatile", "qualifiers", "volatile buffers and images", r"\bvolatile\b",
         "vdata[0] = 1; result = vdata[0];",
         decls="layout(std430, binding = 1) volatile buffer V { int vdata[4]; };"),
    glsl("restrict", "qualifiers", "restrict buffers and images", r"\brestrict\b",
         "rdata[0] = 1; result = rdata[0];",
         decls="layout(std430, binding = 1) restrict buffer R { int rdata[4]; };"),
    glsl("readonly", "qualifiers", "readonly buffers and images", r"\breadonly\b",
         "result = rdata[0];",
         decls="layout(std430, binding = 1) readonly buffer R { int rdata[4]; };"),
    glsl("writeonly", "qualifiers", "writeonly buffers and images", r"\bwriteonly\b",
         "wdata[0] = 1; result = 1;",
         decls="layout(std430, binding = 1) writeonly buffer W { int wdata[4]; };",
         hazard="a read is a compile error", guard=("writeonly_reads.py", "writeonly")),
    glsl("shared", "qualifiers", "shared variables of a work group", r"\bshared\b",
         "s[0] = 2; barrier(); result = s[0];", decls="shared int s[4];",
         hazard="data race (the generator avoids it by construction)"),
    # Interface.
    glsl("storage buffers", "interface", "SSBOs", r"\bbuffer\s+\w+\s*\{", "result = 1;"),
    glsl("uniform blocks", "interface", "UBOs", r"\buniform\s+\w+\s*\{", "result = u;",
         decls="layout(std140, binding = 1) uniform U { int u; };"),
    glsl("plain uniforms", "interface", "uniforms outside a block",
         r"\buniform\s+(?:(?:highp|mediump|lowp)\s+)?" + _SCALAR_TYPES + r"\s+\w",
         "result = u;", decls="layout(location = 0) uniform int u;"),
    glsl("std140 and std430", "interface", "explicit block layouts", r"\bstd(?:140|430)\b",
         "result = 1;"),
    glsl("scalar block layout", "interface", "GL_EXT_scalar_block_layout",
         r"\blayout\s*\([^)]*\bscalar\b", "result = int(s.v.x);",
         decls="layout(scalar, binding = 1) buffer S { vec3 v; } s;",
         extensions=("GL_EXT_scalar_block_layout",)),
    glsl("push constants", "interface", "layout(push_constant) blocks", r"\bpush_constant\b",
         "result = pc.k;", decls="layout(push_constant) uniform P { int k; } pc;"),
    glsl("specialization constants", "interface", "layout(constant_id) constants",
         r"\bconstant_id\b", "result = K;", decls="layout(constant_id = 0) const int K = 3;"),
    glsl("instance names", "interface", "a block with an instance name",
         r"\b(?:buffer|uniform)\s+\w+\s*\{[^}]*\}\s*\w+\s*(?:\[[^\]]*\])?\s*;",
         "b.x = 2; result = b.x;",
         decls="layout(std430, binding = 1) buffer B { int x; } b;"),
    glsl("arrays of blocks", "interface", "an array of buffer or uniform blocks",
         r"\b(?:buffer|uniform)\s+\w+\s*\{[^}]*\}\s*\w+\s*\[", "result = b[1].x;",
         decls="layout(std430, binding = 1) buffer B { int x; } b[2];"),
    glsl("multiple outputs", "interface", "several fragment outputs",
         r"\blayout\s*\(\s*location\s*=\s*[1-9]\d*\s*\)\s*out\b",
         "color = vec4(1.0); other = vec4(0.0);",
         decls="layout(location = 1) out vec4 other;", stage=_FRAG),
    glsl("interface blocks", "interface", "in/out blocks between stages",
         r"\b(?:in|out)\s+\w+\s*\{", "color = vec4(v.f);",
         decls="layout(location = 0) in V { float f; } v;", stage=_FRAG),
    glsl("samplers", "interface", "combined image samplers",
         r"\b[iu]?sampler(?:[123]D|Cube|2DRect|Buffer|[12]DArray|2DMS|CubeArray)\w*\b",
         "result = int(texelFetch(tex, ivec2(0), 0).x);", decls=_TEXTURE),
    glsl("shadow samplers", "interface", "depth-comparison samplers", r"\bsampler\w*Shadow\b",
         "result = int(texture(shadow, vec3(0.5)));",
         decls="layout(binding = 1) uniform sampler2DShadow shadow;"),
    glsl("separate textures and samplers", "interface", "texture2D and sampler (Vulkan)",
         r"\b[iu]?texture(?:[123]D|Cube|2DArray|Buffer)\b(?!\s*\()|\bsampler\s+\w",
         "result = int(texelFetch(sampler2D(t, s), ivec2(0), 0).x);",
         decls="layout(binding = 1) uniform texture2D t;\nlayout(binding = 2) uniform sampler s;"),
    glsl("images", "interface", "storage images", r"\b[iu]?image(?:[123]D|Cube|2DRect|Buffer|"
         r"[12]DArray|2DMS)\w*\b", "result = int(imageLoad(img, ivec2(0)).x);", decls=_IMAGE,
         hazard="coordinates out of range", guard=("texture_coordinates.py", "image")),
    glsl("atomic counters", "interface", "atomic_uint", r"\batomic_uint\b",
         "result = int(atomicCounterIncrement(counter));",
         decls="layout(binding = 1, offset = 0) uniform atomic_uint counter;"),
    glsl("subpass inputs", "interface", "input attachments", r"\bsubpassInput\w*\b",
         "color = subpassLoad(att);",
         decls="layout(input_attachment_index = 0, binding = 1) uniform subpassInput att;",
         stage=_FRAG),
    glsl("work group size", "interface", "layout(local_size_x ...) in", r"\blocal_size_[xyz]\b",
         "result = 1;"),
    # Control flow.
    glsl("if", "control flow", "if statements", r"\bif\s*\(", "if (result > 0) result = 2;"),
    glsl("else", "control flow", "else branches", r"\belse\b",
         "if (result > 0) result = 2; else result = 3;"),
    glsl("ternary", "control flow", "the ?: operator", r"\?[^:;?]*:",
         "result = result > 0 ? 1 : 2;"),
    glsl("switch", "control flow", "switch statements", r"\bswitch\s*\(",
         "switch (result) { case 0: result = 4; break; default: result = 5; }"),
    glsl("switch fall-through", "control flow", "a case that runs on into the next",
         has_fallthrough,
         "switch (result) { case 0: result = 4; case 1: result += 1; break; default: break; }"),
    glsl("switch default", "control flow", "a default label", r"\bdefault\s*:",
         "switch (result) { default: result = 5; }"),
    glsl("for", "control flow", "for loops", r"\bfor\s*\(",
         "for (int i = 0; i < 3; i++) result += i;", hazard="no termination", guard=_LOOPS),
    glsl("while", "control flow", "while loops", r"(?:^|[;{)]|\belse)\s*while\s*\(",
         "int i = 0; while (i < 3) i++; result = i;", hazard="no termination", guard=_LOOPS),
    glsl("do-while", "control flow", "do-while loops", r"\bdo\s*\{|\bdo\s+\w",
         "int i = 0; do { i++; } while (i < 3); result = i;", hazard="no termination",
         guard=_LOOPS),
    glsl("break", "control flow", "break", r"\bbreak\s*;",
         "for (int i = 0; i < 9; i++) { if (i == 2) break; result = i; }"),
    glsl("continue", "control flow", "continue", r"\bcontinue\s*;",
         "for (int i = 0; i < 3; i++) { if (i == 1) continue; result += i; }"),
    glsl("return", "control flow", "return", r"\breturn\b", "result = 1; return;"),
    glsl("discard", "control flow", "discard", r"\bdiscard\s*;",
         "if (gl_FragCoord.x > 100.0) discard; color = vec4(1.0);", stage=_FRAG),
    glsl("demote", "control flow", "demote to a helper invocation",
         r"\bdemote\b|\bdemoteToHelperInvocation\b|\bhelperInvocationEXT\b",
         "if (gl_FragCoord.x > 100.0) demote; color = vec4(1.0);", stage=_FRAG,
         extensions=("GL_EXT_demote_to_helper_invocation",)),
    glsl("terminateInvocation", "control flow", "GL_EXT_terminate_invocation",
         r"\bterminateInvocation\b", "if (gl_FragCoord.x > 100.0) terminateInvocation; "
         "color = vec4(1.0);", stage=_FRAG, extensions=("GL_EXT_terminate_invocation",)),
    glsl("[[unroll]] and [[dont_unroll]]", "control flow", "loop control attributes",
         r"\[\[\s*(?:dont_)?unroll\s*\]\]",
         "[[unroll]] for (int i = 0; i < 3; i++) result += i;",
         extensions=("GL_EXT_control_flow_attributes",)),
    glsl("[[flatten]] and [[branch]]", "control flow", "selection control attributes",
         r"\[\[\s*(?:flatten|dont_flatten|branch)\s*\]\]",
         "[[flatten]] if (result > 0) result = 2;",
         extensions=("GL_EXT_control_flow_attributes",)),
    glsl("loop dependency attributes", "control flow", "[[dependency_infinite]] and the like",
         r"\[\[\s*(?:dependency_\w+|min_iterations|max_iterations|iteration_multiple|"
         r"peel_count|partial_count)", "[[dependency_infinite]] for (int i = 0; i < 3; i++) "
         "result += i;", extensions=("GL_EXT_control_flow_attributes",)),
    # Operators.
    glsl("integer division", "operators", "/ and % on integers", r"%|\bint\b[^;]*/",
         "result = (result + 7) / 2 % 3;", hazard="division by zero, INT_MIN / -1",
         guard=_INT_DIV),
    glsl("shifts", "operators", "<< and >>", r"<<|>>",
         "result = (result + 1) << 2 >> 1;", hazard="negative amount or 32 and more",
         guard=("wrappers/integer.py", "BinaryOp.SHL: SHL")),
    glsl("bitwise operators", "operators", "& | ^ ~", r"[^&]&[^&]|[^|]\|[^|]|[^\^]\^[^\^]|~",
         "result = (result | 6) & ~1 ^ 3;"),
    glsl("increments", "operators", "++ and --", r"\+\+|--", "result++; --result;"),
    glsl("compound assignment", "operators", "+= -= *= /= and the like",
         r"(?:[-+*/%&|^]|<<|>>)=", "result += 2; result *= 3;"),
    glsl("logical xor", "operators", "^^", r"\^\^", "result = (result > 0 ^^ true) ? 1 : 0;"),
    glsl("comma operator", "operators", "a, b as an expression",
         r"\bfor\s*\([^;]*;[^;]*;[^)]*,[^)]*\)", "int i, j; for (i = 0, j = 0; i < 2; i++, j++) "
         "result += j;"),
    # Functions.
    glsl("user functions", "functions", "functions besides main",
         lambda text: any(n != "main" for n in _function_names(text)),
         "result = f(2);", decls="int f(int x) { return x + 1; }"),
    glsl("in parameters", "functions", "explicit in parameters", r"[(,]\s*(?:const\s+)?in\s+\w",
         "result = f(2);", decls="int f(in int x) { return x + 1; }"),
    glsl("out parameters", "functions", "out parameters", r"[(,]\s*out\s+\w",
         "int y; f(y); result = y;", decls="void f(out int x) { x = 2; }",
         hazard="an out parameter never written", guard=("initialise.py", "OUT")),
    glsl("inout parameters", "functions", "inout parameters", r"[(,]\s*inout\s+\w",
         "int y = 1; f(y); result = y;", decls="void f(inout int x) { x += 2; }",
         hazard="aliased arguments", guard=("evaluation_order.py", "alias")),
    glsl("const parameters", "functions", "const in parameters", r"[(,]\s*const\s+(?:in\s+)?\w",
         "result = f(2);", decls="int f(const int x) { return x + 1; }"),
    glsl("prototypes", "functions", "a function declared before it is defined",
         r"^\s*(?!return\b)\w+\s+\w+\s*\([^;{}()]*\)\s*;",
         "result = f(2);", decls="int f(int x);\nint f(int x) { return x + 1; }"),
    glsl("overloads", "functions", "two functions of one name", has_overloads,
         "result = f(2) + int(f(2.0));",
         decls="int f(int x) { return x; }\nfloat f(float x) { return x; }"),
    glsl("recursion", "functions", "a function calling itself (a compile error)", has_recursion,
         "result = f(2);", decls="int f(int x) { return x > 0 ? f(x - 1) : 0; }",
         hazard="forbidden: a compile error"),
    # Built-in functions.
    glsl("angle and trigonometry", "built-ins", "radians, sin, cos, tan, asin ... atanh",
         _calls("radians", "degrees", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh",
                "tanh", "asinh", "acosh", "atanh"), "result = int(sin(0.0));", hazard=_INEXACT),
    glsl("exponential", "built-ins", "pow, exp, log, exp2, log2, sqrt, inversesqrt",
         _calls("pow", "exp", "log", "exp2", "log2", "sqrt", "inversesqrt"),
         "result = int(sqrt(4.0));", hazard="undefined for some arguments; inexact"),
    glsl("abs and sign", "built-ins", "abs, sign", _calls("abs", "sign"),
         "result = abs(result - 3) + sign(result);", hazard="abs(INT_MIN)",
         guard=("wrappers/integer.py", '"ABS"')),
    glsl("min, max, clamp", "built-ins", "min, max, clamp", _calls("min", "max", "clamp"),
         "result = clamp(max(min(result, 4), 1), 0, 3);", hazard="clamp with lo > hi",
         guard=("integer_wrappers.py", '"clamp"')),
    glsl("rounding", "built-ins", "floor, ceil, trunc, round, roundEven, fract, mod, modf",
         _calls("floor", "ceil", "trunc", "round", "roundEven", "fract", "mod", "modf"),
         "result = int(floor(2.5) + ceil(0.5));"),
    glsl("mix, step, smoothstep", "built-ins", "interpolation", _calls("mix", "step", "smoothstep"),
         "result = int(mix(0.0, 4.0, 0.5) + step(1.0, 2.0));", hazard=_INEXACT),
    glsl("isnan and isinf", "built-ins", "isnan, isinf", _calls("isnan", "isinf"),
         "result = isnan(1.0) ? 1 : 2;"),
    glsl("float bit casts", "built-ins", "floatBitsToInt/Uint, intBitsToFloat, uintBitsToFloat",
         _calls("floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat"),
         "result = floatBitsToInt(1.0);", hazard="NaN and infinity bit patterns"),
    glsl("fma", "built-ins", "fused multiply-add", _calls("fma"),
         "result = int(fma(2.0, 3.0, 1.0));", hazard="fused or not: inexact"),
    glsl("frexp and ldexp", "built-ins", "frexp, ldexp", _calls("frexp", "ldexp"),
         "int e; float m = frexp(8.0, e); result = e + int(ldexp(m, 1));",
         hazard="ldexp: an exponent above 128, a result too large; frexp: a mantissa outside S",
         guard=("wrappers/floating.py", '"LDEXP"')),
    glsl("dot", "built-ins", "dot products", _calls("dot"),
         "result = int(dot(vec2(1.0, 2.0), vec2(3.0)));", hazard=_INEXACT,
         guard=("wrappers/floating.py", '"DOT"')),
    glsl("cross", "built-ins", "cross products", _calls("cross"),
         "result = int(cross(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0)).z);", hazard=_INEXACT,
         guard=("wrappers/floating.py", '"CROSS"')),
    glsl("length, distance, normalize", "built-ins", "geometric measures",
         _calls("length", "distance", "normalize"), "result = int(length(vec2(3.0, 4.0)));",
         hazard=_INEXACT),
    glsl("faceforward, reflect, refract", "built-ins", "geometric directions",
         _calls("faceforward", "reflect", "refract"),
         "result = int(reflect(vec2(1.0, 0.0), vec2(0.0, 1.0)).x);", hazard=_INEXACT),
    glsl("matrixCompMult", "built-ins", "componentwise matrix product", _calls("matrixCompMult"),
         "result = int(matrixCompMult(mat2(2.0), mat2(3.0))[0][0]);"),
    glsl("outerProduct", "built-ins", "outer product", _calls("outerProduct"),
         "result = int(outerProduct(vec2(2.0), vec2(3.0))[0][0]);"),
    glsl("transpose", "built-ins", "transpose", _calls("transpose"),
         "result = int(transpose(mat2(2.0))[0][0]);"),
    glsl("determinant", "built-ins", "determinant", _calls("determinant"),
         "result = int(determinant(mat2(2.0)));", hazard=_INEXACT,
         guard=("wrappers/floating.py", '"DETERMINANT"')),
    glsl("inverse", "built-ins", "matrix inverse", _calls("inverse"),
         "result = int(inverse(mat2(2.0))[0][0] * 2.0);", hazard="singular matrix; inexact"),
    glsl("vector relational", "built-ins", "lessThan ... notEqual, any, all, not",
         _calls("lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual", "equal",
                "notEqual", "any", "all", "not"),
         "result = any(lessThan(ivec2(1, 2), ivec2(2))) ? 1 : 0;"),
    glsl("carries and extended products", "built-ins",
         "uaddCarry, usubBorrow, umulExtended, imulExtended",
         _calls("uaddCarry", "usubBorrow", "umulExtended", "imulExtended"),
         "uint c; uint s = uaddCarry(4294967295u, 2u, c); result = int(s + c);"),
    glsl("bitfieldExtract and bitfieldInsert", "built-ins", "bit fields",
         _calls("bitfieldExtract", "bitfieldInsert"), "result = bitfieldExtract(result, 1, 2);",
         hazard="offset + bits > 32", guard=("integer_wrappers.py", '"bitfieldExtract"')),
    glsl("bitfieldReverse", "built-ins", "bit reversal", _calls("bitfieldReverse"),
         "result = bitfieldReverse(result);"),
    glsl("bitCount", "built-ins", "population count", _calls("bitCount"),
         "result = bitCount(result);"),
    glsl("findLSB and findMSB", "built-ins", "lowest and highest set bit",
         _calls("findLSB", "findMSB"), "result = findLSB(result) + findMSB(result);"),
    glsl("unorm and snorm packing", "built-ins", "pack/unpack(U|S)norm2x16 and 4x8",
         _calls("packUnorm2x16", "packSnorm2x16", "packUnorm4x8", "packSnorm4x8",
                "unpackUnorm2x16", "unpackSnorm2x16", "unpackUnorm4x8", "unpackSnorm4x8"),
         "result = int(packUnorm4x8(vec4(1.0)) & 255u);"),
    glsl("half packing", "built-ins", "packHalf2x16, unpackHalf2x16",
         _calls("packHalf2x16", "unpackHalf2x16"), "result = int(packHalf2x16(vec2(1.0)));",
         hazard="a magnitude above 2048, which binary16 rounds",
         guard=("wrappers/floating.py", '"HALF_PACK"')),
    glsl("double packing", "built-ins", "packDouble2x32, unpackDouble2x32",
         _calls("packDouble2x32", "unpackDouble2x32"),
         "result = int(unpackDouble2x32(1.0lf).y);"),
    glsl("derivatives", "built-ins", "dFdx, dFdy, fwidth and their Fine/Coarse forms",
         r"\b(?:dFd[xy]|fwidth)(?:Fine|Coarse)?\s*\(", "color = vec4(dFdx(gl_FragCoord.x));",
         stage=_FRAG, hazard="undefined in non-uniform control flow"),
    glsl("interpolation functions", "built-ins", "interpolateAtCentroid/Sample/Offset",
         _calls("interpolateAtCentroid", "interpolateAtSample", "interpolateAtOffset"),
         "color = vec4(interpolateAtCentroid(v));", decls="layout(location = 0) in float v;",
         stage=_FRAG),
    glsl("texelFetch", "built-ins", "texel fetches", _calls("texelFetch", "texelFetchOffset"),
         "result = int(texelFetch(tex, ivec2(0), 0).x);", decls=_TEXTURE,
         hazard="coordinates out of range", guard=("texture_coordinates.py", "texelFetch")),
    glsl("texture sampling", "built-ins", "texture, textureLod and their Offset forms",
         _calls("texture", "textureLod", "textureOffset", "textureLodOffset", "texture2D"),
         "result = int(textureLod(tex, vec2(0.5), 0.0).x);", decls=_TEXTURE, hazard=_INEXACT),
    glsl("textureGrad and textureProj", "built-ins", "explicit gradients, projective lookups",
         r"\btexture(?:Grad|Proj)\w*\s*\(",
         "result = int(textureGrad(tex, vec2(0.5), vec2(0.0), vec2(0.0)).x);", decls=_TEXTURE),
    glsl("textureGather", "built-ins", "four-texel gathers", r"\btextureGather\w*\s*\(",
         "result = int(textureGather(tex, vec2(0.5)).x);", decls=_TEXTURE),
    glsl("texture queries", "built-ins", "textureSize, textureQueryLevels/Lod, textureSamples",
         _calls("textureSize", "textureQueryLevels", "textureQueryLod", "textureSamples"),
         "result = textureSize(tex, 0).x;", decls=_TEXTURE),
    glsl("imageLoad and imageStore", "built-ins", "image reads and writes",
         _calls("imageLoad", "imageStore"),
         "imageStore(img, ivec2(0), uvec4(2u)); result = int(imageLoad(img, ivec2(0)).x);",
         decls=_IMAGE, hazard="coordinates out of range",
         guard=("texture_coordinates.py", "imageLoad")),
    glsl("imageSize", "built-ins", "image size queries", _calls("imageSize", "imageSamples"),
         "result = imageSize(img).x;", decls=_IMAGE),
    glsl("image atomics", "built-ins", "imageAtomicAdd ... imageAtomicCompSwap",
         r"\bimageAtomic\w+\s*\(", "result = int(imageAtomicAdd(img, ivec2(0), 1u));",
         decls=_IMAGE, hazard="coordinates out of range",
         guard=("texture_coordinates.py", "ORDER_INDEPENDENT_IMAGE_ATOMICS")),
    glsl("atomic memory functions", "built-ins", "atomicAdd/Min/Max/And/Or/Xor",
         _calls("atomicAdd", "atomicMin", "atomicMax", "atomicAnd", "atomicOr", "atomicXor"),
         "atomicAdd(result, 2);"),
    glsl("atomicExchange and atomicCompSwap", "built-ins", "order-dependent atomics",
         _calls("atomicExchange", "atomicCompSwap"), "atomicExchange(result, 2);",
         hazard="results depend on the order of invocations"),
    glsl("atomic counter functions", "built-ins", "atomicCounterIncrement and the like",
         r"\batomicCounter\w*\s*\(", "result = int(atomicCounter(counter));",
         decls="layout(binding = 1, offset = 0) uniform atomic_uint counter;"),
    glsl("barrier", "built-ins", "barrier()", _calls("barrier"), "barrier(); result = 1;",
         hazard="divergent barrier", guard=("barriers.py", "remove_divergent_barriers")),
    glsl("memory barriers", "built-ins", "memoryBarrier*, groupMemoryBarrier",
         r"\b(?:memoryBarrier\w*|groupMemoryBarrier)\s*\(", "memoryBarrier(); result = 1;"),
    glsl("anyInvocation and allInvocations", "built-ins", "GLSL 4.60's votes",
         _calls("anyInvocation", "allInvocations", "allInvocationsEqual"),
         "result = anyInvocation(result > 0) ? 1 : 0;", version=460),
    glsl("subgroup basic", "built-ins", "subgroupElect, subgroupBarrier",
         _calls("subgroupElect", "subgroupBarrier", r"subgroupMemoryBarrier\w*"),
         "result = subgroupElect() ? 1 : 0;", extensions=_SUBGROUP),
    glsl("subgroup vote", "built-ins", "subgroupAll, subgroupAny, subgroupAllEqual",
         _calls("subgroupAll", "subgroupAny", "subgroupAllEqual"),
         "result = subgroupAny(result > 0) ? 1 : 0;",
         extensions=("GL_KHR_shader_subgroup_vote",)),
    glsl("subgroup arithmetic", "built-ins", "subgroup(Inclusive|Exclusive)Add ... Xor",
         r"\bsubgroup(?:Inclusive|Exclusive)?(?:Add|Mul|Min|Max|And|Or|Xor)\s*\(",
         "result = subgroupAdd(result);", extensions=("GL_KHR_shader_subgroup_arithmetic",),
         hazard="depends on the subgroup size (a run parameter)"),
    glsl("subgroup ballot", "built-ins", "subgroupBallot*, subgroupBroadcast*",
         r"\bsubgroup(?:Ballot\w*|Broadcast\w*|InverseBallot)\s*\(",
         "result = int(subgroupBallotBitCount(subgroupBallot(true)));",
         extensions=("GL_KHR_shader_subgroup_ballot",),
         hazard="depends on the subgroup size (a run parameter)"),
    glsl("subgroup shuffle", "built-ins", "subgroupShuffle, subgroupShuffleXor",
         _calls("subgroupShuffle", "subgroupShuffleXor"),
         "result = subgroupShuffleXor(result, 1u);",
         extensions=("GL_KHR_shader_subgroup_shuffle",)),
    glsl("subgroup shuffle relative", "built-ins", "subgroupShuffleUp, subgroupShuffleDown",
         _calls("subgroupShuffleUp", "subgroupShuffleDown"),
         "result = subgroupShuffleDown(result, 1u);",
         extensions=("GL_KHR_shader_subgroup_shuffle_relative",)),
    glsl("subgroup clustered", "built-ins", "subgroupClusteredAdd ... Xor",
         r"\bsubgroupClustered\w+\s*\(", "result = subgroupClusteredAdd(result, 2u);",
         extensions=("GL_KHR_shader_subgroup_clustered",)),
    glsl("subgroup quad", "built-ins", "subgroupQuadBroadcast, subgroupQuadSwap*",
         r"\bsubgroupQuad\w+\s*\(", "result = subgroupQuadSwapHorizontal(result);",
         extensions=("GL_KHR_shader_subgroup_quad",)),
    glsl("shader clock", "built-ins", "clockARB, clockRealtimeEXT",
         _calls("clockARB", "clock2x32ARB", "clockRealtimeEXT", "clockRealtime2x32EXT"),
         "result = int(clock2x32ARB().x & 0u);", extensions=("GL_ARB_shader_clock",),
         hazard="a time: differs between runs"),
    # Built-in variables.
    glsl("invocation ids", "built-in variables",
         "gl_GlobalInvocationID, gl_LocalInvocationID/Index, gl_WorkGroupID",
         r"\bgl_(?:GlobalInvocationID|LocalInvocationID|LocalInvocationIndex|WorkGroupID)\b",
         "result = int(gl_GlobalInvocationID.x);"),
    glsl("work group counts", "built-in variables", "gl_NumWorkGroups, gl_WorkGroupSize",
         r"\bgl_(?:NumWorkGroups|WorkGroupSize)\b", "result = int(gl_NumWorkGroups.x);"),
    glsl("gl_FragCoord", "built-in variables", "the fragment's position", r"\bgl_FragCoord\b",
         "color = vec4(gl_FragCoord.x);", stage=_FRAG),
    glsl("gl_FrontFacing and gl_PointCoord", "built-in variables", "facing, point sprites",
         r"\bgl_(?:FrontFacing|PointCoord)\b", "color = vec4(gl_FrontFacing ? 1.0 : 0.0);",
         stage=_FRAG),
    glsl("gl_FragDepth", "built-in variables", "a written depth", r"\bgl_FragDepth\b",
         "gl_FragDepth = 0.5; color = vec4(1.0);", stage=_FRAG),
    glsl("sample variables", "built-in variables", "gl_SampleID, gl_SamplePosition, gl_SampleMask",
         r"\bgl_Sample\w+\b", "color = vec4(float(gl_SampleID));", stage=_FRAG),
    glsl("gl_HelperInvocation", "built-in variables", "helper invocations",
         r"\bgl_HelperInvocation\b", "color = vec4(gl_HelperInvocation ? 0.0 : 1.0);",
         stage=_FRAG),
    glsl("subgroup variables", "built-in variables", "gl_SubgroupSize, gl_SubgroupInvocationID",
         r"\bgl_Subgroup\w+\b", "result = int(gl_SubgroupSize);", extensions=_SUBGROUP),
    glsl("vertex variables", "built-in variables", "gl_VertexIndex/ID, gl_InstanceIndex/ID",
         r"\bgl_(?:VertexIndex|VertexID|InstanceIndex|InstanceID)\b",
         "gl_Position = vec4(float(gl_VertexIndex));", stage="vertex"),
    glsl("gl_Position", "built-in variables", "the vertex position", r"\bgl_Position\b",
         "gl_Position = vec4(0.0);", stage="vertex"),
    # The preprocessor.
    glsl("#define", "preprocessor", "object-like macros", r"^\s*#\s*define\s+\w+(?!\()",
         "result = K;", decls="#define K 3"),
    glsl("#define with arguments", "preprocessor", "function-like macros",
         r"^\s*#\s*define\s+\w+\(", "result = TWICE(2);", decls="#define TWICE(x) ((x) * 2)"),
    glsl("#if and #elif", "preprocessor", "conditional compilation on an expression",
         r"^\s*#\s*(?:if|elif)\b", "result = K;", decls="#if 1 + 1 == 2\n#define K 2\n"
         "#else\n#define K 3\n#endif"),
    glsl("#ifdef and #ifndef", "preprocessor", "conditional compilation on a name",
         r"^\s*#\s*if(?:n?def)\b", "result = K;", decls="#ifndef K\n#define K 2\n#endif"),
    glsl("#undef", "preprocessor", "#undef", r"^\s*#\s*undef\b", "result = 2;",
         decls="#define K 3\n#undef K"),
    glsl("token pasting", "preprocessor", "## in a macro", r"##",
         "int ab = 2; result = CAT(a, b);", decls="#define CAT(x, y) x ## y"),
    glsl("predefined macros", "preprocessor", "__LINE__, __FILE__, __VERSION__",
         r"\b__(?:LINE|FILE|VERSION)__\b", "result = __LINE__;"),
    glsl("#line, #pragma, #error", "preprocessor", "the other directives",
         r"^\s*#\s*(?:line|pragma|error)\b", "result = 2;", decls="#pragma optimize(on)"),
    glsl("#extension", "preprocessor", "extension directives", r"^\s*#\s*extension\b",
         "result = 2;", extensions=("GL_EXT_control_flow_attributes",)),
    # Vulkan GLSL extensions beyond the above.
    glsl("buffer references", "extensions", "GL_EXT_buffer_reference pointers",
         r"\bbuffer_reference\b", "result = r.x;",
         # The spelling the generator writes (generate/buffer_references.py).
         decls="layout(buffer_reference, std430, buffer_reference_align = 16) buffer B_ref"
         " { int x; };\nlayout(std430, binding = 2) readonly buffer B { B_ref r; };",
         extensions=("GL_EXT_buffer_reference",)),
    glsl("16-bit storage", "extensions", "16-bit types in buffers (GL_EXT_shader_16bit_storage)",
         r"\bGL_EXT_shader_16bit_storage\b", "result = int(h16);",
         decls="layout(std430, binding = 1) buffer H { int16_t h16; };",
         extensions=("GL_EXT_shader_16bit_storage", *_I16)),
    glsl("narrow push constants", "extensions",
         "16- and 8-bit push-constant fields (storagePushConstant16/8)",
         r"layout\s*\(\s*push_constant\s*\)\s*uniform\s+\w+\s*\{[^}]*"
         r"\b(?:u?int(?:8|16)_t|[iu](?:8|16)vec[234]|float16_t|f16vec[234])\b",
         "result = int(p16);", decls="layout(push_constant) uniform P16 { int16_t p16; };",
         extensions=("GL_EXT_shader_16bit_storage", *_I16)),
    glsl("8-bit storage", "extensions", "8-bit types in buffers (GL_EXT_shader_8bit_storage)",
         r"\bGL_EXT_shader_8bit_storage\b", "result = int(b8);",
         decls="layout(std430, binding = 1) buffer B8 { int8_t b8; };",
         extensions=("GL_EXT_shader_8bit_storage", *_I8)),
    glsl("non-uniform indexing", "extensions", "nonuniformEXT (descriptor indexing)",
         r"\bnonuniformEXT\b", "result = int(texelFetch(texs[nonuniformEXT(result & 1)], "
         "ivec2(0), 0).x);", decls="layout(binding = 1) uniform sampler2D texs[2];",
         extensions=("GL_EXT_nonuniform_qualifier",)),
    glsl("null initialisers", "extensions", "{} initialisers (GL_EXT_null_initializer)",
         r"=\s*\{\s*\}", "int a[2] = {}; result = a[1];",
         extensions=("GL_EXT_null_initializer",)),
    glsl("expect and assume", "extensions", "GL_EXT_expect_assume",
         _calls("subgroupExpect", "expectEXT", "assumeEXT"), "assumeEXT(true); result = 1;",
         extensions=("GL_EXT_expect_assume",)),
)

WGSL_FEATURES: tuple[Feature, ...] = (
    wgsl("bool", "types", "bool and vecN<bool>", r"\bbool\b", twin="bool", marker='"bool"'),
    wgsl("i32", "types", "i32 and vecN<i32>", r"\bi32\b|\bvec[234]i\b", twin="int", marker="i32"),
    wgsl("u32", "types", "u32 and vecN<u32>", r"\bu32\b|\bvec[234]u\b", twin="uint",
         marker="u32"),
    wgsl("f32", "types", "f32 and vecN<f32>", r"\bf32\b|\bvec[234]f\b", twin="float",
         marker="f32", hazard=_INEXACT, guard=("exact_floats.py", "wgsl_float_rewrite")),
    wgsl("f16", "types", "f16 (enable f16;)", r"\bf16\b|\bvec[234]h\b|\benable\s+f16\b",
         twin="float16", marker="f16", hazard=_INEXACT,
         guard=("exact_floats.py", "wgsl_float_rewrite")),
    wgsl("vectors", "types", "vecN<T>", r"\bvec[234]\s*<|\bvec[234][ifuh]\b", twin="vectors",
         marker="vec"),
    wgsl("square matrices", "types", "matNxN<f32>", r"\bmat([234])x\1\b", twin="square matrices",
         marker="mat", hazard=_INEXACT, guard=("exact_floats.py", "wgsl_float_rewrite")),
    wgsl("non-square matrices", "types", "matNxM<f32>, N != M", r"\bmat(?:2x[34]|3x[24]|4x[23])\b",
         twin="non-square matrices", marker="mat"),
    wgsl("arrays", "types", "array<T, N>", r"\barray\s*<[^<>]*(?:<[^<>]*>[^<>]*)?,",
         twin="arrays", marker="array<", hazard="index out of range", guard=_INDEX),
    wgsl("arrays of arrays", "types", "array<array<T, N>, M>", r"\barray\s*<\s*array\b",
         twin="arrays of arrays", marker="array<"),
    wgsl("runtime arrays", "types", "array<T> last in a storage buffer",
         r"\barray\s*<\s*\w+(?:<[^<>]*>)?\s*>", twin="runtime arrays", marker="array<"),
    wgsl("arrayLength", "types", "arrayLength(&a)", _calls("arrayLength"), twin="length()",
         marker="arrayLength"),
    wgsl("structs", "types", "struct declarations", r"\bstruct\s+\w+", twin="structs",
         marker="struct "),
    wgsl("atomics", "types", "atomic<i32>, atomic<u32>", r"\batomic\s*<", twin="atomic memory "
         "functions", marker="atomic<"),
    wgsl("pointers", "types", "ptr<function, T> parameters", r"\bptr\s*<", twin="inout parameters",
         marker="ptr<"),
    wgsl("type aliases", "types", "alias", r"^\s*alias\s+\w+", marker="alias "),
    wgsl("let", "declarations", "immutable values", r"\blet\s+\w", twin="const", marker="let "),
    wgsl("var", "declarations", "function variables", r"\bvar\s+\w", twin="int", marker="var "),
    wgsl("const", "declarations", "const-expressions", r"\bconst\s+\w", twin="const",
         marker="const "),
    wgsl("override", "declarations", "pipeline-overridable constants", r"\boverride\s+\w",
         twin="specialization constants", marker="override "),
    wgsl("var<private>", "declarations", "module-scope private variables", r"\bvar\s*<\s*private",
         marker="var<private>"),
    wgsl("var<workgroup>", "declarations", "work group variables", r"\bvar\s*<\s*workgroup",
         twin="shared", marker="var<workgroup>"),
    wgsl("storage buffers", "declarations", "var<storage, ...>", r"\bvar\s*<\s*storage",
         twin="storage buffers", marker="var<storage"),
    wgsl("uniform buffers", "declarations", "var<uniform>", r"\bvar\s*<\s*uniform",
         twin="uniform blocks", marker="var<uniform>"),
    wgsl("var<immediate>", "declarations", "push constants (naga 29; wgpu's immediates)",
         r"\bvar\s*<\s*(?:immediate|push_constant)\b", twin="push constants",
         marker="var<immediate>"),
    wgsl("const_assert", "declarations", "compile-time assertions", r"\bconst_assert\b"),
    wgsl("builtins: compute", "built-in values", "@builtin(global/local_invocation_id ...)",
         r"@builtin\s*\(\s*(?:global_invocation_id|local_invocation_id|local_invocation_index|"
         r"workgroup_id|num_workgroups)", twin="invocation ids", marker="local_invocation_index"),
    wgsl("builtins: fragment", "built-in values", "@builtin(position), front_facing ...",
         r"@builtin\s*\(\s*(?:position|front_facing|sample_index|sample_mask|frag_depth)",
         twin="gl_FragCoord", marker="builtin(position)"),
    wgsl("builtins: subgroup", "built-in values", "subgroup_size, subgroup_invocation_id",
         r"@builtin\s*\(\s*subgroup_", twin="subgroup variables", marker="subgroup_invocation_id"),
    wgsl("builtins: vertex", "built-in values", "vertex_index, instance_index",
         r"@builtin\s*\(\s*(?:vertex_index|instance_index)", twin="vertex variables",
         marker="vertex_index"),
    wgsl("invariant", "built-in values", "@invariant on @builtin(position)", r"@invariant\b",
         twin="invariant", marker="@invariant"),
    wgsl("interpolate(flat)", "built-in values", "@interpolate(flat) varyings",
         r"@interpolate\s*\(\s*flat", twin="flat", marker="@interpolate(flat"),
    wgsl("multiple outputs", "built-in values", "a fragment result struct of @location(i)",
         r"^\s*@location\s*\(\s*[1-9]\d*\s*\)\s*\w+\s*:", twin="multiple outputs",
         marker="_FRAGMENT_OUTPUT"),
    wgsl("if", "control flow", "if and else", r"\bif\b", twin="if", marker="if "),
    wgsl("switch", "control flow", "switch with case selectors", r"\bswitch\b", twin="switch",
         marker="switch "),
    wgsl("for", "control flow", "for loops", r"\bfor\s*\(", twin="for", marker="for ("),
    wgsl("while", "control flow", "while loops", r"\bwhile\b", twin="while", marker="while "),
    wgsl("loop and continuing", "control flow", "loop { continuing { break if } }",
         r"\bcontinuing\s*\{", twin="for", marker="continuing"),
    wgsl("break if", "control flow", "break if at the end of continuing", r"\bbreak\s+if\b",
         twin="for", marker="break if"),
    wgsl("break and continue", "control flow", "break, continue", r"\b(?:break|continue)\s*;",
         twin="break", marker="break"),
    wgsl("return", "control flow", "return", r"\breturn\b", twin="return", marker="return"),
    wgsl("discard", "control flow", "discard (a demote)", r"\bdiscard\s*;", twin="discard",
         marker="discard"),
    wgsl("select", "control flow", "select(f, t, c)", _calls("select"), twin="ternary",
         marker='"select"'),
    wgsl("user functions", "functions", "fn besides the entry point",
         lambda text: len(re.findall(r"\bfn\s+\w+", text)) > 1, twin="user functions",
         marker="fn "),
    wgsl("bitcast", "built-ins", "bitcast<T>(e)", r"\bbitcast\s*<", twin="float bit casts",
         marker="bitcast"),
    wgsl("bit built-ins", "built-ins", "countOneBits, firstLeadingBit, extractBits, ...",
         _calls("countOneBits", "countLeadingZeros", "countTrailingZeros", "firstLeadingBit",
                "firstTrailingBit", "extractBits", "insertBits", "reverseBits"),
         twin="bitCount", marker="countOneBits"),
    wgsl("packing", "built-ins", "pack4x8snorm, pack2x16float, ...", r"\b(?:un)?pack[24]x\w+\s*\(",
         twin="unorm and snorm packing", marker="pack4x8"),
    wgsl("ldexp and frexp", "built-ins",
         "ldexp(f32, i32); frexp's result struct, read by a helper taking the exponent's ptr",
         _calls("ldexp", "frexp"), twin="frexp and ldexp", marker="_ss_frexp_",
         hazard="ldexp: an exponent above 128, a result too large; frexp: a mantissa outside S",
         guard=("wrappers/floating.py", '"LDEXP"')),
    wgsl("numeric built-ins", "built-ins", "abs, min, max, clamp, sign",
         _calls("abs", "min", "max", "clamp", "sign"), twin="min, max, clamp", marker='"clamp"'),
    wgsl("geometric built-ins", "built-ins", "dot, cross, length, normalize",
         _calls("dot", "cross", "length", "normalize", "distance"), twin="dot", marker='"dot"'),
    wgsl("matrix built-ins", "built-ins", "transpose, determinant",
         _calls("transpose", "determinant"), twin="determinant", marker="determinant"),
    wgsl("atomic built-ins", "built-ins", "atomicAdd ... atomicXor, atomicLoad/Store",
         r"\batomic(?:Add|Sub|Min|Max|And|Or|Xor|Load|Store|Exchange|CompareExchangeWeak)\s*\(",
         twin="atomic memory functions", marker="atomicAdd"),
    wgsl("barriers", "built-ins", "workgroupBarrier, storageBarrier",
         _calls("workgroupBarrier", "storageBarrier", "textureBarrier"), twin="barrier",
         marker="workgroupBarrier"),
    wgsl("textureLoad and textureStore", "built-ins", "texel reads and storage writes",
         _calls("textureLoad", "textureStore"), twin="imageLoad and imageStore",
         marker="textureLoad"),
    wgsl("textureSampleLevel", "built-ins", "explicit-level sampling",
         _calls("textureSampleLevel"), twin="texture sampling", marker="textureSampleLevel"),
    wgsl("textureDimensions", "built-ins", "texture size queries", _calls("textureDimensions"),
         twin="texture queries", marker="textureDimensions"),
    wgsl("derivatives", "built-ins", "dpdx, dpdy, fwidth", r"\b(?:dpd[xy]|fwidth)\w*\s*\(",
         twin="derivatives", marker="dpdx"),
    wgsl("subgroup operations", "built-ins", "subgroupAdd, subgroupBallot, ...",
         r"\bsubgroup\w+\s*\(", twin="subgroup arithmetic", marker="subgroupAdd"),
    wgsl("diagnostic", "directives", "diagnostic(off, ...) filters", r"\bdiagnostic\s*\(",
         marker="diagnostic("),
    wgsl("enable", "directives", "enable directives", r"^\s*enable\s+\w", marker="enable "),
    # WGSL has no preprocessor: `fuzz --preprocessor` (emit/preprocessor.py) leaves it alone.
    wgsl("no preprocessor", "directives", "none in WGSL: --preprocessor leaves WGSL tests alone",
         r"^\s*#", twin="#define"),
)
# fmt: on

FEATURES: tuple[Feature, ...] = GLSL_FEATURES + WGSL_FEATURES


def glsl_feature(name: str) -> Feature:
    """The GLSL row of this name (a WGSL row's twin); KeyError when there is none."""
    for feature in GLSL_FEATURES:
        if feature.name == name:
            return feature
    raise KeyError(name)
