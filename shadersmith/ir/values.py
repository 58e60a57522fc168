"""Runtime values held in buffers and uniforms, as plain immutable Python data.

Scalars are bool, int (int in [-2^31, 2^31), uint in [0, 2^32)) and float (a float32
value). Vectors, arrays and structs (fields in declaration order) are tuples.
"""

from __future__ import annotations

ScalarValue = bool | int | float
Value = ScalarValue | tuple["Value", ...]

# Initial contents of the storage buffers: block name -> field name -> value.
BufferValues = dict[str, dict[str, Value]]
