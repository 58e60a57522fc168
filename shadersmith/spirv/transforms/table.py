"""The one table of SPIR-V transformations, by name: a new transformation is its module's
`Transformation` and one line here. Nothing registers itself on import."""

from __future__ import annotations

from typing import Any

from shadersmith.spirv.transforms.access import MAKE_VECTOR_ACCESS_DYNAMIC
from shadersmith.spirv.transforms.annotations import (
    PERMUTE_FUNCTIONS,
    SET_LOOP_CONTROL,
    SET_NAME,
    SET_SELECTION_CONTROL,
)
from shadersmith.spirv.transforms.arithmetic import (
    ADD_ARITHMETIC_SYNONYM,
    ADD_NO_CONTRACTION,
    SWAP_COMMUTABLE_OPERANDS,
)
from shadersmith.spirv.transforms.base import Transformation
from shadersmith.spirv.transforms.blocks import (
    ADD_DEAD_BLOCK,
    ADD_DEAD_BREAK,
    ADD_DEAD_CONTINUE,
    MERGE_BLOCKS,
    PERMUTE_BLOCKS,
    SPLIT_BLOCK,
)
from shadersmith.spirv.transforms.branches import (
    PERMUTE_PHI_OPERANDS,
    SWAP_CONDITIONAL_BRANCH,
    WRAP_IN_SELECTION,
)
from shadersmith.spirv.transforms.calls import ADD_EMPTY_FUNCTION_CALL
from shadersmith.spirv.transforms.comparisons import (
    INVERT_COMPARISON,
    MIRROR_COMPARISON,
    REPLACE_BOOLEAN_CONSTANT,
)
from shadersmith.spirv.transforms.donate import ADD_DONATED_FUNCTION
from shadersmith.spirv.transforms.inline import INLINE_FUNCTION
from shadersmith.spirv.transforms.linear import EXPAND_LINEAR_ALGEBRA
from shadersmith.spirv.transforms.opaque import ADD_OPAQUE_BLOCK
from shadersmith.spirv.transforms.opaque_dead import ADD_OPAQUE_DEAD_BLOCK
from shadersmith.spirv.transforms.opaque_uses import (
    REPLACE_CONSTANT_WITH_OPAQUE_LOAD,
)
from shadersmith.spirv.transforms.outline import OUTLINE_FUNCTION
from shadersmith.spirv.transforms.parameters import ADD_PARAMETER, PERMUTE_PARAMETERS
from shadersmith.spirv.transforms.synonyms import (
    ADD_COMPOSITE_SYNONYM,
    ADD_COPY_OBJECT,
    ADD_PHI_SYNONYM,
    REPLACE_ID_WITH_SYNONYM,
)
from shadersmith.spirv.transforms.unused import (
    ADD_CONSTANT,
    ADD_GLOBAL_VARIABLE,
    ADD_STRUCT_TYPE,
)
from shadersmith.spirv.transforms.variables import (
    ADD_LOCAL_VARIABLE,
    REPLACE_COPY_WITH_STORE_AND_LOAD,
)

TRANSFORMATIONS: tuple[Transformation[Any], ...] = (
    SWAP_COMMUTABLE_OPERANDS,
    ADD_ARITHMETIC_SYNONYM,
    ADD_NO_CONTRACTION,
    ADD_COPY_OBJECT,
    ADD_COMPOSITE_SYNONYM,
    ADD_PHI_SYNONYM,
    REPLACE_ID_WITH_SYNONYM,
    SPLIT_BLOCK,
    MERGE_BLOCKS,
    ADD_DEAD_BLOCK,
    ADD_DEAD_BREAK,
    ADD_DEAD_CONTINUE,
    PERMUTE_BLOCKS,
    PERMUTE_FUNCTIONS,
    SET_NAME,
    SET_SELECTION_CONTROL,
    SET_LOOP_CONTROL,
    ADD_LOCAL_VARIABLE,
    MAKE_VECTOR_ACCESS_DYNAMIC,
    ADD_EMPTY_FUNCTION_CALL,
    INVERT_COMPARISON,
    MIRROR_COMPARISON,
    REPLACE_BOOLEAN_CONSTANT,
    SWAP_CONDITIONAL_BRANCH,
    PERMUTE_PHI_OPERANDS,
    WRAP_IN_SELECTION,
    ADD_GLOBAL_VARIABLE,
    ADD_CONSTANT,
    ADD_STRUCT_TYPE,
    REPLACE_COPY_WITH_STORE_AND_LOAD,
    ADD_PARAMETER,
    PERMUTE_PARAMETERS,
    EXPAND_LINEAR_ALGEBRA,
    ADD_OPAQUE_BLOCK,
    REPLACE_CONSTANT_WITH_OPAQUE_LOAD,
    ADD_OPAQUE_DEAD_BLOCK,
    OUTLINE_FUNCTION,
    INLINE_FUNCTION,
    ADD_DONATED_FUNCTION,
)

BY_NAME: dict[str, Transformation[Any]] = {t.name: t for t in TRANSFORMATIONS}
assert len(BY_NAME) == len(TRANSFORMATIONS), "a transformation's name is listed twice"

# The transformations whose raw material glslang never writes, and the one that makes it
# (synonyms to replace uses with, straight-line blocks to merge, copies to turn into
# memory): the tests and bench/spirv_transforms.py apply a few of the enabler's steps
# first, so these are measured on modules that offer them something.
ENABLERS: dict[str, Transformation[Any]] = {
    REPLACE_ID_WITH_SYNONYM.name: ADD_COPY_OBJECT,
    MERGE_BLOCKS.name: SPLIT_BLOCK,
    REPLACE_COPY_WITH_STORE_AND_LOAD.name: ADD_COPY_OBJECT,
    REPLACE_CONSTANT_WITH_OPAQUE_LOAD.name: ADD_OPAQUE_BLOCK,
    ADD_OPAQUE_DEAD_BLOCK.name: ADD_OPAQUE_BLOCK,
    INLINE_FUNCTION.name: OUTLINE_FUNCTION,
}

# Drawn first, where they apply, before the list's random draws: the opaque block, so
# that every variant has the values its two users (a constant's load, a dead block's
# guard) need, and those are drawn as often as any other transformation. Without it a
# list of 5 to 30 draws would hold the block in about a third of the variants.
FIRST: tuple[Transformation[Any], ...] = (ADD_OPAQUE_BLOCK,)
