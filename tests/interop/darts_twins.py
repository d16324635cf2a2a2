"""Plain ``torch.nn.Module`` normalisation layers used as test twins of the darts variants documented in
seed 004 (our own code, written from the papers' definitions):

* ``LayerNormNoBias``: layer norm with a learned scale and no bias;
* ``RINorm``: reversible instance normalisation (Kim et al., 2022): normalise each series over time with its
  own mean/std (optionally learned affine), and ``inverse`` puts the statistics back;
* ``RMSNorm(dim, eps=1e-8)``: root-mean-square normalisation (Zhang & Sennrich, 2019) with a learned scale.
"""
import torch
from torch import nn


class LayerNormNoBias(nn.Module):
    def __init__(self, normalized_shape, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(normalized_shape))

    def forward(self, x):
        return nn.functional.layer_norm(x, self.weight.shape, self.weight, None, self.eps)


class RINorm(nn.Module):
    def __init__(self, input_dim, eps=1e-5, affine=True):
        super().__init__()
        self.eps = eps
        self.affine = affine
        if affine:
            self.affine_weight = nn.Parameter(torch.ones(input_dim))
            self.affine_bias = nn.Parameter(torch.zeros(input_dim))

    def forward(self, x):
        # x: (batch, time, features); statistics over time, kept for inverse()
        self.mean = x.mean(dim=1, keepdim=True).detach()
        self.stdev = torch.sqrt(x.var(dim=1, keepdim=True, unbiased=False) + self.eps).detach()
        x = (x - self.mean) / self.stdev
        if self.affine:
            x = x * self.affine_weight + self.affine_bias
        return x

    def inverse(self, x):
        if self.affine:
            x = (x - self.affine_bias) / (self.affine_weight + self.eps * self.eps)
        return x * self.stdev + self.mean


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-8):
        super().__init__()
        self.eps = eps
        self.scale = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        rms = x.pow(2).mean(dim=-1, keepdim=True).add(self.eps).sqrt()
        return x / rms * self.scale
