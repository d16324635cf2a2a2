"""``ops.LSTM``: the primitive ``nn.LSTM`` runs on MindSpore's CPU (and the node MindIR files hold for it), with the
packed weight tensor read as MindSpore 2.10's CPU kernel (oneDNN's ``lstm_forward``) reads it."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import wrap

__all__ = ["LSTM"]


def _plain(x):
    return torch.Tensor.as_subclass(torch.as_tensor(x), torch.Tensor)


def _check_int(name, value, low, high=None, high_text=None):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For 'LSTM', the type of '{name}' should be 'int', but got type '{type(value).__name__}'.")
    if high is None and value < low:
        raise ValueError(f"For 'LSTM', the '{name}' must be int and must > 0, but got '{value}' with type 'int'.")
    if high is not None and not low <= value < high:
        raise ValueError(f"For 'LSTM', the '{name}' must be in range of [{low}, {high_text}), but got {value} with "
                         f"type 'int'.")
    return value


def _check_bool(name, value):
    if not isinstance(value, bool):
        raise TypeError(f"For 'LSTM', the type of '{name}' should be 'bool', but got type '{type(value).__name__}'.")
    return value


class LSTM(Primitive):
    """Mirrors ``ops.LSTM(input_size, hidden_size, num_layers, has_bias, bidirectional, dropout, proj_size=0)``:
    ``(x (T, N, I), h (L*D, N, P), c (L*D, N, H), w (W, 1, 1))`` → ``(output (T, N, D*P), h_n, c_n, reserve,
    state)``, ``P`` the projection size or ``H``, gates in the order i, f, g, o.

    ``w`` is read as MindSpore 2.10's CPU kernel reads it: first the input weights of every (layer, direction),
    each ``(4H, I)`` row-major, starting at 0; then, from offset ``4H * D * (I + (L-1) * D * H)`` (the kernel's
    ``weight_size_``, which leaves a gap unread when ``L > 1``), the recurrent weights ``(4H, P)`` of each (layer,
    direction); then the projections ``(P, H)``; then, when ``has_bias``, one bias ``(4H,)`` per (layer,
    direction) — ``b_ih + b_hh``, as ``nn.LSTM`` packs it on CPU. Layers stack per direction (oneDNN's
    ``bidirectional_concat``: two independent stacks whose last outputs are concatenated), and ``num_layers > 1``
    needs ``input_size == P`` (else ``RuntimeError``, as oneDNN refuses the descriptor).

    Differences: ``dropout`` is checked and ignored, as MindSpore's CPU kernel ignores it; ``reserve`` (oneDNN's
    opaque workspace, which only MindSpore's ``LSTMGrad`` reads) is an empty ``(0, 1)`` float tensor, since the
    gradients here come from PyTorch's autograd; ``state`` is ``(1, 1)`` zeros, as MindSpore's CPU kernel leaves it.
    The recurrence runs on ``torch.lstm`` (CPU or CUDA) in ``x``'s dtype."""

    def __init__(self, input_size, hidden_size, num_layers, has_bias, bidirectional, dropout, proj_size=0):
        super().__init__("LSTM")
        self.input_size = _check_int("input_size", input_size, 1)
        self.hidden_size = _check_int("hidden_size", hidden_size, 1)
        self.proj_size = _check_int("proj_size", proj_size, 0, hidden_size, hidden_size)
        self.num_layers = _check_int("num_layers", num_layers, 1)
        self.has_bias = _check_bool("has_bias", has_bias)
        self.bidirectional = _check_bool("bidirectional", bidirectional)
        if not isinstance(dropout, float):
            raise TypeError(f"For 'LSTM', the type of 'dropout' should be 'float', but got type "
                            f"'{type(dropout).__name__}'.")
        if not 0.0 <= dropout <= 1.0:
            raise ValueError(f"For 'LSTM', the 'dropout' must be in range of [0, 1], but got {dropout} with type "
                             f"'float'.")
        self.dropout = dropout
        self.num_directions = 2 if bidirectional else 1
        for k in ("input_size", "hidden_size", "num_layers", "has_bias", "bidirectional", "dropout", "proj_size",
                  "num_directions"):
            self.add_prim_attr(k, getattr(self, k))

    def _layout(self):
        """Offsets and sizes of the packed weight: (layer_weights, iter_offset, proj_offset, bias_offset, total)."""
        i, h, layers, d = self.input_size, self.hidden_size, self.num_layers, self.num_directions
        p = self.proj_size or h
        weight_size = sum(4 * h * (i if n == 0 else h * d) for n in range(layers)) * d
        weight_h_size = 4 * h * p * layers * d
        weight_r_size = h * self.proj_size * layers * d
        bias_size = 4 * h * layers * d if self.has_bias else 0
        return weight_size, weight_size + weight_h_size, weight_size + weight_h_size + weight_r_size, \
            weight_size + weight_h_size + weight_r_size + bias_size

    def __call__(self, x, h, c, w):
        x, h, c, w = _plain(x), _plain(h), _plain(c), _plain(w)
        i, hid, layers, d, proj = self.input_size, self.hidden_size, self.num_layers, self.num_directions, \
            self.proj_size
        p = proj or hid
        if x.dim() != 3 or h.dim() != 3 or c.dim() != 3:
            raise ValueError(f"For 'LSTM', 'x', 'h' and 'c' must be 3-D, but got shapes {tuple(x.shape)}, "
                             f"{tuple(h.shape)} and {tuple(c.shape)}.")
        n = x.shape[1]
        if x.shape[2] != i:
            raise ValueError(f"For 'LSTM', the last dimension of 'x' must be input_size {i}, but got "
                             f"{x.shape[2]}.")
        if tuple(h.shape) != (layers * d, n, p) or tuple(c.shape) != (layers * d, n, hid):
            raise ValueError(f"For 'LSTM', 'h' and 'c' must have shapes {(layers * d, n, p)} and "
                             f"{(layers * d, n, hid)}, but got {tuple(h.shape)} and {tuple(c.shape)}.")
        if layers > 1 and i != p:
            raise RuntimeError(f"For 'LSTM', MindSpore's CPU kernel (oneDNN) stacks layers per direction and needs "
                               f"input_size ({i}) equal to the hidden size ({p}) when num_layers > 1: could not "
                               f"create a primitive descriptor for the LSTM forward propagation primitive.")
        iter_at, proj_at, bias_at, total = self._layout()
        flat = w.reshape(-1)
        if flat.numel() < total:
            raise ValueError(f"For 'LSTM', 'w' must hold at least {total} values for input_size {i}, hidden_size "
                             f"{hid}, num_layers {layers}, bidirectional {self.bidirectional}, has_bias "
                             f"{self.has_bias}, proj_size {proj}, but got {flat.numel()}.")
        flat = flat.to(x.dtype)
        g = 4 * hid
        outs, h_n, c_n = [], [None] * (layers * d), [None] * (layers * d)
        for direction in range(d):
            params = []
            for layer in range(layers):
                k = layer * d + direction
                params.append(flat[k * g * i:(k + 1) * g * i].view(g, i))
                params.append(flat[iter_at + k * g * p:iter_at + (k + 1) * g * p].view(g, p))
                if self.has_bias:
                    params.append(flat[bias_at + k * g:bias_at + (k + 1) * g])
                    params.append(torch.zeros(g, dtype=flat.dtype, device=flat.device))
                if proj:
                    params.append(flat[proj_at + k * p * hid:proj_at + (k + 1) * p * hid].view(p, hid))
            xs = x.flip(0) if direction else x
            y, hy, cy = torch.lstm(xs, (h[direction::d], c[direction::d]), params, self.has_bias, layers, 0.0,
                                   False, False, False)
            outs.append(y.flip(0) if direction else y)
            for layer in range(layers):
                h_n[layer * d + direction], c_n[layer * d + direction] = hy[layer], cy[layer]
        output = outs[0] if d == 1 else torch.cat(outs, dim=2)
        reserve = torch.empty((0, 1), dtype=x.dtype, device=x.device)
        state = torch.zeros((1, 1), dtype=x.dtype, device=x.device)
        return (wrap(output), wrap(torch.stack(h_n)), wrap(torch.stack(c_n)), wrap(reserve), wrap(state))
