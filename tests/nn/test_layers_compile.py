"""Every layer case of tools/reference/layer_cases.py under ``torch.compile(fullgraph=True)``: one graph,
no break, and the compiled outputs equal real MindSpore 2.10's (the stored reference) and are MindSpore
``Tensor``s, so MindSpore method semantics continue after the layer (issue 9). Backend ``eager``:
TorchDynamo's capture is what can break; the kernels are those of the eager tests."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Tensor, nn

from _layer_ref import flatten, get, layer_cases, refs
from compile_util import ms_tensors_only

NS = {"nn": nn, "Tensor": Tensor, "np": np, "ms": ms}
RUNNABLE = [c for c in layer_cases.CASES if "ms_error" not in refs()[0][c[0]]]
# nn.LSTM/GRU/RNN with seq_length: the variable-length path (pack_padded_sequence) is data-dependent; it is
# marked torch.compiler.disable and runs eagerly between two graphs (documented in graph-mode.md).
EAGER_ISLAND = {"lstm_seqlen_bi", "gru_seqlen"}


def _build(cid, ctor, inputs, call, train):
    net = eval(ctor, NS)
    net.set_train(train)
    for k, p in net.parameters_and_names():
        p.set_data(Tensor(get(cid, f"p|{k}")))
    call_fn = eval(call, NS) if call else (lambda n, *a: n(*a))
    xs = [Tensor(get(cid, f"x{i}")) for i in range(len(inputs))]
    # .clone(): layers also see intermediate values, not only graph inputs (the two trace differently)
    return (lambda *a: call_fn(net, *[x.clone() for x in a])), xs


@pytest.mark.parametrize("case", RUNNABLE, ids=[c[0] for c in RUNNABLE])
def test_layer_compiles_to_one_graph_and_matches_mindspore(case):
    cid, ctor, inputs, call, train, _ = case
    torch._dynamo.reset()
    fn, xs = _build(cid, ctor, inputs, call, train)
    out = torch.compile(fn, fullgraph=cid not in EAGER_ISLAND, backend="eager")(*xs)
    assert ms_tensors_only(out, Tensor), f"compiled output types: {out!r}"
    outs = flatten(out)
    assert [list(o.shape) for o in outs] == refs()[0][cid]["out_shapes"]
    for i, o in enumerate(outs):
        np.testing.assert_allclose(o.asnumpy(), get(cid, f"out{i}"), rtol=1e-4, atol=1e-5, err_msg=f"out{i}")


def test_seq_length_rnn_is_the_documented_eager_island():
    cid, ctor, inputs, call, train, _ = next(c for c in RUNNABLE if c[0] == "gru_seqlen")
    torch._dynamo.reset()
    fn, xs = _build(cid, ctor, inputs, call, train)
    with pytest.raises(torch._dynamo.exc.Unsupported, match="torch.compiler.disable"):
        torch.compile(fn, fullgraph=True, backend="eager")(*xs)
