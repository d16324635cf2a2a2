"""A real MindSpore checkpoint into native torch layers and back (ms_compat.train.name_map)."""
import numpy as np
import pytest
import torch

from conftest import REF, load_ref_json, load_ref_npz

import ms_compat as ms
from ms_compat import nn
from ms_compat.train import name_map
from ms_compat.train import serialization as ser

CKPT = REF / "checkpoint" / "mindspore_written" / "layers.ckpt"


class TorchNet(torch.nn.Module):
    """The same architecture written with native PyTorch layers (PyTorch names)."""

    def __init__(self, dense_in=32):
        super().__init__()
        self.emb = torch.nn.Embedding(5, 4)
        self.conv = torch.nn.Conv2d(1, 2, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(2)
        self.dense = torch.nn.Linear(dense_in, 3)
        self.ln = torch.nn.LayerNorm(3, eps=1e-7)    # MindSpore LayerNorm epsilon default 1e-7

    def forward(self, ids):
        e = self.emb(ids).reshape(2, 1, 4, 4)
        b = self.bn(self.conv(e))
        return self.ln(self.dense(b.reshape(2, 32)))


class PortedNet(nn.Cell):
    """The ported model (ms_compat layers, MindSpore names)."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(5, 4)
        self.conv = nn.Conv2d(1, 2, 3, pad_mode="pad", padding=1, has_bias=True)
        self.bn = nn.BatchNorm2d(2)
        self.dense = nn.Dense(32, 3)
        self.ln = nn.LayerNorm((3,))

    def construct(self, ids):
        e = self.emb(ids).reshape(2, 1, 4, 4)
        b = self.bn(self.conv(e))
        return self.ln(self.dense(b.reshape(2, 32)))


def test_mindspore_checkpoint_into_native_torch_model_and_back(tmp_path):
    ref = load_ref_npz("checkpoint", "layers")
    tnet = TorchNet().eval()
    report = name_map.load_into_torch(tnet, str(CKPT))
    assert report.ok and report.ignored == ["bn.num_batches_tracked"]
    assert report.mapping["bn.weight"] == "bn.gamma" and report.mapping["bn.running_var"] == "bn.moving_variance"
    assert report.mapping["emb.weight"] == "emb.embedding_table" and report.mapping["ln.bias"] == "ln.beta"
    with torch.no_grad():
        out = tnet(torch.from_numpy(ref["ids"]).long()).numpy()
    np.testing.assert_allclose(out, ref["out"], rtol=1e-4, atol=1e-5)

    # back: the torch state_dict into the ported model, saved again -> the same bytes MindSpore wrote
    torch.save(tnet.state_dict(), tmp_path / "t.pt")
    ported = PortedNet()
    rep2 = name_map.load_into_cell(ported, str(tmp_path / "t.pt"))
    assert rep2.ok and rep2.ignored == ["bn.num_batches_tracked"]
    assert [p.name for p in ported.get_parameters()] == load_ref_json("checkpoint", "read_by_mindspore")["layers_names"]
    ms.save_checkpoint(ported, str(tmp_path / "back.ckpt"))
    assert (tmp_path / "back.ckpt").read_bytes() == CKPT.read_bytes()
    ported.set_train(False)
    np.testing.assert_allclose(ported(ms.Tensor(ref["ids"])).asnumpy(), ref["out"], rtol=1e-4, atol=1e-5)


def test_checkpoint_to_state_dict_for_torch_and_for_ported_model():
    sd, report = name_map.ms_to_torch(ser.read_checkpoint_tensors(str(CKPT)), TorchNet())
    assert report.ok and set(sd) == set(TorchNet().state_dict()) - {"bn.num_batches_tracked"}
    sd2 = ser.checkpoint_to_torch_state_dict(str(CKPT), net=PortedNet())
    assert list(sd2) == list(PortedNet().state_dict())
    missing, unexpected = PortedNet().load_state_dict(sd2)
    assert missing == [] and unexpected == []


def test_mismatches_reported_by_name_and_nothing_copied():
    tnet = TorchNet(dense_in=8)
    tnet.extra = torch.nn.Linear(2, 2)
    before = {k: v.clone() for k, v in tnet.state_dict().items()}
    params = ser.read_checkpoint_tensors(str(CKPT))
    params["head.weight"] = torch.zeros(1)
    with pytest.raises(RuntimeError) as ei:
        name_map.load_into_torch(tnet, params)
    msg = str(ei.value)
    assert "size mismatch for dense.weight: copying dense.weight with shape (3, 32)" in msg
    _, report = name_map.ms_to_torch(params, tnet)
    assert report.missing == ["extra.weight", "extra.bias"] and report.unexpected == ["head.weight"]
    assert [m[0] for m in report.shape_mismatch] == ["dense.weight"]
    for k, v in tnet.state_dict().items():
        assert torch.equal(v, before[k]), k
    # non-strict still refuses shape mismatches; without them it loads what matches
    tnet2 = TorchNet()
    tnet2.extra = torch.nn.Linear(2, 2)
    rep = name_map.load_into_torch(tnet2, params, strict=False)
    assert rep.missing == ["extra.weight", "extra.bias"]
    assert torch.equal(tnet2.bn.weight.detach(), params["bn.gamma"])


def test_rules_are_two_way_and_kinds_resolve():
    for rule in name_map.LAYER_RULES.values():
        assert {v: k for k, v in rule.torch_to_ms.items()} == rule.ms_to_torch
    assert name_map.layer_kind(torch.nn.BatchNorm1d(2)) == "BatchNorm"
    assert name_map.layer_kind(nn.BatchNorm2d(2)) == "BatchNorm"
    assert name_map.layer_kind(nn.LayerNorm((3,))) == "LayerNorm"
    assert name_map.layer_kind(torch.nn.Embedding(2, 2)) == "Embedding"
    assert name_map.layer_kind(torch.nn.Linear(2, 2)) is None
