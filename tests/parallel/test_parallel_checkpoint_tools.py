"""mindspore.parallel checkpoint and strategy tools in one process: rank_list_for_convert /
convert_checkpoint_by_rank / convert_checkpoints (MindSpore 2.10: the transform_* functions under new names),
load_segmented_checkpoints, merge_pipeline_strategys, restore_group_info_list (read against a file written by
real MindSpore 2.10, tools/reference/gen_group_info.py) and set_op_strategy_config (will not)."""
from __future__ import annotations

import json
import os
import pathlib

import numpy as np
import pytest

import ms_compat as ms
from ms_compat import parallel as P
from ms_compat.parallel.strategy_file import read_strategy_file, write_strategy_file

REF = pathlib.Path(__file__).resolve().parents[1] / "reference_data" / "parallel"
FULL_W = np.arange(24, dtype=np.float32).reshape(4, 6)
FULL_B = np.arange(4, dtype=np.float32)
SRC = {"w": {"dev_matrix": [2], "tensor_map": [-1, 0], "global_shape": [4, 6]},   # columns cut over 2 ranks
       "b": {"dev_matrix": [2], "tensor_map": [-1], "global_shape": [4]}}           # replicated
DST = {"w": {"dev_matrix": [2], "tensor_map": [0, -1], "global_shape": [4, 6]},   # rows cut over 2 ranks
       "b": {"dev_matrix": [2], "tensor_map": [0], "global_shape": [4]}}


def _save_src(tmp_path):
    src_dir = tmp_path / "src"
    for r in range(2):
        d = src_dir / f"rank_{r}"
        d.mkdir(parents=True)
        ms.save_checkpoint([{"name": "w", "data": ms.Tensor(FULL_W[:, 3 * r:3 * r + 3].copy())},
                            {"name": "b", "data": ms.Tensor(FULL_B.copy())}], str(d / "net.ckpt"))
    write_strategy_file(str(tmp_path / "src.json"), SRC)
    write_strategy_file(str(tmp_path / "dst.json"), DST)
    return src_dir


def test_convert_functions_are_the_transform_functions(tmp_path):
    src_dir = _save_src(tmp_path)
    s, d = str(tmp_path / "src.json"), str(tmp_path / "dst.json")
    for r in range(2):
        assert P.rank_list_for_convert(r, s, d) == P.rank_list_for_transform(r, s, d) == [0, 1]
    P.convert_checkpoints(str(src_dir), str(tmp_path / "out"), "conv_", s, d)
    for r in range(2):
        got = ms.load_checkpoint(str(tmp_path / "out" / f"rank_{r}" / f"conv_{r}.ckpt"))
        np.testing.assert_array_equal(got["w"].asnumpy(), FULL_W[2 * r:2 * r + 2])
        np.testing.assert_array_equal(got["b"].asnumpy(), FULL_B[2 * r:2 * r + 2])
    files = {r: str(src_dir / f"rank_{r}" / "net.ckpt") for r in range(2)}
    P.convert_checkpoint_by_rank(1, files, str(tmp_path / "one" / "r1.ckpt"), s, None)  # None: whole tensors
    got = ms.load_checkpoint(str(tmp_path / "one" / "r1.ckpt"))
    np.testing.assert_array_equal(got["w"].asnumpy(), FULL_W)
    with pytest.raises(ValueError, match="should end with .ckpt"):
        P.convert_checkpoint_by_rank(0, files, str(tmp_path / "x.bin"), s, d)
    with pytest.raises(NotADirectoryError):
        P.convert_checkpoints(str(tmp_path / "nope"), str(tmp_path / "out2"), "c", s, d)


def test_load_segmented_checkpoints(tmp_path):
    d = tmp_path / "seg"
    d.mkdir()
    ms.save_checkpoint([{"name": "a", "data": ms.Tensor(np.ones(2, np.float32))}], str(d / "part0.ckpt"))
    ms.save_checkpoint([{"name": "b", "data": ms.Tensor(np.full(3, 2.0, np.float32))}], str(d / "part1.ckpt"))
    (d / "notes.txt").write_text("not a checkpoint")
    got = P.load_segmented_checkpoints(str(d))
    assert sorted(got) == ["a", "b"]
    np.testing.assert_array_equal(got["b"].asnumpy(), [2.0, 2.0, 2.0])
    # each file goes through load_checkpoint: one left empty by the filter raises, as in MindSpore
    with pytest.raises(ValueError, match="parameter dict is empty"):
        P.load_segmented_checkpoints(str(d), choice_func=lambda n: n == "a")
    net = ms.nn.Cell()
    net.a = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="a")
    net.b = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="b")
    P.load_segmented_checkpoints(str(d), net)
    np.testing.assert_array_equal(net.a.asnumpy(), [1.0, 1.0])
    np.testing.assert_array_equal(net.b.asnumpy(), [2.0, 2.0, 2.0])
    with pytest.raises(TypeError, match="ckpt_file_dir should be a str"):
        P.load_segmented_checkpoints(pathlib.Path(d))
    with pytest.raises(ValueError, match="Or it's not a directory"):
        P.load_segmented_checkpoints(str(d / "part0.ckpt"))


def test_merge_pipeline_strategys(tmp_path):
    src = tmp_path / "stages"
    src.mkdir()
    write_strategy_file(str(src / "stage0.json"), {"emb": SRC["w"]})
    write_strategy_file(str(src / "stage1.json"), {"head": DST["w"], "emb": SRC["w"]})
    P.merge_pipeline_strategys(str(src), str(tmp_path / "merged" / "all.json"))
    assert read_strategy_file(str(tmp_path / "merged" / "all.json")) == {"emb": SRC["w"], "head": DST["w"]}
    write_strategy_file(str(src / "stage2.json"), {"emb": DST["w"]})
    with pytest.raises(ValueError, match="'emb' has different layouts"):
        P.merge_pipeline_strategys(str(src), str(tmp_path / "m2.json"))
    (src / "stage3.ckpt").write_bytes(b"\x0a\x00")
    with pytest.raises(ValueError, match="all '.ckpt' or all '.json'"):
        P.merge_pipeline_strategys(str(src), str(tmp_path / "m3.json"))
    with pytest.raises(NotADirectoryError, match="is not a directory"):
        P.merge_pipeline_strategys(str(src / "stage0.json"), str(tmp_path / "m4.json"))


def test_restore_group_info_list_reads_mindspore_file(tmp_path):
    ref = json.loads((REF / "group_info.json").read_text())
    assert ref["restore"][0] == "ok"
    assert P.restore_group_info_list(str(REF / "group_info.pb")) == ref["restore"][1]
    empty = tmp_path / "empty.pb"
    empty.write_bytes(b"")
    with pytest.raises(ValueError) as e:
        P.restore_group_info_list(str(empty))
    assert [type(e.value).__name__, str(e.value)] == ref["empty"]
    with pytest.raises(TypeError) as e:
        P.restore_group_info_list(1)
    assert [type(e.value).__name__, str(e.value)] == ref["type"]
    with pytest.raises(ValueError, match="no such group information file"):
        P.restore_group_info_list(str(tmp_path / "missing.pb"))
    bad = tmp_path / "bad.pb"
    bad.write_bytes(b"\xff\xff\xff")
    with pytest.raises(ValueError, match="not a MindSpore group information file"):
        P.restore_group_info_list(str(bad))


def test_set_op_strategy_config_will_not():
    from ms_compat.porting import api_coverage
    from ms_compat.porting._missing import MissingAPIError
    status, why = api_coverage.lookup("mindspore.parallel.set_op_strategy_config")
    assert status == "will not" and "sharding-propagation" in why
    ms.install()
    try:
        import mindspore.parallel as mp  # noqa: PLC0415 - the alias serves a placeholder
        with pytest.raises(MissingAPIError, match="set_op_strategy_config"):
            mp.set_op_strategy_config("SAVE", os.path.abspath("x.json"))
    finally:
        ms.uninstall()
