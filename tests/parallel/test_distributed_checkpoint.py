"""Distributed checkpoints: 2 gloo processes save a sharded MLP (per-rank slices + strategy file, an
integrated checkpoint, a torch.distributed.checkpoint directory); the same values come back in another
2-process layout (load_distributed_checkpoint, transform_checkpoints, transform_checkpoint_by_rank, DCP) and
in this single process (the merged checkpoint with ms.load_checkpoint, DCP, plain PyTorch tooling)."""
from __future__ import annotations

import json
import os
import sys
import warnings

import numpy as np
import pytest
import torch

sys.path.insert(0, os.path.dirname(__file__))
from spawn_util import free_port as _free_port, spawn_bounded  # noqa: E402
import _ckpt_worker  # noqa: E402

import ms_compat as ms  # noqa: E402

NAMES = ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    out = tmp_path_factory.mktemp("dist_ckpt")
    spawn_bounded(_ckpt_worker.main, args=(2, _free_port(), str(out)), nprocs=2, deadline_s=240)
    results = [json.loads((out / f"rank{r}.json").read_text()) for r in range(2)]
    for r, res in enumerate(results):
        assert "fatal" not in res, f"rank {r} failed:\n{res['fatal']}"
    return out, results


def _same(values, full):
    assert sorted(values) == sorted(full)
    for name in full:
        np.testing.assert_allclose(np.asarray(values[name], np.float32), np.asarray(full[name], np.float32),
                                   rtol=0, atol=0, err_msg=name)


@pytest.mark.multiprocess
def test_saved_slices_load_into_another_two_process_layout(saved):
    out, ranks = saved
    full = ranks[0]["full"]
    assert ranks[1]["full"] == full
    assert ranks[0]["local_shapes"] == {"fc1.weight": [4, 6], "fc1.bias": [4], "fc2.weight": [4, 4], "fc2.bias": [4]}
    assert ranks[0]["dst_local_shapes"] == {"fc1.weight": [8, 3], "fc1.bias": [8], "fc2.weight": [2, 8],
                                            "fc2.bias": [2]}
    for res in ranks:
        assert res["load_distributed_ret"] is True
        assert "the length of 'checkpoint_filenames' should be equal" in res["err_file_count"]
        for key in ("via_load_distributed", "via_dcp", "via_transform", "via_by_rank"):
            _same(res[key], full)
    assert ranks[0]["rank_list_for_dst1"] == [0, 1]


@pytest.mark.multiprocess
def test_strategy_file_records_the_layouts(saved):
    out, _ = saved
    src = ms.parallel.build_searched_strategy(str(out / "strategy_src.json"))
    assert src["fc1.weight"] == {"dev_matrix": [2], "tensor_map": [0, -1], "global_shape": [8, 6]}
    assert src["fc2.weight"]["tensor_map"] == [-1, 0] and src["fc2.bias"]["tensor_map"] == [-1]
    dst = ms.parallel.build_searched_strategy(str(out / "strategy_dst.json"))
    assert dst["fc1.weight"]["tensor_map"] == [-1, 0] and dst["fc2.bias"]["tensor_map"] == [0]


@pytest.mark.multiprocess
def test_sharded_checkpoint_loads_into_one_process(saved):
    out, ranks = saved
    full = ranks[0]["full"]
    merged = out / "merged" / "rank_0" / "full_0.ckpt"
    assert sorted(os.listdir(out / "merged")) == ["rank_0"]
    for path in (merged, out / "integrated_0.ckpt", out / "integrated_1.ckpt"):
        net = _ckpt_worker.make_net(7)
        assert ms.load_param_into_net(net, ms.load_checkpoint(str(path))) == ([], [])
        _same({p.name: p.asnumpy() for p in net.get_parameters()}, full)
    # load_distributed_checkpoint in one process (no process group): whole tensors
    net = _ckpt_worker.make_net(8)
    files = [str(out / "src" / f"rank_{r}" / "net.ckpt") for r in range(2)]
    ms.load_distributed_checkpoint(net, files, train_strategy_filename=str(out / "strategy_src.json"))
    _same({p.name: p.asnumpy() for p in net.get_parameters()}, full)
    # the torch.distributed.checkpoint directory: into one process, and with plain PyTorch tooling
    from ms_compat.parallel.sharded_checkpoint import load_sharded
    net = _ckpt_worker.make_net(9)
    load_sharded(net, str(out / "dcp"))
    _same({p.name: p.asnumpy() for p in net.get_parameters()}, full)
    from torch.distributed.checkpoint.format_utils import dcp_to_torch_save
    with warnings.catch_warnings():  # torch: "no process group, assuming a single process" (it is one)
        warnings.simplefilter("ignore", UserWarning)
        dcp_to_torch_save(str(out / "dcp"), str(out / "full.pt"))
    plain = torch.load(str(out / "full.pt"), weights_only=True)
    assert sorted(plain) == sorted(NAMES) and all(type(t) is torch.Tensor for t in plain.values())
    _same({k: v.numpy() for k, v in plain.items()}, full)


# ------------------------------------------------------------------------------------------------ one process
def test_merge_sliced_parameter_and_errors(tmp_path):
    from ms_compat.parallel.strategy_file import write_strategy_file
    full = np.arange(24, dtype=np.float32).reshape(4, 6)
    pieces = [ms.Parameter(ms.Tensor(full[:, 3 * r:3 * r + 3].copy()), name="w") for r in range(2)]
    strategy = {"w": {"dev_matrix": [2], "tensor_map": [-1, 0], "global_shape": [4, 6]}}
    merged = ms.merge_sliced_parameter(pieces, strategy)
    assert merged.name == "w" and type(merged).__name__ == "Parameter"
    np.testing.assert_array_equal(merged.asnumpy(), full)
    np.testing.assert_array_equal(ms.merge_sliced_parameter(pieces).asnumpy(), np.concatenate(
        [full[:, :3], full[:, 3:]], 0))  # no strategy: along axis 0, as MindSpore
    with pytest.raises(TypeError, match="should be list"):
        ms.merge_sliced_parameter(tuple(pieces))
    with pytest.raises(KeyError, match="should be a key"):
        ms.merge_sliced_parameter(pieces, {"other": strategy["w"]})
    with pytest.raises(ValueError, match="should be the same"):
        ms.merge_sliced_parameter([pieces[0], ms.Parameter(ms.Tensor(full[:, :3].copy()), name="v")])
    path = tmp_path / "s.json"
    write_strategy_file(str(path), strategy)
    assert ms.build_searched_strategy(str(path)) == strategy
    (tmp_path / "pb.ckpt").write_bytes(b"\x0a\x03abc")
    with pytest.raises(ValueError, match="protobuf strategy files are not read"):
        ms.build_searched_strategy(str(tmp_path / "pb.ckpt"))
    with pytest.raises(ValueError, match=r"ranks holding slices \[\(1, 0\)\]"):
        ms.merge_sliced_parameter([ms.Parameter(ms.Tensor(full[:2, :3].copy()), name="w")],
                                  {"w": {"dev_matrix": [2], "tensor_map": [0, -1], "global_shape": [4, 3]}})


def test_two_dimensional_device_matrix_slicing():
    """A (2, 2) device matrix: rank r at (r // 2, r % 2); a dimension cut by both axes (outer first)."""
    from ms_compat.parallel.strategy_file import merge_slices, rank_slice
    full = torch.arange(32.0).reshape(8, 4)
    e = {"dev_matrix": [2, 2], "tensor_map": [1, 0], "global_shape": [8, 4]}
    assert torch.equal(rank_slice(full, e, 1), full[:4, 2:])
    assert torch.equal(rank_slice(full, e, 2), full[4:, :2])
    e2 = {"dev_matrix": [2, 2], "tensor_map": [[1, 0], -1], "global_shape": [8, 4]}
    assert torch.equal(rank_slice(full, e2, 1), full[2:4])
    assert torch.equal(rank_slice(full, e2, 2), full[4:6])
    assert torch.equal(merge_slices({r: rank_slice(full, e2, r) for r in range(4)}, e2), full)
    e3 = {"dev_matrix": [2, 2], "tensor_map": [0, -1], "global_shape": [8, 4]}  # replicated over axis 'dp'
    assert torch.equal(merge_slices({0: rank_slice(full, e3, 0), 3: rank_slice(full, e3, 3)}, e3), full)


def test_strategy_ckpt_config_checks():
    try:
        ms.set_auto_parallel_context(strategy_ckpt_config={"save_file": "a.json"})
        assert ms.get_auto_parallel_context("strategy_ckpt_save_file") == "a.json"
        assert ms.get_auto_parallel_context("strategy_ckpt_config") == {"load_file": "", "save_file": "a.json",
                                                                        "only_trainable_params": True}
        ms.set_auto_parallel_context(strategy_ckpt_load_file="b.json")
        assert ms.get_auto_parallel_context("strategy_ckpt_config")["load_file"] == "b.json"
        with pytest.raises(ValueError, match="Unknown config"):
            ms.set_auto_parallel_context(strategy_ckpt_config={"file": "x"})
        with pytest.raises(TypeError, match="'save_file' must be str"):
            ms.set_auto_parallel_context(strategy_ckpt_config={"save_file": 1})
    finally:
        ms.reset_auto_parallel_context()
