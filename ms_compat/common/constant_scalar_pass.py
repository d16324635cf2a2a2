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

The pass runs among Inductor's joint-graph passes: an ``aten.div.Tensor``/``aten.mul.Tensor`` whose second
operand is a 0-d floating tensor of the first operand's dtype, computed from graph constants only
(``get_attr`` constants and deterministic aten ops on them), takes that value as a Python number. With equal
dtypes the result is bit-for-bit the same (the number is converted back to that dtype, where it is exact).

**Only MindSpore graphs.** The pass applies to graphs that come from MindSpore code: those whose traced root
frame is ms_compat's (``ms.jit``, GRAPH_MODE, ``Cell.compile``, ``torch.compile(cell)``, whose root is
``Cell.forward``) or a module that imports the MindSpore API (the rule of :mod:`ms_compat._mindspore_code`),
or to every graph after :func:`apply_to_all_graphs`. ``torch._inductor.config.joint_custom_pre_pass`` holds
a :class:`ScopedPasses` (through :mod:`ms_compat._torch_seam`): a list that holds any pass the user had set
there and, while Inductor compiles a MindSpore graph, this pass. For every other graph it is exactly the
user's list (empty: what Inductor treats as no pass), so a plain PyTorch graph is compiled as without
ms_compat and its FX-graph cache key, which includes each custom pass's ``uuid``, is unchanged.
"""
from __future__ import annotations

import hashlib
import pathlib

import torch

from .._mindspore_code import is_mindspore_code
from .._torch_seam import OpOverload, current_traced_globals, inductor_custom_graph_pass_base, note_missing
from .._torch_seam import set_inductor_config_when_imported
from .._torch_seam import unset_fake_temporarily

__all__ = ["fold_constant_scalar_operands", "constant_scalar_pass_class", "install_constant_scalar_pass",
           "apply_to_all_graphs", "ScopedPasses"]

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
    if node.op != "call_function" or not isinstance(node.target, OpOverload):
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


_PASS_CLASS = []
_ALL_GRAPHS = []


def constant_scalar_pass_class():
    """The Inductor custom pass class (:func:`fold_constant_scalar_operands` with a ``uuid``, so Inductor's FX
    graph cache keeps working). Built on first use: ``torch._inductor`` costs seconds to import, and
    ms_compat must not import it."""
    if not _PASS_CLASS:
        CustomGraphPass = inductor_custom_graph_pass_base()

        class ConstantScalarOperands(CustomGraphPass):
            def __call__(self, graph: torch.fx.Graph) -> None:
                fold_constant_scalar_operands(graph)

            def uuid(self):
                return hashlib.sha256(pathlib.Path(__file__).read_bytes()).hexdigest()

        _PASS_CLASS.append(ConstantScalarOperands)
    return _PASS_CLASS[0]


def apply_to_all_graphs(on: bool = True) -> None:
    """Opt in (or out again): fold constant scalar operands in every graph Inductor compiles in this process,
    MindSpore's or not (no MindSpore counterpart)."""
    _ALL_GRAPHS[:] = [True] if on else []


def _mindspore_graph() -> bool:
    """Whether Inductor is compiling a graph of MindSpore code now (see the module docstring)."""
    if _ALL_GRAPHS:
        return True
    g = current_traced_globals()
    return g is not None and is_mindspore_code(g)


class ScopedPasses(list):
    """The value of ``joint_custom_pre_pass``: the user's passes, plus this pass while a MindSpore graph is
    compiled. Copies are the object itself (Inductor deep-copies its config when ``torch.compile`` is called;
    the answer must come when a graph is compiled)."""

    def _now(self):
        items = list.__iter__(self)
        return [*items, _ours()] if _mindspore_graph() else list(items)

    def __iter__(self):
        return iter(self._now())

    def __len__(self):
        return len(self._now())

    def __bool__(self):
        return bool(self._now())

    def __getitem__(self, i):
        return self._now()[i]

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    def __reduce__(self):
        return ScopedPasses, (list(list.__iter__(self)),)


_OURS = []


def _ours():
    if not _OURS:
        _OURS.append(constant_scalar_pass_class()())
    return _OURS[0]


def install_constant_scalar_pass() -> None:
    """Make ``torch._inductor.config.joint_custom_pre_pass`` a :class:`ScopedPasses` holding what was there (once):
    now if Inductor's config is already imported, else when it is (through :mod:`ms_compat._torch_seam`)."""
    def scoped(current):
        if isinstance(current, ScopedPasses):
            return current
        if current is not None and not isinstance(current, (list, tuple)):
            # a single pass the program set: a list around it would change its graphs' cache keys
            note_missing("constant_scalar_pass", "torch._inductor.config.joint_custom_pre_pass holds one pass "
                         "the program set: MindSpore graphs are not folded (set a list to combine passes)")
            return current
        return ScopedPasses(list(current or ()))
    set_inductor_config_when_imported(
        "joint_custom_pre_pass", scoped, "constant_scalar_pass",
        "torch._inductor.config.joint_custom_pre_pass holds ms_compat's constant-scalar pass, applied to "
        "MindSpore graphs only (plain graphs: the user's passes, same FX-graph cache keys)")
