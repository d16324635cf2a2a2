"""``mindspore.parallel.distributed``: ``DistributedDataParallel`` (PyNative data parallel)."""
from .distributed_data_parallel import DistributedDataParallel

__all__ = ["DistributedDataParallel"]
