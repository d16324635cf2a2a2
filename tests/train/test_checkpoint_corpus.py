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


class TorchLSTMTagger(torch.nn.Module):
    """tests/models/lstm_tagger.py written with native PyTorch layers."""

    def __init__(self, vocab=30, emb=16, hidden=12, tags=5):
        super().__init__()
        self.embedding = torch.nn.Embedding(vocab, emb)
        self.lstm = torch.nn.LSTM(emb, hidden, num_layers=2, bias=True, batch_first=True, bidirectional=True)
        self.fc = torch.nn.Linear(2 * hidden, tags)

    def forward(self, tokens):
        out, _ = self.lstm(self.embedding(tokens))
        return torch.log_softmax(self.fc(out), dim=-1)


class TorchLeNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(1, 6, 5, bias=False)     # MindSpore Conv2d: has_bias=False default
        self.conv2 = torch.nn.Conv2d(6, 16, 5, bias=False)
        self.fc1 = torch.nn.Linear(400, 120)
        self.fc2 = torch.nn.Linear(120, 84)
        self.fc3 = torch.nn.Linear(84, 10)

    def forward(self, x):
        f = torch.nn.functional
        x = f.max_pool2d(f.relu(self.conv1(x)), 2)
        x = f.max_pool2d(f.relu(self.conv2(x)), 2).flatten(1)
        return self.fc3(f.relu(self.fc2(f.relu(self.fc1(x)))))


@pytest.mark.parametrize("name,torch_cls", [("lstm_tagger", TorchLSTMTagger), ("lenet", TorchLeNet)])
def test_corpus_checkpoint_into_native_torch_model_matches_mindspore_output(ms, name, torch_cls, tmp_path):
    """The MindSpore-identical checkpoint of a corpus model, loaded into the same architecture built
    from native torch layers through the name map, reproduces real MindSpore's eval output."""
    from conftest import load_ref_npz
    from ms_compat.train import name_map
    mod = importlib.import_module(f"models.{name}")
    net, specs = mod.build()
    for p in net.get_parameters():
        p.set_data(ms.Tensor(corpus.weight_for(p.name, p.shape)))
    path = str(tmp_path / f"{name}.ckpt")
    ms.save_checkpoint(net, path)
    tnet = torch_cls().eval()
    report = name_map.load_into_torch(tnet, path)
    assert report.ok, report.describe()
    inputs = [torch.from_numpy(a) for a in corpus.make_inputs(specs)]
    if inputs[0].dtype == torch.int32:
        inputs = [i.long() for i in inputs]
    with torch.no_grad():
        out = tnet(*inputs).numpy()
    np.testing.assert_allclose(out, load_ref_npz("models", name)["out0"], rtol=1e-4, atol=1e-5)
