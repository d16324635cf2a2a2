"""``mindspore.train.SummaryCollector`` writing TensorBoard event files."""
from __future__ import annotations

import logging
import re

import torch

from ._callback import Callback

_log = logging.getLogger("ms_compat")

_DEFAULT_SPECIFIED_DATA = {"collect_metric": True, "collect_graph": True, "collect_train_lineage": True,
                           "collect_eval_lineage": True, "collect_input_data": True, "collect_dataset_graph": True,
                           "histogram_regular": None, "collect_landscape": None}


class SummaryCollector(Callback):
    """Mirrors ``mindspore.train.SummaryCollector(summary_dir, collect_freq=10, num_process=32,
    collect_specified_data=None, keep_default_action=True, custom_lineage_data=None,
    collect_tensor_freq=None, max_file_size=None, export_options=None)`` through :class:`SummaryRecord`
    (TensorBoard event files in ``summary_dir``). At the first training step and every ``collect_freq``-th
    step it records, as MindSpore: the loss as scalar ``loss/auto``, the first input column as image
    ``input_data/auto`` when it is an NCHW image batch, histograms ``<param>/auto`` of the optimizer's first
    five parameters (or those matching ``histogram_regular``), and the summary primitives' values. Graphs,
    lineage, dataset graphs and loss landscapes are MindInsight features: accepted, not written."""

    def __init__(self, summary_dir, collect_freq=10, num_process=32, collect_specified_data=None,
                 keep_default_action=True, custom_lineage_data=None, collect_tensor_freq=None,
                 max_file_size=None, export_options=None):
        super().__init__()
        from ..summary.summary_record import SummaryRecord
        for name, v, allow_none in (("collect_freq", collect_freq, False),
                                    ("collect_tensor_freq", collect_tensor_freq, True)):
            if v is None and allow_none:
                continue
            if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
                raise ValueError(f"For `{name}` the value should be greater than 0, but got `{v}`.")
        if not isinstance(keep_default_action, bool):
            raise TypeError(f"The type of 'keep_default_action' should be 'bool', but got "
                            f"type '{type(keep_default_action).__name__}'.")
        self._collect_freq = collect_freq
        self._collect_tensor_freq = collect_tensor_freq
        self._collect_specified_data = self._process_specified_data(collect_specified_data, keep_default_action)
        self._custom_lineage_data = custom_lineage_data
        self._record = SummaryRecord(summary_dir, num_process=num_process, max_file_size=max_file_size,
                                     export_options=export_options)
        self._first_step = True
        self._dataset_sink_mode = False

    @staticmethod
    def _process_specified_data(specified_data, action):
        if specified_data is not None and not isinstance(specified_data, dict):
            raise TypeError("The type of 'collect_specified_data' should be one of ['dict', 'NoneType'], "
                            f"but got type '{type(specified_data).__name__}'.")
        if not specified_data:
            return dict(_DEFAULT_SPECIFIED_DATA) if action else {}
        unexpected = set(specified_data) - set(_DEFAULT_SPECIFIED_DATA)
        if unexpected:
            raise ValueError(f"For 'collect_specified_data' the keys {unexpected} are unsupported, "
                             f"expect the follow keys: {list(_DEFAULT_SPECIFIED_DATA.keys())}")
        if "histogram_regular" in specified_data:
            regular = specified_data.get("histogram_regular")
            if regular is not None and not isinstance(regular, str):
                raise TypeError("The type of 'histogram_regular' should be one of ['str', 'NoneType'], "
                                f"but got type '{type(regular).__name__}'.")
            if isinstance(regular, str):
                try:
                    re.match(regular, "")
                except re.error as exc:
                    raise ValueError("For `collect_specified_data`, the value of `histogram_regular` "
                                     f"{regular} is not a valid regular expression. Detail: {exc}.") from exc
        for k in set(_DEFAULT_SPECIFIED_DATA) - {"histogram_regular", "collect_landscape"}:
            if k in specified_data and not isinstance(specified_data[k], bool):
                raise TypeError(f"The type of '{k}' should be 'bool', but got type "
                                f"'{type(specified_data[k]).__name__}'.")
        if action:
            result = dict(_DEFAULT_SPECIFIED_DATA)
            result.update(specified_data)
            return result
        return dict(specified_data)

    def __enter__(self):
        self._record.__enter__()
        return self

    def __exit__(self, *err):
        self._record.close()

    def begin(self, run_context):
        cb = run_context.original_args()
        if cb.mode not in ("train", "eval"):
            raise ValueError("Only support `train` (model.train) and `eval` (model.eval) mode, "
                             f"but got `{cb.mode}` mode.")
        collectors = [c for c in cb.get("list_callback", []) if isinstance(c, SummaryCollector)]
        if len(collectors) > 1:
            raise ValueError("There are more than one SummaryCollector in 'list_callback'. At most one "
                             "SummaryCollector is allowed.")
        self._record.set_mode(cb.mode)
        self._dataset_sink_mode = cb.get("dataset_sink_mode", False)

    def step_end(self, run_context):
        cb = run_context.original_args()
        if cb.mode != "train":
            return
        self._collect_tensor_data(cb)

    def epoch_end(self, run_context):
        self._collect_tensor_data(run_context.original_args())
        self._record.flush()

    def end(self, run_context):
        self._record.set_mode("eval")
        self._record.record(step=0)
        self._record.flush()

    def _collect_tensor_data(self, cb):
        if cb.mode != "train":
            return
        current = cb.cur_step_num
        if self._first_step:
            self._first_step = False
            self._collect_at_step_end(cb)
            self._record.flush()
        elif current % self._collect_freq == 0:
            self._collect_at_step_end(cb)

    def _collect_at_step_end(self, cb):
        d = self._collect_specified_data
        if d.get("collect_input_data"):
            data = cb.get("train_dataset_element")
            if isinstance(data, (list, tuple)) and data:
                data = data[0]
            if isinstance(data, torch.Tensor) and data.dim() == 4 and data.shape[1] in (1, 3):
                self._record.add_value("image", "input_data/auto", data)
            else:
                _log.warning("The input data of network are not image, so will not collect by SummaryCollector.")
                d["collect_input_data"] = False
        if d.get("collect_metric"):
            loss = cb.get("net_outputs")
            if isinstance(loss, (tuple, list)) and loss:
                loss = loss[0]
            if isinstance(loss, torch.Tensor) and loss.numel() == 1:
                self._record.add_value("scalar", "loss/auto", loss.detach())
            elif loss is not None:
                _log.warning("The output of network is not a scalar, so SummaryCollector will not collect loss.")
                d["collect_metric"] = False
        if "histogram_regular" in d:
            opt = cb.get("optimizer")
            if opt is not None:
                params = list(opt.parameters)
                regular = d.get("histogram_regular")
                chosen = [p for p in params if re.match(regular, p.name)] if regular is not None else params[:5]
                for p in chosen:
                    self._record.add_value("histogram", p.name + "/auto", p.detach())
        self._record.record(cb.cur_step_num)
