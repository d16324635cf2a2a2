"""The model corpus (tests/models) saved by ms_compat is byte-identical to the .ckpt real MindSpore 2.10
writes for the same model and weights (SHA-256 recorded by tools/reference/gen_checkpoint.py), so
MindSpore loads ms_compat's files and ms_compat loads MindSpore's with identical values."""
import hashlib
import importlib
import sys

import numpy as np
import pytest
import torch

import ms_compat
from conftest import load_ref_json
from models import corpus


@pytest.fixture(scope="module")
def ms():
    ms_compat.install(force=True)
    import mindspore
    yield mindspore
    ms_compat.uninstall()
    for name in list(sys.modules):
        if name.startswith("models.") and name != "models.corpus":
            del sys.modules[name]


@pytest.mark.parametrize("name", corpus.MODELS)
def test_corpus_checkpoint_bytes_match_mindspore(ms, name, tmp_path):
    ref = load_ref_json("checkpoint", "read_by_mindspore")["corpus"][name]
    net, _ = importlib.import_module(f"models.{name}").build()
    for p in net.get_parameters():
        p.set_data(ms.Tensor(corpus.weight_for(p.name, p.shape)))
    path = str(tmp_path / f"{name}.ckpt")
    ms.save_checkpoint(net, path)
    raw = open(path, "rb").read()
    assert len(raw) == ref["bytes"] and hashlib.sha256(raw).hexdigest() == ref["sha256"]
    # and back: the (MindSpore-identical) file loads into a fresh model with identical values
    fresh, _ = importlib.import_module(f"models.{name}").build()
    loaded = ms.load_checkpoint(path)
    assert len(loaded) == ref["entries"]
    assert ms.load_param_into_net(fresh, loaded) == ([], [])
    for p in fresh.get_parameters():
        assert np.array_equal(torch.Tensor.as_subclass(p.detach(), torch.Tensor).numpy(),
                              corpus.weight_for(p.name, p.shape)), p.name
