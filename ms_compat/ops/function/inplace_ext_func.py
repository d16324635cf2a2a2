"""Further spellings of existing ops that MindSpore 2.10 exports from ``mindspore.ops`` / ``ops.functional``: the
in-place random fills (``bernoulli_``, ``exponential_``, ``random_``), ``inplace_sigmoid``, ``stop_gradient_``, the
``*_ext`` forms (``bernoulli_ext``, ``isnan_ext``, ``adaptive_avg_pool2d_ext``), ``ravel``, ``deepcopy``,
``accumulate_n``, ``bidense``, ``adaptive_max_pool3d``, ``get_grad``, ``move_to``, ``mixed_precision_cast`` and the
``tensor_*`` operator aliases. Random draws use torch's generator: streams differ from MindSpore's."""
from __future__ import annotations

import torch
import torch.nn.functional as tF

from .._utils import wrap

__all__ = ["bernoulli_", "exponential_", "random_", "inplace_sigmoid", "stop_gradient_", "bernoulli_ext",
           "isnan_ext", "adaptive_avg_pool2d_ext", "ravel", "deepcopy", "accumulate_n", "bidense",
           "adaptive_max_pool3d", "get_grad", "move_to", "mixed_precision_cast", "tensor_exp", "tensor_expm1",
           "tensor_range", "pows", "tensor_muls"]


def _gen(generator):
    return None if generator is None else getattr(generator, "_torch_generator", generator)


def bernoulli_(input, p=0.5, *, generator=None):  # noqa: A002 - MindSpore's argument names
    """Mirrors ``ops.bernoulli_(input, p=0.5, *, generator=None)``: fills ``input`` in place with Bernoulli(p)
    draws (``p`` a float or a Tensor of probabilities) and returns it."""
    torch.Tensor.bernoulli_(input, p, generator=_gen(generator))
    return input


def exponential_(input, lambd=1, *, generator=None):  # noqa: A002
    """Mirrors ``ops.exponential_(input, lambd=1, *, generator=None)``: in-place Exponential(lambd) draws."""
    torch.Tensor.exponential_(input, lambd, generator=_gen(generator))
    return input


def random_(input, from_=0, to=None, *, generator=None):  # noqa: A002
    """Mirrors ``ops.random_(input, from_=0, to=None, *, generator=None)``: in-place integers drawn uniformly from
    ``[from_, to)`` (``to=None``: up to the largest value of the dtype's mantissa/range, as PyTorch)."""
    torch.Tensor.random_(input, from_, to, generator=_gen(generator))
    return input


def inplace_sigmoid(input):  # noqa: A002
    """Mirrors ``ops.inplace_sigmoid(input)`` (``Tensor.sigmoid_``)."""
    torch.Tensor.sigmoid_(input)
    return input


def stop_gradient_(input):  # noqa: A002
    """Mirrors ``ops.stop_gradient_(input)``: detaches ``input`` from the graph in place (returns None, as
    MindSpore). A MindSpore Tensor is a view of the plain tensor an op returned, which PyTorch cannot detach in
    place, so the object's contents are swapped with a detached copy (``torch.utils.swap_tensors``)."""
    if input.grad_fn is None:
        input.requires_grad_(False)
        return
    torch.utils.swap_tensors(input, torch.Tensor.detach(input))


def bernoulli_ext(input, *, generator=None):  # noqa: A002
    """Mirrors ``ops.bernoulli_ext(input, *, generator=None)``: Bernoulli draws with probabilities ``input``."""
    return wrap(torch.bernoulli(input, generator=_gen(generator)))


def isnan_ext(tensor):
    """Mirrors ``ops.isnan_ext(tensor)``: ``tensor != tensor``."""
    return wrap(torch.isnan(tensor))


def adaptive_avg_pool2d_ext(input, output_size):  # noqa: A002
    """Mirrors ``ops.adaptive_avg_pool2d_ext(input, output_size)`` (``None`` in ``output_size`` keeps that
    size)."""
    return wrap(tF.adaptive_avg_pool2d(input, output_size))


def ravel(input):  # noqa: A002
    """Mirrors ``ops.ravel(input)``: ``reshape(input, (-1,))``."""
    return wrap(torch.reshape(input, (-1,)))


def deepcopy(input_x):
    """Mirrors ``ops.deepcopy(input_x)``: a copy (gradient flows through, as MindSpore's Identity)."""
    return wrap(torch.clone(input_x))


def accumulate_n(x):
    """Mirrors ``ops.accumulate_n(x)`` (deprecated in MindSpore for ``ops.addn``): the element-wise sum of a list
    or tuple of Tensors of one shape and dtype."""
    if not isinstance(x, (list, tuple)) or not x:
        raise TypeError(f"For 'AccumulateNV2', the input 'x' must be a non-empty list or tuple of Tensors, but got "
                        f"{type(x).__name__}.")
    out = x[0]
    for t in x[1:]:
        out = out + t
    return wrap(out)


def bidense(input1, input2, weight, bias=None):
    """Mirrors ``ops.bidense(input1, input2, weight, bias=None)``: ``x1^T W x2 + b`` (``torch.nn.functional.bilinear``;
    ``weight`` has shape (out, in1, in2))."""
    return wrap(tF.bilinear(input1, input2, weight, bias))


def adaptive_max_pool3d(input, output_size, return_indices=False):  # noqa: A002
    """Mirrors ``ops.adaptive_max_pool3d(input, output_size, return_indices=False)``; indices are int32 (MindSpore's
    AdaptiveMaxPool3D) and index the flattened (D, H, W) plane."""
    out, idx = tF.adaptive_max_pool3d(input, output_size, return_indices=True)
    return (wrap(out), wrap(idx.to(torch.int32))) if return_indices else wrap(out)


def get_grad(gradients, identifier):
    """Mirrors ``ops.get_grad(gradients, identifier)``: from the output of ``grad``/``value_and_grad`` with
    ``return_ids=True``, the gradient of input position ``identifier`` (an int) or of Parameter ``identifier``."""
    key = identifier if isinstance(identifier, int) else getattr(identifier, "name", identifier)

    def find(g):
        if isinstance(g, tuple):
            if len(g) == 2 and not isinstance(g[0], (tuple, torch.Tensor)) and isinstance(g[1], torch.Tensor):
                return g[1] if g[0] == key and type(g[0]) is type(key) else None
            for item in g:
                r = find(item)
                if r is not None:
                    return r
        return None
    out = find(gradients)
    if out is None:
        raise RuntimeError(f"Can not find the gradient for position or Parameter {identifier}")
    return out


def move_to(input, to="CPU", blocking=True):  # noqa: A002
    """Mirrors ``ops.move_to(input, to='CPU', blocking=True)``: a copy on ``'CPU'`` or ``'GPU'`` (CUDA)."""
    from ..tensor_methods import move_to as _move
    return _move(input, to, blocking)


def mixed_precision_cast(dst_dtype, x):
    """Mirrors ``F.mixed_precision_cast(dst_dtype, x)``: float Tensors (also inside tuples, lists and dicts)
    cast to ``dst_dtype``; anything else unchanged. Lists come back as tuples, as in MindSpore 2.10."""
    if isinstance(x, torch.Tensor):
        return wrap(x.to(dst_dtype)) if x.is_floating_point() else x
    if isinstance(x, (tuple, list)):
        return tuple(mixed_precision_cast(dst_dtype, v) for v in x)
    if isinstance(x, dict):
        return {k: mixed_precision_cast(dst_dtype, v) for k, v in x.items()}
    return x


def tensor_exp(input):  # noqa: A002
    """Mirrors ``F.tensor_exp`` (the ``Exp`` Primitive instance): ``ops.exp``."""
    from .math_func import exp
    return exp(input)


def tensor_expm1(input):  # noqa: A002
    """Mirrors ``F.tensor_expm1`` (the ``Expm1`` Primitive instance): ``ops.expm1``."""
    from .math_func import expm1
    return expm1(input)


def tensor_range(start, end, step):
    """Mirrors ``F.tensor_range`` (the ``Range`` Primitive instance): ``arange(start, end, step)`` of 0-d Tensors,
    in their dtype."""
    from ..operations import Range
    return Range()(start, end, step)


def pows(input, exponent):  # noqa: A002
    """Mirrors ``F.pows`` (the ``Pow`` Primitive instance): ``ops.pow``."""
    from .math_func import pow as _pow
    return _pow(input, exponent)


def tensor_muls(input, other):  # noqa: A002
    """Mirrors ``F.tensor_muls(input, other)``: ``input * other`` (``other`` a scalar)."""
    from .math_func import mul
    return mul(input, other)
