"""Every layer case of tools/reference/layer_cases.py under ``torch.compile(fullgraph=True)``: one graph,
no break; the compiled outputs equal real MindSpore 2.10's (the stored reference) and are MindSpore
``Tensor``s, so MindSpore method semantics continue after the layer; and the gradients through the
compiled graph equal MindSpore's (issue 9). Backend ``aot_eager`` = jit level O0, the default of
``ms.jit``/GRAPH_MODE: TorchDynamo capture plus the AOTAutograd forward/backward graphs, run with the
eager kernels."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Tensor, nn

from _layer_ref import assert_outputs_and_grads_match, get, layer_cases, refs
from compile_util import ms_tensors_only

NS = {"nn": nn, "Tensor": Tensor, "np": np, "ms": ms}
RUNNABLE = [c for c in layer_cases.CASES if "ms_error" not in refs()[0][c[0]]]
# nn.LSTM/GRU/RNN with seq_length: the variable-length path (pack_padded_sequence) is data-dependent; it is
# marked torch.compiler.disable and runs eagerly between two graphs (documented in graph-mode.md).
EAGER_ISLAND = {"lstm_seqlen_bi", "gru_seqlen"}


def _build(case):
    cid, ctor, inputs, call, train, _ = case
    net = eval(ctor, NS)
    net.set_train(train)
    named = list(net.parameters_and_names())
    for k, p in named:
        p.set_data(Tensor(get(cid, f"p|{k}")))
    call_fn = eval(call, NS) if call else (lambda n, *a: n(*a))
    xs = [Tensor(get(cid, f"x{i}")).requires_grad_(kind == "f") for i, (_, kind) in enumerate(inputs)]
    # .clone(): layers also see intermediate values, not only graph inputs (the two trace differently)
    return (lambda *a: call_fn(net, *[x.clone() for x in a])), xs, named


@pytest.mark.parametrize("case", RUNNABLE, ids=[c[0] for c in RUNNABLE])
def test_layer_compiles_to_one_graph_and_matches_mindspore(case):
    torch._dynamo.reset()
    fn, xs, named = _build(case)
    out = torch.compile(fn, fullgraph=case[0] not in EAGER_ISLAND, backend="aot_eager")(*xs)
    assert ms_tensors_only(out, Tensor), f"compiled output types: {out!r}"
    assert_outputs_and_grads_match(case, out, xs, named)


def test_seq_length_rnn_is_the_documented_eager_island():
    case = next(c for c in RUNNABLE if c[0] == "gru_seqlen")
    torch._dynamo.reset()
    fn, xs, _ = _build(case)
    with pytest.raises(torch._dynamo.exc.Unsupported, match="torch.compiler.disable"):
        torch.compile(fn, fullgraph=True, backend="eager")(*xs)
