"""Normalisation layers mirroring ``mindspore.nn``: BatchNorm1d/2d/3d, SyncBatchNorm, LayerNorm,
GroupNorm, InstanceNorm1d/2d/3d.

MindSpore conventions kept: parameters ``gamma``/``beta`` and moving statistics that are
**Parameters** (``requires_grad=False``) named ``mean``/``variance`` standalone and
``moving_mean``/``moving_variance`` when nested; ``momentum`` is the weight of the *old* value
(``moving = momentum*moving + (1-momentum)*batch``; default 0.9 ≡ torch 0.1); LayerNorm's
``epsilon=1e-7`` and ``begin_norm_axis``/``begin_params_axis``.
"""
from __future__ import annotations

import numbers

import torch
import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import rank_of, run_plain
from ..cell import Cell
from ._checks import check_bool, positive_int, rank_error, shape_error

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm", "LayerNorm", "GroupNorm",
           "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"]


def _check_momentum(momentum, cls_name):
    if isinstance(momentum, bool) or not isinstance(momentum, numbers.Real) or not 0 <= momentum <= 1:
        raise ValueError(f"For '{cls_name}', the 'momentum' must be a number in range [0, 1], but got {momentum}.")
    return float(momentum)


class _BatchNorm(Cell):
    """Shared BatchNorm implementation (``torch.batch_norm`` with MindSpore's momentum)."""

    _ndims = (4,)  # input ranks MindSpore accepts

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, data_format="NCHW",
                 dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        if isinstance(num_features, int) and not isinstance(num_features, bool) and num_features < 1:
            raise ValueError(f"For '{cls}', the 'num_features' must be at least 1, but got {num_features}.")
        self.num_features = positive_int(num_features, "num_features", cls)
        if isinstance(eps, bool) or not isinstance(eps, numbers.Real):
            raise TypeError(f"For '{cls}', the type of 'eps' should be float, but got {type(eps).__name__}.")
        self.eps = eps
        # as in MindSpore, the attribute holds the weight of the *batch* statistic (1 - momentum)
        self.momentum = 1.0 - _check_momentum(momentum, cls)
        check_bool(affine, "affine", cls)
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            raise TypeError(f"For '{cls}', the type of 'use_batch_statistics' should be 'bool' or None, but got "
                            f"{type(use_batch_statistics).__name__}.")
        if data_format not in ("NCHW", "NCDHW"):
            raise ValueError(f"For '{cls}', the 'NHWC' format only support in GPU target, but got device target "
                             "CPU.")
        self.use_batch_statistics = use_batch_statistics
        self.affine = affine
        self.moving_mean = Parameter(initializer(moving_mean_init, num_features, dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer(moving_var_init, num_features, dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        ubs = self.use_batch_statistics
        if rank_of(x) not in self._ndims:  # torch's kernel takes any rank >= 2; MindSpore does not
            raise rank_error(type(self).__name__, " or ".join(map(str, self._ndims)), x)
        # torch.batch_norm, not F.batch_norm: F's Python layer refuses one value per channel in
        # training, where MindSpore (and the kernel) compute it (output 0, moving variance NaN)
        try:
            return run_plain(torch.batch_norm, x, self.gamma, self.beta, self.moving_mean, self.moving_variance,
                             self.training if ubs is None else ubs, self.momentum, self.eps,
                             torch.backends.cudnn.enabled)
        except RuntimeError as e:  # failure path only: a channel count that does not match
            if x.shape[1] != self.num_features:
                raise ValueError(f"For '{type(self).__name__}', the channel dimension of the input must be "
                                 f"{self.num_features}, but got {x.shape[1]} (shape {list(x.shape)}).") from e
            raise

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={1.0 - self.momentum}, "
                f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
                f"moving_variance={self.moving_variance}")


class BatchNorm1d(_BatchNorm):
    """Mirrors ``nn.BatchNorm1d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    data_format='NCHW', dtype)``; input (N, C) or (N, C, L)."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, data_format="NCHW",
                 dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                         moving_var_init, use_batch_statistics, data_format, dtype)

    _ndims = (2, 3)


class BatchNorm2d(_BatchNorm):
    """Mirrors ``nn.BatchNorm2d(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    data_format='NCHW', dtype)``."""

    _ndims = (4,)


class BatchNorm3d(Cell):
    """Mirrors ``nn.BatchNorm3d(...)``: like MindSpore it holds a ``bn2d`` child (so the parameter
    names are ``bn2d.moving_mean``, ``bn2d.gamma``, ...) and normalises (N, C, D, H, W) input."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, dtype=mstype.float32):
        super().__init__()
        self.bn2d = BatchNorm2d(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                                moving_var_init, use_batch_statistics, "NCHW", dtype)
        self.bn2d._ndims = (5,)

    def construct(self, x):
        return self.bn2d(x)


class SyncBatchNorm(_BatchNorm):
    """Mirrors ``nn.SyncBatchNorm(num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init='ones',
    beta_init='zeros', moving_mean_init='zeros', moving_var_init='ones', use_batch_statistics=None,
    process_groups=None, dtype)``.

    In training with ``torch.distributed`` initialised and more than one process, the per-channel sums
    are all-reduced (``torch.distributed.nn.functional.all_reduce``, differentiable, any backend incl.
    gloo on CPU) so every process normalises with the statistics of the whole group's batch;
    ``process_groups`` (MindSpore's list of rank lists) picks the group that contains this rank. In a single process it is exactly
    BatchNorm (as in MindSpore on one device)."""

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, process_groups=None,
                 dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                         moving_var_init, use_batch_statistics, "NCHW", dtype)
        if process_groups is not None and not isinstance(process_groups, list):
            raise TypeError(f"For 'SyncBatchNorm', the type of 'process_groups' should be list, but got "
                            f"{type(process_groups).__name__}.")
        self.process_groups = process_groups
        self._group = None
        self._group_ready = False

    def _process_group(self):
        if not self._group_ready:
            import torch.distributed as dist
            group = None
            if self.process_groups:
                rank = dist.get_rank()
                for ranks in self.process_groups:
                    g = dist.new_group(ranks)  # every rank must take part in every new_group call
                    if rank in ranks:
                        group = g
            self._group = group
            self._group_ready = True
        return self._group

    def construct(self, x):
        ubs = self.use_batch_statistics
        training = self.training if ubs is None else ubs
        if training:
            import torch.distributed as dist
            if dist.is_available() and dist.is_initialized():
                group = self._process_group()
                if dist.get_world_size(group) > 1:
                    return self._synced(x, group or dist.group.WORLD)
        return F.batch_norm(x, self.moving_mean, self.moving_variance, self.gamma, self.beta, training,
                            self.momentum, self.eps)

    def _synced(self, x, group):
        """Batch statistics summed over the process group (differentiable all_reduce, any backend)."""
        from torch.distributed.nn.functional import all_reduce
        c = x.shape[1]
        dims = [0] + list(range(2, x.dim()))
        count = torch.full((1,), x.numel() // c, dtype=x.dtype, device=x.device)
        stats = all_reduce(torch.cat([x.sum(dims), (x * x).sum(dims), count]), group=group)
        n = stats[-1]
        mean = stats[:c] / n
        var = stats[c:2 * c] / n - mean * mean
        with torch.no_grad():
            self.moving_mean.mul_(1 - self.momentum).add_(mean.detach() * self.momentum)
            self.moving_variance.mul_(1 - self.momentum).add_(var.detach() * (n / (n - 1)) * self.momentum)
        shape = (1, c) + (1,) * (x.dim() - 2)
        scale = torch.rsqrt(var + self.eps) * self.gamma
        return (x - mean.reshape(shape)) * scale.reshape(shape) + self.beta.reshape(shape)


class LayerNorm(Cell):
    """Mirrors ``nn.LayerNorm(normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init='ones',
    beta_init='zeros', epsilon=1e-7, dtype)``: statistics over the axes from ``begin_norm_axis`` on,
    ``gamma``/``beta`` (shape ``normalized_shape``) applied from ``begin_params_axis`` on."""

    def __init__(self, normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init="ones",
                 beta_init="zeros", epsilon=1e-7, dtype=mstype.float32):
        super().__init__()
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For 'LayerNorm', the type of 'normalized_shape' must be tuple[int] or list[int], "
                            f"but got {normalized_shape} and the type is {type(normalized_shape)}.")
        for n, v in (("begin_norm_axis", begin_norm_axis), ("begin_params_axis", begin_params_axis)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"For 'LayerNorm', the type of '{n}' should be 'int', but got type "
                                f"'{type(v).__name__}'.")
        self.normalized_shape = tuple(normalized_shape)
        self.begin_norm_axis = begin_norm_axis
        self.begin_params_axis = begin_params_axis
        self.epsilon = epsilon
        self.gamma = Parameter(initializer(gamma_init, normalized_shape, dtype), name="gamma")
        self.beta = Parameter(initializer(beta_init, normalized_shape, dtype), name="beta")
        k = len(self.normalized_shape)
        self._fast = begin_norm_axis == begin_params_axis == -k

    def construct(self, x):
        if self._fast:
            try:
                return run_plain(F.layer_norm, x, self.normalized_shape, self.gamma, self.beta, self.epsilon)
            except RuntimeError as e:
                if tuple(x.shape[-len(self.normalized_shape):]) != tuple(self.normalized_shape):
                    raise self._shape_error(x) from e
                if x.dtype != self.gamma.dtype and x.is_floating_point():  # MindSpore computes in x's dtype
                    return F.layer_norm(x, self.normalized_shape, self.gamma.to(x.dtype), self.beta.to(x.dtype),
                                        self.epsilon)
                raise  # devices that do not match: PyTorch's own error
        return self._general(x)

    def _shape_error(self, x):
        return ValueError(f"For 'LayerNorm', gamma or beta shape must match input shape, but got input shape "
                          f"{tuple(x.shape)}, gamma shape {tuple(self.gamma.shape)}, begin_norm_axis "
                          f"{self.begin_norm_axis}, begin_params_axis {self.begin_params_axis}.")

    def _general(self, x):
        nd = x.dim()
        bna = self.begin_norm_axis % nd if -nd <= self.begin_norm_axis < nd else None
        bpa = self.begin_params_axis % nd if -nd <= self.begin_params_axis < nd else None
        if bna is None or bpa is None:
            raise ValueError(f"For 'LayerNorm', the 'begin_norm_axis' and 'begin_params_axis' must be in range "
                             f"[-{nd}, {nd}), but got {self.begin_norm_axis} and {self.begin_params_axis}.")
        if tuple(x.shape[bpa:]) != self.normalized_shape:
            raise self._shape_error(x)
        if bna == bpa:
            return F.layer_norm(x, self.normalized_shape, self.gamma, self.beta, self.epsilon)
        axes = tuple(range(bna, nd))
        mean = torch.mean(x, axes, keepdim=True)
        var = torch.mean(torch.square(x - mean), axes, keepdim=True)
        return (x - mean) * torch.rsqrt(var + self.epsilon) * self.gamma + self.beta

    def extend_repr(self):
        # MindSpore 2.10 prints 'gammaParameter (...)' (a missing '='); reproduced as is
        return (f"normalized_shape={self.normalized_shape}, begin_norm_axis={self.begin_norm_axis}, "
                f"begin_params_axis={self.begin_params_axis}, gamma{self.gamma}, beta={self.beta}")


class GroupNorm(Cell):
    """Mirrors ``nn.GroupNorm(num_groups, num_channels, eps=1e-5, affine=True, gamma_init='ones',
    beta_init='zeros', dtype)``."""

    def __init__(self, num_groups, num_channels, eps=1e-5, affine=True, gamma_init="ones", beta_init="zeros",
                 dtype=mstype.float32):
        super().__init__()
        self.num_groups = positive_int(num_groups, "num_groups", "GroupNorm")
        self.num_channels = positive_int(num_channels, "num_channels", "GroupNorm")
        if num_channels % num_groups != 0:
            raise ValueError(f"For 'GroupNorm', the 'num_channels' must be divided by 'num_groups', but got "
                             f"'num_channels': {num_channels}, 'num_groups': {num_groups}.")
        self.eps = eps
        self.affine = check_bool(affine, "affine", "GroupNorm")
        self.gamma = Parameter(initializer(gamma_init, num_channels, dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_channels, dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        try:
            return F.group_norm(x, self.num_groups, self.gamma, self.beta, self.eps)
        except RuntimeError as e:  # a channel count that does not match: MindSpore's ValueError
            raise shape_error(type(self).__name__, e) from e

    def extend_repr(self):
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}"


class _InstanceNorm(Cell):
    """Shared InstanceNorm: per-sample, per-channel statistics (always), affine ``gamma``/``beta``;
    the ``mean``/``variance`` Parameters are updated in training with torch's momentum meaning."""

    _dims = 4

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init="ones", beta_init="zeros",
                 dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        self.num_features = positive_int(num_features, "num_features", cls)
        if isinstance(momentum, bool) or not isinstance(momentum, float):
            raise TypeError(f"For '{cls}', the type of 'momentum' should be 'float', but got type "
                            f"'{type(momentum).__name__}'.")
        _check_momentum(momentum, cls)
        self.eps = eps
        self.momentum = momentum
        self.affine = check_bool(affine, "affine", cls)
        self.moving_mean = Parameter(initializer("zeros", num_features, dtype), name="mean", requires_grad=False)
        self.moving_variance = Parameter(initializer("ones", num_features, dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        if x.dim() != self._dims:
            raise ValueError(f"For '{type(self).__name__}', the dimension of input must be {self._dims}, but got "
                             f"{x.dim()}.")
        if self.training:
            return F.instance_norm(x, self.moving_mean, self.moving_variance, self.gamma, self.beta, True,
                                   self.momentum, self.eps)
        return F.instance_norm(x, None, None, self.gamma, self.beta, True, self.momentum, self.eps)

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, gamma={self.gamma}, "
                f"beta={self.beta}, moving_mean={self.moving_mean}, moving_variance={self.moving_variance}")


class InstanceNorm1d(_InstanceNorm):
    """Mirrors ``nn.InstanceNorm1d(num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init='ones',
    beta_init='zeros', dtype)``; input (N, C, L)."""

    _dims = 3


class InstanceNorm2d(_InstanceNorm):
    """Mirrors ``nn.InstanceNorm2d(...)``; input (N, C, H, W)."""

    _dims = 4


class InstanceNorm3d(_InstanceNorm):
    """Mirrors ``nn.InstanceNorm3d(...)``; input (N, C, D, H, W)."""

    _dims = 5
