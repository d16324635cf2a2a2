"""``mindspore.parallel.distributed``: ``DistributedDataParallel`` (PyNative data parallel)."""
from .distributed_data_parallel import DistributedDataParallel

__all__ = ["DistributedDataParallel"]


def __getattr__(name):  # missing names raise MissingAPIError naming the MindSpore API
    from ms_compat.porting._missing import module_getattr
    return module_getattr(__name__, name, {})
