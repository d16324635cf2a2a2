"""``mindspore.train.TrainFaultTolerance``: has no PyTorch meaning (a clear error)."""
from __future__ import annotations

from ._callback import Callback


class TrainFaultTolerance(Callback):
    """``mindspore.train.TrainFaultTolerance(ckpt_save_path=None, **kwargs)`` drives Huawei's MindIO
    fault-tolerance service (TTP/UCE/ARF on Ascend clusters: in-memory snapshots, hot rank replacement).
    There is nothing in PyTorch it can attach to, so constructing it raises ``ValueError`` (the type
    MindSpore raises without MindIO) naming the replacements: ``BackupAndRestore`` or ``ModelCheckpoint``
    for resuming after a crash, and ``torchrun --max-restarts`` (elastic launch) for restarting lost ranks."""

    def __init__(self, ckpt_save_path=None, **kwargs):
        super().__init__()
        if ckpt_save_path is None and kwargs.get("ckpt_save_fn") is None:
            raise ValueError("TrainFaultTolerance construct need to set ckpt_save_fn or ckpt_save_path!")
        raise ValueError("TrainFaultTolerance needs Huawei MindIO TFT (Ascend clusters), which has no PyTorch "
                         "counterpart in ms_compat. Use BackupAndRestore or ModelCheckpoint to resume after a "
                         "crash, and torchrun's elastic restarts (--max-restarts) for lost ranks.")
