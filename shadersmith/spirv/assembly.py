"""A plain textual form of a module for reports and test failures, one instruction a
line in spirv-dis's layout (`%5 = OpIAdd %2 %3 %4`) with numeric ids: no second
process, and it shows instructions the model holds that spirv-dis would refuse (a
transformation's invalid output). Literals print as their bits (a float constant as
its integer encoding); where a report needs friendly names, Debian's spirv-dis does it.
"""

from __future__ import annotations

from shadersmith.spirv.instruction import Instruction
from shadersmith.spirv.module import Module


def instruction_text(instruction: Instruction) -> str:
    parts = [instruction.opname]
    if instruction.result_type is not None:
        parts.append(f"%{instruction.result_type}")
    parts.extend(str(operand) for operand in instruction.operands)
    text = " ".join(parts)
    if instruction.result_id is not None:
        return f"%{instruction.result_id} = {text}"
    return text


def module_text(module: Module) -> str:
    header = module.header
    major, minor = header.version_tuple
    lines = [
        "; SPIR-V",
        f"; Version: {major}.{minor}",
        f"; Generator: {header.generator:#010x}",
        f"; Bound: {header.bound}",
        f"; Schema: {header.schema}",
    ]
    lines.extend(instruction_text(instruction) for instruction in module.instructions())
    return "\n".join(lines) + "\n"
