"""ops.LSTM (the primitive nn.LSTM runs on MindSpore's CPU, and the node MindIR files hold for it) against real
MindSpore 2.10 CPU (tools/reference/gen_lstm_op.py): outputs for its packed weight layout — bias, no bias,
bidirectional, stacked layers (per-direction stacks, the kernel's weight gap), projection — and argument errors."""
import json
import pathlib

import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import ops

DATA = pathlib.Path(__file__).resolve().parent.parent / "reference_data" / "ops_lstm"
CASES = json.loads((DATA / "cases.json").read_text())
ERRORS = CASES.pop("_errors")
ARRAYS = np.load(DATA / "cases.npz")


def _inputs(name):
    return [ms.Tensor(ARRAYS[f"{name}/{k}"]) for k in "xhcw"]


@pytest.mark.filterwarnings("ignore:LSTM with projections")
@pytest.mark.parametrize("name", sorted(CASES))
def test_lstm_matches_mindspore(name):
    case = CASES[name]
    out = ops.LSTM(*case["args"])(*_inputs(name))
    assert isinstance(out, tuple) and len(out) == 5
    assert all(isinstance(o, ms.Tensor) for o in out)
    for k, o, shape in zip(("output", "h_n", "c_n"), out, case["shapes"]):
        assert list(o.shape) == shape
        np.testing.assert_allclose(o.asnumpy(), ARRAYS[f"{name}/{k}"], rtol=1e-5, atol=1e-6, err_msg=f"{name} {k}")
    assert list(out[4].shape) == case["shapes"][4] and not out[4].asnumpy().any()
    assert tuple(out[3].shape) == (0, 1)  # oneDNN's workspace in MindSpore: not reproduced (documented)


def test_lstm_weight_gradient_flows():
    w = ms.Parameter(ms.Tensor(ARRAYS["basic/w"]), name="w")
    x, h, c, _ = _inputs("basic")
    ops.LSTM(*CASES["basic"]["args"])(x, h, c, w)[0].sum().backward()
    assert w.grad is not None and float(w.grad.abs().sum()) > 0


_BAD = {
    "proj_size_too_big": lambda: ops.LSTM(3, 4, 1, True, False, 0.0, 4),
    "dropout_out_of_range": lambda: ops.LSTM(3, 4, 1, True, False, 1.5),
    "dropout_not_float": lambda: ops.LSTM(3, 4, 1, True, False, 0),
    "has_bias_not_bool": lambda: ops.LSTM(3, 4, 1, 1, False, 0.0),
    "hidden_size_zero": lambda: ops.LSTM(3, 0, 1, True, False, 0.0),
    "multilayer_input_size": lambda: ops.LSTM(3, 4, 2, True, False, 0.0)(
        ms.Tensor(np.ones((2, 1, 3), np.float32)), ms.Tensor(np.zeros((2, 1, 4), np.float32)),
        ms.Tensor(np.zeros((2, 1, 4), np.float32)), ms.Tensor(np.ones((10000, 1, 1), np.float32))),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_lstm_errors_as_mindspore(name):
    kind, message = ERRORS[name]
    with pytest.raises(Exception) as e:
        _BAD[name]()
    assert type(e.value).__name__ == kind
    if kind == "RuntimeError":  # oneDNN's own sentence, after ms_compat's reason (no ONEDNN_VERBOSE hint)
        assert message.split(". ")[0] in str(e.value)
    else:
        assert str(e.value) == message


def test_lstm_short_weight_is_refused():
    x, h, c, w = _inputs("basic")
    with pytest.raises(ValueError, match="'w' must hold at least"):
        ops.LSTM(*CASES["basic"]["args"])(x, h, c, ms.Tensor(w.asnumpy()[:-1]))


def test_lstm_is_exported_as_mindspore():
    from ms_compat.ops import operations as P
    assert ms.ops.LSTM is P.LSTM and issubclass(P.LSTM, ms.ops.Primitive)
    assert isinstance(ops.LSTM(3, 4, 1, True, False, 0.0)(*_inputs("basic"))[0], torch.Tensor)


def test_mindir_lstm_nodes_run_with_mindspores_outputs():
    """nn.LSTM exported by MindSpore (tagger.mindir: a 2-layer bidirectional batch-first LSTM, as 4 single-layer
    LSTM nodes) runs in GraphCell with MindSpore's GraphCell outputs, (h_n, c_n) included."""
    ref = np.load(DATA / "tagger.npz")
    graph = ms.load(str(DATA / "tagger.mindir"))
    assert sum(n.op_type == "LSTM" for n in graph.nodes) == 4
    outs = ms.nn.GraphCell(graph)(ms.Tensor(ref["tokens"]))
    assert len(outs) == 3
    for i, o in enumerate(outs):
        np.testing.assert_allclose(o.asnumpy(), ref[f"output{i}"], rtol=1e-5, atol=1e-6, err_msg=f"out{i}")
