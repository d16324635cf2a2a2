"""Parameter names at the MindSpore ↔ PyTorch boundary: a declarative two-way map per layer kind.

MindSpore and PyTorch name the same tensors differently in a few layer kinds (BatchNorm ``gamma``
/ ``beta`` / ``moving_mean`` / ``moving_variance`` are PyTorch's ``weight`` / ``bias`` /
``running_mean`` / ``running_var``; LayerNorm/GroupNorm ``gamma``/``beta``; Embedding
``embedding_table``; PReLU ``w``). :data:`LAYER_RULES` lists them; everything else (Dense/Linear,
Conv ``weight``/``bias`` ...) keeps its name and layout.

* :func:`ms_to_torch` / :func:`load_into_torch`: a MindSpore checkpoint into a native PyTorch model
  of the same architecture (or into the ported ms_compat model, whose ``state_dict`` keys are
  attribute paths while the checkpoint uses ``param.name``).
* :func:`torch_to_ms` / :func:`load_into_cell`: a PyTorch ``state_dict`` into the ported model.

Every translation returns a :class:`NameMapReport` (missing / unexpected keys and shape mismatches,
by name). The ``load_*`` functions check everything before they copy anything. This module is an
ms_compat addition (MindSpore has no counterpart).
"""
from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field

import torch

__all__ = ["LayerRule", "LAYER_RULES", "NameMapReport", "layer_kind", "ms_to_torch", "torch_to_ms",
           "load_into_torch", "load_into_cell"]


@dataclass(frozen=True)
class LayerRule:
    """How one layer kind names its tensors: ``ms_to_torch`` maps MindSpore local names to PyTorch
    local names (the reverse map is derived); ``torch_only`` are PyTorch entries MindSpore does not
    have (left at their current value and reported as ``ignored``)."""

    kind: str
    ms_to_torch: dict
    torch_only: tuple = ()

    @property
    def torch_to_ms(self):
        return {v: k for k, v in self.ms_to_torch.items()}


_NORM = {"gamma": "weight", "beta": "bias"}
_BN = {"gamma": "weight", "beta": "bias", "moving_mean": "running_mean", "moving_variance": "running_var"}

LAYER_RULES = {
    "BatchNorm": LayerRule("BatchNorm", _BN, ("num_batches_tracked",)),
    "InstanceNorm": LayerRule("InstanceNorm", _BN, ("num_batches_tracked",)),
    "LayerNorm": LayerRule("LayerNorm", _NORM),
    "GroupNorm": LayerRule("GroupNorm", _NORM),
    "Embedding": LayerRule("Embedding", {"embedding_table": "weight"}),
    "PReLU": LayerRule("PReLU", {"w": "weight"}),
}

_TORCH_KINDS = (
    (torch.nn.modules.batchnorm._BatchNorm, "BatchNorm"),
    (torch.nn.modules.instancenorm._InstanceNorm, "InstanceNorm"),
    (torch.nn.LayerNorm, "LayerNorm"),
    (torch.nn.GroupNorm, "GroupNorm"),
    (torch.nn.Embedding, "Embedding"),
    (torch.nn.PReLU, "PReLU"),
)
# MindSpore (ms_compat) layer classes, by class name
_MS_KINDS = (
    (re.compile(r"^(Sync)?BatchNorm([123]d)?$"), "BatchNorm"),
    (re.compile(r"^InstanceNorm[123]d$"), "InstanceNorm"),
    (re.compile(r"^LayerNorm$"), "LayerNorm"),
    (re.compile(r"^GroupNorm$"), "GroupNorm"),
    (re.compile(r"^Embedding$"), "Embedding"),
    (re.compile(r"^PReLU$"), "PReLU"),
)


def layer_kind(module):
    """The :data:`LAYER_RULES` kind of a module (a torch layer or an ms_compat Cell), else ``None``."""
    for cls, kind in _TORCH_KINDS:
        if isinstance(module, cls):
            return kind
    name = type(module).__name__
    for pat, kind in _MS_KINDS:
        if pat.match(name):
            return kind
    return None


@dataclass
class NameMapReport:
    """Result of a name translation: ``mapping`` target key → source key; ``missing`` target keys
    with no source; ``unexpected`` source keys nobody used; ``shape_mismatch`` entries
    ``(target key, source key, target shape, source shape)``; ``ignored`` framework-only entries."""

    mapping: dict = field(default_factory=dict)
    missing: list = field(default_factory=list)
    unexpected: list = field(default_factory=list)
    shape_mismatch: list = field(default_factory=list)
    ignored: list = field(default_factory=list)

    @property
    def ok(self):
        return not (self.missing or self.unexpected or self.shape_mismatch)

    def describe(self):
        parts = []
        if self.missing:
            parts.append("Missing key(s): " + ", ".join(f'"{k}" (from "{self.mapping.get(k, k)}")'
                                                      for k in self.missing))
        if self.unexpected:
            parts.append("Unexpected key(s): " + ", ".join(f'"{k}"' for k in self.unexpected))
        for t, s, ts, ss in self.shape_mismatch:
            parts.append(f"size mismatch for {t}: copying {s} with shape {ss}, the shape in the current model "
                         f"is {ts}")
        return "\n\t".join(parts)


def _entries(model):
    """(target key, module, local name, tensor, is_param) for every parameter / persistent buffer."""
    for path, m in model.named_modules(remove_duplicate=False):
        prefix = path + "." if path else ""
        for n, p in m._parameters.items():
            if p is not None:
                yield prefix + n, m, n, p, True
        skip = getattr(m, "_non_persistent_buffers_set", set())
        for n, b in m._buffers.items():
            if b is not None and n not in skip:
                yield prefix + n, m, n, b, False


def _ms_name(p):
    return p.__dict__.get("_ms_name") if hasattr(p, "__dict__") else None


def _translate(source, model, direction):
    """Plan target key → (tensor object, source key) and the report (no data copied)."""
    report = NameMapReport()
    plan = OrderedDict()
    used = set()
    ignored_src = set()
    seen = set()
    for key, m, local, tensor, is_param in _entries(model):
        if key in seen:
            continue
        seen.add(key)
        rule = LAYER_RULES.get(layer_kind(m))
        path = key[: len(key) - len(local)]
        if direction == "ms_to_torch":
            ms_name = _ms_name(tensor) if is_param else None
            if rule is not None and local in rule.torch_only:
                report.ignored.append(key)
                continue
            if ms_name and not ms_name.startswith("Parameter#"):
                src = ms_name      # ported Cell: the checkpoint key is param.name
            else:
                src = path + (rule.torch_to_ms.get(local, local) if rule else local)
            out_key = key
        else:
            src = path + (rule.ms_to_torch.get(local, local) if rule else local)
            ms_name = _ms_name(tensor) if is_param else None
            out_key = ms_name if ms_name and not ms_name.startswith("Parameter#") else key
            if rule is not None:
                for extra in rule.torch_only:
                    ignored_src.add(path + extra)
        report.mapping[out_key] = src
        if src not in source:
            report.missing.append(out_key)
            continue
        value = source[src]
        used.add(src)
        if not isinstance(value, torch.Tensor):
            report.missing.append(out_key)
            continue
        tshape, sshape = tuple(torch.Tensor.size(tensor)), tuple(torch.Tensor.size(value))
        if tshape != sshape:
            report.shape_mismatch.append((out_key, src, tshape, sshape))
            continue
        plan[out_key] = (tensor, value)
    for k in source:
        if k in used:
            continue
        if k in ignored_src:
            report.ignored.append(k)
        elif isinstance(source[k], torch.Tensor):
            report.unexpected.append(k)
    return plan, report


def _plain(t):
    return torch.Tensor.as_subclass(t.detach(), torch.Tensor)


def ms_to_torch(ms_tensors, model):
    """Translate a MindSpore name → tensor dict to ``model``'s ``state_dict`` keys.

    Returns ``(state_dict, report)``; the state_dict holds the checkpoint tensors (source dtype)
    under the model's keys, ready for ``model.load_state_dict(state_dict, strict=False)``."""
    plan, report = _translate(ms_tensors, model, "ms_to_torch")
    return OrderedDict((k, _plain(v)) for k, (_, v) in plan.items()), report


def torch_to_ms(state_dict, model):
    """Translate a PyTorch ``state_dict`` to the MindSpore names of ``model`` (a ported Cell).

    Returns ``(dict ms name → tensor, report)``, ready for ``save_checkpoint`` or, wrapped in
    Parameters, for ``load_param_into_net``."""
    plan, report = _translate(state_dict, model, "torch_to_ms")
    return OrderedDict((k, _plain(v)) for k, (_, v) in plan.items()), report


def _apply(plan, report, strict, what):
    if report.shape_mismatch or (strict and not report.ok):
        raise RuntimeError(f"Error(s) in loading {what}:\n\t{report.describe()}")
    with torch.no_grad():
        for target, value in plan.values():
            _plain(target).copy_(_plain(value).to(device=target.device))
    return report


def load_into_torch(model, checkpoint, strict=True):
    """Load a MindSpore checkpoint (file name or ``load_checkpoint`` dict) into a native PyTorch
    model of the same architecture. ``strict=True`` raises ``RuntimeError`` naming every missing /
    unexpected key; shape mismatches always raise; nothing is copied unless all checks pass.
    Returns the :class:`NameMapReport`."""
    if not isinstance(checkpoint, dict):
        from .serialization import read_checkpoint_tensors
        import os
        fmt = "safetensors" if os.fspath(checkpoint).endswith(".safetensors") else "ckpt"
        checkpoint = read_checkpoint_tensors(checkpoint, format=fmt)
    plan, report = _translate(checkpoint, model, "ms_to_torch")
    return _apply(plan, report, strict, f"a MindSpore checkpoint into {type(model).__name__}")


def load_into_cell(cell, state_dict, strict=True):
    """Load a PyTorch ``state_dict`` (dict or ``.pt`` file, read with ``weights_only=True``) into the
    ported model (MindSpore names). Same checks and report as :func:`load_into_torch`."""
    if not isinstance(state_dict, dict):
        from .serialization import torch_load_state_dict
        state_dict = torch_load_state_dict(state_dict)
    plan, report = _translate(state_dict, cell, "torch_to_ms")
    return _apply(plan, report, strict, f"a PyTorch state_dict into {type(cell).__name__}")
