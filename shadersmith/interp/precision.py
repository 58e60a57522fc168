"""The float precision a conforming implementation must give, as data (issue 37, item 1).

One row per operation the interpreter evaluates on float32 values: the bound, its kind and
where the specification says it. `intervals.py` reads its numbers from here, so a bound is
spelled once.

Sources, read for this table (quoted by section so a reader can check each row):
- VK-CORE / VK-GLSL: the Vulkan specification, appendix "Vulkan Environment for SPIR-V",
  section "Precision and Operation of SPIR-V Instructions" (anchor spirvenv-precision-
  operation), its subsection "Precision of Individual Operations" (spirvenv-op-prec) and
  its two tables "Precision of core SPIR-V Instructions" (VK-CORE) and "Precision of
  GLSL.std.450 Instructions" (VK-GLSL), single-precision column. Read in Vulkan-Docs
  appendices/spirvenv.adoc at commit ed4ba0242beb (2024). The sin/cos/tan/atan and the
  derived rows exist since Vulkan 1.2 (VK_KHR_shader_float16_int8); Vulkan 1.0's table
  had only the rows from fma to inversesqrt and called trigonometry "undefined precision".
- VK-ULP, VK-ROUNDED, VK-INHERITED: the definitions of "ULP", "Correctly Rounded" and
  "Inherited From ..." in that same subsection.
- VK-DENORM: the bullet list at the head of spirvenv-precision-operation.
- GLSL: the OpenGL Shading Language 4.60, section 4.7.1 "Range and Precision" (KhronosGroup/
  GLSL chapters/variables.adoc at commit d2470a0a); GLSL-ES-MEDIUMP is the table of that
  section in its ESSL variant (the minimum range and precision of mediump).

Rearrangement (what a conforming optimiser may do to floats without NoContraction, and what
the interval mode allows), in our words; the sources are the SPIR-V specification's
NoContraction decoration and the Vulkan appendix's sections spirvenv-evaluation-expressions
and spirvenv-inherited-from (Vulkan-Docs appendices/spirvenv.adoc, 1.4.360):
- NoContraction forbids fusing the decorated operation with another and reassociating it;
  every other float operation may be rearranged.
- An implementation may rearrange float expressions by any law of exact arithmetic
  (associativity, distributivity and the rest) although float operations do not obey
  those laws, and the rearranged expression may round a different number of times.
- An inherited row's result may be as far from the exact value x as the farthest value any
  equivalent formula allows, where "equivalent" means the row's formula rearranged by
  associativity, commutativity and distributivity, each operation within its own row's
  precision: E is the larger distance from x to the smallest and to the largest of those
  permitted values, and the result must lie in [x - E, x + E].
So an inherited row's E is taken over every rearrangement of its formula, expanded ones
included (rearrangement.py's K* bounds them all). The GLSL front end drops `precise`, so the
mode assumes no NoContraction anywhere: only wider, never unsound. The
VK_KHR_shader_float_controls2 proposal says the same of undecorated operations (they carry
AllowContract, AllowReassoc and AllowTransform). Decisions, one per rewrite:
- Reassociation and commutation of + - and of *, across statements (SSA knows no
  variables), constant folding after it ((a + 1.5) + 2.25 -> a + 3.75), and dot/matrix
  products lowered into the sums around them: ALLOWED, modelled by rearrangement.py (each
  value carries its + - * / tree; the bound gamma(K*) * M holds for every rearrangement
  that keeps the expansion's terms). Seen on real drivers: vk-lavapipe computes
  (x + y) + C as (x + C) + y, and all of vk-lavapipe(-opt), gl-llvmpipe and vk-swiftshader
  fold (z + C1) + C2 into z + (C1 + C2) (tests/test_interval_rearrangement).
- Distributivity both ways: factoring (a * b + a * c -> a * (b + c); NIR opt_algebraic,
  spirv-opt FactorAddSubMuls) and expanding (a * (b + c) -> a * b + a * c, then the longer
  sum reassociated): ALLOWED, modelled (rearrangement.py: K* = D + T - 1 roundings per
  term; tests/test_interval_rewrites). No driver we read expands floats (NIR and spirv-opt
  expand integer products only), but the text allows it.
- Contraction into fma: ALLOWED, modelled (row "contraction"; the tree bound holds it too).
- x / y -> x * (1 / y) (NIR's lower_fdiv, constant divisors): ALLOWED; the mode keeps the
  2.5 ULP of row "/" for the division itself, which a 1-ULP reciprocal and a rounded product
  meet (that is how such implementations pass the CTS), and inside a tree the quotient is
  x * (1 / y) with the 2.5 ULP as three roundings, so reassociating the product is covered.
- a - a -> 0, a * 0 -> 0, a + 0 -> a, a * 1 -> a, (a + b) - b -> a: ALLOWED; exact in precise
  arithmetic on finite values, so the exact range over the operand intervals holds them
  (every value in the mode is finite).
- Built-ins computed by another formula, or rewritten with what surrounds them: REWRITES
  below, one row per rewrite found in the compilers (operation, formulas, source, what the
  mode does). A built-in lowered into + - * carries its formula's tree
  (intervals.lowered: fma, mix, smoothstep, cross, mod, normalize), so its rearrangement
  with the code around it is inside; a built-in with a formula of its own in a driver
  takes the hull (builtin_formulas.py).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Kind(enum.Enum):
    """How a row bounds the result."""

    # The exact result when representable, else one of its two float32 neighbours
    # (VK-ROUNDED: either, whatever the rounding mode; GLSL: "must not affect the result
    # by more than 1 ULP").
    CORRECTLY_ROUNDED = "correctly rounded"
    CORRECT_RESULT = "correct result"  # comparisons: no error at all
    ULP = "ULP"  # within n * ulp(x) of the exact result x (VK-ULP)
    ABSOLUTE = "absolute"  # within a fixed distance of the exact result
    # As accurate as the formula evaluated by the other rows, symmetrised around the exact
    # result (VK-INHERITED: [x - E, x + E], E the farthest the formula can land from x).
    INHERITED = "inherited"
    # Defined by its equation in the GLSL built-in function chapter, so inherited too
    # (GLSL: "Built-in functions defined ... with an equation built from the above
    # operations inherit the above errors").
    BY_DEFINITION = "by definition"
    EITHER = "either allowed"  # two behaviours are conforming: the interval is their hull
    UNDEFINED = "undefined"  # no bound: a value computed this way is unconstrained


@dataclass(frozen=True, slots=True)
class PrecisionRow:
    operation: str
    kind: Kind
    bound: str  # the bound as the specification words it
    source: str
    ulps: float | None = None  # the n of an n-ULP bound (exp: the constant part)
    absolute: float | None = None  # the distance of an absolute bound
    relative: float | None = None  # a bound relative to the exact result's magnitude
    # Where the numbers apply; outside it the row gives no bound (Kind.UNDEFINED there).
    domain: str = "every finite argument"


VK_CORE = "Vulkan spirvenv-op-prec, table 'Precision of core SPIR-V Instructions'"
VK_GLSL = "Vulkan spirvenv-op-prec, table 'Precision of GLSL.std.450 Instructions'"
VK_HEAD = "Vulkan spirvenv-precision-operation, opening rules"
GLSL = "GLSL 4.60 section 4.7.1 'Range and Precision', single precision table"

TABLE: tuple[PrecisionRow, ...] = (
    # ---- core operations
    PrecisionRow("+", Kind.CORRECTLY_ROUNDED, "Correctly rounded.", f"{VK_CORE} (OpFAdd); {GLSL}"),
    PrecisionRow("-", Kind.CORRECTLY_ROUNDED, "Correctly rounded.", f"{VK_CORE} (OpFSub); {GLSL}"),
    PrecisionRow(
        "*",
        Kind.CORRECTLY_ROUNDED,
        "Correctly rounded (also vector/matrix times scalar).",
        f"{VK_CORE} (OpFMul, OpVectorTimesScalar, OpMatrixTimesScalar); {GLSL}",
    ),
    PrecisionRow("< <= == > >= !=", Kind.CORRECT_RESULT, "Correct result.", f"{VK_CORE}; {GLSL}"),
    PrecisionRow(
        "/",
        Kind.ULP,
        "2.5 ULP for |y| in [2^-126, 2^126].",
        f"{VK_CORE} (OpFDiv); {GLSL} (a / b and 1.0 / b)",
        ulps=2.5,
        domain="|divisor| in [2^-126, 2^126]",
    ),
    PrecisionRow(
        "conversions",
        Kind.CORRECTLY_ROUNDED,
        "Correctly rounded (float(int) rounds; int(float) truncates, exact when in range).",
        f"{VK_CORE} ('conversions between types'); {GLSL}",
        domain="int(f), uint(f): the truncated value fits the integer type",
    ),
    PrecisionRow(
        "contraction",
        Kind.EITHER,
        "a * b + c: one correctly rounded operation or two, unless NoContraction/precise.",
        "GLSL 4.60 section 4.7.1 (a * b + c row); Vulkan spirvenv-evaluation-expressions",
    ),
    PrecisionRow(
        "fma",
        Kind.INHERITED,
        "Inherited from OpFMul followed by OpFAdd.",
        f"{VK_GLSL}; {GLSL} ('Inherited from a * b + c')",
    ),
    PrecisionRow(
        "mod OpFMod",
        Kind.INHERITED,
        "Inherited from x - y * floor(x / y).",
        f"{VK_CORE} (OpFMod); GLSL 8.3 mod() equation",
    ),
    # ---- GLSL.std.450 with their own bounds
    PrecisionRow(
        "exp exp2",
        Kind.ULP,
        "3 + 2 * |x| ULP.",
        f"{VK_GLSL}; {GLSL}",
        ulps=3.0,
    ),
    PrecisionRow(
        "log log2",
        Kind.ULP,
        "3 ULP outside [0.5, 2.0]; absolute error < 2^-21 inside [0.5, 2.0].",
        f"{VK_GLSL}; {GLSL}",
        ulps=3.0,
        absolute=2.0**-21,
        domain="x > 0",
    ),
    PrecisionRow("inversesqrt", Kind.ULP, "2 ULP.", f"{VK_GLSL}; {GLSL}", ulps=2.0, domain="x > 0"),
    PrecisionRow(
        "sqrt",
        Kind.INHERITED,
        "Inherited from 1.0 / inversesqrt().",
        f"{VK_GLSL}; {GLSL}",
        domain="x > 0 (the formula has no finite value at 0)",
    ),
    PrecisionRow(
        "pow",
        Kind.INHERITED,
        "Inherited from exp2(y * log2(x)).",
        f"{VK_GLSL}; {GLSL}",
        domain="x > 0",
    ),
    PrecisionRow(
        "sin cos",
        Kind.ABSOLUTE,
        "Absolute error <= 2^-11 inside [-pi, pi].",
        f"{VK_GLSL} (Vulkan 1.2+); GLSL 4.60 calls trigonometry 'undefined precision'",
        absolute=2.0**-11,
        domain="x in [-pi, pi]",
    ),
    PrecisionRow("tan", Kind.INHERITED, "Inherited from sin() / cos().", VK_GLSL),
    PrecisionRow("atan atan2", Kind.ULP, "4096 ULP.", VK_GLSL, ulps=4096.0),
    PrecisionRow("asin", Kind.INHERITED, "Inherited from atan2(x, sqrt(1 - x * x)).", VK_GLSL),
    PrecisionRow("acos", Kind.INHERITED, "Inherited from atan2(sqrt(1 - x * x), x).", VK_GLSL),
    PrecisionRow(
        "sinh cosh tanh asinh acosh atanh",
        Kind.INHERITED,
        "Inherited from their exp/log formulas ((exp(x) - exp(-x)) * 0.5, ...).",
        VK_GLSL,
    ),
    PrecisionRow(
        "radians degrees",
        Kind.INHERITED,
        "Inherited from x * C, C the correctly rounded pi/180 (180/pi).",
        VK_GLSL,
    ),
    # ---- derived built-ins, by their definitions
    PrecisionRow("dot", Kind.INHERITED, "Inherited from sum of x[i] * y[i].", f"{VK_CORE} (OpDot)"),
    PrecisionRow("length", Kind.INHERITED, "Inherited from sqrt(dot(x, x)).", VK_GLSL),
    PrecisionRow("distance", Kind.INHERITED, "Inherited from length(x - y).", VK_GLSL),
    PrecisionRow(
        "normalize", Kind.INHERITED, "Inherited from x * inversesqrt(dot(x, x)).", VK_GLSL
    ),
    PrecisionRow("cross", Kind.INHERITED, "Inherited from OpFSub(OpFMul, OpFMul).", VK_GLSL),
    PrecisionRow(
        "reflect faceforward refract",
        Kind.INHERITED,
        "Inherited from their GLSL equations (x - 2 * dot(y, x) * y, ...).",
        VK_GLSL,
    ),
    PrecisionRow("mix", Kind.INHERITED, "Inherited from x * (1 - a) + y * a.", VK_GLSL),
    PrecisionRow(
        "smoothstep",
        Kind.INHERITED,
        "Inherited from t * t * (3 - 2 * t), t = clamp((x - e0) / (e1 - e0), 0, 1).",
        VK_GLSL,
        domain="e0 < e1 (GLSL: undefined otherwise)",
    ),
    PrecisionRow(
        "fract modf floor ceil trunc round roundEven abs sign min max clamp step frexp ldexp",
        Kind.CORRECTLY_ROUNDED,
        "Correctly rounded (all but fract are exact on float32 inputs).",
        VK_GLSL,
    ),
    PrecisionRow(
        "determinant matrixInverse",
        Kind.UNDEFINED,
        "Undefined precision, as every built-in not defined in terms of the rows above.",
        f"{VK_GLSL} (closing paragraph); {GLSL}",
    ),
    # ---- environment
    PrecisionRow(
        "unorm",
        Kind.EITHER,
        "Clamp to [0, 1], then either integer closest to f * (2^b - 1) (nearest preferred, "
        "not required); an integer r exactly, so 0.0 and 1.0 give 0 and 2^b - 1.",
        "Vulkan fundamentals-fpfixedconv ('Conversion From Floating-Point to Normalized "
        "Fixed-Point'); OpenGL ES 3.0.3, the section of that name (interp/unorm.py)",
        domain="a colour written to a unorm attachment (RGBA8: b = 8)",
    ),
    PrecisionRow(
        "denormals",
        Kind.EITHER,
        "Any denormal input or result (of all but moves, loads, stores) may be flushed to 0.",
        f"{VK_HEAD} ('Denormalized values'); GLSL 4.60 section 4.7.1",
    ),
    PrecisionRow(
        "rounding",
        Kind.EITHER,
        "Not specified: round up or down (RoundingModeRTE/RTZ execution modes fix it).",
        "Vulkan spirvenv-correctly-rounded; GLSL 4.60 section 4.7.1 (<= 1 ULP)",
    ),
    PrecisionRow(
        "mediump RelaxedPrecision",
        Kind.ULP,
        "Relative 2^-10 within (-2^14, 2^14); magnitudes below 2^-14 may become 0.",
        "GLSL 4.60 section 4.7.2 (mediump is RelaxedPrecision on Vulkan); GLSL-ES-MEDIUMP "
        "minimum table; Vulkan's tables exclude RelaxedPrecision from the single column and "
        "give a half-precision column (exp 1 + 2|x| ULP, log and sin/cos 2^-7 absolute)",
        relative=2.0**-10,
        domain="|x| < 2^14",
    ),
)

BY_OPERATION: dict[str, PrecisionRow] = {
    name: row for row in TABLE for name in row.operation.split() if name.isidentifier()
}
BY_OPERATION.update({row.operation: row for row in TABLE})


def row(operation: str) -> PrecisionRow:
    """The row for `operation` (a name such as "exp2" or a row's whole operation text)."""
    return BY_OPERATION[operation]


# The numbers intervals.py uses, each taken from its row.
DIVISION_ULPS = row("/").ulps or 0.0
DIVISOR_MIN, DIVISOR_MAX = 2.0**-126, 2.0**126  # row("/").domain
EXP_BASE_ULPS = row("exp").ulps or 0.0  # plus 2 * |x|
LOG_ULPS = row("log").ulps or 0.0
LOG_ABSOLUTE = row("log").absolute or 0.0
LOG_ABSOLUTE_RANGE = (0.5, 2.0)  # row("log").bound
INVERSESQRT_ULPS = row("inversesqrt").ulps or 0.0
SIN_COS_ABSOLUTE = row("sin").absolute or 0.0
MEDIUMP_RELATIVE = row("mediump").relative or 0.0
MEDIUMP_MAX, MEDIUMP_MIN_NORMAL = 2.0**14, 2.0**-14


@dataclass(frozen=True, slots=True)
class Rewrite:
    """A formula a compiler computes a built-in by, and what the interval mode does."""

    operation: str
    formulas: str
    source: str
    modelled: str  # "hull": builtin_formulas.py; "inside": already within the row; ...


MESA_VTN = "Mesa src/compiler/spirv/vtn_glsl450.c (GLSL.std.450 to NIR)"
MESA_BUILDER = "Mesa src/compiler/nir/nir_builtin_builder.c"
MESA_ALGEBRAIC = "Mesa src/compiler/nir/nir_opt_algebraic.py"
MESA_FLRP = "Mesa src/compiler/nir/nir_lower_flrp.c (llvmpipe sets lower_flrp32)"
SWIFTSHADER = "SwiftShader src/Pipeline/SpirvShaderGLSLstd450.cpp, ShaderCore.cpp"
SPIRV_OPT = "SPIRV-Tools source/opt/folding_rules.cpp, const_folding_rules.cpp"

REWRITES: tuple[Rewrite, ...] = (
    Rewrite("exp", "exp2(x * fl(log2 e))", f"{MESA_VTN}; {SWIFTSHADER} (Exp)", "hull"),
    Rewrite("log", "log2(x) * fl(ln 2)", f"{MESA_VTN}; {SWIFTSHADER} (Log)", "hull"),
    Rewrite(
        "normalize",
        "x * (1.0 / sqrt(dot(x, x))); (x / m) * inversesqrt(dot(x / m, x / m)), m = max|x_i|",
        f"{SWIFTSHADER} (Normalize); {MESA_BUILDER} (nir_normalize)",
        "hull, and its tree: x times a leaf holding every scale",
    ),
    Rewrite(
        "mix",
        "x + a * (y - x); fma(a, y - x, x); fma(y, a, fma(-x, a, x)); a * (y - x) + x",
        f"{MESA_FLRP}; {SWIFTSHADER} (FMix)",
        "inside: the same terms as x * (1 - a) + y * a, fewer roundings (the tree's K*)",
    ),
    Rewrite(
        "pow",
        "exp2(log2(x) * y); x * x, (x * x) * x, (x * x) * (x * x) for y = 2, 3, 4; sqrt(x) "
        "for y = 0.5 (via exp2(log2(x) * 0.5)); exp2(y) for x = 2",
        f"{MESA_ALGEBRAIC} (lower_fpow and the exponential identities); {SWIFTSHADER} (Pow)",
        "inside: the row's formula is the first; the others err less than it may",
    ),
    Rewrite(
        "sqrt inversesqrt /",
        "sqrt = 1 / inversesqrt(x) (lower_fsqrt); 1 / sqrt(x) -> inversesqrt(x); "
        "x / y -> x * rcp(y); rcp(rcp(x)) -> x; sqrt(x) * sqrt(x) -> |x|",
        MESA_ALGEBRAIC,
        "inside: each rewritten result errs less than the written one's interval allows",
    ),
    Rewrite(
        "exp2 log2 (identities)",
        "exp2(log2 a) -> a; log2(exp2 a) -> a; exp2(a) * exp2(b) -> exp2(a + b); "
        "sqrt/rcp/rsq(exp2 a) -> exp2(k a); log2 of sqrt/rcp/rsq/pow -> k * log2",
        MESA_ALGEBRAIC,
        "inside: exact in precise arithmetic or fewer roundings than the written chain",
    ),
    Rewrite(
        "exp2(log2(a) * b) -> pow(a, b)",
        "pow's symmetric [x - E, x + E] can pass the written chain's interval on its short side",
        f"{MESA_ALGEBRAIC} (drivers without lower_fpow: llvmpipe)",
        "not modelled: needs the argument's shape (log2 times y); by at most the asymmetry",
    ),
    Rewrite(
        "smoothstep",
        "t * (t * (3 - 2 * t)) with 3 - 2t fused; (x - e0) * (1 / (e1 - e0))",
        f"{MESA_BUILDER} (nir_smoothstep); {SWIFTSHADER} (SmoothStep)",
        "inside: a rearrangement of the lowered tree; the quotient by row '/'",
    ),
    Rewrite(
        "length distance cross fma mod",
        "sqrt(dot(x, x)); sqrt(sum (p0 - p1)^2); ffma(x.yzx, y.zxy, -(x.zxy * y.yzx)); "
        "fma unfused; x - y * floor(x / y) (lower_fmod)",
        f"{MESA_BUILDER}; {MESA_ALGEBRAIC}; {SWIFTSHADER}",
        "inside: the rows' own formulas, contracted or not",
    ),
    Rewrite(
        "fract floor ceil",
        "fract = x - floor(x) (lower_ffract), floor = x - fract(x) (lower_ffloor), "
        "a + (b - fract(a)) -> b + floor(a)",
        MESA_ALGEBRAIC,
        "not modelled: fract's result is a leaf, not the tree x - floor(x); a driver that "
        "lowers fract and then reassociates it with the sum around it (none of ours sets "
        "lower_ffract) could land outside",
    ),
    Rewrite(
        "pow(pow(a, 2.2), 0.454545) -> a",
        "an approximate identity (2.2 * 0.454545 != 1)",
        MESA_ALGEBRAIC,
        "not allowed: not a property in precise arithmetic; a result outside is a finding",
    ),
    Rewrite(
        "constant folding of built-ins",
        "sin, cos, tan, asin, acos, atan, exp, log, exp2, log2, sqrt, pow, atan2 of "
        "constants in double, then rounded; mix as x * (1 - a) + y * a",
        SPIRV_OPT,
        "inside: within a rounding of the exact value",
    ),
)
