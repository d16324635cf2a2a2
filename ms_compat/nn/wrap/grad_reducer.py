"""``mindspore.nn.wrap.grad_reducer``: ``DistributedGradReducer`` lives in ms_compat/parallel/data_parallel.py."""
from ...parallel.data_parallel import DistributedGradReducer

__all__ = ["DistributedGradReducer"]
