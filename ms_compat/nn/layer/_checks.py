"""Argument checks shared by the layers, raising MindSpore's exception types and messages."""
from __future__ import annotations

import numbers

from ...common.initializer import Initializer


def positive_int(value, arg_name, cls_name):
    """MindSpore ``validator.check_positive_int``: TypeError for a non-int, ValueError for <= 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be int, but got '{type(value).__name__}'")
    if value <= 0:
        raise ValueError(f"For '{cls_name}', the '{arg_name}' must be int and must > 0, but got '{value}' with type "
                         f"'{type(value).__name__}'.")
    return int(value)


def check_bool(value, arg_name, cls_name):
    if not isinstance(value, bool):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be a bool, but got {type(value).__name__}.")
    return value


def check_string(value, valid, arg_name, cls_name):
    if not isinstance(value, str) or value not in valid:
        raise ValueError(f"For '{cls_name}', the '{arg_name}' must be str and must be in {list(valid)}, "
                         f"but got '{value}'.")
    return value


def check_init(value, arg_name, cls_name):
    if value is None or isinstance(value, (str, numbers.Number, Initializer)) or hasattr(value, "shape"):
        return value
    raise TypeError(f"For '{cls_name}', the type of '{arg_name}' should be Tensor, str, Initializer or number, "
                    f"but got {type(value).__name__}.")


def int_tuple(value, n, arg_name, cls_name, allow_zero=False):
    """An int or an n-tuple of ints → n-tuple (MindSpore ``_check_positive_int_or_tuple``)."""
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        out = (int(value),) * n
    elif isinstance(value, (tuple, list)) and len(value) == n and all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in value):
        out = tuple(int(v) for v in value)
    else:
        raise TypeError(f"For '{cls_name}', the type of '{arg_name}' should be int or tuple of {n} ints, "
                        f"but got {value!r}.")
    if any(v < 0 or (v == 0 and not allow_zero) for v in out):
        raise ValueError(f"For '{cls_name}', the '{arg_name}' must be positive int or tuple of positive ints, "
                         f"but got {value!r}.")
    return out


def rank_error(cls_name, want, x):
    """MindSpore's ValueError for an input of the wrong rank (torch accepts some, e.g. unbatched)."""
    return ValueError(f"For '{cls_name}', the dimension of input 'x' must be {want}, but got {x.dim()} "
                      f"(shape {list(x.shape)}).")


def shape_error(cls_name, err):
    """MindSpore raises ValueError where torch's kernels raise RuntimeError/IndexError on a shape
    mismatch; used only on the failure path (``except``), so the fast path costs nothing."""
    return ValueError(f"For '{cls_name}', {str(err).strip().splitlines()[0] if str(err).strip() else err!r}")


def same_pads(size, k, s, d):
    """TF/MindSpore 'same' padding for one spatial dim: (before, after), extra on the after side."""
    out = -(-size // s)
    total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
    return total // 2, total - total // 2
