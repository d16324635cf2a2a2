"""Installs on ``Cell`` the methods implemented by the features that decorate a Cell (``to_float``,
``recompute``, ``shard``, ``compile``, ...), so that ``nn/cell.py`` does not import them (issue 31).

Each feature module declares its Cell methods in a ``CELL_METHODS`` dict (Cell method name -> function taking
the cell as ``self``, with the signature and docstring of MindSpore's method). This module (above ``Cell`` and
below the features; ``ms_compat.nn`` imports it right after ``Cell``) puts one lazy attribute per method on the
class: the first access imports the feature module and replaces every lazy attribute of that module by its real
function, so later calls cost what any method costs, and ``import ms_compat.nn`` does not import ``amp``,
``parallel`` or ``train``. ``dir(Cell)``, ``inspect.signature(Cell.to_float)`` and ``help`` see the real methods
(the class attribute resolves on access). Same pattern as ``ms_compat/_tensor_op_methods.py`` for Tensor.
"""
from __future__ import annotations

import importlib

from .cell import Cell

# feature module -> the Cell methods its CELL_METHODS defines
FEATURES = {
    "ms_compat.amp.cell_cast": ("to_float", "auto_cast_inputs", "cast_param"),
    "ms_compat.nn.recompute": ("recompute", "offload"),
    "ms_compat.parallel.shard": ("shard", "set_data_parallel"),
    "ms_compat.common.jit": ("compile", "compile_and_run"),
    "ms_compat.nn.flatten_weights": ("flatten_weights",),
    "ms_compat.train.serialization": ("load_parameter_slice",),
}


def _install_module(module_name):
    methods = importlib.import_module(module_name).CELL_METHODS
    for name, fn in methods.items():
        fn.__name__, fn.__qualname__, fn.__module__ = name, f"Cell.{name}", Cell.__module__
        if isinstance(Cell.__dict__.get(name), _LazyCellMethod):
            setattr(Cell, name, fn)
    return methods


class _LazyCellMethod:
    """A class attribute of ``Cell`` that resolves to the feature module's method on first access."""

    def __init__(self, module_name, name):
        self.module_name, self.name = module_name, name

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        fn = _install_module(self.module_name)[self.name]
        return fn if obj is None else fn.__get__(obj, owner)


def install():
    for module_name, names in FEATURES.items():
        for name in names:
            if name not in Cell.__dict__:
                setattr(Cell, name, _LazyCellMethod(module_name, name))


install()
