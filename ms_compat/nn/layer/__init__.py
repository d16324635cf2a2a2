"""``mindspore.nn.layer``: the layer families (one module each); every public layer is also reachable
here (``from mindspore.nn.layer import Dense``) and under MindSpore's module paths
(``mindspore.nn.layer.rnn_cells``, ``.dense``, ``.image``, ``.channel_shuffle`` re-export)."""


def __getattr__(name):
    from .. import _LAYER_FAMILIES
    for family, names in _LAYER_FAMILIES.items():
        if name in names:
            import importlib
            return getattr(importlib.import_module(f"{__name__}.{family}"), name)
    from ms_compat.porting._missing import module_getattr  # MissingAPIError naming the MindSpore API
    return module_getattr(__name__, name, {})
