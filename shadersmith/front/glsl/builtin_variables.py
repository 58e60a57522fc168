"""Built-in variables and constants of compute and fragment shaders (`gl_FragCoord`, ...).

They are read as plain VariableRefs with their `gl_` name: the emitter prints the name and
every compiler knows it. The deprecated ones (`gl_FragColor`, `gl_TexCoord`, the matrix
uniforms) are listed too, since old real-world shaders use them and glslang, which
validated the texts we read, already checked their version rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from shadersmith.ir.program import Stage
from shadersmith.ir.types import (
    BOOL,
    FLOAT,
    INT,
    UINT,
    ArrayType,
    MatrixType,
    ScalarKind,
    StructField,
    StructType,
    Type,
    VectorType,
)


@dataclass(frozen=True, slots=True)
class BuiltinVariable:
    type: Type
    writable: bool = False
    stage: Stage | None = None  # None: every stage
    # Compile-time constant value (gl_MaxDrawBuffers ...): the GL minimums, used only to
    # size arrays such as `gl_FragData[gl_MaxDrawBuffers - 1]`.
    value: int | None = None


_VEC2 = VectorType(ScalarKind.FLOAT, 2)
_VEC4 = VectorType(ScalarKind.FLOAT, 4)
_UVEC3 = VectorType(ScalarKind.UINT, 3)
_IVEC3 = VectorType(ScalarKind.INT, 3)
_MAT3 = MatrixType(3, 3)
_MAT4 = MatrixType(4, 4)
_F = Stage.FRAGMENT
_C = Stage.COMPUTE

DEPTH_RANGE = StructType(
    "gl_DepthRangeParameters",
    (StructField("near", FLOAT), StructField("far", FLOAT), StructField("diff", FLOAT)),
)
_FOG = StructType(
    "gl_FogParameters",
    (
        StructField("color", _VEC4),
        StructField("density", FLOAT),
        StructField("start", FLOAT),
        StructField("end", FLOAT),
        StructField("scale", FLOAT),
    ),
)

BUILTIN_VARIABLES: dict[str, BuiltinVariable] = {
    # fragment inputs
    "gl_FragCoord": BuiltinVariable(_VEC4, stage=_F),
    "gl_FrontFacing": BuiltinVariable(BOOL, stage=_F),
    "gl_PointCoord": BuiltinVariable(_VEC2, stage=_F),
    "gl_SampleID": BuiltinVariable(INT, stage=_F),
    "gl_SamplePosition": BuiltinVariable(_VEC2, stage=_F),
    "gl_SampleMaskIn": BuiltinVariable(ArrayType(INT, 1), stage=_F),
    "gl_PrimitiveID": BuiltinVariable(INT, stage=_F),
    "gl_Layer": BuiltinVariable(INT, stage=_F),
    "gl_ViewportIndex": BuiltinVariable(INT, stage=_F),
    "gl_HelperInvocation": BuiltinVariable(BOOL, stage=_F),
    "gl_ClipDistance": BuiltinVariable(ArrayType(FLOAT, 8), stage=_F),
    "gl_Color": BuiltinVariable(_VEC4, stage=_F),
    "gl_SecondaryColor": BuiltinVariable(_VEC4, stage=_F),
    "gl_TexCoord": BuiltinVariable(ArrayType(_VEC4, 8), stage=_F),
    "gl_FogFragCoord": BuiltinVariable(FLOAT, stage=_F),
    # fragment outputs
    "gl_FragColor": BuiltinVariable(_VEC4, writable=True, stage=_F),
    "gl_FragData": BuiltinVariable(ArrayType(_VEC4, 8), writable=True, stage=_F),
    "gl_FragDepth": BuiltinVariable(FLOAT, writable=True, stage=_F),
    "gl_SampleMask": BuiltinVariable(ArrayType(INT, 1), writable=True, stage=_F),
    # compute inputs
    "gl_NumWorkGroups": BuiltinVariable(_UVEC3, stage=_C),
    "gl_WorkGroupSize": BuiltinVariable(_UVEC3, stage=_C),
    "gl_WorkGroupID": BuiltinVariable(_UVEC3, stage=_C),
    "gl_LocalInvocationID": BuiltinVariable(_UVEC3, stage=_C),
    "gl_GlobalInvocationID": BuiltinVariable(_UVEC3, stage=_C),
    "gl_LocalInvocationIndex": BuiltinVariable(UINT, stage=_C),
    # GL_KHR_shader_subgroup_basic, in every stage
    "gl_SubgroupSize": BuiltinVariable(UINT),
    "gl_SubgroupInvocationID": BuiltinVariable(UINT),
    # uniforms of every stage
    "gl_DepthRange": BuiltinVariable(DEPTH_RANGE),
    "gl_Fog": BuiltinVariable(_FOG),
    "gl_ModelViewMatrix": BuiltinVariable(_MAT4),
    "gl_ProjectionMatrix": BuiltinVariable(_MAT4),
    "gl_ModelViewProjectionMatrix": BuiltinVariable(_MAT4),
    "gl_ModelViewMatrixInverse": BuiltinVariable(_MAT4),
    "gl_ProjectionMatrixInverse": BuiltinVariable(_MAT4),
    "gl_ModelViewProjectionMatrixInverse": BuiltinVariable(_MAT4),
    "gl_TextureMatrix": BuiltinVariable(ArrayType(_MAT4, 8)),
    "gl_NormalMatrix": BuiltinVariable(_MAT3),
    "gl_NormalScale": BuiltinVariable(FLOAT),
    # implementation constants (GL minimum values)
    "gl_MaxDrawBuffers": BuiltinVariable(INT, value=8),
    "gl_MaxTextureUnits": BuiltinVariable(INT, value=2),
    "gl_MaxTextureCoords": BuiltinVariable(INT, value=8),
    "gl_MaxClipDistances": BuiltinVariable(INT, value=8),
    "gl_MaxClipPlanes": BuiltinVariable(INT, value=8),
    "gl_MaxVertexAttribs": BuiltinVariable(INT, value=16),
    "gl_MaxTextureImageUnits": BuiltinVariable(INT, value=16),
    "gl_MaxCombinedTextureImageUnits": BuiltinVariable(INT, value=48),
    "gl_MaxFragmentUniformComponents": BuiltinVariable(INT, value=1024),
    "gl_MaxVaryingFloats": BuiltinVariable(INT, value=60),
    "gl_MaxVaryingComponents": BuiltinVariable(INT, value=60),
    "gl_MaxFragmentInputComponents": BuiltinVariable(INT, value=128),
    "gl_MaxSamples": BuiltinVariable(INT, value=4),
    "gl_MaxComputeWorkGroupCount": BuiltinVariable(_IVEC3),
    "gl_MaxComputeWorkGroupSize": BuiltinVariable(_IVEC3),
    "gl_MaxComputeUniformComponents": BuiltinVariable(INT, value=1024),
    "gl_MaxComputeAtomicCounters": BuiltinVariable(INT, value=8),
    "gl_MaxComputeImageUniforms": BuiltinVariable(INT, value=8),
    "gl_MaxImageUnits": BuiltinVariable(INT, value=8),
    "gl_MaxFragmentImageUniforms": BuiltinVariable(INT, value=8),
    "gl_MaxFragmentAtomicCounters": BuiltinVariable(INT, value=8),
    "gl_MaxAtomicCounterBindings": BuiltinVariable(INT, value=1),
}
