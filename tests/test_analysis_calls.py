"""analysis/calls.py: which arguments a call writes back, the one answer for everyone."""

from __future__ import annotations

from shadersmith.analysis.builtins import EXACT_BY_NAME
from shadersmith.analysis.calls import (
    argument_qualifiers,
    parameter_table,
    written_back_arguments,
    written_back_roots,
)
from shadersmith.ir.program import ParamQualifier
from shadersmith.ir.types import INT, UINT, VOID
from tests.interp_builders import IVEC4, builtin, call, function, index, swizzle, var

IN, OUT, INOUT = ParamQualifier.IN, ParamQualifier.OUT, ParamQualifier.INOUT


def test_every_exact_overload_of_a_built_in_has_the_same_out_parameters() -> None:
    for name, overloads in EXACT_BY_NAME.items():
        assert len({o.out_params for o in overloads}) == 1, name


def test_a_built_ins_out_arguments_are_written_back() -> None:
    carry = builtin("uaddCarry", UINT, var("a", UINT), var("b", UINT), var("c", UINT))
    assert argument_qualifiers(carry, {}) == (IN, IN, OUT)
    assert written_back_arguments(carry, {}) == {2}
    assert written_back_arguments(builtin("abs", INT, var("a")), {}) == frozenset()


def test_a_user_functions_out_and_inout_arguments_are_written_back() -> None:
    f = function("f", VOID, [("x", INT, IN), ("y", INT, OUT), ("z", INT, INOUT)])
    parameters = parameter_table([f])
    v = var("v", IVEC4)
    made = call("f", VOID, var("a"), index(var("b", IVEC4), 1), swizzle(v, "x"))
    assert argument_qualifiers(made, parameters) == (IN, OUT, INOUT)
    assert written_back_arguments(made, parameters) == {1, 2}
    assert written_back_roots(made, parameters) == {"b", "v"}


def test_an_unknown_callee_writes_back_nothing() -> None:
    assert argument_qualifiers(call("g", VOID, var("a")), {}) == (IN,)


def test_overloads_of_one_name_are_merged_conservatively() -> None:
    one = function("f", VOID, [("x", INT, OUT), ("y", INT, IN)])
    other = function("f", VOID, [("x", INT, OUT), ("y", INT, OUT), ("z", INT, IN)])
    parameters = parameter_table([one, other])
    assert parameters["f"] == (OUT, INOUT, IN)
    assert written_back_arguments(call("f", VOID, var("a"), var("b")), parameters) == {0, 1}
