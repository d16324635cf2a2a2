"""``mindspore.train.BackupAndRestore``: resume training after a crash."""
from __future__ import annotations

import logging
import os
import stat

from ._callback import Callback
from ._checkpoint import _make_directory
from ._validate import check_bool, positive_int

_log = logging.getLogger("ms_compat")


class BackupAndRestore(Callback):
    """Mirrors ``mindspore.train.BackupAndRestore(backup_dir, save_freq='epoch', delete_checkpoint=True)``:
    every ``save_freq`` epochs the train network (weights and optimizer state) is written to
    ``{backup_dir}/backup.ckpt`` (atomically, so a crash while writing leaves the previous backup); at
    the start of training an existing backup is loaded; after a successful run it is deleted (with
    ``delete_checkpoint``).

    Difference (documented): MindSpore 2.10 only reloads the weights and then runs every epoch again, so a
    restarted script trains more epochs than an uninterrupted one. ms_compat also stores ``epoch_num`` and
    ``step_num`` in the backup and resumes after the backed-up epoch, so a run killed at any point and
    started again with the same script ends with the weights of an uninterrupted run (for a dataset whose
    epochs do not depend on the epoch count, e.g. unshuffled or reseeded per epoch). A MindSpore backup file
    (without those entries) is loaded as MindSpore does and training starts at ``initial_epoch``."""

    def __init__(self, backup_dir, save_freq="epoch", delete_checkpoint=True):
        super().__init__()
        ckpt_dir = _make_directory(backup_dir)
        self.backup_file = os.path.join(ckpt_dir, "backup.ckpt")
        self.save_freq = 1 if save_freq == "epoch" else positive_int(save_freq)
        self.delete_checkpoint = check_bool(delete_checkpoint)

    def on_train_begin(self, run_context):
        from ..serialization import load_checkpoint, load_param_into_net
        if not os.path.exists(self.backup_file):
            return
        cb = run_context.original_args()
        _log.info("Restore checkpoint file is %s, load checkpoint into train net.", self.backup_file)
        pd = load_checkpoint(self.backup_file)
        epoch, step = pd.pop("epoch_num", None), pd.pop("step_num", None)
        load_param_into_net(cb.train_network, pd)
        if epoch is not None:
            run_context._resume_from = (int(epoch.asnumpy()), int(step.asnumpy()) if step is not None else None)

    def on_train_epoch_end(self, run_context):
        from ..serialization import save_checkpoint
        cb = run_context.original_args()
        if cb.cur_epoch_num % self.save_freq == 0:
            _log.info("Train task end, backup checkpoint file: %s.", self.backup_file)
            save_checkpoint(cb.train_network, self.backup_file,
                            append_dict={"epoch_num": cb.cur_epoch_num, "step_num": cb.cur_step_num})

    def on_train_end(self, run_context):
        if self.delete_checkpoint and os.path.exists(self.backup_file):
            _log.info("Delete restore checkpoint file %s at %s epoch.", self.backup_file,
                      run_context.original_args().cur_epoch_num)
            os.chmod(self.backup_file, stat.S_IWRITE)
            os.remove(self.backup_file)
