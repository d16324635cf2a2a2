"""Reference data for ``mindspore.parallel.Layout`` (real MindSpore 2.10): tensor maps, ``to_dict`` and the
argument errors. Writes tests/reference_data/parallel/layout.json. Run:
    python3 tools/make_references.py gen_layout
"""
from __future__ import annotations

from mindspore.parallel import Layout

import refutil

CASES = {
    "dp_mp": lambda: Layout((2, 2), ("dp", "mp"))("dp", "None"),
    "dp_sp_mp": lambda: Layout((2, 2, 2), ("dp", "sp", "mp"))("dp", "mp"),
    "tuple_axis": lambda: Layout((2, 2, 2), ("dp", "sp", "mp"))(("dp", "sp"), "mp"),
    "none_in_tuple": lambda: Layout((2, 4), ("dp", "mp"))(("dp", "None"), "None"),
    "rank_list": lambda: Layout((2, 2), ("dp", "mp"), [3, 2, 1, 0])("mp", "dp"),
    "interleaved": lambda: Layout((2, 2, 2), ("dp", "mp", "interleaved_parallel"))(("dp", "interleaved_parallel"),
                                                                                    "mp"),
}
ERRORS = {
    "matrix_not_tuple": lambda: Layout([2, 2], ("dp", "mp")),
    "alias_not_tuple": lambda: Layout((2, 2), ["dp", "mp"]),
    "length": lambda: Layout((2, 2), ("dp",)),
    "matrix_elem": lambda: Layout((2, 2.0), ("dp", "mp")),
    "alias_elem": lambda: Layout((2, 2), ("dp", 1)),
    "alias_empty": lambda: Layout((2, 2), ("dp", "")),
    "alias_none": lambda: Layout((2, 2), ("dp", "None")),
    "alias_repeat": lambda: Layout((2, 2), ("dp", "dp")),
    "interleave_not_last": lambda: Layout((2, 2), ("interleaved_parallel", "dp")),
    "rank_list_type": lambda: Layout((2, 2), ("dp", "mp"), (0, 1, 2, 3)),
    "rank_list_elem": lambda: Layout((2, 2), ("dp", "mp"), [0, 1, 2, 3.0]),
    "rank_list_len": lambda: Layout((2, 2), ("dp", "mp"), [0, 1, 2]),
    "rank_list_2d": lambda: Layout((2, 2), ("dp", "mp"), [[0, 1], [2, 3]]),
    "unknown_axis": lambda: Layout((2, 2), ("dp", "mp"))("dp", "sp"),
    "axis_twice": lambda: Layout((2, 2), ("dp", "mp"))("dp", "dp"),
    "axis_twice_tuple": lambda: Layout((2, 2), ("dp", "mp"))(("dp", "mp"), "mp"),
    "to_dict_no_map": lambda: Layout((2, 2), ("dp", "mp")).to_dict(),
}


def jsonable(d):
    return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


refutil.save_json("parallel", "layout", {
    "cases": {k: jsonable(f().to_dict()) for k, f in CASES.items()},
    "errors": {k: refutil.error_of(f) for k, f in ERRORS.items()},
})
