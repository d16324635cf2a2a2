"""Checkpoint files get the permission bits real MindSpore 2.10 gives them (read-only for the owner, 0400, in
both the .ckpt and the .safetensors format; tests/reference_data/checkpoint/modes.json, gen_ckpt_modes.py)."""
import os

import pytest

import ms_compat as ms
from conftest import load_ref_json

REF = load_ref_json("checkpoint", "modes")


@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
def test_saved_file_mode_matches_mindspore(tmp_path, fmt):
    pytest.importorskip("safetensors")
    old = os.umask(0o022)
    try:
        path = tmp_path / f"m.{fmt}"
        ms.save_checkpoint(ms.nn.Dense(2, 2), str(path), format=fmt)
    finally:
        os.umask(old)
    assert oct(os.stat(path).st_mode & 0o777) == REF[fmt]
