"""Layer behaviours beyond single forward/backward: containers (names after append/insert/del/slice,
nesting), train/eval switching, Dropout statistics, and the layers MindSpore 2.10 cannot run on CPU
(Unfold, InstanceNorm) checked against independent numpy implementations."""
from collections import OrderedDict

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Tensor, nn

from _layer_ref import layer_cases, load_ref_json
from compile_util import assert_single_graph

SNIPPETS = load_ref_json("layers", "snippets")


def _close(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return abs(a - b) <= 1e-4 + 1e-4 * abs(b)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    return a == b


@pytest.mark.parametrize("sid", sorted(layer_cases.SNIPPETS))
def test_behaviour_matches_mindspore(sid):
    ns = {"nn": nn, "np": np, "Tensor": Tensor, "OrderedDict": OrderedDict, "ms": ms}
    exec(layer_cases.SNIPPETS[sid], ns)
    assert _close(ns["out"], SNIPPETS[sid]), (ns["out"], SNIPPETS[sid])


def test_sequential_has_no_insert_like_mindspore():
    assert not hasattr(nn.SequentialCell(), "insert")


def test_celllist_call_and_getattr_errors():
    with pytest.raises(NotImplementedError):
        nn.CellList([nn.ReLU()])(Tensor([1.0]))
    with pytest.raises(TypeError):
        nn.CellList([nn.ReLU()])["0"]
    with pytest.raises(KeyError):
        nn.CellDict({"": nn.ReLU()})
    with pytest.raises(TypeError):
        nn.CellDict({"a": nn.CellList()})


def test_dropout_training_statistics():
    torch.manual_seed(0)
    x = Tensor(np.ones((200, 100), np.float32))
    d = nn.Dropout(p=0.3).set_train()
    y = d(x).asnumpy()
    assert (np.isclose(y, 0.0) | np.isclose(y, 1 / 0.7)).all()
    assert abs((y == 0).mean() - 0.3) < 0.02
    with pytest.warns(UserWarning, match="keep_prob"):
        k = nn.Dropout(0.8)
    assert abs(k.p - 0.2) < 1e-12
    y = k.set_train()(x).asnumpy()
    assert abs((y == 0).mean() - 0.2) < 0.02
    assert (nn.Dropout(p=0.3)(x).asnumpy() == 1).all()  # a new cell is in inference mode


def test_dropout2d_zeroes_whole_channels():
    torch.manual_seed(0)
    y = nn.Dropout2d(p=0.5).set_train()(Tensor(np.ones((4, 16, 3, 3), np.float32))).asnumpy()
    per_channel = y.reshape(4, 16, 9)
    assert ((per_channel == 0).all(-1) | (per_channel == 2).all(-1)).all()


def test_batchnorm_use_batch_statistics_false_in_training_keeps_stats():
    bn = nn.BatchNorm2d(2, use_batch_statistics=False).set_train()
    bn(Tensor(np.random.default_rng(0).standard_normal((2, 2, 3, 3)).astype(np.float32)))
    assert (bn.moving_mean.asnumpy() == 0).all() and (bn.moving_variance.asnumpy() == 1).all()


def _np_extract_patches(x, k, s, r, padding):
    """TF extract_image_patches on NCHW: output depth index = (i*kw + j)*C + c."""
    n, c, h, w = x.shape
    kh, kw = k
    ekh, ekw = (kh - 1) * r[0] + 1, (kw - 1) * r[1] + 1
    if padding == "same":
        oh, ow = -(-h // s[0]), -(-w // s[1])
        ph = max((oh - 1) * s[0] + ekh - h, 0)
        pw = max((ow - 1) * s[1] + ekw - w, 0)
        x = np.pad(x, ((0, 0), (0, 0), (ph // 2, ph - ph // 2), (pw // 2, pw - pw // 2)))
    else:
        oh, ow = (h - ekh) // s[0] + 1, (w - ekw) // s[1] + 1
    out = np.zeros((n, kh * kw * c, oh, ow), x.dtype)
    for oi in range(oh):
        for oj in range(ow):
            for i in range(kh):
                for j in range(kw):
                    out[:, (i * kw + j) * c:(i * kw + j + 1) * c, oi, oj] = \
                        x[:, :, oi * s[0] + i * r[0], oj * s[1] + j * r[1]]
    return out


@pytest.mark.parametrize("args", [((2, 2), (1, 1), (1, 1), "valid", (1, 2, 4, 4)),
                                  ((3, 3), (2, 2), (1, 1), "same", (1, 2, 5, 5)),
                                  ((2, 2), (1, 1), (2, 2), "valid", (2, 3, 5, 5)),
                                  ((2, 3), (2, 1), (1, 1), "same", (1, 2, 6, 5))])
def test_unfold_matches_tf_extract_image_patches(args):
    # MindSpore 2.10 has no CPU kernel for Unfold (ExtractImagePatches; see errors.json), so the
    # documented TF semantics are checked against a direct numpy implementation.
    k, s, r, padding, shape = args
    x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
    layer = nn.Unfold([1, *k, 1], [1, *s, 1], [1, *r, 1], padding)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), _np_extract_patches(x, k, s, r, padding), rtol=1e-6)


@pytest.mark.parametrize("cls,shape", [("InstanceNorm1d", (2, 3, 5)), ("InstanceNorm2d", (2, 3, 4, 4)),
                                       ("InstanceNorm3d", (2, 3, 2, 2, 2))])
def test_instancenorm_matches_definition(cls, shape):
    # MindSpore 2.10 has no CPU kernel for InstanceNorm; compared with the documented formula.
    x = np.random.default_rng(2).standard_normal(shape).astype(np.float32)
    layer = getattr(nn, cls)(3, gamma_init="normal", beta_init="normal")
    g, b = layer.gamma.asnumpy(), layer.beta.asnumpy()
    axes = tuple(range(2, len(shape)))
    mean = x.mean(axes, keepdims=True)
    var = x.var(axes, keepdims=True)
    bshape = (1, 3) + (1,) * len(axes)
    exp = (x - mean) / np.sqrt(var + 1e-5) * g.reshape(bshape) + b.reshape(bshape)
    np.testing.assert_allclose(layer(Tensor(x)).asnumpy(), exp, rtol=1e-4, atol=1e-5)
    layer.set_train()
    layer(Tensor(x))
    np.testing.assert_allclose(layer.moving_mean.asnumpy(), 0.1 * x.mean((0,) + axes), rtol=1e-4, atol=1e-6)


def test_layer_outputs_are_mindspore_tensors_and_backprop():
    net = nn.SequentialCell(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.ReLU(), nn.Flatten(), nn.Dense(2 * 16, 3))
    out = net(Tensor(np.ones((1, 1, 4, 4), np.float32)))
    assert isinstance(out, Tensor) and out.shape == (1, 3)
    out.sum().backward()
    assert all(p.grad is not None for p in net.trainable_params())


def test_layers_compile_without_graph_breaks():
    """The layers' construct bodies are plain torch calls: no graph break under torch.compile."""
    cases = [(nn.Conv2d(3, 4, 3, stride=2), (torch.randn(2, 3, 8, 8),)),
             (nn.MaxPool2d(3, 2, pad_mode="same"), (torch.randn(1, 2, 7, 7),)),
             (nn.AvgPool2d(3, 2, pad_mode="same"), (torch.randn(1, 2, 7, 7),)),
             (nn.BatchNorm2d(3).set_train(), (torch.randn(2, 3, 4, 4),)),
             (nn.LayerNorm((8,), 1, -1), (torch.randn(2, 3, 8),)),
             (nn.SequentialCell(nn.Dense(8, 8, activation="gelu"), nn.Dropout(p=0.1)), (torch.randn(2, 8),)),
             (nn.LSTM(3, 4, bidirectional=True), (torch.randn(5, 2, 3),)),
             (nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), (Tensor(np.ones((2, 3, 8), np.float32)),))]
    for net, args in cases:
        assert_single_graph(net, *args)


def test_rnn_seq_length_under_compile_runs_eagerly_and_matches():
    g = nn.GRU(3, 4)
    x = torch.randn(5, 2, 3)
    lengths = torch.tensor([5, 3])
    o, h = torch.compile(g, backend="eager")(x, None, lengths)
    o2, h2 = g(x, None, lengths)
    torch.testing.assert_close(o, o2)
    torch.testing.assert_close(h, h2)
    assert (o2[3:, 1] == 0).all()


def test_rrelu_is_random_also_in_inference_mode():
    # MindSpore 2.10's RReLU.construct draws new slopes on every call regardless of training mode
    torch.manual_seed(0)
    r = nn.RReLU()
    assert r.training is False
    x = Tensor(-np.ones((1000,), np.float32))
    a, b = r(x).asnumpy(), r(x).asnumpy()
    assert not np.array_equal(a, b)
    assert (a <= -1 / 8 + 1e-6).all() and (a >= -1 / 3 - 1e-6).all()


def test_torch_style_ext_layers_equal_torch_modules():
    # MindSpore 2.10 CPU has no kernel for these (see cases.json 'ms_error'); they are specified as
    # the PyTorch layers of the same name, so they are checked against torch.nn.
    torch.manual_seed(0)
    x = torch.randn(2, 3, 6, 6)
    pairs = [(nn.MaxPool2dExt(2), torch.nn.MaxPool2d(2)),
             (nn.AvgPool2dExt(3, 2, padding=1, count_include_pad=False),
              torch.nn.AvgPool2d(3, 2, padding=1, count_include_pad=False)),
             (nn.LogSoftmaxExt(1), torch.nn.LogSoftmax(1))]
    for ours, theirs in pairs:
        torch.testing.assert_close(ours(Tensor(x)), theirs(x))
    ln, tln = nn.LayerNormExt((6, 6), eps=1e-6), torch.nn.LayerNorm((6, 6), eps=1e-6)
    torch.testing.assert_close(ln(Tensor(x)), tln(x))
    assert [n for n, _ in ln.parameters_and_names()] == ["weight", "bias"]
    emb = nn.EmbeddingExt(5, 3, padding_idx=1)
    assert (emb.weight.asnumpy()[1] == 0).all()
    temb = torch.nn.Embedding(5, 3, padding_idx=1)
    with torch.no_grad():
        temb.weight.copy_(emb.weight)
    ids = torch.tensor([[1, 2, 1, 4]])
    out, tout = emb(Tensor(ids)), temb(ids)
    torch.testing.assert_close(out, tout)
    out.sum().backward()
    tout.sum().backward()
    torch.testing.assert_close(emb.weight.grad, temb.weight.grad)  # padding row gets no gradient


def test_mindspore_module_paths_reexport_layers():
    from ms_compat.nn.layer import Dense, LSTMCell
    from ms_compat.nn.layer.channel_shuffle import ChannelShuffle
    from ms_compat.nn.layer.dense import BiDense
    from ms_compat.nn.layer.image import PixelShuffle
    from ms_compat.nn.layer.rnn_cells import GRUCell
    assert Dense is nn.Dense and LSTMCell is nn.LSTMCell and GRUCell is nn.GRUCell
    assert BiDense is nn.BiDense and PixelShuffle is nn.PixelShuffle and ChannelShuffle is nn.ChannelShuffle
