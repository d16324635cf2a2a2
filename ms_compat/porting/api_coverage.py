"""What ms_compat covers of MindSpore 2.10: ``python -m ms_compat coverage [NAME ...]`` / ``ms-compat coverage``.

With names (``mindspore.nn.Dense``, ``mindspore.ops.reluu``, ``mindspore.load``, ``mindspore.mint``) it says for each
whether ms_compat provides it (*covered*), will provide it (*not yet*), will not (*will not*, with the PyTorch
alternative), or whether MindSpore 2.10 has no such name (*absent*, with a did-you-mean). Without names it prints
the summary table of the coverage page (migration_guides/api-coverage.md is this table with one section per
module, written by tools/api_coverage.py). The answers come from the installed ms_compat and the list of
MindSpore 2.10 names shipped with it (ms_compat/porting/_data/mindspore_names.json), so they are always those of the
installed version.
"""
from __future__ import annotations

import importlib
import sys

from . import _api_names

__all__ = ["lookup", "module_rows", "tensor_method_rows", "summary", "DETAIL_MODULES", "main"]

# modules listed name by name on the coverage page (the MindSpore API modules user code imports from)
DETAIL_MODULES = [
    "mindspore", "mindspore.nn", "mindspore.ops", "mindspore.ops.operations", "mindspore.ops.functional",
    "mindspore.mint", "mindspore.mint.nn", "mindspore.mint.nn.functional", "mindspore.mint.optim",
    "mindspore.mint.linalg", "mindspore.mint.special", "mindspore.mint.distributed", "mindspore.numpy",
    "mindspore.amp", "mindspore.train", "mindspore.train.amp", "mindspore.train.callback",
    "mindspore.common.initializer", "mindspore.common.dtype", "mindspore.communication",
    "mindspore.communication.comm_func", "mindspore.parallel", "mindspore.dataset", "mindspore.dataset.vision",
    "mindspore.dataset.transforms", "mindspore.dataset.text", "mindspore.dataset.audio",
    "mindspore.experimental.optim", "mindspore.experimental.optim.lr_scheduler",
    "mindspore.nn.probability.distribution", "mindspore.nn.probability.bijector", "mindspore.boost", "mindspore.hal",
    "mindspore.runtime", "mindspore.log", "mindspore.version", "mindspore.utils", "mindspore.scipy",
    "mindspore.device_context", "mindspore.profiler", "mindspore.mindrecord", "mindspore.rewrite",
    "mindspore.multiprocessing",
]


def _served(module_path: str):
    """The ms_compat module serving MindSpore module ``module_path`` (None when there is none)."""
    from .alias import resolve
    try:
        target = resolve(module_path)
    except ValueError:
        return None
    if target is None:
        return None
    try:
        return importlib.import_module(target)
    except ImportError:
        return None


def _provides(mod, name: str) -> bool:
    from ._missing import is_placeholder
    if mod is None:
        return False
    try:
        obj = getattr(mod, name)
    except Exception:  # noqa: BLE001 - missing, or a lazy attribute that fails to import
        return False
    return not is_placeholder(obj)


def _not_provided(path: str):
    reason = _api_names.will_not_reason(path)
    return ("will not", reason) if reason is not None else ("not yet", "")


def lookup(path: str):
    """``(status, detail)`` for MindSpore path ``path``: status is ``covered``, ``not yet``, ``will not`` (detail:
    the reason / PyTorch alternative) or ``absent`` (detail: close matches)."""
    if path != "mindspore" and not path.startswith("mindspore."):
        path = "mindspore." + path
    if _api_names.is_module(path) or path == "mindspore":
        return ("covered", "module") if _served(path) is not None else _not_provided(path)
    module, _, name = path.rpartition(".")
    alias = _api_names.module_alias(path)
    if alias is not None:
        return lookup(alias)
    if not _api_names.is_module(module):
        if module == "mindspore.Tensor":
            return _tensor_method_status(name)
        return "absent", f"no MindSpore {_api_names.MINDSPORE_VERSION} module '{module}'"
    if not _api_names.has_name(module, name):
        close = _api_names.suggest(module, name)
        return "absent", ("did you mean " + ", ".join(f"{module}.{c}" for c in close)) if close else ""
    if _provides(_served(module), name):
        return "covered", ""
    return _not_provided(path)


def module_rows(module_path: str):
    """``[(name, status, detail)]`` for every name of MindSpore module ``module_path``."""
    mod = _served(module_path)
    rows = []
    for name in sorted(_api_names.names_of(module_path)):
        if _provides(mod, name):
            rows.append((name, "covered", ""))
        else:
            rows.append((name,) + _not_provided(f"{module_path}.{name}"))
    return rows


def _tensor_method_status(name: str):
    from ..common.tensor import Tensor
    import torch
    from .._torch_seam import TensorBase as _TensorBase
    for cls in Tensor.__mro__:
        if cls in (torch.Tensor, _TensorBase, object):
            break
        if name in vars(cls):
            return "covered", ""
    if hasattr(torch.Tensor, name):
        return "covered", "PyTorch's method (same name; check its arguments)"
    return _not_provided(f"mindspore.Tensor.{name}")


def tensor_method_rows():
    """``[(name, status, detail)]`` for every public method/property of ``mindspore.Tensor``."""
    return [(n,) + _tensor_method_status(n) for n in _api_names.tensor_methods()]


def summary(modules=None):
    """``[(module, counts)]`` with counts ``{"covered", "not yet", "will not", "total"}``; the last row is
    ``mindspore.Tensor`` (methods)."""
    out = []
    for m in modules or [m for m in DETAIL_MODULES if _api_names.names_of(m)]:
        rows = module_rows(m)
        c = {"covered": 0, "not yet": 0, "will not": 0}
        for _, st, _ in rows:
            c[st] += 1
        c["total"] = len(rows)
        out.append((m, c))
    rows = tensor_method_rows()
    c = {"covered": 0, "not yet": 0, "will not": 0}
    for _, st, _ in rows:
        c[st] += 1
    c["total"] = len(rows)
    out.append(("mindspore.Tensor (methods)", c))
    return out


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if not argv:
        print(f"MindSpore {_api_names.MINDSPORE_VERSION} names provided by ms_compat "
              "(`python -m ms_compat coverage NAME` for one name)\n")
        print(f"{'module':<48} {'covered':>8} {'not yet':>8} {'will not':>9} {'total':>6}")
        for m, c in summary():
            print(f"{m:<48} {c['covered']:>8} {c['not yet']:>8} {c['will not']:>9} {c['total']:>6}")
        return 0
    code = 0
    for path in argv:
        status, detail = lookup(path)
        print(f"{path}: {status}" + (f" ({detail})" if detail else ""))
        code = code or (status == "absent")
    return code


if __name__ == "__main__":
    sys.exit(main())
