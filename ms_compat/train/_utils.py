"""``mindspore.train._utils``: the helper real MindSpore packages import from it, ``get_parameter_redundancy``
(defined with the backup-checkpoint lookup that uses it)."""
from ..porting._missing import module_getattr as _mg
from .ckpt_strategy_path import get_parameter_redundancy

__all__ = ["get_parameter_redundancy"]


def __getattr__(name):
    return _mg(__name__, name, {})
