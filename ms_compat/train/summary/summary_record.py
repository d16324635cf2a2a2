"""``mindspore.train.SummaryRecord`` on TensorBoard.

MindSpore writes MindInsight's summary format, which has no PyTorch viewer; ms_compat writes TensorBoard event
files with PyTorch's ``torch.utils.tensorboard.SummaryWriter`` (``tensorboard --logdir DIR`` shows them).
Values go where TensorBoard shows them: ``scalar`` → Scalars, ``image`` → Images (MindSpore's NCHW grid and
uint8 conversion), ``histogram`` → Histograms, ``tensor`` → a tensor event (``add_tensor``). The file is
``events.out.tfevents.<time>.<host>.<pid>.<n>{file_suffix}`` (TensorBoard only reads files named
``*tfevents*``, so ``file_prefix`` is checked but not used). MindInsight-only plugins (``graph``,
``train_lineage``, ``eval_lineage``, ``custom_lineage_data``, ``dataset_graph``, ``landscape``) are accepted
and not written; ``export_options`` raises ``MissingAPIError``; ``max_file_size`` has no effect.
"""
from __future__ import annotations

import logging
import os
import re
import threading
from collections import defaultdict

import numpy as np
import torch

from ._tensorboard import image_chw_uint8, summary_writer

__all__ = ["SummaryRecord"]

_log = logging.getLogger("ms_compat")
_TB_PLUGINS = ("tensor", "scalar", "image", "histogram")
_OTHER_PLUGINS = ("train_lineage", "eval_lineage", "dataset_graph", "custom_lineage_data", "graph", "landscape")
_OP_PLUGIN = {"TensorSummary": "tensor", "ScalarSummary": "scalar", "ImageSummary": "image",
              "HistogramSummary": "histogram"}


# MindSpore's graph-mode summary cache (tag -> tensor), filled by _cache_summary_tensor_data and drained by
# _get_summary_tensor_data; the PyNative summary primitives use ops.operations.other_ops.SUMMARY_TENSOR_CACHE
_summary_lock = threading.Lock()
SUMMARY_TENSOR_CACHE = {}


def _cache_summary_tensor_data(summary):
    """Mirrors ``mindspore.train.summary.summary_record._cache_summary_tensor_data``: stores each
    ``{"name": tag, "data": tensor}`` of ``summary`` in the module cache; returns True."""
    with _summary_lock:
        for item in summary:
            SUMMARY_TENSOR_CACHE[item['name']] = item['data']
        return True


def _get_summary_tensor_data():
    """Mirrors ``mindspore.train.summary.summary_record._get_summary_tensor_data``: the cached ``{tag: tensor}``
    dict, emptying the cache. Tags are ``"name[:Tensor]"`` (``[:Scalar]``, ...): the values the summary
    primitives kept under GRAPH_MODE (ops.operations.other_ops.GRAPH_SUMMARY_TENSORS) and those given to
    ``_cache_summary_tensor_data``."""
    global SUMMARY_TENSOR_CACHE
    from ...ops.operations import other_ops
    with _summary_lock:
        data = SUMMARY_TENSOR_CACHE
        for name in sorted(other_ops.GRAPH_SUMMARY_TENSORS):  # MindSpore's order: by tag
            data[name] = other_ops.GRAPH_SUMMARY_TENSORS[name]
        other_ops.GRAPH_SUMMARY_TENSORS.clear()
        SUMMARY_TENSOR_CACHE = {}
        return data


def _check_to_numpy(plugin, tensor, prim=False):
    """MindSpore's ``_check_to_numpy``: the value as a numpy copy, checked for its plugin."""
    np_value = tensor.detach().cpu().numpy().copy() if isinstance(tensor, torch.Tensor) else np.asarray(tensor)
    name = plugin.capitalize() + "Summary" if prim else "SummaryRecord"
    if plugin == "scalar":
        if np_value.size == 1:
            return np_value
        raise ValueError(f'For "{name}", the v rank must be less than or equal to 1, but got {len(np_value)}.')
    if plugin == "image":
        if np_value.ndim == 4:
            return np_value
        raise ValueError(f'For "{name}", the tensor seems not to hold a valid image.')
    if plugin in ("tensor", "histogram"):
        if np_value.ndim > 0:
            return np_value
        raise ValueError(f'For "{name}", the value should not be empty.')
    return np_value


def _drain_summary_ops():
    """The values the summary primitives cached since the last record (PyNative's in call order, then
    GRAPH_MODE's last value of each tag), checked as MindSpore checks them."""
    from ...ops.operations import other_ops
    cache, other_ops.SUMMARY_TENSOR_CACHE[:] = list(other_ops.SUMMARY_TENSOR_CACHE), []
    out = []
    for op_name, tag, value in cache:
        if not isinstance(tag, str) or not tag:
            raise TypeError(f'For "{op_name}", the name must be valid string, but got "{tag}".')
        if not isinstance(value, torch.Tensor):
            raise TypeError(f'For "{op_name}", the parameter "value" expect to be Tensor, '
                            f"but got {type(value).__name__}")
        plugin = _OP_PLUGIN[op_name]
        _check_to_numpy(plugin, value, prim=True)
        out.append((plugin, tag, value))
    for name, value in _get_summary_tensor_data().items():  # GRAPH_MODE's values, keyed "tag[:Type]"
        m = re.fullmatch(r"(.+)\[:(Scalar|Image|Tensor|Histogram)\]", name)
        if m:
            _check_to_numpy(m.group(2).lower(), value, prim=True)
            out.append((m.group(2).lower(), m.group(1), value))
    return out


class SummaryRecord:
    """Mirrors ``mindspore.train.SummaryRecord(log_dir, file_prefix='events', file_suffix='_MS',
    num_process=32, network=None, max_file_size=None, raise_exception=False, export_options=None)``:
    ``add_value(plugin, name, value)`` keeps a value until ``record(step)`` writes everything kept (and,
    in train mode, what the ``ops.*Summary`` primitives cached) at that step; ``flush()``, ``close()``,
    ``with SummaryRecord(...) as r:``. See the module docstring for the TensorBoard mapping."""

    def __init__(self, log_dir, file_prefix="events", file_suffix="_MS", num_process=32, network=None,
                 max_file_size=None, raise_exception=False, export_options=None):
        from ..callback._checkpoint import _make_directory
        self._status = {"closed": False, "has_graph": False}
        self._data_pool = defaultdict(list)
        self._mode = "train"
        if not isinstance(max_file_size, (int, type(None))):
            raise TypeError(f"For '{type(self).__name__}', the 'max_file_size' should be int type, "
                            f"but got type {type(max_file_size)}")
        if not isinstance(file_prefix, str) or not isinstance(file_suffix, str):
            raise TypeError(f"For '{type(self).__name__}', `file_prefix` and `file_suffix`  should be str, "
                            f"but got type {type(file_prefix)}")
        for s in (file_prefix, file_suffix):
            if not re.match(r"^[A-Za-z0-9_.-]*$", s):
                raise ValueError(f"The string '{s}' is invalid, it must match the regular expression "
                                 "'^[A-Za-z0-9_.-]*$'.")
        if not isinstance(raise_exception, bool):
            raise TypeError(f"The 'raise_exception' must be a bool, but got {type(raise_exception).__name__}.")
        if export_options is not None:
            from ...porting._missing import MissingAPIError
            raise MissingAPIError("'mindspore.train.SummaryRecord(export_options=...)' is not implemented in "
                                  "ms_compat: values are written to TensorBoard event files only.")
        self.network = network
        self.file_prefix, self.file_suffix = file_prefix, file_suffix
        self.base_log_dir = _make_directory(log_dir, "log_dir")
        self._writer = summary_writer(self.base_log_dir, file_suffix)
        from ...ops.operations import other_ops
        other_ops._OPEN_SUMMARY_RECORDS[0] += 1

    def __enter__(self):
        if self._status.get("closed"):
            raise ValueError(f"For '{type(self).__name__}', SummaryRecord has been closed.")
        return self

    def __exit__(self, *err):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    def set_mode(self, mode):
        """``'train'`` (``record`` also writes the summary primitives' values) or ``'eval'``."""
        if mode not in ("train", "eval"):
            raise ValueError(f"For '{type(self).__name__}', the argument 'mode' should be one of "
                             f"['train', 'eval'], but got {mode}.")
        self._mode = mode

    def add_value(self, plugin, name, value):
        """Keeps ``value`` under ``name`` for ``plugin`` (``'scalar'``, ``'image'``, ``'tensor'``,
        ``'histogram'``; MindInsight's other plugins are accepted and not written) until the next ``record``."""
        if plugin in _TB_PLUGINS:
            if not name or not isinstance(name, str):
                raise ValueError(f'For "{type(self).__name__}", the parameter "name" type should be str, '
                                 f"but got {type(name)}.")
            if not isinstance(value, torch.Tensor):
                raise TypeError(f'For "{type(self).__name__}", the parameter "value" expect to be Tensor, '
                                f"but got {type(value).__name__}")
            np_value = _check_to_numpy(plugin, value)
            if name in {item["tag"] for item in self._data_pool[plugin]}:
                _log.warning("For \"%s.add_value\", %r has duplicate values. Only the newest one will be recorded.",
                             type(self).__name__, f"{name}/{plugin}")
            self._data_pool[plugin].append({"tag": name, "value": np_value})
        elif plugin in _OTHER_PLUGINS:
            self._data_pool[plugin].append({"tag": name, "value": value})
        else:
            raise ValueError(f'For "{type(self).__name__}.add_value", no such "plugin" of {repr(plugin)} '
                             ", expect value is one of [tensor, scalar, image, histogram, train_lineage, "
                             "eval_lineage, dataset_graph, custom_lineage_data, graph, landscape]")

    def record(self, step, train_network=None, plugin_filter=None):
        """Writes the kept values at ``step``; returns True (False, with an error logged, once closed)."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"The type of 'step' should be 'int', but got type '{type(step).__name__}'.")
        if train_network is not None and not isinstance(train_network, torch.nn.Module):
            raise TypeError("The type of 'train_network' should be one of ['Cell', 'NoneType'], "
                            f"but got type '{type(train_network).__name__}'.")
        if self._status.get("closed"):
            _log.error("For '%s', The record writer is closed, please check if close() method is called",
                       type(self).__name__)
            return False
        if self._mode == "train":
            for plugin, tag, value in _drain_summary_ops():
                self.add_value(plugin, tag, value)
        pool, self._data_pool = self._data_pool, defaultdict(list)
        for plugin, items in pool.items():
            if plugin_filter is not None and not plugin_filter(plugin):
                continue
            for item in items:
                self._write(plugin, item["tag"], item["value"], step)
        return True

    def _write(self, plugin, tag, value, step):
        w = self._writer
        if plugin == "scalar":
            w.add_scalar(tag, float(np.asarray(value).reshape(-1)[0]), step)
        elif plugin == "image":
            chw, why = image_chw_uint8(value)
            if chw is None:
                _log.error("%s (tag = %s)", why, tag)
                return
            w.add_image(tag, chw, step, dataformats="CHW")
        elif plugin == "histogram":
            w.add_histogram(tag, np.asarray(value, dtype=np.float64), step)
        elif plugin == "tensor":
            w.add_tensor(tag, torch.from_numpy(np.ascontiguousarray(value)), step)
        # MindInsight-only plugins: nothing TensorBoard can show

    def flush(self):
        """Writes what is buffered to the event file."""
        if self._status.get("closed"):
            _log.error("For '%s', The record writer is closed, please check if close() method is called",
                       type(self).__name__)
            return
        self._writer.flush()

    def close(self):
        """Flushes and closes the event file; later ``record`` calls return False."""
        if not self._status.get("closed") and hasattr(self, "_writer"):
            self._writer.flush()
            self._writer.close()
            self._status["closed"] = True
            from ...ops.operations import other_ops
            other_ops._OPEN_SUMMARY_RECORDS[0] -= 1
            if not other_ops._OPEN_SUMMARY_RECORDS[0]:
                other_ops.SUMMARY_TENSOR_CACHE.clear()

    @property
    def log_dir(self):
        """The event file's full path."""
        return self._writer.file_writer.event_writer._file_name
