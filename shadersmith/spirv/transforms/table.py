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
from shadersmith.spirv.transforms.calls import ADD_EMPTY_FUNCTION_CALL
from shadersmith.spirv.transforms.synonyms import (
    ADD_COMPOSITE_SYNONYM,
    ADD_COPY_OBJECT,
    ADD_PHI_SYNONYM,
    REPLACE_ID_WITH_SYNONYM,
)
from shadersmith.spirv.transforms.variables import ADD_LOCAL_VARIABLE

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
)

BY_NAME: dict[str, Transformation[Any]] = {t.name: t for t in TRANSFORMATIONS}
assert len(BY_NAME) == len(TRANSFORMATIONS), "a transformation's name is listed twice"
