"""``mindspore.amp``: mixed precision (auto_mixed_precision, custom_mixed_precision, build_train_network,
loss scalers and loss-scale managers). ``Cell.to_float`` lives in :mod:`ms_compat.amp.cell_cast`."""
from ..porting._missing import module_getattr as _mg

_LAZY = {
    "auto_mixed_precision": "ms_compat.amp.amp_levels:auto_mixed_precision",
    "custom_mixed_precision": "ms_compat.amp.amp_levels:custom_mixed_precision",
    "get_white_list": "ms_compat.amp.amp_levels:get_white_list",
    "get_black_list": "ms_compat.amp.amp_levels:get_black_list",
    "build_train_network": "ms_compat.amp.build_train:build_train_network",
    "_config_level": "ms_compat.amp.build_train:_config_level",  # mindspore.train.amp._config_level
    "_add_loss_network": "ms_compat.amp.build_train:_loss_network",  # mindspore.train.amp._add_loss_network
    "_check_kwargs": "ms_compat.amp.build_train:_check_kwargs",  # mindspore.train.amp._check_kwargs
    "LossScaler": "ms_compat.amp.loss_scaler:LossScaler",
    "StaticLossScaler": "ms_compat.amp.loss_scaler:StaticLossScaler",
    "DynamicLossScaler": "ms_compat.amp.loss_scaler:DynamicLossScaler",
    "all_finite": "ms_compat.amp.loss_scaler:all_finite",
    "_auto_black_list": "ms_compat.amp.amp_levels:_auto_black_list",
    "AmpLevel": "ms_compat.amp.amp_levels:AmpLevel",
    "init_status": "ms_compat.amp.loss_scaler:init_status",
    "LossScaleManager": "ms_compat.amp.loss_scale_manager:LossScaleManager",
    "FixedLossScaleManager": "ms_compat.amp.loss_scale_manager:FixedLossScaleManager",
    "DynamicLossScaleManager": "ms_compat.amp.loss_scale_manager:DynamicLossScaleManager",
    "amp_cast": "ms_compat.amp.amp_tables:amp_cast",
    "AMP_PRIM_ARG_TABLE": "ms_compat.amp.amp_tables:AMP_PRIM_ARG_TABLE",
    "MS_AMP_BY_REWRITE": "ms_compat.amp.amp_tables:MS_AMP_BY_REWRITE",
    "Primitive": "ms_compat.ops.primitive:Primitive",
    "AmpDecorator": "ms_compat.amp.strategy:AmpDecorator",
    "create_amp_strategy": "ms_compat.amp.strategy:create_amp_strategy",
    "push_amp_strategy": "ms_compat.amp.strategy:push_amp_strategy",
    "pop_amp_strategy": "ms_compat.amp.strategy:pop_amp_strategy",
}

__all__ = ["DynamicLossScaleManager", "LossScaleManager", "FixedLossScaleManager", "build_train_network",
           "DynamicLossScaler", "StaticLossScaler", "LossScaler", "auto_mixed_precision", "all_finite",
           "custom_mixed_precision", "get_white_list", "get_black_list"]


def __getattr__(name):
    if name in ("AMP_WHITE_LIST", "AMP_BLACK_LIST"):  # mindspore.train.amp's lists (this module serves it too)
        from .amp_levels import amp_list
        return amp_list(name)
    if name in ("AMP_AUTO_WHITE_LIST", "AMP_AUTO_BLACK_LIST"):  # the 'auto' level's lists
        from .amp_tables import auto_list
        return auto_list(name)
    return _mg(__name__, name, _LAZY)


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
