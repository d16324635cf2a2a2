"""``mindspore.train.Model``: the high-level train / fit / eval / predict loop, eager on PyTorch.

The loop is MindSpore 2.10's non-sink loop, step for step: the same callback hooks in the same order, the
same ``cb_params`` fields (``cur_epoch_num``, ``cur_step_num``, ``batch_num``, ``net_outputs``,
``train_network``, ``optimizer``, ``epoch_num``, ``train_dataset``, ``train_dataset_element``,
``list_callback``, ``metrics``/``eval_results`` after ``fit``'s evaluations, …), the same checks and
messages. Datasets are read through their public iterator API (``create_tuple_iterator``,
``get_dataset_size``, ``reset``); any sized iterable of ``(data, label)`` tuples (a list, a
``torch.utils.data.DataLoader``) works too. Batches are moved to the device of the network's parameters
(MindSpore sends data to its device).

``dataset_sink_mode`` (sending whole epochs to the device) has no PyTorch meaning. MindSpore 2.10 on CPU
falls back to the step-by-step loop, and so does ms_compat on every device, with MindSpore's observable
accounting: one ``step_end`` per batch; with ``sink_size > 0`` ``cb_params.batch_num`` is ``sink_size``
(so ``LossMonitor``'s "step" counts modulo ``sink_size``) while each epoch still reads the whole dataset.
"""
from __future__ import annotations

import copy
import logging
import sys

import numpy as np
import torch

from ..nn.optim import _validate as V
from .callback._callback import (Callback, CallbackManager, InternalCallbackParam, RunContext, _as_py_number)
from .metrics import Metric

__all__ = ["Model"]

_log = logging.getLogger("ms_compat")
_OLD_HOOKS = {"begin", "end", "epoch_begin", "epoch_end", "step_begin", "step_end"}


def _internal_cb_names():
    from .callback import __all__ as names
    return names


def _to_tuple(item):
    """A dataset element as the tuple of Tensors passed to the network (MindSpore's ``DatasetHelper``)."""
    from ..common.tensor import Tensor, as_ms
    if isinstance(item, dict):
        item = tuple(item.values())
    if isinstance(item, torch.Tensor):
        return (item if isinstance(item, Tensor) else as_ms(item),)
    if not isinstance(item, (tuple, list)):
        item = (item,)
    out = []
    for x in item:
        if isinstance(x, Tensor):
            out.append(x)
        elif isinstance(x, torch.Tensor):
            out.append(as_ms(x))
        elif isinstance(x, np.ndarray) or isinstance(x, (int, float, bool, np.generic)):
            out.append(Tensor(np.asarray(x)))
        else:
            out.append(x)
    return tuple(out)


def _device_of(net):
    """Where the network's parameters live (batches are moved there, as MindSpore sends data to its device);
    the parameters of other pipeline stages (data-less ``meta`` tensors) do not count."""
    for p in net.parameters():
        if not p.is_meta:
            return p.device
    return None


def _to_device(element, device):
    if device is None:
        return element
    return tuple(x.to(device, non_blocking=True) if isinstance(x, torch.Tensor) and x.device != device else x
                 for x in element)


def _iterate(dataset):
    if hasattr(dataset, "create_tuple_iterator"):
        return iter(dataset.create_tuple_iterator(num_epochs=1))
    return iter(dataset)


def _epochs(dataset, num_epochs):
    """One iterator for all the training epochs, as MindSpore's ``Model`` makes: a shuffled dataset reshuffles
    each epoch (a new iterator per epoch would start its order over); call the result once per epoch."""
    if hasattr(dataset, "create_tuple_iterator"):
        it = dataset.create_tuple_iterator(num_epochs=max(1, num_epochs))
        return lambda: iter(it)
    return lambda: iter(dataset)


def _dataset_size(dataset):
    if hasattr(dataset, "get_dataset_size"):
        return dataset.get_dataset_size()
    try:
        return len(dataset)
    except TypeError:
        raise TypeError("For 'Model', the dataset must be a MindSpore dataset (with 'get_dataset_size') or a sized "
                        f"iterable of batches, but got {type(dataset).__name__}.") from None


def _reset(dataset):
    reset = getattr(dataset, "reset", None)
    if callable(reset):
        reset()


def _metric_values(metrics):
    return {k: _as_py_number(v) for k, v in metrics.items()}


class Model:
    """Mirrors ``mindspore.train.Model(network, loss_fn=None, optimizer=None, metrics=None,
    eval_network=None, eval_indexes=None, amp_level='O0', boost_level='O0', **kwargs)``; kwargs:
    ``loss_scale_manager``, ``keep_batchnorm_fp32``, ``boost_config_dict``, ``acc_level``.

    Training network: ``amp.build_train_network(network, optimizer, loss_fn, level=amp_level, ...)``
    (``TrainOneStepCell(WithLossCell(network, loss_fn), optimizer)`` at O0); without an optimizer,
    ``WithLossCell`` (evaluation only). Evaluation network: ``eval_network`` or ``WithEvalCell(network,
    loss_fn)`` with ``eval_indexes = [0, 1, 2]``. Metric values are Python numbers. Differences:
    ``boost_level`` 'O1'/'O2' warn and train without boost (MindSpore's Ascend boost algorithms); no
    dataset sinking (see the module docstring); ``predict(backend='lite')`` runs the network itself."""

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None, eval_indexes=None,
                 amp_level="O0", boost_level="O0", **kwargs):
        if not isinstance(network, torch.nn.Module):
            raise TypeError(f"For 'Model', the argument 'network' must be Cell, but got {type(network)}.")
        # MindSpore's order of its private steps, each a method a subclass may override or call (MindArmour's
        # DPModel calls self._check_kwargs from its own _build_train_network)
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._loss_scale_manager = None
        self._loss_scale_manager_set = False
        self._keep_bn_fp32 = None
        self._check_kwargs(kwargs)
        self._amp_level = amp_level
        self._boost_level = kwargs.get("acc_level", boost_level)
        self._process_amp_args(kwargs)
        from ..context import get_auto_parallel_context
        from ..parallel._utils import _get_device_num, _get_parallel_mode
        self._parallel_mode = _get_parallel_mode()  # read by subclasses' _build_train_network (MindArmour's)
        self._device_number = _get_device_num()
        self._parameter_broadcast = get_auto_parallel_context("parameter_broadcast")
        self._metrics = metrics
        self._check_amp_level_arg(optimizer, amp_level)
        self._check_for_graph_cell(kwargs)
        if self._loss_scale_manager is not None and optimizer is None:
            raise ValueError("The argument 'optimizer' can not be None when set 'loss_scale_manager'.")
        self._train_network = self._build_train_network()
        self._eval_network = None
        self._eval_indexes = None
        self._build_eval_network(metrics, eval_network, eval_indexes)
        self._predict_network = network
        self._current_epoch_num = 0
        self._current_step_num = 0
        self._backbone_is_train = True
        self.batch_num = -1
        self.epoch_iter = 0

    def _check_kwargs(self, kwargs):
        """MindSpore's ``Model._check_kwargs``: each kwarg is one ``Model`` knows."""
        for arg in kwargs:
            if arg not in ("loss_scale_manager", "keep_batchnorm_fp32", "boost_config_dict", "acc_level"):
                raise ValueError("The argument in 'kwargs' should be 'loss_scale_manager' or "
                                 "'keep_batchnorm_fp32' or 'boost_config_dict' or 'acc_level', but got "
                                 f"'{arg}'.")

    def _process_amp_args(self, kwargs):
        """MindSpore's ``Model._process_amp_args``: ``keep_batchnorm_fp32`` and ``loss_scale_manager``."""
        if "keep_batchnorm_fp32" in kwargs:
            self._keep_bn_fp32 = kwargs["keep_batchnorm_fp32"]
        if "loss_scale_manager" in kwargs:
            self._loss_scale_manager = kwargs["loss_scale_manager"]
            self._loss_scale_manager_set = True

    def _check_amp_level_arg(self, optimizer, amp_level):
        """MindSpore's ``Model._check_amp_level_arg``: mixed precision needs an optimizer."""
        if optimizer is None and amp_level != "O0":
            raise ValueError("Auto mixed precision will not work because 'optimizer' is None.Please set "
                             "amp_level='O0' to disable auto mixed precision or set 'optimizer' not be None to use "
                             "auto mixed precision.")

    def _check_for_graph_cell(self, kwargs):
        """MindSpore's ``Model._check_for_graph_cell``: a loaded MindIR network (``nn.GraphCell``) takes no
        ``loss_fn``, ``optimizer`` nor kwargs, and ignores ``amp_level``."""
        graph_cell = sys.modules.get("ms_compat.train.mindir.graph_cell")  # not imported: no GraphCell exists
        if graph_cell is None or not isinstance(self._network, graph_cell.GraphCell):
            return
        if self._amp_level != "O0":
            _log.warning("amp_level will not work when network is a GraphCell.")
        if self._loss_fn is not None or self._optimizer is not None:
            raise ValueError("For 'Model', 'loss_fn' and 'optimizer' should be None when network is a GraphCell, "
                             f"but got 'loss_fn': {self._loss_fn}, 'optimizer': {self._optimizer}.")
        if kwargs:
            raise ValueError("For 'Model', the '**kwargs' argument should be empty when network is a GraphCell.")

    # ------------------------------------------------------------------ networks
    def _build_train_network(self):
        net = self._network
        if self._optimizer is not None:
            plain = (self._amp_level == "O0" and not self._loss_scale_manager_set and self._keep_bn_fp32 is None
                     and self._boost_level == "O0")
            if plain:
                from ..nn.wrap.cell_wrapper import TrainOneStepCell, WithLossCell
                if self._loss_fn is not None:
                    net = WithLossCell(net, self._loss_fn)
                return TrainOneStepCell(net, self._optimizer)
            from ..amp.build_train import build_train_network
            amp_config = {}
            if self._loss_scale_manager_set:
                amp_config["loss_scale_manager"] = self._loss_scale_manager
            if self._keep_bn_fp32 is not None:
                amp_config["keep_batchnorm_fp32"] = self._keep_bn_fp32
            return build_train_network(net, self._optimizer, self._loss_fn, level=self._amp_level,
                                       boost_level=self._boost_level, **amp_config)
        if self._loss_fn is not None:
            from ..nn.wrap.cell_wrapper import WithLossCell
            return WithLossCell(net, self._loss_fn)
        return net

    def _build_eval_network(self, metrics, eval_network, eval_indexes):
        self._metric_fns = self._get_metrics_fns(metrics)
        if not self._metric_fns:
            self._eval_network = eval_network
            return
        if eval_network is not None:
            if eval_indexes is not None and not (isinstance(eval_indexes, list) and len(eval_indexes) == 3):
                raise ValueError("The argument 'eval_indexes' must be a list or None. If 'eval_indexes' is a list, "
                                 f"length of it must be three. But got 'eval_indexes' {eval_indexes}")
            self._eval_network = eval_network
            self._eval_indexes = eval_indexes
            return
        if self._loss_fn is None:
            raise ValueError("If `metrics` is set, `eval_network` must not be None. Do not set `metrics` if you"
                             " don't want an evaluation.\n"
                             "If evaluation is required, you need to specify `eval_network`, which will be used in"
                             " the framework to evaluate the model.\n"
                             "For the simple scenarios with one data, one label and one logits, `eval_network` is"
                             " optional, and then you can set `eval_network` or `loss_fn`. For the latter case,"
                             " framework will automatically build an evaluation network with `network` and"
                             " `loss_fn`.")
        from ..nn.wrap.cell_wrapper import WithEvalCell
        self._eval_network = WithEvalCell(self._network, self._loss_fn, self._amp_level in ("O2", "O3", "auto"))
        self._eval_indexes = [0, 1, 2]

    @staticmethod
    def _get_metrics_fns(metrics):
        from .metrics_extra import get_metric_fn
        if metrics is None:
            return {}
        if isinstance(metrics, dict):
            for name, metric in metrics.items():
                if not isinstance(name, str) or not isinstance(metric, Metric):
                    raise TypeError("For 'get_metrics', if 'metrics' is dict, the key in 'metrics' must be string and "
                                    "value in 'metrics' must be Metric, but got key:"
                                    f"{type(name)}, value:{type(metric)}.")
            return dict(metrics)
        if isinstance(metrics, set):
            # a set's order (hence the printed metrics' order) follows string hashing, as in MindSpore
            return {name: get_metric_fn(name) for name in metrics}
        raise TypeError("For 'get_metrics', the argument 'metrics' must be None, dict or set, "
                        "but got {}".format(metrics))

    @property
    def train_network(self):
        """The network ``train`` runs (``TrainOneStepCell`` or the amp-built one)."""
        return self._train_network

    @property
    def predict_network(self):
        return self._predict_network

    @property
    def eval_network(self):
        return self._eval_network

    def _check_network_mode(self, network, is_train):
        if self._backbone_is_train != is_train:
            network.set_train(is_train)
            self._backbone_is_train = is_train

    def _clear_metrics(self):
        for m in self._metric_fns.values():
            m.clear()

    def _update_metrics(self, outputs):
        from .metrics import Loss
        if isinstance(outputs, torch.Tensor):
            outputs = (outputs,)
        if not isinstance(outputs, tuple):
            raise ValueError(f"The argument 'outputs' should be tuple, but got {type(outputs)}.")
        if self._eval_indexes is not None and len(outputs) < 3:
            raise ValueError("The length of 'outputs' must be >= 3, but got {}".format(len(outputs)))
        for m in self._metric_fns.values():
            if self._eval_indexes is None:
                m.update(*outputs)
            elif isinstance(m, Loss):
                m.update(outputs[self._eval_indexes[0]])
            else:
                m.update(outputs[self._eval_indexes[1]], outputs[self._eval_indexes[2]])

    def _get_metrics(self):
        return _metric_values({k: m.eval() for k, m in self._metric_fns.items()})

    # ------------------------------------------------------------------ checks
    @staticmethod
    def _transform_callbacks(callbacks):
        if callbacks is None:
            return []
        if isinstance(callbacks, (list, tuple)):
            return list(callbacks)
        return [callbacks]

    @staticmethod
    def _check_methods_for_custom_callbacks(callbacks, current_mode):
        """MindSpore: old-style hook names (``step_end``…) on a custom callback warn in train/eval, raise in fit."""
        internal = _internal_cb_names()
        for cb in callbacks if isinstance(callbacks, list) else [callbacks]:
            name = cb.__class__.__name__
            if name in internal:
                continue
            bad = set(cb.__class__.__dict__.keys()) & _OLD_HOOKS
            if bad:
                msg = (f"For {name} callback, {bad} methods may not be supported in later version, Use methods "
                       "prefixed with 'on_train' or 'on_eval' instead when using customized callbacks.")
                if current_mode in ("train", "eval"):
                    _log.warning(msg)
                else:
                    raise ValueError(msg)

    def _check_reuse_dataset(self, dataset):
        try:
            if not hasattr(dataset, "__model_hash__"):
                dataset.__model_hash__ = hash(self)
        except (AttributeError, TypeError):
            return   # a list or another object without attributes: nothing to bind
        if dataset.__model_hash__ != hash(self):
            raise RuntimeError("The dataset object had been used in other model by model.train(...), "
                               "please create a new dataset.")

    @staticmethod
    def _check_train_args(where, epoch, train_dataset, dataset_sink_mode, sink_size, initial_epoch):
        V.check_bool(dataset_sink_mode)
        if isinstance(sink_size, bool) or not isinstance(sink_size, int):
            raise TypeError(f"The input value must be int, but got '{type(sink_size).__name__}'")
        V.positive_int(epoch)
        V.check_number(initial_epoch, 0, "ge", int)
        if initial_epoch >= epoch:
            raise ValueError(f"For 'Model.{where}', the parameter 'epoch' must bigger than parameter 'initial_epoch',"
                             f" but got the parameter 'epoch' is {epoch}, 'initial_epoch' is {initial_epoch}.")
        dataset_size = _dataset_size(train_dataset)
        if dataset_size == 0:
            raise ValueError("There is no valid data in dataset, please check dataset file firstly.")
        if sink_size == -1:
            sink_size = dataset_size
        if sink_size < -1 or sink_size == 0:
            what = "argument" if where == "train" else "parameter"
            raise ValueError(f"For 'Model.{where}', The {what} 'sink_size' must be -1 or positive, "
                             f"but got {sink_size}.")
        return sink_size

    # ------------------------------------------------------------------ train / fit
    def train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Mirrors ``Model.train``: ``epoch - initial_epoch`` epochs over ``train_dataset`` with ``callbacks``
        (see the module docstring for ``dataset_sink_mode``/``sink_size``)."""
        sink_size = self._check_train_args("train", epoch, train_dataset, dataset_sink_mode, sink_size, initial_epoch)
        # no optimizer: MindSpore 2.10 runs the network (with its loss_fn) forward on every step, updating nothing
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "train")
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch)

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode=False, valid_dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Mirrors ``Model.fit``: ``train`` plus an evaluation on ``valid_dataset`` at the end of every
        ``valid_frequency``-th epoch (an int, or a list of epoch numbers). The evaluation's metrics are in
        ``cb_params.metrics`` and ``cb_params.eval_results`` (plus ``eval_loss``) during that epoch's
        ``on_train_epoch_end`` — where ``LossMonitor`` prints ``Eval result: epoch E, metrics: {...}`` once."""
        V.check_bool(valid_dataset_sink_mode)
        sink_size = self._check_train_args("fit", epoch, train_dataset, dataset_sink_mode, sink_size, initial_epoch)
        if not isinstance(valid_frequency, (int, list)):
            raise TypeError("For 'Model.fit', the type of 'valid_frequency' must be a list or an integer, but got "
                            f"type {type(valid_frequency)}.")
        if valid_dataset and not self._metric_fns:
            raise ValueError("For 'Model.fit', if valid_dataset is not None, the model argument 'metrics' can not be"
                             "None or empty, you should set the argument 'metrics' for model.")
        if self._optimizer is None:
            raise ValueError("For 'Model.fit', the 'optimizer' can not be None when training.")
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "fit")
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch,
                    valid_dataset, valid_frequency)

    def _train(self, epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch,
               valid_dataset=None, valid_frequency=1):
        from .callback._progress import ProgressBar, progress_requested
        cb = InternalCallbackParam()
        cb.cur_step_num = 0
        cb.train_network = self._train_network
        cb.epoch_num = epoch - initial_epoch
        cb.batch_num = sink_size if dataset_sink_mode and sink_size > 0 else _dataset_size(train_dataset)
        self.batch_num = cb.batch_num
        cb.mode = "train"
        cb.loss_fn = self._loss_fn
        cb.optimizer = self._optimizer
        cb.parallel_mode = "stand_alone"
        cb.device_number = 1
        cb.train_dataset = train_dataset
        cb.list_callback = self._transform_callbacks(callbacks)
        if progress_requested() and not any(isinstance(c, ProgressBar) for c in cb.list_callback):
            cb.list_callback.append(ProgressBar())
        cb.train_dataset_element = None
        cb.network = self._network
        cb.last_save_ckpt_step = None
        cb.latest_ckpt_file = None
        cb.loss_scale_mananger = self._loss_scale_manager   # (sic) MindSpore's key
        cb.initial_step = None
        with CallbackManager(cb.list_callback) as list_callback:
            self._check_reuse_dataset(train_dataset)
            try:
                self._train_process(epoch, train_dataset, list_callback, cb, initial_epoch,
                                    (valid_dataset, valid_frequency))
            except BaseException:
                self._exception_save(cb.list_callback)
                raise

    def _exception_save(self, callbacks):
        """``CheckpointConfig(exception_save=True)``: the breakpoint checkpoint MindSpore writes when training raises."""
        from .callback._checkpoint import ModelCheckpoint
        ck = None
        for c in callbacks:
            if isinstance(c, ModelCheckpoint):
                ck = c
        if ck is not None and ck._config.exception_save:
            ck._save_breakpoint(self._train_network, self._current_epoch_num, self._current_step_num)

    def _train_process(self, epoch, train_dataset, list_callback, cb, initial_epoch, valid_infos):
        self._train_network.set_train(True)
        self._backbone_is_train = True
        cb.dataset_sink_mode = False
        run_context = RunContext(cb)
        list_callback.on_train_begin(run_context)
        resume = getattr(run_context, "_resume_from", None)   # BackupAndRestore found a backup
        if resume is not None and resume[0] > initial_epoch:
            initial_epoch = min(resume[0], epoch)
            cb.cur_epoch_num = initial_epoch
            cb.cur_step_num = resume[1] if resume[1] is not None else initial_epoch * cb.batch_num
            for c in list_callback._callbacks:
                if hasattr(c, "_resume_at"):
                    c._resume_at(cb.cur_step_num)
        device = _device_of(self._train_network)
        epochs = _epochs(train_dataset, epoch - initial_epoch)
        for i in range(initial_epoch, epoch):
            cb.cur_epoch_num = i + 1
            self._current_epoch_num = cb.cur_epoch_num
            self._current_step_num = 0
            list_callback.on_train_epoch_begin(run_context)
            for element in epochs():
                n = len(element) if isinstance(element, (tuple, list, dict)) else 1
                element = _to_device(_to_tuple(element), device)
                if self._loss_fn and n != 2:
                    raise ValueError("When 'loss_fn' is not None, 'train_dataset' should return "
                                     "two elements, but got {}, please check the number of elements "
                                     "returned by 'train_dataset'".format(n))
                cb.cur_step_num += 1
                self._current_step_num = int((cb.cur_step_num - 1) % cb.batch_num + 1)
                cb.train_dataset_element = element
                list_callback.on_train_step_begin(run_context)
                self._check_network_mode(self._train_network, True)
                outputs = self._train_network(*element)
                cb.net_outputs = outputs
                mgr = self._loss_scale_manager
                if mgr is not None and mgr.get_drop_overflow_update():
                    mgr.update_loss_scale(bool(np.all(outputs[1].asnumpy())))
                list_callback.on_train_step_end(run_context)
                if run_context.get_stop_requested():
                    break
            self._eval_during_train(valid_infos, cb, list_callback)
            _reset(train_dataset)
            list_callback.on_train_epoch_end(run_context)
            cb.pop("metrics", None)
            cb.pop("eval_results", None)
            if run_context.get_stop_requested():
                break
        list_callback.on_train_end(run_context)

    def _eval_during_train(self, valid_infos, cb, list_callback):
        from .callback._time_monitor import TimeMonitor
        valid_dataset, valid_frequency = valid_infos
        if not valid_dataset:
            return
        ep = cb.cur_epoch_num
        due = ep % valid_frequency == 0 if isinstance(valid_frequency, int) else ep in valid_frequency
        if not due:
            return
        saved = cb.cur_step_num, cb.batch_num, cb.dataset_sink_mode, cb.net_outputs
        internal = _internal_cb_names()
        eval_callbacks = [c for c in list_callback._callbacks
                          if c.__class__.__name__ not in internal or isinstance(c, TimeMonitor)]
        cb.eval_network = self._eval_network
        cb.valid_dataset = valid_dataset
        cb.batch_num = _dataset_size(valid_dataset)
        cb.mode = "eval"
        cb.cur_step_num = 0
        self._clear_metrics()
        with CallbackManager(eval_callbacks) as eval_list:
            self._eval_process(valid_dataset, eval_list, cb, add_eval_loss=True)
        cb.mode = "train"
        cb.cur_step_num, cb.batch_num, cb.dataset_sink_mode, cb.net_outputs = saved

    # ------------------------------------------------------------------ eval / predict
    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        """Mirrors ``Model.eval``: ``{metric name: Python number}`` over ``valid_dataset`` (network in
        inference mode, no gradients)."""
        V.check_bool(dataset_sink_mode)
        if not self._metric_fns:
            raise ValueError("For Model.eval, the model argument 'metrics' can not be None or empty, "
                             "you should set the argument 'metrics' for model.")
        if callbacks:
            self._check_methods_for_custom_callbacks(callbacks, "eval")
        from .callback._progress import ProgressBar, progress_requested
        cb = InternalCallbackParam()
        cb.eval_network = self._eval_network
        cb.valid_dataset = valid_dataset
        cb.batch_num = _dataset_size(valid_dataset)
        cb.mode = "eval"
        cb.cur_step_num = 0
        cb.list_callback = self._transform_callbacks(callbacks)
        if progress_requested() and not any(isinstance(c, ProgressBar) for c in cb.list_callback):
            cb.list_callback.append(ProgressBar())
        cb.network = self._network
        self._clear_metrics()
        with CallbackManager(cb.list_callback) as list_callback:
            return self._eval_process(valid_dataset, list_callback, cb)

    def _eval_process(self, valid_dataset, list_callback, cb, add_eval_loss=False):
        from .metrics import Loss
        run_context = RunContext(cb)
        cb.dataset_sink_mode = False
        list_callback.on_eval_begin(run_context)
        net = self._eval_network
        net.set_train(False)
        self._backbone_is_train = False
        list_callback.on_eval_epoch_begin(run_context)
        eval_loss_fn = None
        device = _device_of(net)
        with torch.no_grad():
            for element in _iterate(valid_dataset):
                cb.cur_step_num += 1
                element = _to_device(_to_tuple(element), device)
                cb.eval_dataset_element = element
                list_callback.on_eval_step_begin(run_context)
                self._check_network_mode(net, False)
                outputs = net(*element)
                cb.net_outputs = outputs
                list_callback.on_eval_step_end(run_context)
                self._update_metrics(outputs)
                if add_eval_loss:
                    # MindSpore 2.10 makes a new Loss metric at every step: eval_loss is the last batch's loss
                    eval_loss_fn = Loss()
                    eval_loss_fn.update(outputs[self._eval_indexes[0] if self._eval_indexes else 0])
                if run_context.get_stop_requested():
                    break
        list_callback.on_eval_epoch_end(run_context)
        _reset(valid_dataset)
        metrics = self._get_metrics()
        cb.metrics = metrics
        if add_eval_loss:
            cb.eval_results = copy.deepcopy(metrics)
            cb.eval_results.update({"eval_loss": _as_py_number(eval_loss_fn.eval()) if eval_loss_fn else None})
        list_callback.on_eval_end(run_context)
        return metrics

    def predict(self, *predict_data, backend=None, config=None):
        """Mirrors ``Model.predict``: the network in inference mode on ``predict_data`` (no gradients)."""
        from ..common.tensor import Tensor
        if backend not in ("lite", None):
            raise ValueError(f"For Model.predict, `backend` should be 'lite' or None, but got {backend}")
        for item in predict_data:
            if item is None:
                continue
            if isinstance(item, torch.Tensor):
                if item.numel() == 0:
                    raise ValueError("The input data can not be empty.")
                continue
            if not isinstance(item, (int, float, str, tuple, list, dict)):
                data_class_str = "Tensor, None, int, float, str"
                raise TypeError(f"The types of input data must be in the Union({data_class_str}, "
                                f"tuple[{data_class_str}], list[{data_class_str}], dict[{data_class_str}]), "
                                f"but got type {type(item).__name__}.")
        net = self._predict_network
        if hasattr(net, "set_train"):
            net.set_train(False)
        else:
            net.eval()
        self._backbone_is_train = False
        with torch.no_grad():
            out = net(*predict_data)
        return out if not isinstance(out, torch.Tensor) or isinstance(out, Tensor) else _to_tuple(out)[0]

    def build(self, train_dataset=None, valid_dataset=None, sink_size=-1, epoch=1, sink_mode=True):
        """Mirrors ``Model.build``: MindSpore compiles the graphs and prepares the sink pipelines here. Eager
        PyTorch has nothing to compile ahead (``GRAPH_MODE`` networks compile on their first call), so after
        MindSpore's argument checks this only puts the networks in their modes."""
        V.positive_int(epoch)
        if isinstance(sink_size, bool) or not isinstance(sink_size, int):
            raise TypeError(f"The input value must be int, but got '{type(sink_size).__name__}'")
        if train_dataset is not None:
            if self._optimizer is None:
                raise RuntimeError("Model.build: 'optimizer' must be set to build the train network.")
            self._train_network.set_train(True)
            self._backbone_is_train = True
        if valid_dataset is not None:
            if not self._metric_fns:
                raise RuntimeError("If define `valid_dataset`, metric fn can not be None or empty, "
                                   "you should set the argument 'metrics' for model.")
            self._eval_network.set_train(False)
            self._backbone_is_train = False

    def infer_train_layout(self, train_dataset, dataset_sink_mode=True, sink_size=-1):
        """MindSpore's compiled parallel layout: ms_compat compiles no parallel graph (PyTorch's sharding
        carries the layout), so this raises ``MissingAPIError``."""
        from ..porting._missing import MissingAPIError
        raise MissingAPIError("'mindspore.train.Model.infer_train_layout' is not implemented in ms_compat: there is "
                              "no compiled parallel graph: PyTorch's sharding carries the layout "
                              "(https://pytorch.org/docs/stable/distributed.tensor.html).")

    def infer_predict_layout(self, *predict_data, skip_backend_compile=False):
        """See :meth:`infer_train_layout`."""
        from ..porting._missing import MissingAPIError
        raise MissingAPIError("'mindspore.train.Model.infer_predict_layout' is not implemented in ms_compat: there "
                              "is no compiled parallel graph: PyTorch's sharding carries the layout "
                              "(https://pytorch.org/docs/stable/distributed.tensor.html).")
