"""``mindspore.mint.nn.functional``: MindSpore's PyTorch-shaped neural-network functions, on
``torch.nn.functional``.

One table line per function: MindSpore 2.10's signature, and the ``torch.nn.functional`` call when it
is not the function of the same name with the same arguments (see ``ms_compat/mint/_thin.py``).
Results are MindSpore Tensors. Dropout draws from PyTorch's generator, so the *mask* differs from
MindSpore's for the same seed (the statistics and scaling are the same).
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from .._thin import define_all as _define_all

_TABLE = r"""
# ---- activations
relu(input, inplace=False) : F.relu(input, inplace)
relu_(input) : F.relu_(input)
relu6(input, inplace=False) : F.relu6(input, inplace)
elu(input, alpha=1.0, inplace=False) : F.elu(input, alpha, inplace)
elu_(input, alpha=1.0) : F.elu_(input, alpha)
selu(input) : F.selu(input)
silu(input, inplace=False) : F.silu(input, inplace)
gelu(input, *, approximate='none') : F.gelu(input, approximate=approximate)
mish(input) : F.mish(input)
sigmoid(input) : torch.sigmoid(input)
sigmoid_(input) : torch.sigmoid_(input)
tanh(input) : torch.tanh(input)
logsigmoid(input) : F.logsigmoid(input)
leaky_relu(input, negative_slope=0.01) : F.leaky_relu(input, negative_slope)
prelu(input, weight) : F.prelu(input, weight)
glu(input, dim=-1) : F.glu(input, dim)
hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False) : F.hardtanh(input, min_val, max_val, inplace)
hardtanh_(input, min_val=-1, max_val=1) : F.hardtanh_(input, min_val, max_val)
hardshrink(input, lambd=0.5) : F.hardshrink(input, lambd)
hardsigmoid(input) : F.hardsigmoid(input)
hardswish(input) : F.hardswish(input)
softshrink(input, lambd=0.5) : F.softshrink(input, lambd)
softplus(input, beta=1, threshold=20) : F.softplus(input, beta, threshold)
threshold(input, threshold, value, inplace=False) : F.threshold(input, threshold, value, inplace)
threshold_(input, threshold, value) : F.threshold_(input, threshold, value)
softmax(input, dim=None, dtype=None) : F.softmax(input, _softmax_dim(input, dim), dtype=dtype)
log_softmax(input, dim=None, *, dtype=None) : F.log_softmax(input, _softmax_dim(input, dim), dtype=dtype)
# ---- linear / convolution
linear(input, weight, bias=None) : F.linear(input, weight, bias)
conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) : F.conv1d(input, weight, bias, stride, padding, dilation, groups)
conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) : F.conv2d(input, weight, bias, stride, padding, dilation, groups)
conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) : F.conv3d(input, weight, bias, stride, padding, dilation, groups)
conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1) : F.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)
fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1) : F.fold(input, output_size, kernel_size, dilation, padding, stride)
unfold(input, kernel_size, dilation=1, padding=0, stride=1) : F.unfold(input, kernel_size, dilation, padding, stride)
embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False) : F.embedding(input, weight, padding_idx, max_norm, norm_type, scale_grad_by_freq)
one_hot(tensor, num_classes=-1) : F.one_hot(tensor.long(), num_classes)
# ---- normalization
batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05) : F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)
layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05) : F.layer_norm(input, _tuple(normalized_shape), weight, bias, eps)
group_norm(input, num_groups, weight=None, bias=None, eps=1e-05) : F.group_norm(input, num_groups, weight, bias, eps)
normalize(input, p=2.0, dim=1, eps=1e-12) : F.normalize(input, p, dim, eps)
# ---- pooling
avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True) : F.avg_pool1d(input, kernel_size, stride, padding, ceil_mode, count_include_pad)
avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None) : F.avg_pool2d(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None) : F.avg_pool3d(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)
max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False) : F.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode=ceil_mode, return_indices=return_indices)
max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None) : F.max_unpool2d(input, indices, kernel_size, stride, padding, output_size)
adaptive_avg_pool1d(input, output_size) : F.adaptive_avg_pool1d(input, output_size)
adaptive_avg_pool2d(input, output_size) : F.adaptive_avg_pool2d(input, output_size)
adaptive_avg_pool3d(input, output_size) : F.adaptive_avg_pool3d(input, output_size)
adaptive_max_pool1d(input, output_size, return_indices=False) : F.adaptive_max_pool1d(input, output_size, return_indices)
adaptive_max_pool2d(input, output_size, return_indices=False) : F.adaptive_max_pool2d(input, output_size, return_indices)
# ---- dropout
dropout(input, p=0.5, training=True, inplace=False) : F.dropout(input, p, training, inplace)
dropout2d(input, p=0.5, training=True, inplace=False) : F.dropout2d(input, p, training, inplace)
# ---- shape / resampling
flatten(input, start_dim=0, end_dim=-1) : torch.flatten(input, start_dim, end_dim)
broadcast_to(input, shape) : torch.broadcast_to(input, shape)
clamp(input, min=None, max=None) : torch.clamp(input, min, max)
pad(input, pad, mode='constant', value=None) : F.pad(input, pad, mode, value)
pixel_shuffle(input, upscale_factor) : F.pixel_shuffle(input, upscale_factor)
interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None) : F.interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)
upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None) : F.interpolate(input, size, scale_factor, mode, align_corners)
grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=None) : F.grid_sample(input, grid, mode, padding_mode, bool(align_corners))
# ---- losses
l1_loss(input, target, reduction='mean') : F.l1_loss(input, target, reduction=reduction)
mse_loss(input, target, reduction='mean') : F.mse_loss(input, target, reduction=reduction)
smooth_l1_loss(input, target, reduction='mean', beta=1.0) : F.smooth_l1_loss(input, target, reduction=reduction, beta=beta)
soft_margin_loss(input, target, reduction='mean') : F.soft_margin_loss(input, target, reduction=reduction)
kl_div(input, target, reduction='mean', log_target=False) : F.kl_div(input, target, reduction='none', log_target=log_target).mean() if reduction == 'mean' else F.kl_div(input, target, reduction=reduction, log_target=log_target)
nll_loss(input, target, weight=None, ignore_index=-100, reduction='mean') : F.nll_loss(input, target.long(), weight, ignore_index=ignore_index, reduction=reduction)
cross_entropy(input, target, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0) : F.cross_entropy(input, _class_target(target), weight, ignore_index=ignore_index, reduction=reduction, label_smoothing=label_smoothing)
binary_cross_entropy(input, target, weight=None, reduction='mean') : F.binary_cross_entropy(input, target, weight, reduction=reduction)
binary_cross_entropy_with_logits(input, target, weight=None, reduction='mean', pos_weight=None) : F.binary_cross_entropy_with_logits(input, target, weight, reduction=reduction, pos_weight=pos_weight)
cosine_embedding_loss(input1, input2, target, margin=0.0, reduction='mean') : F.cosine_embedding_loss(input1, input2, target, margin, reduction=reduction)
"""


def _softmax_dim(input, dim):
    """``dim=None``: PyTorch's legacy rule (0 for 0-, 1- and 3-D input, else 1), which MindSpore's
    mint softmax documents as well."""
    if dim is not None:
        return dim
    return 0 if input.dim() in (0, 1, 3) else 1


def _tuple(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)


def _class_target(target):
    """Class-index targets may be int32 in MindSpore; PyTorch wants int64. Probabilities pass as they are."""
    return target.long() if not target.is_floating_point() else target


__all__ = _define_all(_TABLE, globals(), __name__)
