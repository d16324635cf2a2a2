"""``mindspore.ops.Primitive`` and friends: callable operator objects that are NOT Cells.

A Primitive instance is a plain Python object (not a ``torch.nn.Module``), so assigning one to a
Cell attribute registers no child cell, as in MindSpore. ``__call__`` runs the operator eagerly.
"""
from __future__ import annotations

import functools
import inspect

__all__ = ["Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck", "prim_attr_register", "constexpr",
           "primitive_attrs"]


class Primitive:
    """Mirrors ``mindspore.ops.Primitive(name)``: holds ``name`` and the attribute dict ``attrs``
    (``add_prim_attr`` / ``del_prim_attr``). Device/parallel settings (``set_device``, ``shard``,
    ``set_stage``, ``recompute``...) are stored as attributes and have no effect on PyTorch."""

    def __init__(self, name=None):
        self.name = name if name is not None else type(self).__name__
        self.attrs = {}
        self.init_attrs = {}

    def add_prim_attr(self, name, value):
        """Record an attribute (returns self)."""
        self.__dict__[name] = value
        self.attrs[name] = value
        return self

    def _add_prim_attr(self, name, value):
        return self.add_prim_attr(name, value)

    def add_prim_attrs(self, attrs):
        for k, v in attrs.items():
            self.add_prim_attr(k, v)
        return self

    def del_prim_attr(self, name):
        self.attrs.pop(name, None)
        self.__dict__.pop(name, None)
        return self

    def set_prim_instance_name(self, instance_name):
        self.instance_name = instance_name
        return self

    def set_device(self, device_target):
        """Stored only: ops run on the device of their input tensors."""
        return self.add_prim_attr("primitive_target", device_target)

    def set_stage(self, stage):
        return self.add_prim_attr("stage", stage)

    def shard(self, in_strategy=None, out_strategy=None):
        """Stored only (operator-level sharding strategies have no eager PyTorch meaning)."""
        self.add_prim_attr("in_strategy", in_strategy)
        return self.add_prim_attr("out_strategy", out_strategy)

    def recompute(self, mode=True):
        return self.add_prim_attr("recompute", mode)

    def place(self, role, rank_id):
        return self.add_prim_attr("place", (role, rank_id))

    def update_parameter(self):
        return False

    def check_elim(self, *args):
        return (False, None)

    def __call__(self, *args):
        raise NotImplementedError(f"Primitive '{self.name}' has no eager implementation; subclass it and define "
                                  "__call__.")

    def __repr__(self):
        attrs = ", ".join(f"{k}={v}" for k, v in self.attrs.items())
        return f"Prim[{self.name}]" + (f"<{attrs}>" if attrs else "")

    def __getstate__(self):
        return dict(self.__dict__)

    def __setstate__(self, d):
        self.__dict__.update(d)


class PrimitiveWithInfer(Primitive):
    """Mirrors ``ops.PrimitiveWithInfer``: ``infer_shape``/``infer_dtype`` are kept for user code;
    eager execution does not call them."""

    def infer_shape(self, *args):
        return None

    def infer_dtype(self, *args):
        return None

    def infer_value(self, *args):
        return None


class PrimitiveWithCheck(Primitive):
    """Mirrors ``ops.PrimitiveWithCheck``."""

    def check_shape(self, *args):
        return None

    def check_dtype(self, *args):
        return None


def prim_attr_register(fn):
    """Mirrors ``ops.prim_attr_register``: records the ``__init__`` arguments as prim attrs."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        if not hasattr(self, "attrs"):
            Primitive.__init__(self, type(self).__name__)
        bound = sig.bind(self, *args, **kwargs)
        bound.apply_defaults()
        for k, v in list(bound.arguments.items())[1:]:
            self.add_prim_attr(k, v)
            self.init_attrs[k] = v
        return fn(self, *args, **kwargs)

    return deco


def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """Mirrors ``ops.constexpr``: in eager mode the function simply runs."""
    if fn is None:
        return lambda f: f
    return fn


def _primexpr(fn=None, get_instance=True, name=None, reuse_result=True):
    """Mirrors ``mindspore.ops.primitive._primexpr`` (MindSpore's internal decorator: like ``constexpr``, but
    compiled into the graph when an input is a variable): in eager mode the function simply runs."""
    if fn is None:
        return lambda f: f
    return fn


def primitive_attrs(prim):
    return dict(prim.attrs)
