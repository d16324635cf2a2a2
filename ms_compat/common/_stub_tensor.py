"""``mindspore.common._stub_tensor.StubTensor``: MindSpore's lazily materialized op result, a ``Tensor``
subclass that real packages name in ``isinstance`` checks. ms_compat's op results are ordinary Tensors, so
``StubTensor`` is ``Tensor`` (``isinstance(x, StubTensor)`` is True for every Tensor)."""
from .tensor import Tensor as StubTensor

__all__ = ["StubTensor"]
