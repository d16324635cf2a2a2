"""``mindspore.nn.utils.no_init_parameters``."""
from __future__ import annotations

from contextlib import contextmanager

from ...common.parameter import Parameter

__all__ = ["no_init_parameters", "Parameter"]


@contextmanager
def no_init_parameters():
    """Mirrors ``mindspore.nn.utils.no_init_parameters()`` (deprecated after MindSpore 2.9): inside the ``with``
    block ``Parameter.init_param`` is False, as in MindSpore, where Parameters built from an ``initializer`` then
    skip their initialization until a checkpoint is loaded into them. Difference: ms_compat initializes them
    anyway (the values after ``load_checkpoint``/``load_param_into_net`` are the same; the time and memory of the
    initialization are not saved). To build without allocating, use ``mindspore.DeviceCtx('meta')``."""
    setattr(Parameter, "init_param", False)
    try:
        yield
    finally:
        setattr(Parameter, "init_param", True)
