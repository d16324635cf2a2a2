"""Records the arguments a dataset node, sampler or transform was constructed with, so that
``mindspore.dataset.serialize`` can describe a pipeline and ``deserialize`` rebuild it.

A class deriving from ``RecordsInit`` gets its ``__init__`` wrapped once (at class creation): the outermost call
stores ``(args, kwargs)`` on the object; ``init_arguments(obj)`` binds them to the class's signature."""
from __future__ import annotations

import functools
import inspect

__all__ = ["RecordsInit", "init_arguments"]


class RecordsInit:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        init = cls.__dict__.get("__init__")
        if init is None or getattr(init, "_records_init", False):
            return

        @functools.wraps(init)
        def wrapped(self, *args, **kwargs):
            if "_init_args" not in self.__dict__:
                self.__dict__["_init_args"] = (args, kwargs)
            init(self, *args, **kwargs)

        wrapped._records_init = True
        cls.__init__ = wrapped


def init_arguments(obj):
    """``{name: value}`` of the arguments ``obj`` was built with (defaults filled in); ``None`` if unknown."""
    rec = getattr(obj, "__dict__", {}).get("_init_args")
    if rec is None:
        return None
    sig = inspect.signature(type(obj).__init__)
    bound = sig.bind(obj, *rec[0], **rec[1])
    bound.apply_defaults()
    out = {}
    for name, param in list(sig.parameters.items())[1:]:
        v = bound.arguments.get(name)
        if param.kind is inspect.Parameter.VAR_KEYWORD:
            out.update(v or {})
        elif param.kind is not inspect.Parameter.VAR_POSITIONAL:
            out[name] = v
    return out
