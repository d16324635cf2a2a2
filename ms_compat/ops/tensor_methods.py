"""``mindspore.Tensor`` methods that MindSpore defines on top of ``mindspore.ops`` (``Tensor.gather_nd``,
``Tensor.top_k``, ``Tensor.scatter_max``, ``Tensor.choose``...).

The Tensor class lives on the ground floor (``ms_compat/common``), which must not know ``ops``; so these methods
are installed on it by ``ms_compat/_tensor_op_methods.py`` as lazy attributes that import this module on first
use. Each function mirrors the MindSpore 2.10 method of the same name (``mindspore.common.tensor.Tensor.<name>``),
which forwards to the ``ops`` function named in its docstring.
"""
from __future__ import annotations

import numbers

import torch

from ..common.mutation import mutate as _mutate
from ..common.mutation import mutate_traced as _mutate_traced
from ..common.mutation import traced_base_of_alias as _traced_base_of_alias
from .._torch_seam import DisableTorchFunctionSubclass as _DisableTorchFunctionSubclass

from ..common.tensor import Tensor, as_ms
from . import function as F
from .function import misc_extra_func as _misc

__all__ = ["gather_nd", "top_k", "gather_elements", "approximate_equal", "argmax_with_value", "argmin_with_value",
           "col2im", "eigvals", "fills", "fold", "inplace_update", "inv", "invert", "log_matrix_determinant",
           "matrix_determinant", "random_categorical", "multinomial", "reverse", "reverse_sequence", "scatter_div",
           "scatter_max",
           "scatter_min", "scatter_mul", "scatter_sub", "searchsorted", "soft_shrink", "unique_with_pad",
           "unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod", "xdivy", "ptp", "choose",
           "fill_diagonal", "uniform", "cauchy", "log_normal", "value", "assign_value", "get_bytes", "itemset",
           "move_to", "to_dlpack", "from_dlpack"]


def gather_nd(self, indices):
    """``Tensor.gather_nd(indices)`` = ``ops.gather_nd(self, indices)``."""
    return F.gather_nd(self, indices)


def top_k(self, k, sorted=True):  # noqa: A002 - MindSpore's argument name
    """``Tensor.top_k(k, sorted=True)`` (deprecated in MindSpore for ``topk``) = ``ops.top_k``."""
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError(f"The type of 'k' must be 'int', but got '{type(k).__name__}'.")
    return F.top_k(self, k, sorted)


def gather_elements(self, dim, index):
    """``Tensor.gather_elements(dim, index)`` = ``ops.gather_elements(self, dim, index)``."""
    if not isinstance(index, torch.Tensor):
        raise TypeError(f"For 'Tensor.gather_elements', the type of 'index' should be Tensor, but got "
                        f"{type(index).__name__}.")
    return F.gather_elements(self, dim, index)


def approximate_equal(self, other, tolerance=1e-05):
    """``Tensor.approximate_equal(other, tolerance=1e-05)``: ``|self - other| < tolerance``; inputs that are not
    float32 are compared in float16, as MindSpore does."""
    if not isinstance(tolerance, float):
        raise ValueError(f"The parameter 'tolerance' must be isinstance of <class 'float'>, but got {tolerance}.")
    x = self if self.dtype == torch.float32 else self.to(torch.float16)
    y = other if other.dtype == torch.float32 else other.to(torch.float16)
    return _misc.approximate_equal(x, y, tolerance)


def _with_value(self, axis, keep_dims, fn):
    if self.dim() == 0:
        return self, Tensor(0)
    values, index = fn(torch.Tensor.as_subclass(self, torch.Tensor), dim=axis, keepdim=keep_dims)
    return as_ms(values), as_ms(index)


def argmax_with_value(self, axis=0, keep_dims=False):
    """``Tensor.argmax_with_value(axis=0, keep_dims=False)`` → ``(value, index)`` (index int64, as MindSpore 2.10
    returns); a 0-d tensor gives ``(self, Tensor(0))``."""
    return _with_value(self, axis, keep_dims, torch.max)


def argmin_with_value(self, axis=0, keep_dims=False):
    """``Tensor.argmin_with_value(axis=0, keep_dims=False)`` → ``(value, index)``."""
    return _with_value(self, axis, keep_dims, torch.min)


def col2im(self, output_size, kernel_size, dilation, padding_value, stride):
    """``Tensor.col2im(...)`` = ``ops.col2im(self, ...)``."""
    return F.col2im(self, output_size, kernel_size, dilation, padding_value, stride)


def eigvals(self):
    """``Tensor.eigvals()`` = ``ops.eigvals(self)``."""
    return F.eigvals(self)


def fills(self, value):
    """``Tensor.fills(value)`` (deprecated in MindSpore for ``ops.fill``) = ``ops.fills(self, value)``."""
    return F.fills(self, value)


def fold(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """``Tensor.fold(...)`` = ``ops.fold(self, ...)``."""
    return F.fold(self, output_size, kernel_size, dilation, padding, stride)


def inplace_update(self, v, indices):
    """``Tensor.inplace_update(v, indices)`` = ``ops.inplace_update(self, v, indices)``."""
    return F.inplace_update(self, v, indices)


def inv(self):
    """``Tensor.inv()`` = ``ops.inv(self)``."""
    return F.inv(self)


def invert(self):
    """``Tensor.invert()`` = ``ops.invert(self)``."""
    return F.invert(self)


def log_matrix_determinant(self):
    """``Tensor.log_matrix_determinant()`` = ``ops.log_matrix_determinant(self)``."""
    return F.log_matrix_determinant(self)


def matrix_determinant(self):
    """``Tensor.matrix_determinant()`` = ``ops.matrix_determinant(self)``."""
    return F.matrix_determinant(self)


def random_categorical(self, num_sample, seed=0, dtype=torch.int64):
    """``Tensor.random_categorical(num_sample, seed=0, dtype=int64)`` = ``ops.random_categorical(self, ...)``."""
    for n, v in (("num_sample", num_sample), ("seed", seed)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"The parameter '{n}' must be int, but got {type(v).__name__}.")
    return F.random_categorical(self, num_sample, seed, dtype)


def multinomial(self, num_samples, replacement=True, seed=None):
    """``Tensor.multinomial(num_samples, replacement=True, seed=None)`` = ``ops.multinomial(self, ...)``: MindSpore
    2.10's numbers and int32 indices (PyTorch's ``Tensor.multinomial`` defaults to ``replacement=False``, returns
    int64 and takes a ``generator``; plain torch tensors keep it)."""
    return F.multinomial(self, num_samples, replacement, seed)


def reverse(self, axis):
    """``Tensor.reverse(axis)`` = ``ops.flip(self, axis)``."""
    return F.flip(self, axis)


def reverse_sequence(self, seq_lengths, seq_dim=0, batch_dim=0):
    """``Tensor.reverse_sequence(seq_lengths, seq_dim=0, batch_dim=0)`` = ``ops.reverse_sequence``."""
    return F.reverse_sequence(self, seq_lengths, seq_dim, batch_dim)


def scatter_div(self, indices, updates):
    """``Tensor.scatter_div(indices, updates)`` = ``ops.tensor_scatter_div`` (a new tensor, as MindSpore)."""
    return F.tensor_scatter_div(self, indices, updates)


def scatter_max(self, indices, updates):
    """``Tensor.scatter_max(indices, updates)`` = ``ops.tensor_scatter_max``."""
    return F.tensor_scatter_max(self, indices, updates)


def scatter_min(self, indices, updates):
    """``Tensor.scatter_min(indices, updates)`` = ``ops.tensor_scatter_min``."""
    return F.tensor_scatter_min(self, indices, updates)


def scatter_mul(self, indices, updates):
    """``Tensor.scatter_mul(indices, updates)`` = ``ops.tensor_scatter_mul``."""
    return F.tensor_scatter_mul(self, indices, updates)


def scatter_sub(self, indices, updates):
    """``Tensor.scatter_sub(indices, updates)`` = ``ops.tensor_scatter_sub``."""
    return F.tensor_scatter_sub(self, indices, updates)


def searchsorted(self, v, side="left", sorter=None):
    """``Tensor.searchsorted(v, side='left', sorter=None)``: int32 insertion indices (``ops.searchsorted``)."""
    if side not in ("left", "right"):
        raise ValueError(f"For 'Tensor.searchsorted', the argument 'side' should be one of in ['left', 'right'], "
                         f"but got {side}.")
    if not isinstance(v, torch.Tensor):
        v = Tensor(v)
    if sorter is not None:
        if not isinstance(sorter, (int, list, tuple, torch.Tensor)):
            raise TypeError("For Tensor.searchsorted, the type of the argument 'sorter' must be one of 'int', "
                            f"'list', 'tuple', 'Tensor', but got {type(sorter)}.")
        if not isinstance(sorter, torch.Tensor):
            sorter = Tensor(sorter)
        if sorter.numel() != self.numel():
            raise ValueError("The size of sorter must be the same as the Tensor")
    return F.searchsorted(self, v, out_int32=True, right=side == "right", sorter=sorter)


def soft_shrink(self, lambd=0.5):
    """``Tensor.soft_shrink(lambd=0.5)`` = ``ops.soft_shrink``."""
    return F.soft_shrink(self, lambd)


def unique_with_pad(self, pad_num):
    """``Tensor.unique_with_pad(pad_num)`` = ``ops.unique_with_pad``."""
    return F.unique_with_pad(self, pad_num)


def unsorted_segment_max(self, segment_ids, num_segments):
    """``Tensor.unsorted_segment_max(segment_ids, num_segments)`` = ``ops.unsorted_segment_max``."""
    return F.unsorted_segment_max(self, segment_ids, num_segments)


def unsorted_segment_min(self, segment_ids, num_segments):
    """``Tensor.unsorted_segment_min(segment_ids, num_segments)`` = ``ops.unsorted_segment_min``."""
    return F.unsorted_segment_min(self, segment_ids, num_segments)


def unsorted_segment_prod(self, segment_ids, num_segments):
    """``Tensor.unsorted_segment_prod(segment_ids, num_segments)`` = ``ops.unsorted_segment_prod``."""
    return F.unsorted_segment_prod(self, segment_ids, num_segments)


def xdivy(self, y):
    """``Tensor.xdivy(y)`` = ``ops.xdivy(self, y)``."""
    return F.xdivy(self, y)


def ptp(self, axis=None, keepdims=False):
    """``Tensor.ptp(axis=None, keepdims=False)``: ``max - min`` over ``axis`` (all axes when None)."""
    if not isinstance(keepdims, bool):
        raise TypeError("For 'Tensor.ptp', the type of the argument 'keepdims' must be bool, but got "
                        f"{type(keepdims)}.")
    dims = tuple(range(self.dim())) if axis is None or axis == () else axis
    plain = torch.Tensor.as_subclass(self, torch.Tensor)
    return as_ms(torch.amax(plain, dims, keepdims) - torch.amin(plain, dims, keepdims))


def choose(self, choices, mode="clip"):
    """``Tensor.choose(choices, mode='clip')``: ``out[i] = choices[self[i]][i]`` after broadcasting; indices out
    of range are clipped (``'clip'``), wrapped (``'wrap'``) or rejected (``'raise'``); the result has the
    choices' dtype. As MindSpore 2.10 does, the choices go through int32 on the way (float choices are truncated
    toward zero)."""
    if isinstance(choices, torch.Tensor):
        ch = torch.Tensor.as_subclass(choices, torch.Tensor)
    else:
        ch = [torch.as_tensor(c) if not isinstance(c, torch.Tensor) else torch.Tensor.as_subclass(c, torch.Tensor)
              for c in choices]
        shape = torch.broadcast_shapes(tuple(self.shape), *[tuple(c.shape) for c in ch])
        ch = torch.stack([c.expand(shape) for c in ch], 0)
    a = torch.Tensor.as_subclass(self, torch.Tensor)
    if a.dim() == 0 or ch.dim() == 0:
        raise ValueError("For 'Tensor.choose', the original tensor and the argument 'choices' cannot be scalars. "
                         f"Their dimensions should all be > 0, but got the original tensor's dimension {a.dim()}, "
                         f"'choices' dimension {ch.dim()}.")
    shape = torch.broadcast_shapes(tuple(a.shape), tuple(ch.shape[1:]))
    n = ch.shape[0]
    ch = ch.expand((n,) + tuple(shape))
    a = a.expand(shape).to(torch.int64)
    if mode == "clip":
        a = a.clamp(0, n - 1)
    elif mode == "wrap":
        a = torch.remainder(a, n)
    elif mode == "raise":
        if bool(((a < 0) | (a >= n)).any()):
            raise ValueError("For 'Tensor.choose', the indices must be in [0, number of choices).")
    else:
        raise ValueError(f"For 'Tensor.choose', 'mode' should be one of ['clip', 'wrap', 'raise'], but got {mode}.")
    dtype = ch.dtype
    return as_ms(torch.gather(ch.to(torch.int32), 0, a.unsqueeze(0)).squeeze(0).to(dtype))


def fill_diagonal(self, fill_value, wrap=False):
    """``Tensor.fill_diagonal(fill_value, wrap=False)``: a copy with the main diagonal set to ``fill_value``
    (``ops.FillDiagonal``; ``wrap`` restarts the diagonal every ``ncols + 1`` rows of a tall matrix, as numpy's
    ``fill_diagonal``)."""
    out = torch.Tensor.as_subclass(self, torch.Tensor).clone()
    out.fill_diagonal_(fill_value, wrap=wrap)
    return as_ms(out)


def _generator(generator):
    if generator is None:
        return None
    return getattr(generator, "_torch_generator", generator)


def uniform(self, from_=0.0, to=1.0, generator=None):
    """``Tensor.uniform(from_=0.0, to=1.0, generator=None)``: a new tensor of ``self``'s shape and dtype drawn from
    U[from_, to) (values differ from MindSpore's generator)."""
    if from_ > to:
        raise ValueError(f"For 'uniform', 'from_' must be less than or equal to 'to', but got {from_} and {to}.")
    out = torch.empty(self.shape, dtype=self.dtype, device=self.device)
    return as_ms(out.uniform_(from_, to, generator=_generator(generator)))


def cauchy(self, median=0.0, sigma=1.0):
    """``Tensor.cauchy(median=0.0, sigma=1.0)``: a new tensor of ``self``'s shape and dtype drawn from
    Cauchy(median, sigma)."""
    out = torch.empty(self.shape, dtype=torch.float32, device=self.device).cauchy_(median, sigma)
    return as_ms(out.to(self.dtype))


def log_normal(self, mean=1.0, std=2.0):
    """``Tensor.log_normal(mean=1.0, std=2.0)``: a new tensor of ``self``'s shape and dtype whose log is
    N(mean, std)."""
    return as_ms(torch.empty(self.shape, dtype=self.dtype, device=self.device).log_normal_(mean, std))


def value(self):
    """``Tensor.value()``: the tensor itself."""
    return self


def assign_value(self, value):
    """``Tensor.assign_value(value)``: this tensor takes ``value``'s data (shape and dtype too); returns self.
    Under autograd (same shape and dtype) it also takes ``value``'s gradient path, and ops that saved this tensor
    for their backward see the new value, as in MindSpore (``common/mutation.py``). A view takes new memory of
    its own (its base keeps its values, as in MindSpore)."""
    if torch.compiler.is_compiling():  # the same, as TorchDynamo traces it (no ``_base``/``as_subclass`` there)
        if (isinstance(value, torch.Tensor) and torch.is_grad_enabled() and value.shape == self.shape
                and value.dtype == self.dtype and _traced_base_of_alias(self) is self):
            return _mutate_traced(self, torch.Tensor.copy_, value)
        with torch.no_grad(), _DisableTorchFunctionSubclass():
            torch.Tensor.set_(self, value.detach().clone())
        return self
    if (isinstance(value, torch.Tensor) and torch.is_grad_enabled()
            and value.shape == self.shape and value.dtype == self.dtype and self._base is None):
        return _mutate(self, torch.Tensor.copy_, value)
    with torch.no_grad():
        torch.Tensor.set_(self, torch.Tensor.as_subclass(value, torch.Tensor).detach().clone())
    return self


def get_bytes(self):
    """``Tensor.get_bytes()``: the raw data as ``bytes`` (C order)."""
    return torch.Tensor.as_subclass(self, torch.Tensor).detach().cpu().contiguous().numpy().tobytes()


def itemset(self, *args):
    """``Tensor.itemset(*args)``: a copy with one element replaced (``itemset(value)`` for a one-element tensor,
    ``itemset(flat_index, value)`` or ``itemset((i, j, ...), value)``), the value cast to the tensor's dtype, as
    ``numpy.ndarray.itemset``. MindSpore returns the new tensor and leaves ``self`` unchanged."""
    out = torch.Tensor.as_subclass(self, torch.Tensor).clone()
    if len(args) == 1:
        if out.numel() != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        out.view(-1)[0] = args[0]
    elif len(args) == 2:
        idx, v = args
        if isinstance(idx, numbers.Integral):
            out.view(-1)[int(idx)] = v
        else:
            out[tuple(idx)] = v
    else:
        raise TypeError(f"itemset() takes 1 or 2 arguments, but {len(args)} were given")
    return as_ms(out)


def move_to(self, to, blocking=True):
    """``Tensor.move_to(to, blocking=True)``: a copy on ``'CPU'`` or ``'GPU'`` (CUDA); ``'Ascend'`` has no
    PyTorch device here."""
    if not isinstance(blocking, bool):
        raise ValueError(f"The type of 'blocking' must be bool, but got {blocking}")
    if to not in ("Ascend", "GPU", "CPU"):
        raise ValueError(f"The value of 'to' must be one of ['Ascend', 'GPU', 'CPU'], but got {to}")
    if to == "Ascend":
        raise RuntimeError("Tensor.move_to('Ascend'): ms_compat runs on PyTorch's CPU and CUDA devices")
    dev = "cpu" if to == "CPU" else "cuda"
    return as_ms(torch.Tensor.as_subclass(self, torch.Tensor).to(dev, non_blocking=not blocking, copy=True))


def to_dlpack(self):
    """``Tensor.to_dlpack()``: a DLPack capsule sharing this tensor's memory (``torch.utils.dlpack``)."""
    return torch.utils.dlpack.to_dlpack(torch.Tensor.as_subclass(self, torch.Tensor).detach())


def from_dlpack(dlpack):
    """``Tensor.from_dlpack(capsule)`` (a static method in MindSpore): a Tensor sharing the capsule's memory."""
    return as_ms(torch.utils.dlpack.from_dlpack(dlpack))


_STATIC = {"from_dlpack"}
