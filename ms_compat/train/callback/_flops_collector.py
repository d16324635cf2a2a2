"""``mindspore.train.FlopsUtilizationCollector``: model / hardware FLOPs utilization (MFU / HFU) per step."""
from __future__ import annotations

import os
import stat
import time
from math import floor

from ._callback import Callback
from ._validate import check_bool, positive_int

__all__ = ["FlopsUtilizationCollector"]


def _parallel_mode():
    from ...context import get_auto_parallel_context
    return get_auto_parallel_context("parallel_mode")


def _rank_and_size():
    if _parallel_mode() == "stand_alone":
        return 0, 1
    from ...communication.management import get_group_size, get_rank
    return get_rank(), get_group_size()


class FlopsUtilizationCollector(Callback):
    """Mirrors ``mindspore.train.FlopsUtilizationCollector(data_size, computility=1, full_flops=True,
    enable_ma_collector=False)``.

    The FLOPs of one step are counted during the first training (or evaluation) step by
    ``torch.utils.flop_counter.FlopCounterMode``, which, like MindSpore's count, covers the forward and backward
    matrix products (mm/addmm/bmm/matmul), convolutions and scaled-dot-product attention. At the end of that step it
    prints ``Full model flops is F, Full hardware flops is F, Shard model flops is S, Shard hardware flops is S.``
    (``Shard ...`` only with ``full_flops=False``); at the end of every step whose number is not a multiple of
    ``data_size`` it prints ``Train per step time: T ms mfu:X% hfu:Y%`` (utilization = FLOPs / step time /
    ``computility``, floored to two decimals), as MindSpore does. ``enable_ma_collector`` writes the FLOPs and
    step times to ``$MA_LOG_DIR/flops_rank_R.txt`` / ``time_step_rank_R.txt``; ``computility=1`` with it silences
    the prints.

    Differences: MindSpore 2.10 reads the FLOPs its graph compiler recorded, so it works only in GRAPH_MODE
    (PyNative raises ``ValueError``); ms_compat counts the executed torch ops in either mode. Hardware FLOPs equal
    model FLOPs (MindSpore adds recomputed ops; PyTorch's counter sees a recomputed op as executed). Under data
    parallel the full-model FLOPs are the shard FLOPs times the number of processes (each runs the whole model
    on its batch); pipeline stages are not summed."""

    def __init__(self, data_size, computility=1, full_flops=True, enable_ma_collector=False):
        super().__init__()
        self.step_time = time.time()
        self.computility = computility
        self.full_mfu = 0.0
        self.full_hfu = 0.0
        self.shard_mfu = 0.0
        self.shard_hfu = 0.0
        self.full_model_flops = 0.0
        self.shard_model_flops = 0.0
        self.full_hardware_flops = 0.0
        self.shard_hardware_flops = 0.0
        self.mfu_calculated = False
        self.data_size = data_size
        self.time_step_path = ""
        self.full_flops = full_flops
        self.verbose = not (computility == 1 and enable_ma_collector)
        self.ma = enable_ma_collector
        self.batch_step_size = None
        self._counter = None
        check_bool(full_flops, "full_flops")
        check_bool(enable_ma_collector, "enable_ma_collector")
        positive_int(data_size, "data_size")

    def step_begin(self, run_context):
        """Record the step start; during the first step, count its FLOPs."""
        if self.batch_step_size is None:
            self.batch_step_size = self.data_size
            batch_num = getattr(run_context.original_args(), "batch_num", None)
            if isinstance(batch_num, int) and batch_num > 0:
                self.batch_step_size = batch_num
            positive_int(self.batch_step_size)
        if not self.mfu_calculated and self._counter is None:
            from torch.utils.flop_counter import FlopCounterMode
            self._counter = FlopCounterMode(display=False)
            self._counter.__enter__()
        self.step_time = time.time()

    def _collect(self, run_context):
        counter, self._counter = self._counter, None
        if counter is None:
            return False
        counter.__exit__(None, None, None)
        mode = run_context.original_args().mode
        if mode not in ("train", "eval"):
            if self.verbose:
                raise ValueError("FlopsUtilizationCollector only support train and eval mode!")
            return False
        shard = float(counter.get_total_flops())
        _, size = _rank_and_size()
        self.shard_model_flops = self.shard_hardware_flops = shard
        self.full_model_flops = self.full_hardware_flops = shard * size
        return True

    def step_end(self, run_context):
        """Print the FLOPs (first step) and the step time with MFU / HFU."""
        step_seconds = (time.time() - self.step_time) * 1000
        if not self.mfu_calculated:
            if not self._collect(run_context):
                return
            self.full_mfu = self.full_model_flops / self.computility
            self.full_hfu = self.full_hardware_flops / self.computility
            self.shard_mfu = self.shard_model_flops / self.computility
            self.shard_hfu = self.shard_hardware_flops / self.computility
            self.mfu_calculated = True
            rank_id, size = _rank_and_size()
            if self.ma:
                log_dir = os.path.realpath(os.getenv("MA_LOG_DIR", "./"))
                flops_path = os.path.join(log_dir, f"flops_rank_{rank_id}.txt")
                self.time_step_path = os.path.join(log_dir, f"time_step_rank_{rank_id}.txt")
                stamp = int(round(time.time() * 1000))
                with os.fdopen(os.open(flops_path, os.O_WRONLY | os.O_CREAT, stat.S_IWUSR | stat.S_IRUSR), "w") as f:
                    f.write(f"flops{{type=\"model_flops\", rank_id=\"{rank_id}\"}} {self.shard_model_flops} {stamp}\n")
                    f.write(f"flops{{type=\"hardware_flops\", rank_id=\"{rank_id}\"}} {self.shard_hardware_flops} "
                            f"{stamp}\n")
            if self.verbose:
                if self.full_flops:
                    full_model_flops = self.full_mfu * self.computility
                    full_hardware_flops = self.full_hfu * self.computility
                    if size > 1:
                        self.full_mfu = self.full_mfu / size
                        self.full_hfu = self.full_hfu / size
                    log = (f"Full model flops is {full_model_flops}, Full hardware flops is {full_hardware_flops}, "
                           f"Shard model flops is {self.shard_model_flops}, "
                           f"Shard hardware flops is {self.shard_hardware_flops}.")
                else:
                    log = (f"Shard model flops is {self.shard_model_flops}, "
                           f"Shard hardware flops is {self.shard_hardware_flops}.")
                print(log, flush=True)
        cb_params = run_context.original_args()
        if getattr(cb_params, "dataset_sink_mode", False):
            step_seconds = step_seconds / self.batch_step_size
        rank_id, _ = _rank_and_size()
        if self.ma:
            with os.fdopen(os.open(self.time_step_path, os.O_WRONLY | os.O_CREAT, stat.S_IWUSR | stat.S_IRUSR),
                           "w") as f:
                f.write(f"time_monitor{{type=\"per_step_time\", rank_id=\"{rank_id}\"}} {step_seconds} "
                        f"{int(round(time.time() * 1000))}\n")
        log = "{} per step time: {:5.3f} ms".format(cb_params.mode.title(), step_seconds)
        if self.verbose and cb_params.cur_step_num % self.data_size:
            mfu, hfu = (self.full_mfu, self.full_hfu) if self.full_flops else (self.shard_mfu, self.shard_hfu)
            log += _floored_percentage(" mfu:", 1000 * mfu / step_seconds, 2)
            log += _floored_percentage(" hfu:", 1000 * hfu / step_seconds, 2)
            print(log, flush=True)

    def on_train_end(self, run_context):
        """Leave the counting mode if training stopped inside the first step."""
        if self._counter is not None:
            self._counter.__exit__(None, None, None)
            self._counter = None
        super().on_train_end(run_context)


def _floored_percentage(prefix, val, digits):
    val *= 10 ** (digits + 2)
    return prefix + "{1:.{0}f}%".format(digits, floor(val) / 10 ** digits)
