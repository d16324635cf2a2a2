"""``nn.LSTM`` under ``torch.compile`` on the CPU (``ms_compat/nn/layer/_compiled_lstm.py``): oneDNN's fused
kernel as one graph op per layer and direction. Compiled outputs and gradients equal the eager ones (which
tests/nn/test_layers_reference.py pins to real MindSpore 2.10); the traced graphs do not grow with the
sequence length (AOTAutograd's decomposition of ``torch.lstm`` unrolled every time step: 565 s to compile
the benchmark's LSTM tagger); the other dtypes keep the traced ``torch.lstm``."""
import numpy as np
import pytest
import torch
from functorch.compile import make_boxed_func
from torch._dynamo.backends.common import aot_autograd

import ms_compat as ms
from ms_compat import Tensor, nn

CASES = {
    "bi_2layer_batch_first": (dict(num_layers=2, bidirectional=True, batch_first=True), False),
    "no_bias_given_hx": (dict(has_bias=False), True),
}


def _run(net, x, hx):
    out, (h, c) = net(x * 1, None if hx is None else (hx[0] * 1, hx[1] * 1))  # inputs as intermediate values
    return out, h, c


def _inputs(kw, with_hx, dtype=np.float32, steps=6):
    rng = np.random.default_rng(0)
    dirs = 2 if kw.get("bidirectional") else 1
    x = Tensor(rng.standard_normal((3, steps, 5) if kw.get("batch_first") else (steps, 3, 5)).astype(dtype))
    hx = None
    if with_hx:
        shape = (kw.get("num_layers", 1) * dirs, 3, 4)
        hx = tuple(Tensor(rng.standard_normal(shape).astype(dtype)).requires_grad_() for _ in range(2))
    return x.requires_grad_(), hx


@pytest.mark.parametrize("train", [True, False])
@pytest.mark.parametrize("case", sorted(CASES))
def test_compiled_lstm_matches_eager_values_and_gradients(case, train):
    torch._dynamo.reset()
    kw, with_hx = CASES[case]
    net = nn.LSTM(5, 4, **kw)
    net.set_train(train)
    x, hx = _inputs(kw, with_hx)
    leaves = [x, *(hx or ()), *net.trainable_params()]
    compiled = torch.compile(lambda a, s: _run(net, a, s), fullgraph=True, backend="aot_eager")
    eager_out, comp_out = _run(net, x, hx), compiled(x, hx)
    assert all(type(t) is Tensor for t in comp_out)
    for a, b in zip(comp_out, eager_out):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())  # the same oneDNN kernel, the same calls
    g_eager = torch.autograd.grad(sum(t.square().sum() for t in eager_out), leaves)
    g_comp = torch.autograd.grad(sum(t.square().sum() for t in comp_out), leaves)
    for a, b in zip(g_comp, g_eager):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-6, atol=1e-7)
    with torch.no_grad():  # traced anew under no_grad: torch.lstm, which AOTAutograd runs on oneDNN's kernel
        for a, b in zip(compiled(x, hx), _run(net, x, hx)):
            np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6, atol=1e-7)


def test_compiled_lstm_applies_dropout_between_layers_without_gradients():
    """Training with dropout under no_grad takes the fused path too: the traced ``torch.lstm``'s
    decomposition would silently skip the dropout that eager mode (and MindSpore) apply."""
    torch._dynamo.reset()
    net = nn.LSTM(5, 4, num_layers=2, dropout=0.5)
    x, _ = _inputs({}, False)
    compiled = torch.compile(lambda a: net(a * 1)[0], fullgraph=True, backend="aot_eager")
    with torch.no_grad():
        net.set_train(False)
        no_dropout = compiled(x).asnumpy()
        np.testing.assert_array_equal(no_dropout, net(x)[0].asnumpy())
        net.set_train(True)
        assert not np.allclose(compiled(x).asnumpy(), no_dropout)
        assert not np.allclose(net(x)[0].asnumpy(), no_dropout)  # eager drops too


def test_compiled_lstm_backward_accumulates_separate_bias_gradients():
    """oneDNN returns one bias gradient for both biases; each Parameter gets its own ``.grad``."""
    torch._dynamo.reset()
    net = nn.LSTM(5, 4)
    x, _ = _inputs({}, False)
    torch.compile(lambda a: net(a * 1)[0], fullgraph=True, backend="aot_eager")(x).sum().backward()
    grads = {k: p.grad for k, p in net.parameters_and_names()}
    assert grads["bias_ih_l0"].data_ptr() != grads["bias_hh_l0"].data_ptr()
    np.testing.assert_array_equal(grads["bias_ih_l0"].numpy(), grads["bias_hh_l0"].numpy())


def _graph_sizes(net, x, train):
    """(dynamo graph count, forward nodes, backward nodes) of one compiled training-style call."""
    sizes = {"fw": 0, "bw": 0}

    def counter(kind):
        def compile_fn(gm, _inputs):
            sizes[kind] += len(gm.graph.nodes)
            return make_boxed_func(gm.forward)
        return compile_fn

    torch._dynamo.reset()
    net.set_train(train)
    backend = aot_autograd(fw_compiler=counter("fw"), bw_compiler=counter("bw"))
    out = torch.compile(net, backend=backend)(x)
    out.sum().backward()
    return torch._dynamo.utils.counters["stats"]["unique_graphs"], sizes["fw"], sizes["bw"]


def test_compiled_lstm_tagger_graph_does_not_grow_with_sequence_length():
    """The benchmark's failure mode: the unrolled recurrence made the graphs (and compile time) grow with
    the time steps (in training: the decomposition keeps oneDNN only for inference). One graph, and the
    same node counts at 8 and 48 steps."""
    ms.set_seed(0)
    net = nn.SequentialCell([nn.Embedding(30, 8), nn.LSTM(8, 6, num_layers=2, batch_first=True, bidirectional=True)])
    net = _FirstOutput(net)
    sizes = []
    for steps in (8, 48):
        torch._dynamo.utils.counters.clear()
        tokens = Tensor(np.random.default_rng(0).integers(0, 30, (2, steps)))
        sizes.append(_graph_sizes(net, tokens, True))
    assert sizes[0][0] == 1 and sizes[1][0] == 1, sizes
    assert sizes[0] == sizes[1], sizes
    assert sizes[0][1] < 80, sizes  # embedding, 4 fused LSTM ops and their glue; unrolled it was thousands


class _FirstOutput(nn.Cell):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def construct(self, tokens):
        x = self.inner[0](tokens)
        return self.inner[1](x)[0]


def test_float64_lstm_keeps_the_traced_torch_lstm():
    """oneDNN's kernel is float32 here; other dtypes trace ``torch.lstm`` as before (same values)."""
    torch._dynamo.reset()
    net = nn.LSTM(5, 4, dtype=ms.float64)
    x, _ = _inputs({}, False, dtype=np.float64)
    seen = []

    def backend(gm, _inputs):
        seen.extend(str(n.target) for n in gm.graph.nodes)
        return gm.forward

    out = torch.compile(lambda a: net(a * 1)[0], fullgraph=True, backend=backend)(x)
    assert not any("lstm_layer" in t for t in seen) and any("lstm" in t for t in seen)
    np.testing.assert_array_equal(out.asnumpy(), net(x)[0].asnumpy())
