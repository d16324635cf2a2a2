"""``mindspore.train``: checkpoints (save/load/convert), Model and callbacks."""
from .._missing import module_getattr as _mg

_LAZY = {
    "serialization": "ms_compat.train.serialization",
    "save_checkpoint": "ms_compat.train.serialization:save_checkpoint",
    "load_checkpoint": "ms_compat.train.serialization:load_checkpoint",
    "load_param_into_net": "ms_compat.train.serialization:load_param_into_net",
    "load_checkpoint_async": "ms_compat.train.serialization:load_checkpoint_async",
    "ckpt_to_safetensors": "ms_compat.train.serialization:ckpt_to_safetensors",
    "safetensors_to_ckpt": "ms_compat.train.serialization:safetensors_to_ckpt",
    "Model": "ms_compat.train.model:Model",
    "LossScaleManager": "ms_compat.amp.loss_scale_manager:LossScaleManager",
    "FixedLossScaleManager": "ms_compat.amp.loss_scale_manager:FixedLossScaleManager",
    "DynamicLossScaleManager": "ms_compat.amp.loss_scale_manager:DynamicLossScaleManager",
    "build_train_network": "ms_compat.amp.build_train:build_train_network",
}


def __getattr__(name):
    return _mg(__name__, name, _LAZY)
