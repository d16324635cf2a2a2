"""``mindspore._extends``: ``cell_attr_register``, the decorator MindSpore puts on ``Cell.__init__`` methods."""
from __future__ import annotations

import functools
import inspect

from ..porting._missing import module_getattr as _mg

__all__ = ["cell_attr_register"]


def cell_attr_register(fn=None, attrs=None):
    """Mirrors ``mindspore._extends.cell_attr_register`` (``@cell_attr_register`` or
    ``@cell_attr_register(attrs=[...])`` on a Cell's ``__init__``): runs ``__init__`` and records the arguments
    passed in ``cell.cell_init_args`` as MindSpore spells it (``'Net' + str(values)``; MindSpore keys compiled
    graphs on it, here it is informational)."""
    def wrap(init):
        sig = inspect.signature(init)

        @functools.wraps(init)
        def deco(self, *args, **kwargs):
            bound = sig.bind(self, *args, **kwargs)  # the arguments passed (defaults not filled in), as MindSpore
            passed = {k: v for k, v in bound.arguments.items() if k != "self"}
            init(self, *args, **kwargs)
            shown = passed.values() if attrs is None else [passed[k] for k in attrs if k in passed]
            self.__dict__["cell_init_args"] = type(self).__name__ + str(shown)
        return deco
    return wrap(fn) if fn is not None else wrap


def __getattr__(name):
    return _mg(__name__, name, {})
