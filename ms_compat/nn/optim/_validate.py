"""Argument checks with MindSpore's exception types and message shapes (``mindspore._checkparam``).

Used by the optimizers, learning-rate schedules and losses so that bad hyper-parameters fail the
way MindSpore code expects (``TypeError`` for a wrong type, ``ValueError`` for a wrong value)."""
from __future__ import annotations

import math

_REL1 = {"gt": "> {}", "ge": ">= {}"}
_REL2 = {"neither": "({}, {})", "both": "[{}, {}]", "left": "[{}, {})", "right": "({}, {}]"}


def _prefix(prim_name, arg_name):
    p = f"For '{prim_name}', the " if prim_name else "The "
    return p + (f"'{arg_name}'" if arg_name else "input value")


def check_number(value, bound, rel, arg_type, arg_name=None, prim_name=None):
    """``_check_number``: ``value`` must be ``arg_type`` (bool never) and satisfy ``rel`` (``'gt'``/``'ge'``)."""
    info = _prefix(prim_name, arg_name)
    if not isinstance(value, arg_type):
        raise TypeError(f"{info} must be {arg_type.__name__}, but got '{type(value).__name__}'")
    if math.isinf(value) or math.isnan(value):
        raise ValueError(f"{info} must be a legal value, but got '{value}'.")
    ok = value > bound if rel == "gt" else value >= bound
    if isinstance(value, bool) or not ok:
        msg = (f"{info} must be {arg_type.__name__} and must {_REL1[rel].format(bound)}, "
               f"but got '{value}' with type '{type(value).__name__}'.")
        raise TypeError(msg) if isinstance(value, bool) else ValueError(msg)
    return value


def positive_int(v, name=None, prim=None):
    return check_number(v, 0, "gt", int, name, prim)


def positive_float(v, name=None, prim=None):
    return check_number(v, 0, "gt", float, name, prim)


def non_negative_float(v, name=None, prim=None):
    return check_number(v, 0, "ge", float, name, prim)


def is_float(v, name=None, prim=None):
    """``check_is_float``."""
    p = f"For '{prim}', the" if prim else "The"
    n = f"'{name}'" if name else "input value"
    if isinstance(v, float):
        if math.isinf(v) or math.isnan(v):
            raise ValueError(f"{p} {n} must be a legal float, but got '{v}'.")
        return v
    raise TypeError(f"{p} type of {n} must be 'float', but got '{type(v).__name__}'.")


def float_range(v, lo, hi, rel, name=None, prim=None):
    """``check_float_range`` with rel in ``'neither'``, ``'both'``, ``'left'``, ``'right'``."""
    p = f"For '{prim}', the" if prim else "The"
    n = f"'{name}'" if name else "input value"
    if not isinstance(v, float) or isinstance(v, bool):
        raise TypeError(f"{p} {n} must be 'float',  but got '{type(v).__name__}'.")
    ok = {"neither": lo < v < hi, "both": lo <= v <= hi, "left": lo <= v < hi, "right": lo < v <= hi}[rel]
    if not ok:
        raise ValueError(f"{p} {n} must be in range of {_REL2[rel].format(lo, hi)}, "
                         f"but got {v} with type '{type(v).__name__}'.")
    return v


def value_type(name, v, types, prim=None):
    """``check_value_type``: bool is rejected unless listed."""
    types = tuple(types) if isinstance(types, (list, tuple)) else (types,)
    bad = (isinstance(v, bool) and bool not in types) or not isinstance(v, types)
    if bad:
        names = [t.__name__ if hasattr(t, "__name__") else str(t) for t in types]
        p = f"For '{prim}', the" if prim else "The"
        raise TypeError(f"{p} type of '{name}' should be {'one of ' if len(types) > 1 else ''}"
                        f"'{names if len(types) > 1 else names[0]}', but got type '{type(v).__name__}'.")
    return v


def check_bool(v, name=None, prim=None):
    if not isinstance(v, bool):
        p = f"For '{prim}', the" if prim else "The"
        n = f"'{name}'" if name else "input value"
        raise TypeError(f"{p} {n} must be a bool, but got {type(v).__name__}.")
    return v
