"""mindspore.train.get_ckpt_path_with_strategy against MindSpore 2.10 (tools/reference/gen_ckpt_strategy_path.py,
run here with ms_compat's functions): the rank-redundancy groups of data-/model-parallel layouts and the backup
checkpoint picked for every rank of four layouts; also ms_compat's own JSON strategy file as input."""
import json
import pathlib
import runpy

import pytest

from conftest import load_ref_json

GEN = pathlib.Path(__file__).resolve().parents[2] / "tools" / "reference" / "gen_ckpt_strategy_path.py"
REF = load_ref_json("train", "ckpt_strategy_path")


@pytest.fixture(scope="module")
def got():
    import ms_compat.train.ckpt_strategy_path as mod
    real = mod._get_rank

    def set_rank(rank):
        mod._get_rank = real if rank is None else (lambda: rank)
    gen = runpy.run_path(str(GEN), run_name="gen_ckpt_strategy_path")
    return gen["run"]((mod.get_parameter_redundancy, mod.get_ckpt_path_with_strategy, set_rank))


def test_redundancy_groups(got):
    assert got["redundancy"] == REF["redundancy"]


def test_backup_paths(got):
    assert got["paths"] == REF["paths"]


def test_strategy_file_input(tmp_path, monkeypatch):
    import ms_compat.train.ckpt_strategy_path as mod
    from ms_compat.parallel.strategy_file import FORMAT
    strat = tmp_path / "strategy.json"
    strat.write_text(json.dumps({"format": FORMAT, "parameters": {
        "w": {"dev_matrix": [2, 4], "tensor_map": [0, -1], "global_shape": [8, 2]}}}))
    (tmp_path / "rank_5").mkdir()
    (tmp_path / "rank_5" / "n.ckpt").write_bytes(b"")
    monkeypatch.setattr(mod, "_get_rank", lambda: 1)
    assert mod.get_ckpt_path_with_strategy(str(tmp_path / "rank_1" / "n.ckpt"), str(strat)) == \
        str(tmp_path / "rank_5" / "n.ckpt")
    with pytest.raises(TypeError):
        mod.get_ckpt_path_with_strategy(str(tmp_path / "rank_1" / "n.ckpt"), 3)
