"""``mindspore.nn.TimeDistributed``: apply a layer to every time step of a sequence."""
from __future__ import annotations

import torch

from ..cell import Cell

__all__ = ["TimeDistributed"]


class TimeDistributed(Cell):
    """Mirrors ``nn.TimeDistributed(layer, time_axis, reshape_with_axis=None)``: with ``reshape_with_axis``
    None the layer runs on each slice along ``time_axis`` and the results are stacked back at
    ``time_axis``; otherwise the time axis is merged into ``reshape_with_axis`` (one layer call on the
    merged tensor) and split back. Both give the per-step result for layers acting per sample."""

    def __init__(self, layer, time_axis, reshape_with_axis=None):
        super().__init__()
        if not isinstance(layer, torch.nn.Module):
            raise TypeError(f"For 'TimeDistributed', the 'layer' must be Cell, but got {type(layer).__name__}.")
        self.layer = layer
        self.time_axis = time_axis
        self.reshape_with_axis = reshape_with_axis

    def construct(self, inputs):
        nd = inputs.dim()
        t_ax = self.time_axis % nd
        if self.reshape_with_axis is None:
            outs = [self.layer(s) for s in torch.unbind(inputs, t_ax)]
            return torch.stack(outs, t_ax)
        r_ax = self.reshape_with_axis % nd
        if r_ax == t_ax:
            raise ValueError("For 'TimeDistributed', 'reshape_with_axis' must differ from 'time_axis'.")
        steps = inputs.shape[t_ax]
        x = torch.movedim(inputs, t_ax, 0)  # (T, ...rest) ; reshape axis index in rest:
        r_rest = r_ax - 1 if r_ax > t_ax else r_ax
        x = torch.movedim(x, 0, r_rest)  # T just before the reshape axis
        s = list(x.shape)
        merged = x.reshape(s[:r_rest] + [s[r_rest] * s[r_rest + 1]] + s[r_rest + 2:])
        out = self.layer(merged)
        o = list(out.shape)
        out = out.reshape(o[:r_rest] + [steps, o[r_rest] // steps] + o[r_rest + 1:])
        return torch.movedim(out, r_rest, t_ax)
