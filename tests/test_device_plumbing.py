"""Device plumbing without a GPU (issue 9): with the context device set to PyTorch's ``meta`` device
(tensors with shapes and dtypes but no data), every tensor ms_compat creates — Tensors, Parameters,
initializers, constants inside ops and layers, optimizer state, loss-scale state — must land on the
context device, exactly as ``set_context(device_target='GPU')`` puts them on ``cuda:N``. A constant
made on the CPU by mistake fails here the way it would fail on a GPU ("Tensor on device cpu is not on
the expected device"). Shapes and dtypes are still compared with real MindSpore 2.10's references.
Data-dependent ops (``.item()``, ``nonzero``, ``unique``) cannot run on ``meta`` and are listed.
The same paths with real data on CUDA are the ``cuda``-marked tests."""
import importlib
import pathlib
import sys

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import amp, context, nn, ops, Tensor
from ms_compat.common.dtype import dtype_str
from ms_compat.ops import operations as P

sys.path.insert(0, str(pathlib.Path(__file__).parent / "ops"))
sys.path.insert(0, str(pathlib.Path(__file__).parent / "nn"))
import op_cases as C  # noqa: E402
from test_ops_reference import CPU_GAPS, OUT  # noqa: E402

from _layer_ref import flatten, get, layer_cases, refs  # noqa: E402

META = torch.device("meta")
DATA_DEPENDENT_OPS = {"P_Range", "range", "P_Unique", "unique", "masked_select", "nonzero"}
DATA_DEPENDENT_LAYERS = {"lstm_seqlen_bi", "gru_seqlen"}  # pack_padded_sequence reads the lengths


@pytest.fixture
def on_meta():
    before = context._device
    context._device = META  # what set_context(device_target='GPU') sets to cuda:N
    yield
    context._device = before


def _devices(obj, acc):
    if isinstance(obj, torch.Tensor):
        acc.add(obj.device.type)
    elif isinstance(obj, (tuple, list)):
        for o in obj:
            _devices(o, acc)
    return acc


def _shapes_dtypes(ref):
    if "seq" in ref:
        return [_shapes_dtypes(r) for r in ref["items"]]
    if "dtype" in ref:
        return (ref["dtype"], tuple(ref["shape"]))
    return None


def _ours(out):
    if isinstance(out, (tuple, list)):
        return [_ours(o) for o in out]
    if isinstance(out, torch.Tensor):
        return (dtype_str(out.dtype), tuple(out.shape))
    return None


@pytest.mark.parametrize("name", sorted(set(C.CASES) - CPU_GAPS - DATA_DEPENDENT_OPS))
def test_op_stays_on_the_context_device(on_meta, name):
    fn, inputs, _ = C.CASES[name]
    ts = [ms.Tensor(a) for a in inputs]
    assert all(t.device == META for t in ts)
    out = fn(ms, ops, P, *ts)
    assert _devices(out, set()) <= {"meta"}, _devices(out, set())
    assert _ours(out) == _shapes_dtypes(OUT[name]) or _shapes_dtypes(OUT[name]) is None


RUNNABLE = [c for c in layer_cases.CASES if "ms_error" not in refs()[0][c[0]] and c[0] not in DATA_DEPENDENT_LAYERS]


@pytest.mark.parametrize("case", RUNNABLE, ids=[c[0] for c in RUNNABLE])
def test_layer_parameters_outputs_and_gradients_on_the_context_device(on_meta, case):
    cid, ctor, inputs, call, train, want_grad = case
    net = eval(ctor, {"nn": nn, "Tensor": Tensor, "np": np, "ms": ms})
    net.set_train(train)
    assert {p.device for p in net.get_parameters()} <= {META}
    assert {b.device for b in net.buffers()} <= {META}
    call_fn = eval(call, {"nn": nn, "Tensor": Tensor, "np": np, "ms": ms}) if call else (lambda n, *a: n(*a))
    xs = [Tensor(get(cid, f"x{i}")) for i in range(len(inputs))]
    for x, (_, kind) in zip(xs, inputs):
        if kind == "f":
            x.requires_grad_(True)
    outs = [o for o in flatten(call_fn(net, *xs)) if isinstance(o, torch.Tensor)]
    assert [list(o.shape) for o in outs] == refs()[0][cid]["out_shapes"]
    assert {o.device for o in outs} <= {META}
    floats = [o for o in outs if o.is_floating_point() and o.requires_grad]
    if want_grad and floats:
        sum(o.float().sum() for o in floats).backward()
        grads = [p.grad for p in net.get_parameters() if p.grad is not None]
        assert {g.device for g in grads} <= {META}


class _WithLoss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, *inputs):
        out = self.net(*inputs)
        out = out[0] if isinstance(out, (tuple, list)) else out
        return out.astype(ms.float32).square().mean()


@pytest.mark.parametrize("name", ["lenet", "resnet50", "vit", "bert", "lstm_tagger", "unet"])
def test_corpus_model_trains_on_the_context_device(on_meta, name):
    sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from models import corpus
    ms.install(force=True)
    try:
        net, specs = importlib.import_module(f"models.{name}").build()
        assert {p.device for p in net.get_parameters()} == {META}
        inputs = [ms.Tensor(a) for a in corpus.make_inputs(specs)]
        for opt in (nn.Momentum(net.trainable_params(), 0.01, 0.9), nn.Adam(net.trainable_params(), 1e-3)):
            step = nn.TrainOneStepCell(_WithLoss(net), opt)
            step.set_train()
            assert step(*inputs).device == META
            assert {p.device for p in net.get_parameters()} == {META}
            assert {p.device for _, p in opt.parameters_and_names()} <= {META}  # moments, lr, step
    finally:
        ms.uninstall()


def _mlp():
    return nn.SequentialCell(nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 3))


def test_precision_memory_and_loss_scale_features_on_the_context_device(on_meta):
    x = Tensor(np.ones((2, 4), np.float32))
    net = _mlp()
    net[0].recompute()
    net(x).sum().backward()
    assert net[0].weight.grad.device == META
    half = _mlp()
    half.to_float(ms.float16)
    out = half(x)
    assert out.device == META and out.dtype == ms.float16
    for level in ("O1", "O2", "O3"):
        assert amp.auto_mixed_precision(_mlp(), level)(x).device == META
    assert amp.StaticLossScaler(1024.0).scale(x).device == META
    assert amp.DynamicLossScaler(1024.0, 2, 10).scale(x).device == META
    assert amp.all_finite((x,)).device == META
    for made in (ms.ops.zeros((2, 2)), ms.ops.ones_like(x), ms.ops.arange(0, 5), ms.ops.eye(3), ms.ops.randn(2, 3),
                 ms.numpy.zeros((2,)), ms.Parameter(Tensor(np.ones(3, np.float32))),
                 ms.common.initializer.initializer("xavier_uniform", (3, 4))):
        assert made.device == META, made


def test_device_mismatch_is_pytorchs_error_not_a_misleading_shape_error():
    """An input left on the wrong device (the usual CUDA slip) must not be reported as a shape error."""
    cpu = Tensor(np.ones((2, 4), np.float32))
    dense, norm = nn.Dense(4, 3).to(META), nn.LayerNorm((4,)).to(META)
    for fn in (lambda: dense(cpu), lambda: norm(cpu), lambda: ops.concat((cpu, cpu.to(META)), 1),
               lambda: ops.stack((cpu, cpu.to(META))), lambda: ms.numpy.array_equiv(cpu, cpu.to(META))):
        with pytest.raises(RuntimeError, match="device"):
            fn()
    # the genuine shape errors stay MindSpore's ValueError
    with pytest.raises(ValueError, match="x1_col"):
        nn.Dense(4, 3)(Tensor(np.ones((2, 5), np.float32)))
    with pytest.raises(ValueError, match="element shapes must match"):
        ops.concat((cpu, Tensor(np.ones((3, 3), np.float32))), 1)
    with pytest.raises(ValueError, match="All input shape must be the same"):
        ops.stack((cpu, Tensor(np.ones((2, 3), np.float32))))
    assert ms.numpy.array_equiv(cpu, Tensor(np.ones((3,), np.float32))) is False
