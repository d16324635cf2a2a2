"""``mindspore.parallel.Layout`` against real MindSpore 2.10 (tests/reference_data/parallel/layout.json, from
tools/reference/gen_layout.py) and its DTensor placements. Sharding with Layouts on 2 processes is in
test_parallel.py (the 'layout_*' cases)."""
from __future__ import annotations

import json
import pathlib

import pytest

from ms_compat.parallel import Layout
from ms_compat.parallel.layout import layout_placements, layout_slices

REF = json.loads((pathlib.Path(__file__).resolve().parent.parent / "reference_data" / "parallel" /
                  "layout.json").read_text())

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


def _jsonable(d):
    return json.loads(json.dumps({k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}))


@pytest.mark.parametrize("case", sorted(CASES))
def test_layout_to_dict_matches_mindspore(case):
    assert _jsonable(CASES[case]().to_dict()) == REF["cases"][case]


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_layout_errors_match_mindspore(case):
    exp_type, exp_msg = REF["errors"][case]
    with pytest.raises(Exception) as info:
        ERRORS[case]()
    assert type(info.value).__name__ == exp_type
    assert str(info.value).splitlines()[0] == exp_msg


def test_layout_placements_and_slices():
    from torch.distributed.tensor import Replicate, Shard
    lay = Layout((2, 4), ("dp", "mp"))
    assert layout_placements(lay("dp", "None")) == [Shard(0), Replicate()]
    assert layout_placements(lay("None", "mp")) == [Replicate(), Shard(1)]
    assert layout_placements(lay("mp", "dp")) == [Shard(1), Shard(0)]
    assert layout_placements(lay(("dp", "mp"), "None")) == [Shard(0), Shard(0)]
    assert layout_slices(lay(("dp", "mp"), "None")) == (8, 1)
    assert layout_slices(lay("None", "mp")) == (1, 4)
    with pytest.raises(ValueError, match="in an order other than the device matrix"):
        layout_placements(lay(("mp", "dp"), "None"))
    with pytest.raises(ValueError, match="interleaved_parallel"):
        layout_placements(Layout((2, 2), ("dp", "interleaved_parallel"))("dp", "None"))
    with pytest.raises(ValueError, match="no tensor map"):
        layout_placements(Layout((2, 4), ("dp", "mp")))


def test_shard_and_reshard_with_one_process_change_nothing():
    import numpy as np
    import ms_compat as ms
    lay = Layout((1,), ("dp",))
    fn = lambda x: x * 2  # noqa: E731
    assert ms.shard(fn, (lay("dp", "None"),)) is fn  # MindSpore 2.10: group size 1 returns fn
    x = ms.Tensor(np.ones((2, 2), np.float32))
    assert ms.ops.reshard(x, lay("dp", "None")) is x
