"""``mindspore._checkparam``: MindSpore's argument validators, which real MindSpore packages (mindformers,
mindone, ...) call to check their own arguments.

Same functions, relation constants, return values, exception types and messages as MindSpore 2.10 (checked
against it in tests/test_module_facts.py). Not provided: the validators of MindSpore's own operators that
depend on its type system (``check_subclass`` and the like stay placeholders).
"""
from __future__ import annotations

import inspect
import math
from collections.abc import Iterable
from functools import wraps

import numpy as np

__all__ = ["EQ", "NE", "LT", "LE", "GT", "GE", "INC_NEITHER", "INC_LEFT", "INC_RIGHT", "INC_BOTH", "IN", "NOT_IN",
           "check", "check_number", "check_int", "check_float", "check_positive_int", "check_non_negative_int",
           "check_positive_float", "check_non_negative_float", "check_bool", "check_int_range",
           "check_float_range", "check_string", "check_value_type", "check_type_name", "args_type_check"]

EQ, NE, LT, LE, GT, GE = 1, 2, 3, 4, 5, 6  # ==, !=, <, <=, >, >=
INC_NEITHER, INC_LEFT, INC_RIGHT, INC_BOTH = 7, 8, 9, 10  # (), [), (], []
IN, NOT_IN = 11, 12

_BINARY = {EQ: lambda a, b: a == b, NE: lambda a, b: a != b, LT: lambda a, b: a < b, LE: lambda a, b: a <= b,
           GT: lambda a, b: a > b, GE: lambda a, b: a >= b, IN: lambda a, b: a in b, NOT_IN: lambda a, b: a not in b}
_ONE = {EQ: "= {}", NE: "!= {}", LT: "< {}", LE: "<= {}", GT: "> {}", GE: ">= {}", IN: "in {}", NOT_IN: "not in {}"}
_TWO = {INC_NEITHER: "({}, {})", INC_LEFT: "[{}, {})", INC_RIGHT: "({}, {}]", INC_BOTH: "[{}, {}]"}


def _check_binary_rel(val1, val2, rel):
    fn = _BINARY.get(rel)
    return fn(val1, val2) if fn is not None else False


def _check_inc_rel(val, lower, upper, rel):
    if rel == INC_NEITHER:
        return not (val <= lower or val >= upper)
    if rel == INC_LEFT:
        return not (val < lower or val >= upper)
    if rel == INC_RIGHT:
        return not (val <= lower or val > upper)
    if rel == INC_BOTH:
        return not (val < lower or val > upper)
    return False


def _one(value, rel):
    return _ONE[rel].format(value) if rel in _ONE else ""


def _check_number(arg_value, value, rel, arg_type=int, arg_name=None, prim_name=None):
    prim = f"For '{prim_name}', the " if prim_name else "The "
    name = f"'{arg_name}'" if arg_name else "input value"
    info = prim + name
    if isinstance(arg_value, arg_type):
        if math.isinf(arg_value) or math.isnan(arg_value) or np.isinf(arg_value) or np.isnan(arg_value):
            raise ValueError(f"{info} must be a legal value, but got '{arg_value}'.")
    else:
        raise TypeError(f"{info} must be {arg_type.__name__}, but got '{type(arg_value).__name__}'")
    type_mismatch = not isinstance(arg_value, arg_type) or isinstance(arg_value, bool)
    if type_mismatch or not _check_binary_rel(arg_value, value, rel):
        msg = (f"{info} must be {arg_type.__name__} and must {_one(value, rel)}, "
               f"but got '{arg_value}' with type '{type(arg_value).__name__}'.")
        raise TypeError(msg) if type_mismatch else ValueError(msg)
    return arg_value


def check(arg_name, arg_value, value_name, value, rel=EQ, prim_name=None, excp_cls=ValueError):
    """Mirrors ``_checkparam.check``: ``arg_value <rel> value`` or ``excp_cls``."""
    if not _check_binary_rel(arg_value, value, rel):
        rel_str = _one(f"{value_name}: {value}", rel)
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        subject = f"{prefix} '{arg_name}'" if " " not in arg_name else f"{prefix} {arg_name}"
        raise excp_cls(f"{subject} should be {rel_str}, but got {arg_value}.")
    return arg_value


def check_number(arg_name, arg_value, value, rel, prim_name):
    """Mirrors ``_checkparam.check_number``."""
    if not _check_binary_rel(arg_value, value, rel):
        raise ValueError(f"For '{prim_name}', the argument '{arg_name}' must {_one(value, rel)}, but got {arg_value}.")
    return arg_value


def check_int(arg_value, value, rel, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_int``: an int (not bool) with ``arg_value <rel> value``."""
    return _check_number(arg_value, value, rel, int, arg_name, prim_name)


def check_float(arg_value, value, rel, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_float``."""
    return _check_number(arg_value, value, rel, float, arg_name, prim_name)


def check_positive_int(arg_value, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_positive_int`` (an int > 0)."""
    return _check_number(arg_value, 0, GT, int, arg_name, prim_name)


def check_non_negative_int(arg_value, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_non_negative_int`` (an int >= 0)."""
    return _check_number(arg_value, 0, GE, int, arg_name, prim_name)


def check_positive_float(arg_value, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_positive_float`` (a float > 0)."""
    return _check_number(arg_value, 0, GT, float, arg_name, prim_name)


def check_non_negative_float(arg_value, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_non_negative_float`` (a float >= 0)."""
    return _check_number(arg_value, 0, GE, float, arg_name, prim_name)


def check_bool(arg_value, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_bool``."""
    if not isinstance(arg_value, bool):
        prim = f"For '{prim_name}', the" if prim_name else "The"
        name = f"'{arg_name}'" if arg_name else "input value"
        raise TypeError(f"{prim} {name} must be a bool, but got {type(arg_value).__name__}.")
    return arg_value


def _check_number_range(arg_value, lower_limit, upper_limit, rel, value_type, arg_name=None, prim_name=None):
    prim = f"For '{prim_name}', the" if prim_name else "The"
    name = f"'{arg_name}'" if arg_name else "input value"
    if not isinstance(arg_value, (np.ndarray, np.generic, value_type)) or isinstance(arg_value, bool):
        raise TypeError(f"{prim} {name} must be '{value_type.__name__}',  but got '{type(arg_value).__name__}'.")
    if not _check_inc_rel(arg_value, lower_limit, upper_limit, rel):
        rel_str = _TWO[rel].format(lower_limit, upper_limit) if rel in _TWO else ""
        raise ValueError(f"{prim} {name} must be in range of {rel_str}, but got {arg_value} with type "
                         f"'{type(arg_value).__name__}'.")
    return arg_value


def check_int_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_int_range``."""
    return _check_number_range(arg_value, lower_limit, upper_limit, rel, int, arg_name, prim_name)


def check_float_range(arg_value, lower_limit, upper_limit, rel, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_float_range``."""
    return _check_number_range(arg_value, lower_limit, upper_limit, rel, float, arg_name, prim_name)


def check_string(arg_value, valid_values, arg_name=None, prim_name=None):
    """Mirrors ``_checkparam.check_string``: a str among ``valid_values``."""
    arg_name = arg_name if arg_name else "parameter"
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    if not (isinstance(arg_value, str) and arg_value in valid_values):
        raise ValueError(f"{prefix} '{arg_name}' must be str and must be in '{valid_values}', but got '{arg_value}'.")
    return arg_value


def check_value_type(arg_name, arg_value, valid_types, prim_name=None):
    """Mirrors ``_checkparam.check_value_type``: ``arg_value`` is an instance of one of ``valid_types`` (a bool
    is not an int unless ``bool`` is listed; a float not expected as float is rounded to 6 digits)."""
    valid_types = valid_types if isinstance(valid_types, Iterable) else (valid_types,)

    def fail():
        names = [t.__name__ if hasattr(t, "__name__") else str(t) for t in valid_types]
        n = len(valid_types)
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        raise TypeError(f"{prefix} type of '{arg_name}' should be {'one of ' if n > 1 else ''}"
                        f"'{names if n > 1 else names[0]}', but got type '{type(arg_value).__name__}'.")

    if isinstance(arg_value, bool) and bool not in tuple(valid_types):
        fail()
    if isinstance(arg_value, float) and float not in tuple(valid_types):
        arg_value = round(arg_value, 6)
    if not isinstance(arg_value, tuple(valid_types)):
        fail()
    return arg_value


def check_type_name(arg_name, arg_type, valid_types, prim_name):
    """Mirrors ``_checkparam.check_type_name``: ``arg_type`` is one of ``valid_types``."""
    valid_types = valid_types if isinstance(valid_types, Iterable) else (valid_types,)
    if arg_type not in valid_types:
        names = [t.__name__ if hasattr(t, "__name__") else t for t in valid_types]
        n = len(valid_types)
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        got = arg_type.__name__ if hasattr(arg_type, "__name__") else repr(arg_type)
        raise TypeError(f"{prefix} '{arg_name}' should be {'one of ' if n > 1 else ''}"
                        f"{names if n > 1 else names[0]}, but got '{got}'.")
    return arg_type


def args_type_check(*type_args, **type_kwargs):
    """Mirrors ``_checkparam.args_type_check``: a decorator checking the types of the named arguments (None
    always passes)."""
    def type_check(func):
        sig = inspect.signature(func)
        bound_types = sig.bind_partial(*type_args, **type_kwargs).arguments

        @wraps(func)
        def wrapper(*args, **kwargs):
            nonlocal bound_types
            argument_dict = sig.bind(*args, **kwargs).arguments
            if "kwargs" in bound_types:
                bound_types = bound_types["kwargs"]
            if "kwargs" in argument_dict:
                argument_dict = argument_dict["kwargs"]
            for name, value in argument_dict.items():
                if name in bound_types and value is not None and not isinstance(value, bound_types[name]):
                    raise TypeError(f"The parameter '{name}' must be {bound_types[name]}, but got {type(value)}")
            return func(*args, **kwargs)
        return wrapper
    return type_check


def __getattr__(name):
    from .porting._missing import module_getattr
    return module_getattr(__name__, name, {})
