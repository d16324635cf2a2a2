"""Every corpus model compiles with ``torch.compile(fullgraph=True)`` — zero graph breaks through the
shim (Cell __call__, MindSpore tensor methods, Parameters, containers) — and gives the eager outputs, and
the train-mode gradients for the float-input models. Backend ``aot_eager`` (full graph capture through
dynamo + AOTAutograd, kernels run as in eager) keeps CI fast; ``inductor`` is covered in
tests/test_torch_compile_direct.py."""
import importlib
import sys

import numpy as np
import pytest
import torch

import ms_compat
from models import corpus
from compile_util import assert_single_graph, ms_tensors_only


@pytest.fixture(scope="module")
def ms():
    ms_compat.install(force=True)
    import mindspore
    yield mindspore
    ms_compat.uninstall()


def _build(ms, name):
    mod = importlib.import_module(f"models.{name}")
    net, specs = mod.build()
    for p in net.get_parameters():
        p.set_data(ms.Tensor(corpus.weight_for(p.name, p.shape)))
    return net, [ms.Tensor(a) for a in corpus.make_inputs(specs)]


def _first(o):
    return o[0] if isinstance(o, (tuple, list)) else o


@pytest.mark.parametrize("name", corpus.MODELS)
def test_corpus_model_compiles_fullgraph(ms, name):
    torch._dynamo.reset()
    net, inputs = _build(ms, name)
    net.set_train(False)
    ref = _first(net(*inputs)).asnumpy()
    compiled = torch.compile(net, fullgraph=True, backend="aot_eager")
    out = compiled(*inputs)
    assert ms_tensors_only(out, ms.Tensor), f"compiled output types: {out!r}"
    np.testing.assert_allclose(_first(out).asnumpy(), ref, rtol=1e-5, atol=1e-5)
    if inputs[0].is_floating_point():
        net.set_train(True)
        params = net.trainable_params()
        g_eager = torch.autograd.grad(_first(net(*inputs)).square().mean(), params)
        g_comp = torch.autograd.grad(_first(compiled(*inputs)).square().mean(), params)
        for a, b in zip(g_comp, g_eager):
            np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("name", corpus.MODELS)
def test_corpus_model_is_one_graph(ms, name):
    net, inputs = _build(ms, name)
    net.set_train(False)
    assert_single_graph(net, *inputs)
