"""``mindspore.common._grad_function._Function`` (also ``mindspore._Function``): a custom autograd function
with a user-written ``forward``/``backward``, in PyTorch's form — it *is* ``torch.autograd.Function``.

MindSpore 2.10 models this class on ``torch.autograd.Function`` (its docstring says so): ``forward(ctx, *args)``,
``backward(ctx, *grad_outputs)``, optional ``setup_context(ctx, inputs, output)``, ``Cls.apply(*args)``, and on
``ctx`` ``save_for_backward``/``saved_tensors``, ``mark_dirty``, ``mark_non_differentiable``,
``set_materialize_grads``. Gradients reach ``mindspore.grad``/``value_and_grad``/``Tensor.backward`` through
PyTorch's autograd. Difference: PyTorch's extras (``ctx.needs_input_grad``, ``once_differentiable``, ``vmap``
staticmethods) work too.
"""
from __future__ import annotations

import torch

__all__ = ["_Function"]


class _Function(torch.autograd.Function):
    """Mirrors ``mindspore.common._grad_function._Function`` (on ``torch.autograd.Function``)."""

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError("forward function should be customized.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("backward function should be customized.")
