"""An Inductor graph pass: a division or multiplication by a constant 0-d tensor becomes one by the number.

No MindSpore counterpart; it is what MindSpore's graph compiler does with a constant anyway. MindSpore code
scales attention scores by a constant *tensor* (``scores / ms.Tensor(np.sqrt(d), ms.float32)``, the
model zoo's ``scores_mul = Tensor([1 / math.sqrt(d)])``); PyTorch code divides by a Python float. Under
``torch.compile`` the tensor stays a graph constant (TorchDynamo even traces ``np.sqrt(d)`` into
``sqrt`` ops), and Inductor's attention fusion (``fx_passes/fuse_attention.py``, which rewrites
``softmax(q @ k.T / s + mask) @ v`` into one ``scaled_dot_product_attention``) wants a number:

* mostly the pattern does not match, so the MindSpore-style encoder kept its unfused ``bmm``/softmax/``bmm``
  (the benchmark's BERT eval step, compiled: 1.13x the PyTorch twin, whose attention was fused);
* for the simplest pattern it matches without checking and then fails to compile
  (``scaled_dot_product_attention() Expected a value of type 'Optional[float]' for argument 'scale'``).

The pass runs first among Inductor's joint-graph passes (``torch._inductor.config.joint_custom_pre_pass``,
appended to any pass already set there, when Inductor's config is first imported): an ``aten.div.Tensor``/
``aten.mul.Tensor`` whose second operand is a 0-d floating tensor of the first operand's dtype, computed from
graph constants only (``get_attr`` constants and deterministic aten ops on them), takes that value as a
Python number. With equal dtypes the result is bit-for-bit the same (the number is converted back to that
dtype, where it is exact). The pass is process-wide: plain PyTorch graphs with such an operand are folded
too (same bits); graphs without one are left untouched.
"""
from __future__ import annotations

import hashlib
import pathlib

import torch
from torch._subclasses.fake_tensor import unset_fake_temporarily

from .after_import import after_import

__all__ = ["fold_constant_scalar_operands", "constant_scalar_pass_class", "install_constant_scalar_pass"]

_ATEN = torch.ops.aten
_BINARY = (_ATEN.div.Tensor, _ATEN.mul.Tensor)
_MAX_DEPTH = 8


def _constant(node, gm, depth=0):
    """The real tensor ``node`` evaluates to when it depends on graph constants only, else ``None``."""
    if not isinstance(node, torch.fx.Node) or depth > _MAX_DEPTH:
        return None
    if node.op == "get_attr":
        value = getattr(gm, node.target, None) if gm is not None else None
        return value if isinstance(value, torch.Tensor) and value.numel() == 1 else None
    if node.op != "call_function" or not isinstance(node.target, torch._ops.OpOverload):
        return None
    if torch.Tag.nondeterministic_seeded in node.target.tags or node.target._schema.is_mutable:
        return None
    args = []
    for a in node.args:
        if isinstance(a, torch.fx.Node):
            a = _constant(a, gm, depth + 1)
            if a is None:
                return None
        elif isinstance(a, (list, tuple)) and any(isinstance(x, torch.fx.Node) for x in a):
            return None
        args.append(a)
    if any(isinstance(v, torch.fx.Node) for v in node.kwargs.values()):
        return None
    if not any(isinstance(a, torch.fx.Node) for a in node.args):
        return None  # a factory op (no constant inputs): left alone
    try:
        value = node.target(*args, **node.kwargs)
    except Exception:  # noqa: BLE001  (anything not evaluable here stays in the graph)
        return None
    return value if isinstance(value, torch.Tensor) and value.numel() == 1 else None


def fold_constant_scalar_operands(graph: torch.fx.Graph) -> int:
    """Rewrite ``x / c`` and ``x * c`` (``c`` a constant 0-d tensor of ``x``'s floating dtype) to use the
    number; returns how many were rewritten."""
    gm = graph.owning_module
    done = 0
    for node in graph.nodes:
        if node.op != "call_function" or node.target not in _BINARY or len(node.args) != 2 or node.kwargs:
            continue
        x, c = node.args
        if not isinstance(x, torch.fx.Node) or not isinstance(c, torch.fx.Node):
            continue
        xv, cv = x.meta.get("val"), c.meta.get("val")
        if not isinstance(xv, torch.Tensor) or not isinstance(cv, torch.Tensor):
            continue
        if cv.dim() != 0 or cv.dtype != xv.dtype or not cv.dtype.is_floating_point or cv.is_complex():
            continue
        with unset_fake_temporarily():  # real constants, evaluated outside the pass's fake mode
            value = _constant(c, gm)
            if value is None or value.dtype != cv.dtype:
                continue
            number = float(value.item())
        node.args = (x, number)
        done += 1
    if done:
        graph.eliminate_dead_code()
    return done


_INDUCTOR_CONFIG = "torch._inductor.config"
_PASS_CLASS = []


def constant_scalar_pass_class():
    """The Inductor custom pass class (:func:`fold_constant_scalar_operands` with a ``uuid``, so Inductor's FX
    graph cache keeps working). Built on first use: ``torch._inductor`` costs seconds to import, and
    ms_compat must not import it."""
    if not _PASS_CLASS:
        from torch._inductor.custom_graph_pass import CustomGraphPass

        class ConstantScalarOperands(CustomGraphPass):
            def __call__(self, graph: torch.fx.Graph) -> None:
                fold_constant_scalar_operands(graph)

            def uuid(self):
                return hashlib.sha256(pathlib.Path(__file__).read_bytes()).hexdigest()

        _PASS_CLASS.append(ConstantScalarOperands)
    return _PASS_CLASS[0]


def _append_pass(config) -> None:
    cls = constant_scalar_pass_class()
    current = config.joint_custom_pre_pass
    passes = list(current) if isinstance(current, (list, tuple)) else ([] if current is None else [current])
    if any(isinstance(p, cls) for p in passes):
        return
    passes.append(cls())
    config.joint_custom_pre_pass = passes[0] if len(passes) == 1 else passes


def install_constant_scalar_pass() -> None:
    """Append the pass to ``torch._inductor.config.joint_custom_pre_pass`` (once): now if Inductor's config is
    already imported, else when it is."""
    after_import(_INDUCTOR_CONFIG, _append_pass)
