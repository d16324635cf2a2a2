"""``mindspore.amp.build_train_network`` (also ``mindspore.build_train_network`` / ``mindspore.train``).

MindSpore 2.10's level table (``keep_batchnorm_fp32``, ``cast_model_type``, ``loss_scale_manager``):
O0 (False, float32, None), O1 (False, float32, None), O2 (True, float16, DynamicLossScaleManager()),
O3 (False, float16, None), auto (False, float32, None); kwargs override them. With
``cast_model_type=float16`` the network gets ``to_float(float16)`` and, with ``keep_batchnorm_fp32``,
its BatchNorm/LayerNorm cells run in float32 inside ``_OutputTo16``; O1/auto go through
``auto_mixed_precision``. The loss wrapper casts the network output and label to float32 when the
network runs in low precision. A loss-scale manager with an update cell gives a
``TrainOneStepWithLossScaleCell``; otherwise a ``TrainOneStepCell`` whose ``sens`` is the fixed scale.

As MindSpore 2.10, a loss-scale update cell (``DynamicLossScaleManager``, ``FixedLossScaleManager``
with ``drop_overflow_update=True``, level O2's default) is refused on device_target 'CPU' (``ValueError:
Only `loss_scale_manager=None` ... are supported on device `CPU`.``; ``Model`` builds through here);
on 'GPU' it trains. Difference: ``boost_level`` 'O1'/'O2' (MindSpore's
Ascend boost algorithms) warn once and train without boost.
"""
from __future__ import annotations

import warnings

import torch

from ..common import dtype as mstype
from ..nn.cell import Cell
from .amp_levels import _wrappers, auto_mixed_precision, keep_cells_fp32
from .cell_cast import cast_floats
from .loss_scale_manager import DynamicLossScaleManager, LossScaleManager

__all__ = ["build_train_network", "WithLossCell"]

_LEVELS = ["O0", "O1", "O2", "O3", "auto"]


# mindspore.train.amp._config_level: the settings of each amp level (real packages read it)
_config_level = {
    "O0": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
    "O1": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None},
    "O2": {"keep_batchnorm_fp32": True, "cast_model_type": mstype.float16,
           "loss_scale_manager": DynamicLossScaleManager()},
    "O3": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float16, "loss_scale_manager": None},
    "auto": {"keep_batchnorm_fp32": False, "cast_model_type": mstype.float32, "loss_scale_manager": None}}


def _level_config(level):
    """The settings of amp ``level`` (``_config_level``), with a loss-scale manager of its own for O2."""
    config = dict(_config_level[level])
    if config["loss_scale_manager"] is not None:
        config["loss_scale_manager"] = DynamicLossScaleManager()
    return config


def _check_level(level, boost_level):
    if not isinstance(level, str):
        raise TypeError(f"The argument `level` must be a string in {_LEVELS},but got type {type(level)}.")
    if level not in _LEVELS:
        raise ValueError(f"The 'level' should be in : {_LEVELS}, but got {level}.")
    if boost_level not in ["O0", "O1", "O2"]:
        raise ValueError(f"The 'boost_level' should be in : ['O0', 'O1', 'O2'], but got {boost_level}.")
    return boost_level in ("O1", "O2")


def _check_kwargs(key_words):
    """MindSpore's ``mindspore.train.amp._check_kwargs(key_words)``: build_train_network's kwargs."""
    kwargs = key_words
    for arg in kwargs:
        if arg not in ("cast_model_type", "keep_batchnorm_fp32", "loss_scale_manager"):
            raise ValueError(f"Unsupported arg '{arg}'")
    if "cast_model_type" in kwargs:
        t = kwargs["cast_model_type"]
        if t not in (mstype.float16, mstype.float32):
            shown = mstype.dtype_repr(t) if isinstance(t, torch.dtype) and mstype.is_mindspore_dtype(t) else t
            raise TypeError("The 'cast_model_type' should be one of [mindspore.float16, mindspore.float32], "
                            f"but got '{shown}'.")
    if "keep_batchnorm_fp32" in kwargs and not isinstance(kwargs["keep_batchnorm_fp32"], bool):
        raise TypeError("The type of 'keep_batchnorm_fp32' should be 'bool', but got type "
                        f"'{type(kwargs['keep_batchnorm_fp32']).__name__}'.")
    mgr = kwargs.get("loss_scale_manager")
    if mgr and not isinstance(mgr, LossScaleManager):
        raise TypeError("The type of 'loss_scale_manager' should be one of '['LossScaleManager', "
                        f"'GroupLossScaleManager']', but got type '{type(mgr).__name__}'.")


def _mixed_precision_process(network, config, level):
    if config["cast_model_type"] == mstype.float16:
        network.to_float(mstype.float16)
        if config["keep_batchnorm_fp32"]:
            keep_cells_fp32(network)
    elif not config["keep_batchnorm_fp32"] and level == "O2":
        network.to_float(mstype.float16)
    elif config["cast_model_type"] == mstype.float32 and level in ("O2", "O3"):
        pass
    else:
        network = auto_mixed_precision(network, level)
    return network


def _loss_network(network, loss_fn, cast_model_type):
    from ..nn.cell import Cell
    from ..nn.wrap.cell_wrapper import WithLossCell as _WithLossCell

    if not isinstance(loss_fn, Cell):
        raise TypeError(f"The type of 'loss_fn' should be 'Cell', but got type '{type(loss_fn).__name__}'.")
    if cast_model_type in (mstype.float16, mstype.bfloat16) or \
            network.__dict__.get("_amp_level") in ("O2", "O3", "auto"):
        return _Fp32LossCell(network, loss_fn)
    return _WithLossCell(network, loss_fn)


class WithLossCell(Cell):
    """build_train_network's loss wrapper for low-precision networks (MindSpore's local ``WithLossCell``):
    the network output and the label are cast to float32 before the loss."""

    def __init__(self, backbone, loss_fn):
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        out = self._backbone(data)
        return self._loss_fn(cast_floats(out, torch.float32), cast_floats(label, torch.float32))

    @property
    def backbone_network(self):
        return self._backbone


_Fp32LossCell = WithLossCell


_boost_warned = False


def build_train_network(network, optimizer, loss_fn=None, level="O0", boost_level="O0", **kwargs):
    """Mirrors ``mindspore.amp.build_train_network(network, optimizer, loss_fn=None, level='O0',
    boost_level='O0', **kwargs)`` (kwargs: ``cast_model_type``, ``keep_batchnorm_fp32``,
    ``loss_scale_manager``); returns a training cell in training mode. See the module docstring."""
    global _boost_warned
    from ..nn.optim.optimizer import Optimizer
    from ..nn.wrap.cell_wrapper import TrainOneStepCell
    from ..nn.wrap.loss_scale import TrainOneStepWithLossScaleCell

    if not isinstance(optimizer, Optimizer):
        raise TypeError("The type of 'optimizer' should be one of '['Optimizer', 'FreezeOpt', 'AdaSumByGradWrapCell', "
                        f"'AdaSumByDeltaWeightWrapCell']', but got type '{type(optimizer).__name__}'.")
    enable_boost = _check_level(level, boost_level)
    _check_kwargs(kwargs)
    if enable_boost and not _boost_warned:
        _boost_warned = True
        warnings.warn("build_train_network: boost_level has no effect in ms_compat (MindSpore's boost algorithms are "
                      "not implemented); training runs without boost.", UserWarning, stacklevel=2)
    config = dict(_level_config(level), **kwargs)
    network = _mixed_precision_process(network, config, level)
    if loss_fn:
        network = _loss_network(network, loss_fn, config["cast_model_type"])
    loss_scale = None
    manager = config["loss_scale_manager"]
    if manager is not None:
        loss_scale = manager.get_loss_scale()
        update_cell = manager.get_update_cell()
        if update_cell is not None:
            # MindSpore 2.10 refuses an updating loss scale on device_target 'CPU' (no control flow for
            # TrainOneStepWithLossScaleCell there); ms_compat could run it, but raises what MindSpore raises
            from ..context import get_context
            if get_context("device_target") == "CPU":
                raise ValueError("Only `loss_scale_manager=None` or "
                                 "`loss_scale_manager=FixedLossScaleManager(drop_overflow_update=False)`"
                                 "are supported on device `CPU`. ")
            return TrainOneStepWithLossScaleCell(network, optimizer, scale_sense=update_cell).set_train()
    return TrainOneStepCell(network, optimizer, loss_scale).set_train()


del _wrappers
