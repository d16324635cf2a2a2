"""``mindspore.train.callback``: the callbacks ``Model`` calls, one per file as in MindSpore."""
from ._backup_and_restore import BackupAndRestore
from ._callback import Callback, RunContext
from ._callback import CallbackManager as _CallbackManager
from ._callback import InternalCallbackParam as _InternalCallbackParam
from ._checkpoint import CheckpointConfig, ModelCheckpoint
from ._early_stop import EarlyStopping
from ._flops_collector import FlopsUtilizationCollector
from ._history import History
from ._lambda_callback import LambdaCallback
from ._loss_monitor import LossMonitor
from ._lr_scheduler_callback import LearningRateScheduler
from ._on_request_exit import OnRequestExit
from ._progress import ProgressBar
from ._reduce_lr_on_plateau import ReduceLROnPlateau
from ._time_monitor import TimeMonitor
from ._train_fault_tolerance import TrainFaultTolerance
from ...porting._missing import module_getattr as _mg

__all__ = ["Callback", "LossMonitor", "TimeMonitor", "ModelCheckpoint", "FlopsUtilizationCollector",
           "SummaryCollector", "CheckpointConfig", "RunContext", "LearningRateScheduler", "SummaryLandscape",
           "History", "LambdaCallback", "ReduceLROnPlateau", "EarlyStopping", "OnRequestExit", "BackupAndRestore",
           "TrainFaultTolerance"]

_LAZY = {"SummaryCollector": "ms_compat.train.callback._summary_collector:SummaryCollector"}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
