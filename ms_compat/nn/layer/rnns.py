"""Recurrent layers mirroring ``mindspore.nn``: RNN, LSTM, GRU and RNNCell, LSTMCell, GRUCell.

MindSpore argument names (``has_bias``, ``batch_first``, ``dropout``, ``bidirectional``) and parameter
names (``weight_ih_l0``, ``weight_hh_l0_reverse``, ``bias_ih_l1`` ..., registered in MindSpore's order:
all input weights, then hidden weights, input biases, hidden biases). Gate order is torch's
(LSTM i,f,g,o; GRU r,z,n), so the math runs on PyTorch's fused ``torch.lstm``/``torch.gru`` kernels.
Under ``torch.compile`` a CPU float32 LSTM runs oneDNN's fused kernel as one graph op per layer and
direction (``_compiled_lstm.py``; AOTAutograd would otherwise unroll ``torch.lstm`` over time steps).
``construct(x, hx=None, seq_length=None)``: ``seq_length`` (per-batch valid lengths) freezes the state
and zeroes the output after each sequence's end, as MindSpore does (via packed sequences).
"""
from __future__ import annotations

import math
import numbers

import numpy as np
import torch
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pad_packed_sequence

from ...common import dtype as mstype
import ms_compat.common.init_random as init_random
from ...common.parameter import Parameter, ParameterTuple
from ..cell import Cell
from .basic import Dropout
from ._checks import check_bool, positive_int
from ._compiled_lstm import compiled_lstm, fused_lstm_applies

__all__ = ["RNN", "LSTM", "GRU", "RNNCell", "LSTMCell", "GRUCell"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}
_FN = {"LSTM": torch.lstm, "GRU": torch.gru, "RNN_TANH": torch.rnn_tanh, "RNN_RELU": torch.rnn_relu}


def _uniform(shape, stdv, dtype):
    """MindSpore's RNN weight: ``np.random.uniform(-stdv, stdv, shape)`` from numpy's global generator."""
    return Parameter(torch.from_numpy(np.random.uniform(-stdv, stdv, shape).astype(np.float32)).to(dtype))


def _cell_uniforms(shapes, stdv, dtype):
    """MindSpore's RNN cell weights: ``np.random.randn`` per shape (drawn, then overwritten), then
    ``initializer(Uniform(stdv))`` per parameter, so the seeds drawn from numpy match MindSpore's."""
    for shape in shapes:
        np.random.randn(*shape)
    return [Parameter(torch.from_numpy(init_random.random_uniform(init_random.numpy_seed(), shape, -stdv, stdv))
                      .to(dtype)) for shape in shapes]


class _DynamicLSTMCPUGPU(Cell):
    """Name-only child kept for MindSpore's repr/structure (``LSTM.rnn``); the recurrence runs in torch."""


class _DynamicGRUCPUGPU(Cell):
    """Name-only child kept for MindSpore's repr/structure (``GRU.rnn``)."""


class _DynamicRNNTanh(Cell):
    """Name-only child kept for MindSpore's repr/structure (``RNN.rnn``)."""


class _DynamicRNNRelu(Cell):
    """Name-only child kept for MindSpore's repr/structure (``RNN.rnn`` with relu)."""


_RNN_CHILD = {"LSTM": _DynamicLSTMCPUGPU, "GRU": _DynamicGRUCPUGPU, "RNN_TANH": _DynamicRNNTanh,
              "RNN_RELU": _DynamicRNNRelu}


class _RNNBase(Cell):
    """Shared multi-layer recurrent network."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        positive_int(hidden_size, "hidden_size", cls)
        positive_int(input_size, "input_size", cls)
        positive_int(num_layers, "num_layers", cls)
        if isinstance(dropout, bool) or not isinstance(dropout, float):
            raise TypeError(f"For '{cls}', the type of 'dropout' should be 'float', but got type "
                            f"'{type(dropout).__name__}'.")
        check_bool(has_bias, "has_bias", cls)
        check_bool(batch_first, "batch_first", cls)
        check_bool(bidirectional, "bidirectional", cls)
        if not 0 <= dropout < 1:
            raise ValueError(f"For '{cls}', the 'dropout' must be a number in range [0, 1) representing the "
                             f"probability of an element being zeroed, but got {dropout}.")
        self.mode = mode
        self.rnn = _RNN_CHILD[mode]()
        self.hidden_size = hidden_size
        self.batch_first = batch_first
        self.num_layers = num_layers
        self.dropout = dropout
        self.dropout_op = Dropout(p=float(dropout))
        self.bidirectional = bidirectional
        self.has_bias = has_bias
        self.is_lstm = mode == "LSTM"
        self._fn = _FN[mode]
        dirs = 2 if bidirectional else 1
        gate = _GATES[mode] * hidden_size
        stdv = 1 / math.sqrt(hidden_size)
        dt = mstype.to_torch_dtype(dtype)
        w_ih, w_hh, b_ih, b_hh = [], [], [], []
        for layer in range(num_layers):
            for d in range(dirs):
                in_size = input_size if layer == 0 else hidden_size * dirs
                sfx = f"l{layer}{'_reverse' if d == 1 else ''}"
                p = _uniform((gate, in_size), stdv, dt)
                p.name = f"weight_ih_{sfx}"
                w_ih.append(p)
                p = _uniform((gate, hidden_size), stdv, dt)
                p.name = f"weight_hh_{sfx}"
                w_hh.append(p)
                if has_bias:
                    p = _uniform((gate,), stdv, dt)
                    p.name = f"bias_ih_{sfx}"
                    b_ih.append(p)
                    p = _uniform((gate,), stdv, dt)
                    p.name = f"bias_hh_{sfx}"
                    b_hh.append(p)
        self.w_ih_list = ParameterTuple(w_ih)
        self.w_hh_list = ParameterTuple(w_hh)
        self.b_ih_list = ParameterTuple(b_ih)
        self.b_hh_list = ParameterTuple(b_hh)
        keys = []
        for i in range(num_layers * dirs):
            keys += [w_ih[i].name, w_hh[i].name]
            if has_bias:
                keys += [b_ih[i].name, b_hh[i].name]
        self._flat_keys = tuple(keys)
        self.input_size = input_size

    def _flat_weights(self, dtype):
        params = self._parameters
        ws = [params[k] for k in self._flat_keys]
        if ws[0].dtype != dtype:
            ws = [w.to(dtype) for w in ws]
        elif ws[0].is_cuda and self.__dict__.get("_cudnn_layout") != [w.data_ptr() for w in ws]:
            self._lay_out_for_cudnn(ws)
        return ws

    def _lay_out_for_cudnn(self, ws):
        """cuDNN reads an RNN's weights as one contiguous buffer and otherwise copies them into one on every
        call (its "not part of single contiguous chunk of memory" warning). As ``torch.nn.LSTM``'s
        ``flatten_parameters`` does, lay the Parameters out once as views of one buffer (their objects, names
        and values unchanged); again only when one of them is given new memory (``set_data``, ``.to``)."""
        if torch.compiler.is_dynamo_compiling() or not torch._use_cudnn_rnn_flatten_weight():
            return
        first = ws[0]
        if (any(w.dtype != first.dtype or w.device != first.device for w in ws)
                or not torch.backends.cudnn.is_acceptable(first) or len({w.data_ptr() for w in ws}) != len(ws)):
            return
        from torch.backends.cudnn import rnn as cudnn_rnn
        with torch.no_grad():
            torch._cudnn_rnn_flatten_weight(ws, 4 if self.has_bias else 2, self.input_size,
                                            cudnn_rnn.get_cudnn_mode(self.mode), self.hidden_size, 0,
                                            self.num_layers, self.batch_first, self.bidirectional)
        self.__dict__["_cudnn_layout"] = [w.data_ptr() for w in ws]

    def _check_shapes(self, x, hx, dirs):
        """MindSpore's checks (ValueError) before torch's raw kernels, which do not check and read past
        the weights or crash on a wrong feature or state size (``torch.nn.LSTM`` checks in Python)."""
        cls = type(self).__name__
        if x.dim() != 3:
            raise ValueError(f"For '{cls}', the x_shape.size() must be equal to 3, but got {x.dim()}.")
        if x.shape[2] != self.input_size:
            raise ValueError(f"For '{cls}', the x_shape[2] must be equal to {self.input_size}, but got "
                             f"{x.shape[2]}.")
        if hx is None:
            return
        batch = x.shape[0] if self.batch_first else x.shape[1]
        want = (self.num_layers * dirs, batch, self.hidden_size)
        for name, h in zip(("h", "c"), hx if self.is_lstm else (hx,)):
            if not isinstance(h, torch.Tensor):
                raise TypeError(f"For '{cls}', the '{name}' must be a Tensor, but got {type(h).__name__}.")
            if h.dim() != 3:
                raise ValueError(f"For '{cls}', the {name}_shape.size() must be equal to 3, but got {h.dim()}.")
            if tuple(h.shape) != want:
                # MindSpore indexes its per-layer states: too few layers is its IndexError
                err = IndexError if h.shape[0] < want[0] else ValueError
                raise err(f"For '{cls}', the {name}_shape: {list(h.shape)} must be equal to {list(want)} "
                          f"(num_layers * num_directions, batch_size, hidden_size).")

    def construct(self, x, hx=None, seq_length=None):
        dirs = 2 if self.bidirectional else 1
        if self.is_lstm and hx is not None and (not isinstance(hx, (tuple, list)) or len(hx) != 2):
            raise TypeError(f"For '{type(self).__name__}', the 'hx' must be a tuple of two Tensors (h, c).")
        self._check_shapes(x, hx, dirs)
        batch = x.shape[0] if self.batch_first else x.shape[1]
        if hx is None:
            z = torch.zeros(self.num_layers * dirs, batch, self.hidden_size, dtype=x.dtype, device=x.device)
            hx = (z, z) if self.is_lstm else z
        weights = self._flat_weights(x.dtype)
        train = self.training
        if seq_length is not None:
            return self._packed(x, hx, seq_length, weights, train)
        if train and self.dropout and self.num_layers > 1 and not torch.compiler.is_dynamo_compiling():
            return self._layer_by_layer(x, hx, weights, dirs)
        if self.is_lstm:
            if torch.compiler.is_dynamo_compiling() and fused_lstm_applies(x, tuple(hx), weights, self.dropout, train,
                                                                           self.num_layers):
                # compiled: oneDNN's fused kernel kept as one op per layer (AOTAutograd would unroll torch.lstm)
                out, h, c = compiled_lstm(x, tuple(hx), weights, self.has_bias, self.num_layers, self.dropout, train,
                                          self.bidirectional, self.batch_first)
                return out, (h, c)
            out, h, c = self._fn(x, tuple(hx), weights, self.has_bias, self.num_layers, self.dropout, train,
                                 self.bidirectional, self.batch_first)
            return out, (h, c)
        out, h = self._fn(x, hx, weights, self.has_bias, self.num_layers, self.dropout, train, self.bidirectional,
                          self.batch_first)
        return out, h

    def _layer_by_layer(self, x, hx, weights, dirs):
        """Training with dropout, as MindSpore: one layer at a time, ``dropout_op`` (``nn.Dropout``: MindSpore's
        masks, one stream over the layers and calls) on each layer's output but the last's."""
        per = dirs * (4 if self.has_bias else 2)
        out, hs, cs = x, [], []
        for i in range(self.num_layers):
            w, at = weights[i * per:(i + 1) * per], slice(i * dirs, (i + 1) * dirs)
            if self.is_lstm:
                out, h, c = self._fn(out, (hx[0][at], hx[1][at]), w, self.has_bias, 1, 0.0, True, self.bidirectional,
                                     self.batch_first)
                cs.append(c)
            else:
                out, h = self._fn(out, hx[at], w, self.has_bias, 1, 0.0, True, self.bidirectional, self.batch_first)
            hs.append(h)
            if i < self.num_layers - 1:
                out = self.dropout_op(out)
        return (out, (torch.cat(hs), torch.cat(cs))) if self.is_lstm else (out, torch.cat(hs))

    @torch.compiler.disable  # packed sequences are data-dependent: run eagerly under torch.compile
    def _packed(self, x, hx, seq_length, weights, train):
        if seq_length.dtype not in (torch.int32, torch.int64):
            raise TypeError(f"For '{type(self).__name__}', the dtype of 'seq_length' must be int32 or int64, but "
                            f"got {seq_length.dtype}.")
        total = x.shape[1] if self.batch_first else x.shape[0]
        batch = x.shape[0] if self.batch_first else x.shape[1]
        if seq_length.dim() != 1 or seq_length.shape[0] != batch:
            raise ValueError(f"For '{type(self).__name__}' batch size of x and seq_length must be equal, but got "
                             f"{batch} of x and {seq_length.shape[0] if seq_length.dim() else 0} of seq_length.")
        packed = pack_padded_sequence(x, seq_length.detach().cpu().long(), self.batch_first, enforce_sorted=False)
        order, back = packed.sorted_indices, packed.unsorted_indices
        if self.is_lstm:
            h0 = (hx[0].index_select(1, order), hx[1].index_select(1, order))
            data, h, c = self._fn(packed.data, packed.batch_sizes, h0, weights, self.has_bias, self.num_layers,
                                  self.dropout, train, self.bidirectional)
            state = (h.index_select(1, back), c.index_select(1, back))
        else:
            data, h = self._fn(packed.data, packed.batch_sizes, hx.index_select(1, order), weights, self.has_bias,
                               self.num_layers, self.dropout, train, self.bidirectional)
            state = h.index_select(1, back)
        out, _ = pad_packed_sequence(PackedSequence(data, packed.batch_sizes, order, back), self.batch_first,
                                     total_length=total)
        return out, state


class RNN(_RNNBase):
    """Mirrors ``nn.RNN(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype, nonlinearity='tanh')`` (``nonlinearity`` by keyword only,
    as in MindSpore). Returns ``(output, h_n)``."""

    def __init__(self, *args, **kwargs):
        nl = kwargs.pop("nonlinearity", "tanh")
        if nl not in ("tanh", "relu"):
            raise ValueError(f"For 'RNN', the 'nonlinearity' must be in ['tanh', 'relu'], but got {nl}.")
        super().__init__("RNN_TANH" if nl == "tanh" else "RNN_RELU", *args, **kwargs)


class LSTM(_RNNBase):
    """Mirrors ``nn.LSTM(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype)``. Returns ``(output, (h_n, c_n))``."""

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


class GRU(_RNNBase):
    """Mirrors ``nn.GRU(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype)``. Returns ``(output, h_n)``."""

    def __init__(self, *args, **kwargs):
        super().__init__("GRU", *args, **kwargs)


class _CellBase(Cell):
    _chunks = 1

    def __init__(self, input_size, hidden_size, has_bias=True, dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        positive_int(input_size, "input_size", cls)
        positive_int(hidden_size, "hidden_size", cls)
        check_bool(has_bias, "has_bias", cls)
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.has_bias = has_bias
        stdv = 1 / math.sqrt(hidden_size)
        dt = mstype.to_torch_dtype(dtype)
        g = self._chunks * hidden_size
        shapes = [(g, input_size), (g, hidden_size)] + ([(g,), (g,)] if has_bias else [])
        params = _cell_uniforms(shapes, stdv, dt)
        self.weight_ih, self.weight_hh = params[:2]
        if has_bias:
            self.bias_ih, self.bias_hh = params[2:]
        else:
            self.bias_ih = None
            self.bias_hh = None

    def _check_shapes(self, x, hx):
        """MindSpore's ValueError (torch's cell kernels raise RuntimeError) for wrong input/state sizes."""
        cls = type(self).__name__
        if x.dim() != 2 or x.shape[1] != self.input_size:
            raise ValueError(f"For '{cls}', the shape of 'x' must be (batch_size, {self.input_size}), but got "
                             f"{list(x.shape)}.")
        for h in hx if isinstance(hx, (tuple, list)) else (hx,):
            if not isinstance(h, torch.Tensor) or tuple(h.shape) != (x.shape[0], self.hidden_size):
                raise ValueError(f"For '{cls}', the shape of 'hx' must be ({x.shape[0]}, {self.hidden_size}) "
                                 f"(batch_size, hidden_size), but got {list(getattr(h, 'shape', ()))}.")


class RNNCell(_CellBase):
    """Mirrors ``nn.RNNCell(input_size, hidden_size, has_bias=True, nonlinearity='tanh', dtype)``:
    ``construct(x, hx)`` → ``h'``."""

    def __init__(self, input_size, hidden_size, has_bias=True, nonlinearity="tanh", dtype=mstype.float32):
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"For 'RNNCell', the 'nonlinearity' must be in ['tanh', 'relu'], but got "
                             f"{nonlinearity}.")
        super().__init__(input_size, hidden_size, has_bias, dtype)
        self.nonlinearity = nonlinearity
        self._fn = torch.rnn_tanh_cell if nonlinearity == "tanh" else torch.rnn_relu_cell

    def construct(self, x, hx=None):
        if hx is None:
            hx = torch.zeros(x.shape[0], self.hidden_size, dtype=x.dtype, device=x.device)
        self._check_shapes(x, hx)
        return self._fn(x, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)


class LSTMCell(_CellBase):
    """Mirrors ``nn.LSTMCell(input_size, hidden_size, has_bias=True, dtype)``: ``construct(x, hx)`` with
    ``hx = (h, c)`` → ``(h', c')``."""

    _chunks = 4

    def construct(self, x, hx=None):
        if hx is None:
            z = torch.zeros(x.shape[0], self.hidden_size, dtype=x.dtype, device=x.device)
            hx = (z, z)
        self._check_shapes(x, hx)
        return torch.lstm_cell(x, tuple(hx), self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)


class GRUCell(_CellBase):
    """Mirrors ``nn.GRUCell(input_size, hidden_size, has_bias=True, dtype)``: ``construct(x, hx)`` → ``h'``."""

    _chunks = 3

    def construct(self, x, hx=None):
        if hx is None:
            hx = torch.zeros(x.shape[0], self.hidden_size, dtype=x.dtype, device=x.device)
        self._check_shapes(x, hx)
        return torch.gru_cell(x, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
