"""``nn.LSTM`` under ``torch.compile`` on the CPU: one oneDNN (mkldnn) kernel per layer and direction.

Eagerly ``nn.LSTM`` calls ``torch.lstm``, which on a CPU float32 input runs oneDNN's fused LSTM kernel
(``aten::mkldnn_rnn_layer``) with its own backward. Under ``torch.compile`` that route is lost:
AOTAutograd decomposes ``aten::lstm`` and, whenever the input needs a gradient (training), the
decomposition unrolls the recurrence into per-time-step ops (``torch/_decomp/decompositions.py``,
``select_one_layer_lstm_function``). For the benchmark's LSTM tagger (2 layers, bidirectional, 64 steps)
that was 565 s of compilation and a step 1.5x slower than PyTorch's own ``nn.LSTM``, which TorchDynamo
leaves out of the graph (``torch._dynamo.config.allow_rnn``) and runs eagerly on the fused kernel.

Here, when a gradient can flow (or dropout between layers is due in training, which the decomposition
skips), the fused kernel stays inside the graph as one opaque custom op per layer and direction,
``ms_compat::lstm_layer``, whose backward is oneDNN's ``aten::mkldnn_rnn_layer_backward``; the graph keeps
no break (``fullgraph=True`` holds). Two details of the raw kernels are handled:

* the kernel keeps its backward workspace only when grad mode is on, and a compiled forward runs with it
  off, so the op runs the kernel under ``torch.enable_grad()`` (nothing requires grad there, so no autograd
  graph is recorded);
* the workspace's size is oneDNN's choice (a padded layout), so the fake (shape-only) kernel reads it off
  one kernel run on zeros of the same shapes, once per shape while tracing. With symbolic shapes
  (``dynamic=True``) it is declared data-dependent, which TorchDynamo turns into a graph break around the
  op unless ``capture_dynamic_output_shape_ops`` is set.

Values and gradients equal the eager ``torch.lstm`` ones bit for bit (same kernel, same per-layer calls).
Dropout between layers (training, ``dropout > 0``) is ``torch.dropout`` on the layer output, as in
eager, drawn from the same generator but not the same numbers as an eager call.
"""
from __future__ import annotations

import functools

import torch
from ..._torch_seam import custom_op, get_mkldnn_enabled, library_get_ctx, unset_fake_temporarily

__all__ = ["fused_lstm_applies", "compiled_lstm"]

_ATEN = torch.ops.aten
_MODE_LSTM = 2  # oneDNN's rnn kind for LSTM (ideep::rnn_kind::LSTM)
_HAS_MKLDNN = torch.backends.mkldnn.is_available()  # a build property; TorchDynamo does not trace the call


@custom_op("ms_compat::lstm_layer", mutates_args=())
def lstm_layer(x: torch.Tensor, w_ih: torch.Tensor, w_hh: torch.Tensor, b_ih: torch.Tensor, b_hh: torch.Tensor,
               hx: torch.Tensor, cx: torch.Tensor, reverse: bool, has_bias: bool, train: bool
               ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """One LSTM layer, one direction, time-major ``x`` (T, N, I); ``hx``/``cx`` (1, N, H).
    Returns ``(y, h_n, c_n, workspace)``; ``workspace`` is oneDNN's saved state for the backward
    (``train=True``: oneDNN's training kind; empty otherwise)."""
    return _run(x, w_ih, w_hh, b_ih, b_hh, hx, cx, reverse, has_bias, train)


def _run(x, w_ih, w_hh, b_ih, b_hh, hx, cx, reverse, has_bias, train):
    with torch.enable_grad():  # the kernel drops its workspace when grad mode is off
        y, hy, cy, ws = _ATEN.mkldnn_rnn_layer.default(x, w_ih, w_hh, b_ih, b_hh, hx, cx, reverse, [], _MODE_LSTM,
                                                       hx.shape[2], 1, has_bias, False, False, train)
    if ws is None:
        ws = x.new_empty(0, dtype=torch.uint8)
    return y, hy, cy, ws


@functools.lru_cache(maxsize=256)
def _workspace_size(steps, batch, in_size, hidden, reverse, has_bias, train):
    """Bytes of oneDNN's workspace for these shapes: oneDNN picks the padded layout, so it is read off one
    kernel run on zeros (at trace time, once per shape)."""
    with unset_fake_temporarily():  # real tensors inside the fake kernel
        x = torch.zeros(steps, batch, in_size)
        h = torch.zeros(1, batch, hidden)
        w_ih, w_hh, b = torch.zeros(4 * hidden, in_size), torch.zeros(4 * hidden, hidden), torch.zeros(4 * hidden)
        return _run(x, w_ih, w_hh, b, b, h, h, reverse, has_bias, train)[3].numel()


@lstm_layer.register_fake
def _lstm_layer_fake(x, w_ih, w_hh, b_ih, b_hh, hx, cx, reverse, has_bias, train):
    dims = (*x.shape, hx.shape[2])
    if all(type(d) is int for d in dims):
        size = _workspace_size(*dims, reverse, has_bias, train)
    else:  # symbolic shapes: a data-dependent size (TorchDynamo breaks the graph here unless told to capture)
        size = library_get_ctx().new_dynamic_size()
    return (x.new_empty(x.shape[0], x.shape[1], hx.shape[2]), hx.new_empty(hx.shape), cx.new_empty(cx.shape),
            x.new_empty(size, dtype=torch.uint8))


def _setup_context(ctx, inputs, output):
    x, w_ih, w_hh, b_ih, b_hh, hx, cx, reverse, has_bias, train = inputs
    y, hy, cy, ws = output
    ctx.save_for_backward(x, w_ih, w_hh, b_ih, b_hh, hx, cx, y, hy, cy, ws)
    ctx.flags = (reverse, has_bias, train)


def _backward(ctx, grad_y, grad_hy, grad_cy, _grad_ws):
    x, w_ih, w_hh, b_ih, b_hh, hx, cx, y, hy, cy, ws = ctx.saved_tensors
    reverse, has_bias, train = ctx.flags
    dx, dw_ih, dw_hh, db_ih, db_hh, dhx, dcx = _ATEN.mkldnn_rnn_layer_backward.default(
        x, w_ih, w_hh, b_ih, b_hh, hx, cx, y, hy, cy, grad_y, grad_hy, grad_cy, reverse, _MODE_LSTM, hx.shape[2], 1,
        has_bias, train, False, [], False, ws)
    if not has_bias:
        db_ih = db_hh = None
    return dx, dw_ih, dw_hh, db_ih, db_hh, dhx, dcx, None, None, None


lstm_layer.register_autograd(_backward, setup_context=_setup_context)


@torch.compiler.assume_constant_result
def _mkldnn_enabled():
    """``torch.backends.mkldnn.enabled``, read once while tracing (TorchDynamo cannot trace the flag's
    getter): a graph compiled with oneDNN on keeps the fused op if the flag is turned off later."""
    return bool(get_mkldnn_enabled())


def fused_lstm_applies(x, hx, weights, dropout, train, num_layers):
    """Whether the compiled fused path computes this call: a float32 CPU input and weights, oneDNN built
    and enabled (``torch.backends.mkldnn``), and something the traced ``torch.lstm`` gets wrong or slow:

    * a gradient can flow (grad mode on and an input, state or weight requiring grad): the decomposition
      would unroll the time steps;
    * dropout between layers in training: the decomposition drops it (its test ``num_layers < i - 1``
      never holds), where eager ``torch.lstm`` and MindSpore apply it.

    Otherwise (inference) the decomposition already runs oneDNN's kernel per layer, called from C++, and
    ``torch.lstm`` is traced as is."""
    if not (_HAS_MKLDNN and x.dtype == torch.float32 and x.device.type == "cpu" and _mkldnn_enabled()
            and all(w.dtype == torch.float32 for w in weights)):
        return False
    if train and dropout and num_layers > 1:
        return True
    return torch.is_grad_enabled() and any(t.requires_grad for t in (x, *hx, *weights))


def compiled_lstm(x, hx, weights, has_bias, num_layers, dropout, train, bidirectional, batch_first):
    """``torch.lstm(x, hx, weights, ...)`` as one ``ms_compat::lstm_layer`` per layer and direction.
    ``weights``: torch's flat order (per layer and direction ``w_ih, w_hh[, b_ih, b_hh]``)."""
    h0, c0 = hx
    dirs = 2 if bidirectional else 1
    per = 4 if has_bias else 2
    inp = (x.transpose(0, 1) if batch_first else x).contiguous()
    # oneDNN's training kind (keeps the backward workspace) exactly when a gradient can flow, decided while
    # tracing (TorchDynamo guards on grad mode); an eval forward under no_grad runs the inference kind
    keep = torch.is_grad_enabled() and any(t.requires_grad for t in (x, h0, c0, *weights))
    hs, cs = [], []
    for layer in range(num_layers):
        outs = []
        for d in range(dirs):
            k = layer * dirs + d
            w = weights[k * per:(k + 1) * per]
            if has_bias:
                b_ih, b_hh = w[2], w[3]
            else:  # the kernel takes bias tensors either way and ignores them
                b_ih = b_hh = w[0].new_zeros(w[0].shape[0])
            y, hy, cy, _ = lstm_layer(inp, w[0], w[1], b_ih, b_hh, h0[k:k + 1].contiguous(), c0[k:k + 1].contiguous(),
                                      d == 1, has_bias, keep)
            outs.append(y)
            hs.append(hy)
            cs.append(cy)
        inp = torch.cat(outs, 2) if dirs == 2 else outs[0]
        if dropout and train and layer < num_layers - 1:
            inp = torch.dropout(inp, dropout, True)
    out = inp.transpose(0, 1) if batch_first else inp
    return out, torch.cat(hs, 0), torch.cat(cs, 0)
