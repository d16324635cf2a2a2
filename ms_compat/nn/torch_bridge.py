"""Plain ``torch.nn.Module`` children inside a Cell (gradual porting).

When a non-Cell module is registered in a Cell (attribute assignment, ``insert_child_to_cell``,
``add_module``/``register_module``), ms_compat

* adopts its parameters as ms_compat ``Parameter``s in place (same objects, still
  ``torch.nn.Parameter``), so they get MindSpore names (``'norm.weight'``), and appear in
  ``get_parameters``/``parameters_dict``/checkpoints/optimizers like any Cell parameter;
* wraps its forward with two hooks so that the PyTorch code inside runs with PyTorch semantics:
  MindSpore ``Tensor`` inputs are viewed as plain ``torch.Tensor`` and subclass dispatch is disabled
  while it runs (``x.std()`` stays unbiased, ``x.repeat`` tiles); its tensor outputs come back as
  MindSpore ``Tensor``s.

Difference to know: the hooks stay on the module, so the same module called from plain PyTorch code
elsewhere also returns MindSpore ``Tensor``s.
"""
from __future__ import annotations

import torch
from .._torch_seam import DisableTorchFunctionSubclass

from ..common.parameter import Parameter
from ..common.tensor import Tensor, _PlainTensor, _as_subclass

__all__ = ["bridge_torch_module", "is_bridged"]

_MARK = "_ms_compat_bridge"


def _to_plain(x):
    if isinstance(x, Tensor):
        return _as_subclass(x, _PlainTensor)
    if type(x) in (tuple, list):
        return type(x)(_to_plain(v) for v in x)
    if type(x) is dict:
        return {k: _to_plain(v) for k, v in x.items()}
    return x


def _to_ms(x):
    if type(x) is _PlainTensor:
        return _as_subclass(x, Tensor)
    if type(x) in (tuple, list):
        return type(x)(_to_ms(v) for v in x)
    if type(x) is dict:
        return {k: _to_ms(v) for k, v in x.items()}
    return x


def _pre_hook(module, args, kwargs):
    stack = module.__dict__.setdefault("_ms_bridge_ctx", [])
    ctx = DisableTorchFunctionSubclass()
    ctx.__enter__()
    stack.append(ctx)
    return _to_plain(args), _to_plain(kwargs)


def _post_hook(module, args, kwargs, output):
    stack = module.__dict__.get("_ms_bridge_ctx")
    if stack:
        stack.pop().__exit__(None, None, None)
    return _to_ms(output)


def _state_dict_post_hook(module, state_dict, prefix, local_metadata):
    # keep state_dict values plain torch tensors (loadable with torch.load(weights_only=True) anywhere)
    for k, v in list(state_dict.items()):
        if k.startswith(prefix) and isinstance(v, Tensor) and not isinstance(v, torch.nn.Parameter):
            state_dict[k] = _as_subclass(v, _PlainTensor)


def is_bridged(module) -> bool:
    return getattr(module, _MARK, False)


def bridge_torch_module(module: torch.nn.Module, prefix: str = ""):
    """Adopt ``module``'s parameters as named ms_compat Parameters and install the semantics hooks.

    Idempotent. ``prefix`` is prepended to the parameter paths to form their MindSpore names."""
    for key, p in module.named_parameters():
        if not isinstance(p, Parameter):
            Parameter._adopt(p, prefix + key)
        elif p._has_generated_name():
            p.name = prefix + key
    if not is_bridged(module):
        module.register_forward_pre_hook(_pre_hook, with_kwargs=True)
        module.register_forward_hook(_post_hook, with_kwargs=True, always_call=True)
        for sub in module.modules():
            sub.register_state_dict_post_hook(_state_dict_post_hook)
        object.__setattr__(module, _MARK, True)
    return module
