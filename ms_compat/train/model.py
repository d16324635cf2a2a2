"""``mindspore.train.Model``: the high-level train / eval / predict loop, eager on PyTorch.

``dataset`` is any iterable of ``(data, label)`` tuples (or dicts; or a MindSpore-style dataset with
``create_tuple_iterator``); each item's columns are passed to the train network. ``dataset_sink_mode``
has no PyTorch meaning: it is accepted and the loop runs step by step (same numbers, one callback
``step_end`` per step).
"""
from __future__ import annotations

import torch

from ..common.tensor import as_ms
from ..nn.cell import Cell
from .callback import Callback, RunContext, _CallbackParams
from .metrics import Metric, get_metric_fn

__all__ = ["Model"]


def _columns(item):
    if isinstance(item, dict):
        item = tuple(item.values())
    if not isinstance(item, (tuple, list)):
        item = (item,)
    return tuple(as_ms(torch.as_tensor(x)) if not isinstance(x, torch.Tensor) else x for x in item)


def _iterate(dataset):
    if hasattr(dataset, "create_tuple_iterator"):
        return dataset.create_tuple_iterator(num_epochs=1)
    return iter(dataset)


def _batch_num(dataset):
    if hasattr(dataset, "get_dataset_size"):
        return dataset.get_dataset_size()
    try:
        return len(dataset)
    except TypeError:
        return None


class _CallbackList(Callback):
    def __init__(self, callbacks):
        if callbacks is None:
            callbacks = []
        elif isinstance(callbacks, Callback):
            callbacks = [callbacks]
        elif not isinstance(callbacks, (list, tuple)) or not all(isinstance(c, Callback) for c in callbacks):
            raise TypeError("The 'callbacks' must be a Callback instance or a list of Callback instances.")
        self._cbs = list(callbacks)

    def __getattribute__(self, name):
        if name.startswith("on_"):
            cbs = object.__getattribute__(self, "_cbs")
            return lambda rc: [getattr(c, name)(rc) for c in cbs]
        return object.__getattribute__(self, name)


class Model:
    """Mirrors ``mindspore.train.Model(network, loss_fn=None, optimizer=None, metrics=None,
    eval_network=None, eval_indexes=None, amp_level='O0', boost_level='O0', **kwargs)``.

    Training network: ``TrainOneStepCell(WithLossCell(network, loss_fn), optimizer)`` for
    ``amp_level='O0'`` without a loss-scale manager, else ``amp.build_train_network``; without an
    optimizer, ``network`` (with the loss) is only evaluated. Differences: no dataset sinking, no
    boost, no parallel dataset helpers."""

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None, eval_indexes=None,
                 amp_level="O0", boost_level="O0", **kwargs):
        if not isinstance(network, torch.nn.Module):
            raise TypeError(f"For 'Model', the argument 'network' must be Cell, but got {type(network)}.")
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._amp_level = amp_level
        self._boost_level = boost_level
        self._kwargs = kwargs
        self._metric_fns = self._build_metrics(metrics)
        if eval_indexes is not None and (not isinstance(eval_indexes, list) or len(eval_indexes) != 3):
            raise ValueError("For 'Model', the argument 'eval_indexes' must be a list of 3 ints, "
                             f"but got {eval_indexes}.")
        self._eval_indexes = eval_indexes
        self._train_network = self._build_train_network()
        self._eval_network = eval_network if eval_network is not None else self._build_eval_network()
        self._predict_network = network

    @staticmethod
    def _build_metrics(metrics):
        if metrics is None:
            return {}
        if isinstance(metrics, dict):
            out = {}
            for k, v in metrics.items():
                if not isinstance(v, Metric):
                    raise TypeError(f"For 'Model', the value of metrics '{k}' must be Metric, but got {type(v)}.")
                out[k] = v
            return out
        if isinstance(metrics, (set, list, tuple)):
            return {name: get_metric_fn(name) for name in metrics}
        raise TypeError(f"For 'Model', the argument 'metrics' must be None, dict or set, but got {type(metrics)}.")

    def _build_train_network(self):
        net = self._network
        if self._optimizer is None:
            if self._loss_fn is not None:
                from ..nn.wrap.cell_wrapper import WithLossCell
                return WithLossCell(net, self._loss_fn)
            return net
        if self._amp_level != "O0" or self._kwargs.get("loss_scale_manager") is not None:
            from ..amp.build_train import build_train_network
            return build_train_network(net, self._optimizer, self._loss_fn, level=self._amp_level,
                                       boost_level=self._boost_level, **self._kwargs)
        from ..nn.wrap.cell_wrapper import TrainOneStepCell, WithLossCell
        if self._loss_fn is not None:
            net = WithLossCell(net, self._loss_fn)
        return TrainOneStepCell(net, self._optimizer)

    def _build_eval_network(self):
        if not self._metric_fns:
            return None
        if self._loss_fn is None:
            raise ValueError("If define the 'metrics', must define the 'loss_fn' or 'eval_network'.")
        from ..nn.wrap.cell_wrapper import WithEvalCell
        self._eval_indexes = [0, 1, 2]
        return WithEvalCell(self._network, self._loss_fn)

    @property
    def train_network(self):
        return self._train_network

    @property
    def predict_network(self):
        return self._predict_network

    @property
    def eval_network(self):
        return self._eval_network

    # ------------------------------------------------------------------ train
    def train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Runs ``epoch - initial_epoch`` epochs over ``train_dataset`` calling the callbacks."""
        if isinstance(epoch, bool) or not isinstance(epoch, int) or epoch <= 0:
            raise ValueError(f"For 'Model.train', the argument 'epoch' must be int and must > 0, but got {epoch}.")
        if isinstance(initial_epoch, bool) or not isinstance(initial_epoch, int) or not 0 <= initial_epoch < epoch:
            raise ValueError(f"For 'Model.train', the argument 'initial_epoch' must be in [0, {epoch}), "
                             f"but got {initial_epoch}.")
        if self._optimizer is None:
            raise ValueError("For 'Model.train', the 'optimizer' can not be None when training.")
        net = self._train_network
        net.set_train(True)
        cbs = _CallbackList(callbacks)
        cb = _CallbackParams(train_network=net, network=self._network, optimizer=self._optimizer,
                             loss_fn=self._loss_fn, epoch_num=epoch, cur_epoch_num=initial_epoch, cur_step_num=0,
                             batch_num=_batch_num(train_dataset) or 0, dataset_sink_mode=False, mode="train",
                             train_dataset=train_dataset, net_outputs=None, parallel_mode="stand_alone",
                             device_number=1, list_callback=cbs._cbs)
        rc = RunContext(cb)
        cbs.on_train_begin(rc)
        for ep in range(initial_epoch, epoch):
            cb.cur_epoch_num = ep + 1
            cbs.on_train_epoch_begin(rc)
            n = 0
            for item in _iterate(train_dataset):
                cb.train_dataset_element = item
                cbs.on_train_step_begin(rc)
                cb.net_outputs = net(*_columns(item))
                cb.cur_step_num += 1
                n += 1
                if not cb.batch_num:
                    cb.batch_num = n
                cbs.on_train_step_end(rc)
                if rc.get_stop_requested():
                    break
            if not cb.batch_num:
                cb.batch_num = n
            cbs.on_train_epoch_end(rc)
            if rc.get_stop_requested():
                break
        cbs.on_train_end(rc)

    # ------------------------------------------------------------------ eval / predict
    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        """Returns ``{metric name: value}`` over ``valid_dataset`` (network in inference mode)."""
        if self._eval_network is None or not self._metric_fns:
            raise ValueError("For Model.eval, the model argument 'metrics' can not be None or empty, "
                             "you should set the argument 'metrics' for model.")
        net = self._eval_network
        net.set_train(False)
        for m in self._metric_fns.values():
            m.clear()
        cbs = _CallbackList(callbacks)
        cb = _CallbackParams(eval_network=net, valid_dataset=valid_dataset, cur_step_num=0,
                             batch_num=_batch_num(valid_dataset) or 0, mode="eval", net_outputs=None,
                             dataset_sink_mode=False, cur_epoch_num=1)
        rc = RunContext(cb)
        cbs.on_eval_begin(rc)
        cbs.on_eval_epoch_begin(rc)
        li, pi, yi = self._eval_indexes or [0, 1, 2]
        with torch.no_grad():
            for item in _iterate(valid_dataset):
                cbs.on_eval_step_begin(rc)
                outputs = net(*_columns(item))
                cb.net_outputs = outputs
                cb.cur_step_num += 1
                for m in self._metric_fns.values():
                    if isinstance(m, _loss_metric()):
                        m.update(outputs[li])
                    else:
                        m.update(outputs[pi], outputs[yi])
                cbs.on_eval_step_end(rc)
                if rc.get_stop_requested():
                    break
        res = {k: m.eval() for k, m in self._metric_fns.items()}
        cb.metrics = res
        cbs.on_eval_epoch_end(rc)
        cbs.on_eval_end(rc)
        return res

    def predict(self, *predict_data, backend=None, config=None):
        """Runs the network in inference mode on ``predict_data``."""
        net = self._predict_network
        if isinstance(net, Cell):
            net.set_train(False)
        else:
            net.eval()
        with torch.no_grad():
            return net(*predict_data)

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode=False, valid_dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        """Train, evaluating on ``valid_dataset`` at the epochs ``valid_frequency`` selects (an int: every that many
        epochs; a list: those epochs), as MindSpore 2.10: the result is ``cb_params.metrics`` during that epoch's
        ``on_train_epoch_end`` callbacks (LossMonitor prints it as "Eval result: ...") and is removed after them.
        Differences: the validation pass runs no user callbacks; metric values are Python floats (MindSpore's
        are numpy.float64, a float subclass that numpy 2 prints as ``np.float64(...)``)."""
        if valid_dataset is None:
            return self.train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch)
        model = self

        def should_eval(ep):
            return ep % valid_frequency == 0 if isinstance(valid_frequency, int) else ep in valid_frequency

        class _EvalBeforeCallbacks(Callback):
            def on_train_epoch_end(self, rc):
                cb = rc.original_args()
                if should_eval(cb.cur_epoch_num):
                    cb.metrics = model.eval(valid_dataset)
                    model._train_network.set_train(True)

        class _DropMetricsAfterCallbacks(Callback):
            def on_train_epoch_end(self, rc):
                rc.original_args().pop("metrics", None)

        cbs = [_EvalBeforeCallbacks()] + _CallbackList(callbacks)._cbs + [_DropMetricsAfterCallbacks()]
        return self.train(epoch, train_dataset, cbs, dataset_sink_mode, sink_size, initial_epoch)


def _loss_metric():
    from .metrics import Loss
    return Loss
