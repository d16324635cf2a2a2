"""``mindspore.train.CheckpointConfig`` and ``ModelCheckpoint``: checkpoints on a schedule, MindSpore's file
names and pruning.

Files are ``{prefix}-{epoch}_{step_in_epoch}.ckpt`` (``.safetensors`` with ``format='safetensors'``) in
``directory`` (default: the working directory at import, as MindSpore); when files of that prefix already
exist there, the prefix becomes ``{prefix}_1``, ``{prefix}_2``, … (MindSpore's rule). With
``keep_checkpoint_max=N``, before each save the oldest (by modification time) of the prefix's files is
deleted while N exist. The written file holds what ``save_checkpoint(train_network)`` writes: the weights
and the optimizer state (``global_step``, ``learning_rate``, ``moments.*`` / ``accum.*`` / ``stat.*``…).
MindSpore writes a ``{prefix}-graph.meta`` only in GRAPH_MODE (in PyNative it writes none); ms_compat has no
MindIR graph and never writes it."""
from __future__ import annotations

import os
import stat
import time

from ._callback import Callback
from ._validate import check_bool, non_negative_int

__all__ = ["CheckpointConfig", "ModelCheckpoint"]

_cur_dir = os.getcwd()
_info_list = ["epoch_num", "step_num"]


def _make_directory(path, arg_name="path"):
    """MindSpore's ``_make_directory``: the real path of ``path``, created (mode 0o700) when missing."""
    if not isinstance(path, str) or not path.strip():
        raise ValueError(f"The {arg_name} is invalid, it must be a non-empty string, but got {path!r}.")
    path = os.path.realpath(os.path.expanduser(path))
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


def _chg_ckpt_file_name_if_same_exist(directory, prefix, exception=False):
    """MindSpore's rule: ``prefix`` gets the suffix ``_N`` (N = 1 + the largest existing suffix) when
    checkpoint files of that prefix already exist in ``directory``."""
    if callable(prefix) or callable(directory):
        return prefix
    suffix_num = 0
    pre_len = len(prefix)
    for filename in os.listdir(directory):
        ext = os.path.splitext(filename)[-1]
        is_bp = filename[-16:] == "_breakpoint.ckpt"
        if exception and not is_bp:
            continue
        if not exception and (ext not in (".ckpt", ".safetensors") or is_bp):
            continue
        if filename.find(prefix) == 0 and len(filename) > pre_len and not filename[pre_len].isalpha():
            index = filename[pre_len:].find("-")
            if index == 0:
                suffix_num = max(suffix_num, 1)
            elif index != -1:
                num = filename[pre_len + 1:pre_len + index]
                if num.isdigit():
                    suffix_num = max(suffix_num, int(num) + 1)
    return f"{prefix}_{suffix_num}" if suffix_num else prefix


class CheckpointConfig:
    """Mirrors ``mindspore.train.CheckpointConfig`` (same arguments, checks, messages and precedence:
    ``save_checkpoint_steps`` > 0 disables ``save_checkpoint_seconds``; ``keep_checkpoint_max`` > 0
    disables ``keep_checkpoint_per_n_minutes``). ``integrated_save`` has no effect (no parallel slices);
    ``remove_redundancy`` needs a data-parallel group (stand-alone raises ``TypeError`` as MindSpore)."""

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0, keep_checkpoint_max=5,
                 keep_checkpoint_per_n_minutes=0, integrated_save=True, async_save=False, saved_network=None,
                 append_info=None, enc_key=None, enc_mode="AES-GCM", exception_save=False, crc_check=False,
                 remove_redundancy=False, format="ckpt", **kwargs):
        import torch
        for v in (save_checkpoint_steps, save_checkpoint_seconds, keep_checkpoint_max, keep_checkpoint_per_n_minutes):
            if v is not None:
                non_negative_int(v)
        if saved_network is not None and not isinstance(saved_network, torch.nn.Module):
            raise TypeError("For 'CheckpointConfig', the type of 'saved_network' must be None or Cell, "
                            f"but got {str(type(saved_network))}.")
        if not save_checkpoint_steps and not save_checkpoint_seconds and \
                not keep_checkpoint_max and not keep_checkpoint_per_n_minutes:
            raise ValueError("For 'CheckpointConfig', the input arguments 'save_checkpoint_steps', "
                             "'save_checkpoint_seconds', "
                             "'keep_checkpoint_max' and 'keep_checkpoint_per_n_minutes' can't be all None or 0.")
        check_bool(exception_save)
        self.exception_save = exception_save
        self._save_checkpoint_steps = save_checkpoint_steps
        self._save_checkpoint_seconds = save_checkpoint_seconds
        if self._save_checkpoint_steps and self._save_checkpoint_steps > 0:
            self._save_checkpoint_seconds = None
        self._keep_checkpoint_max = keep_checkpoint_max
        self._keep_checkpoint_per_n_minutes = keep_checkpoint_per_n_minutes
        if self._keep_checkpoint_max and self._keep_checkpoint_max > 0:
            self._keep_checkpoint_per_n_minutes = None
        elif not self._keep_checkpoint_per_n_minutes:
            self._keep_checkpoint_max = 1
        self._integrated_save = check_bool(integrated_save)
        if not isinstance(async_save, (bool, str)):
            raise TypeError("For 'save_checkpoint', the parameter 'async_save' must be bool or str, "
                            f"but got {type(async_save)}.")
        if isinstance(async_save, str) and async_save not in ("process", "thread"):
            raise ValueError("For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread',"
                             f"but got {async_save}.")
        self._async_save = async_save
        self._saved_network = saved_network
        self._append_dict = self._handle_append_info(append_info)
        for name, v, types in (("enc_key", enc_key, (type(None), bytes)), ("enc_mode", enc_mode, str),
                               ("crc_check", crc_check, bool), ("remove_redundancy", remove_redundancy, bool),
                               ("format", format, str)):
            if not isinstance(v, types):
                raise TypeError(f"The {name} must be {types}, but got {type(v)}.")
        self._enc_key, self._enc_mode, self._crc_check, self._format = enc_key, enc_mode, crc_check, format
        self._map_param_inc = kwargs.get("incremental", False)
        self.enable_redundance = kwargs.get("enable_redundance", False)
        self.remove_redundancy = remove_redundancy
        if format == "safetensors" and (enc_key is not None or enc_mode != "AES-GCM" or crc_check or exception_save
                                        or self._map_param_inc):
            raise ValueError("For 'save_checkpoint', when format is 'safetensors', other param must be default.")

    save_checkpoint_steps = property(lambda self: self._save_checkpoint_steps)
    save_checkpoint_seconds = property(lambda self: self._save_checkpoint_seconds)
    keep_checkpoint_max = property(lambda self: self._keep_checkpoint_max)
    keep_checkpoint_per_n_minutes = property(lambda self: self._keep_checkpoint_per_n_minutes)
    integrated_save = property(lambda self: self._integrated_save)
    async_save = property(lambda self: self._async_save)
    saved_network = property(lambda self: self._saved_network)
    enc_key = property(lambda self: self._enc_key)
    enc_mode = property(lambda self: self._enc_mode)
    crc_check = property(lambda self: self._crc_check)
    format = property(lambda self: self._format)
    append_dict = property(lambda self: self._append_dict)
    map_param_inc = property(lambda self: self._map_param_inc)

    def get_checkpoint_policy(self):
        return {"save_checkpoint_steps": self.save_checkpoint_steps,
                "save_checkpoint_seconds": self.save_checkpoint_seconds,
                "keep_checkpoint_max": self.keep_checkpoint_max,
                "keep_checkpoint_per_n_minutes": self.keep_checkpoint_per_n_minutes,
                "saved_network": self.saved_network}

    @staticmethod
    def _handle_append_info(append_info):
        import torch
        if append_info is None or append_info == []:
            return None
        if not isinstance(append_info, list):
            raise TypeError("For 'CheckpointConfig', the type of 'append_info' must be list,"
                            f"but got {str(type(append_info))}.")
        out = {}
        if "epoch_num" in append_info:
            out["epoch_num"] = 0
        if "step_num" in append_info:
            out["step_num"] = 0
        dict_num = 0
        for element in append_info:
            if not isinstance(element, (str, dict)):
                raise TypeError("For 'CheckpointConfig', the type of 'append_info' element must be str or dict,"
                                f"but got {str(type(element))}.")
            if isinstance(element, str) and element not in _info_list:
                raise ValueError("For 'CheckpointConfig', the value of element in the argument 'append_info' "
                                 f"must be in {_info_list}, but got {element}.")
            if isinstance(element, dict):
                dict_num += 1
                if dict_num > 1:
                    raise TypeError("For 'CheckpointConfig', the element of 'append_info' must has only one dict, "
                                    "but got {dict_num}")
                for key, value in element.items():
                    if not (isinstance(key, str) and isinstance(value, (int, float, bool, str, torch.Tensor))):
                        raise TypeError("For 'CheckpointConfig', the key type of the dict 'append_info' "
                                        "must be string, the value type must be int or float or bool, "
                                        f"but got key type {type(key)}, value type {type(value)}")
                    out[key] = value
        return out


class ModelCheckpoint(Callback):
    """Mirrors ``mindspore.train.ModelCheckpoint(prefix='CKP', directory=None, config=None)``: saves
    ``cb_params.train_network`` (or ``config.saved_network``) every ``save_checkpoint_steps`` steps (or
    ``save_checkpoint_seconds``) and once more at the end of training, pruning as configured;
    ``latest_ckpt_file_name`` is the last path written. ``prefix``/``directory`` may be callables of
    ``cb_params`` (then the file is ``{prefix}.{format}``, as MindSpore). Writes are atomic
    (``ms_compat.save_checkpoint``)."""

    def __init__(self, prefix="CKP", directory=None, config=None):
        super().__init__()
        self._latest_ckpt_file_name = ""
        self._init_time = time.time()
        self._last_time = time.time()
        self._last_time_for_keep = time.time()
        self._last_triggered_step = 0
        self._prefix_func = None
        self._directory_func = None
        if not callable(prefix) and (not isinstance(prefix, str) or prefix.find("/") >= 0):
            raise ValueError("For 'ModelCheckpoint', the argument 'prefix' "
                             "for checkpoint file name is invalid, it must be "
                             "callable or string that does not contain '/', but got {}.".format(prefix))
        self._prefix = prefix
        self._exception_prefix = prefix
        if directory is not None:
            if callable(directory):
                self._directory_func = directory
            else:
                self._directory = _make_directory(directory)
        else:
            self._directory = _cur_dir
        if callable(prefix):
            self._prefix_func = prefix
        if config is None:
            self._config = CheckpointConfig()
        elif not isinstance(config, CheckpointConfig):
            raise TypeError("For 'ModelCheckpoint', the type of argument 'config' should be 'CheckpointConfig', "
                            "but got {}.".format(type(config)))
        else:
            self._config = config
        self._manager = CheckpointManager(self._config.format)
        if not callable(directory) and not callable(prefix):
            self._prefix = _chg_ckpt_file_name_if_same_exist(self._directory, self._prefix)
        self._append_dict = self._config.append_dict or {}
        self._append_epoch_num = self._append_dict.get("epoch_num", 0)
        self._append_step_num = self._append_dict.get("step_num", 0)

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        if self._prefix_func:
            self._prefix = self._prefix_func(cb_params)
            if not isinstance(self._prefix, str) or self._prefix.find("/") >= 0:
                raise ValueError("For 'ModelCheckpoint', the argument 'prefix' "
                                 "for checkpoint file name is callable, it must return a "
                                 "string that does not contain '/', but got {}.".format(self._prefix))
        if self._directory_func:
            self._directory = _make_directory(self._directory_func(cb_params))
        self._save_ckpt(cb_params)

    def end(self, run_context):
        from ..serialization import _wait_async_save
        self._save_ckpt(run_context.original_args(), True)
        _wait_async_save()

    def _check_save_ckpt(self, cb_params, force_to_save):
        cfg = self._config
        if cfg.save_checkpoint_steps and cfg.save_checkpoint_steps > 0:
            return cb_params.cur_step_num >= self._last_triggered_step + cfg.save_checkpoint_steps or force_to_save
        if cfg.save_checkpoint_seconds and cfg.save_checkpoint_seconds > 0:
            now = time.time()
            if now - self._last_time > cfg.save_checkpoint_seconds or force_to_save:
                self._last_time = now
                return True
        return False

    def _save_ckpt(self, cb_params, force_to_save=False):
        from ..serialization import _wait_async_save, save_checkpoint
        if cb_params.cur_step_num == self._last_triggered_step:
            return
        if not self._check_save_ckpt(cb_params, force_to_save):
            return
        cfg = self._config
        _wait_async_save()
        step_in_epoch = int((cb_params.cur_step_num - 1) % cb_params.batch_num + 1)
        if self._prefix_func:
            name = f"{self._prefix}.{cfg.format}"
        else:
            name = f"{self._prefix}-{cb_params.cur_epoch_num}_{step_in_epoch}.{cfg.format}"
        self._manager.update_ckpoint_filelist(self._directory, self._prefix)
        if cfg.keep_checkpoint_max and 0 < cfg.keep_checkpoint_max <= self._manager.ckpoint_num:
            self._manager.remove_oldest_ckpoint_file()
        elif cfg.keep_checkpoint_per_n_minutes and cfg.keep_checkpoint_per_n_minutes > 0:
            now = time.time()
            if now - self._last_time_for_keep < cfg.keep_checkpoint_per_n_minutes * 60:
                self._manager.keep_one_ckpoint_per_minutes(cfg.keep_checkpoint_per_n_minutes, now)
        cur_file = os.path.join(self._directory, name)
        self._last_time_for_keep = time.time()
        self._last_triggered_step = cb_params.cur_step_num
        if "epoch_num" in self._append_dict:
            self._append_dict["epoch_num"] = self._append_epoch_num + cb_params.cur_epoch_num
        if "step_num" in self._append_dict:
            self._append_dict["step_num"] = self._append_step_num + cb_params.cur_step_num
        network = cfg.saved_network if cfg.saved_network is not None else cb_params.train_network
        if cfg.remove_redundancy:
            raise TypeError("The deduplication feature for saving checkpoint can only be used "
                            "in parallel scenarios, but got 'stand_alone'.")
        save_checkpoint(network, cur_file, cfg.integrated_save, cfg.async_save, self._append_dict or None,
                        cfg.enc_key, cfg.enc_mode, crc_check=cfg.crc_check, format=cfg.format)
        self._manager.note_written(cur_file)
        self._latest_ckpt_file_name = cur_file
        cb_params["last_save_ckpt_step"] = cb_params.cur_step_num
        cb_params["latest_ckpt_file"] = cur_file

    def _save_breakpoint(self, network, epoch, step_in_epoch):
        """``exception_save``: ``{prefix}-{epoch}_{step}_breakpoint.ckpt`` when training raises (called by Model)."""
        from ..serialization import save_checkpoint
        prefix = _chg_ckpt_file_name_if_same_exist(self._directory, self._exception_prefix, True)
        cur_file = os.path.join(self._directory, f"{prefix}-{epoch}_{step_in_epoch}_breakpoint.ckpt")
        if "epoch_num" in self._append_dict:
            self._append_dict["epoch_num"] = self._append_epoch_num + epoch
        if "step_num" in self._append_dict:
            self._append_dict["step_num"] = self._append_step_num + step_in_epoch
        cfg = self._config
        save_checkpoint(network, cur_file, cfg.integrated_save, False, self._append_dict or None,
                        cfg.enc_key, cfg.enc_mode)
        return cur_file

    @property
    def latest_ckpt_file_name(self):
        """The latest checkpoint path."""
        return self._latest_ckpt_file_name

    @property
    def _get_save_checkpoint_steps(self):
        return self._config.save_checkpoint_steps

    @property
    def _get_last_trigger_step(self):
        return self._last_triggered_step


class CheckpointManager:
    """MindSpore's ``CheckpointManager``: the prefix's files in a directory and their pruning. Files are
    ordered by modification time; equal times (a coarse file-system clock) fall back to write order."""

    def __init__(self, format="ckpt"):
        self._ckpoint_filelist = []
        self._format = format
        self._order = {}

    @property
    def ckpoint_filelist(self):
        return self._ckpoint_filelist

    @property
    def ckpoint_num(self):
        return len(self._ckpoint_filelist)

    def note_written(self, path):
        self._order[path] = len(self._order)

    def update_ckpoint_filelist(self, directory, prefix):
        self._ckpoint_filelist = []
        ext = f".{self._format}"
        for filename in os.listdir(directory):
            if os.path.splitext(filename)[-1] == ext and filename.startswith(prefix + "-"):
                mid = filename[len(prefix):-len(ext)]
                if not any(ch.isalpha() for ch in mid):
                    self._ckpoint_filelist.append(os.path.join(directory, filename))

    def remove_ckpoint_file(self, file_name):
        try:
            os.chmod(file_name, stat.S_IWRITE)
            os.remove(file_name)
            self._ckpoint_filelist.remove(file_name)
        except (OSError, ValueError):
            import logging
            logging.getLogger("ms_compat").warning("failed to remove the older ckpt file %s.", file_name)

    def _mtime_key(self, f):
        return (os.stat(f).st_mtime_ns, self._order.get(f, -1))

    def remove_oldest_ckpoint_file(self):
        self.remove_ckpoint_file(sorted(self._ckpoint_filelist, key=self._mtime_key)[0])

    def keep_one_ckpoint_per_minutes(self, minutes, cur_time):
        del_list, oldest_file, oldest_time = [], "", cur_time
        for f in self._ckpoint_filelist:
            mtime = os.path.getmtime(f)
            if cur_time - mtime < 60 * minutes:
                del_list.append(f)
                if mtime < oldest_time:
                    oldest_time, oldest_file = mtime, f
        for f in del_list:
            if f != oldest_file:
                self.remove_ckpoint_file(f)
