"""``mindspore.utils``: DLPack exchange (on ``torch.utils.dlpack``), ``ExitByRequest`` and ``MsDispatchMode`` (on
``TorchDispatchMode``). Ascend-only and
MindSpore-runtime tooling (silent-data-corruption and stress detection, training fault tolerance, simulation
``dryrun``, communication-order checks) are *will not* names (``python -m ms_compat coverage
mindspore.utils.X`` gives the PyTorch alternative)."""
from ..porting._missing import module_getattr as _mg
from .dlpack import from_dlpack, to_dlpack
from .exit_by_request import ExitByRequest
from .ms_dispatch import MsDispatchMode

_LAZY = {}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
