"""Whole-run comparison: the same training script, the same seed, under MindSpore and under ms_compat — every
step's loss and the final weights against a MindSpore record, with a tolerance that grows as measured.

Since ms_compat draws MindSpore's random numbers (initializers, dataset orders), a ported run starts from the
same weights and sees the same batches as the original; what remains between the two is float32 rounding,
which each step's update carries into the next. The tolerance is measured, never tuned to one machine:

* the port is also run in float64 (:func:`float64_twin`: the same weights, batches and updates, carried in
  float64 — the same on any CPU to ~1e-12), standing in for the exact run;
* at step ``k`` the tolerance is ``factor`` times the largest distance of MindSpore's own float32 losses from
  that float64 run over steps ``0..k`` (a running maximum: the rounding a run has accumulated never shrinks),
  and at least ``floor_ulps`` float32 ulps of the loss; the port's float32 losses must lie within it of
  MindSpore's;
* each final weight tensor: ``factor`` times MindSpore's largest distance from the float64 run's weights,
  at least ``floor_ulps`` ulps of the tensor's largest magnitude.

A port that reads a batch out of order, initialises differently or updates wrongly misses by orders of
magnitude more (the loss curve moves by ~1e-2 per step); see migration_guides/README.md, "Compare a whole training
run".

Record the MindSpore side with :func:`save_run` (plain numpy: it runs under real MindSpore too).
"""
from __future__ import annotations

import contextlib
import dataclasses

import numpy as np

__all__ = ["save_run", "load_run", "run_tolerance", "RunComparison", "compare_runs", "assert_runs_close",
           "float64_twin"]

_EPS32 = float(np.finfo(np.float32).eps)


def save_run(path, losses, weights=None):
    """Write one run: ``losses`` (one per step) and ``weights`` (``{name: array}``, e.g. ``{p.name: p.asnumpy()
    for p in net.trainable_params()}``) to the ``.npz`` file ``path``."""
    arrays = {"losses": np.asarray(losses, np.float64).reshape(-1)}
    for name, w in (weights or {}).items():
        arrays["w|" + name] = np.asarray(w)
    np.savez_compressed(path, **arrays)


def load_run(path):
    """Read a file of :func:`save_run`: ``(losses, {name: weights})``."""
    with np.load(path) as f:
        return (np.asarray(f["losses"], np.float64),
                {k[2:]: np.asarray(f[k]) for k in f.files if k.startswith("w|")})


def run_tolerance(reference, float64, factor=4.0, floor_ulps=4.0):
    """Per-step tolerance: ``factor`` x the running maximum of ``|reference - float64|`` (MindSpore's float32
    losses against the float64 run), at least ``floor_ulps`` float32 ulps of ``|float64|``."""
    ref, f64 = np.asarray(reference, np.float64), np.asarray(float64, np.float64)
    if ref.shape != f64.shape:
        raise ValueError(f"run_tolerance: {ref.size} reference losses but {f64.size} float64 losses.")
    measured = np.maximum.accumulate(np.abs(ref - f64)) if ref.size else ref
    return np.maximum(factor * measured, floor_ulps * _EPS32 * np.abs(f64))


@dataclasses.dataclass
class RunComparison:
    """What :func:`compare_runs` found: per-step losses, differences and tolerances, per-weight verdicts."""
    actual: np.ndarray
    reference: np.ndarray
    tolerance: np.ndarray
    weights: list  # (name, max |actual - reference|, tolerance, ok)

    @property
    def loss_diff(self):
        return np.abs(self.actual - self.reference)

    @property
    def first_bad_step(self):
        bad = np.nonzero(self.loss_diff > self.tolerance)[0]
        return int(bad[0]) if bad.size else None

    @property
    def ok(self):
        return self.first_bad_step is None and all(w[3] for w in self.weights)

    def table(self):
        lines = [f"{'step':>5} {'ms_compat':>14} {'MindSpore':>14} {'|diff|':>10} {'tolerance':>10}"]
        first = self.first_bad_step
        for k, (a, r, d, t) in enumerate(zip(self.actual, self.reference, self.loss_diff, self.tolerance)):
            mark = "  <-- first step out of tolerance" if k == first else ""
            lines.append(f"{k:>5} {a:>14.8f} {r:>14.8f} {d:>10.3g} {t:>10.3g}{mark}")
        for name, d, t, ok in self.weights:
            lines.append(f"weights {name}: max|diff| {d:.3g}, tolerance {t:.3g}{'' if ok else '  <-- out'}")
        return "\n".join(lines)


def _weights_tolerance(ref, f64, factor, floor_ulps):
    return max(factor * float(np.max(np.abs(ref - f64), initial=0.0)),
               floor_ulps * _EPS32 * float(np.max(np.abs(f64), initial=0.0)))


def compare_runs(actual, reference, float64, factor=4.0, floor_ulps=4.0):
    """Compare a port's run with MindSpore's record. Each argument is ``(losses, weights)`` — what
    :func:`load_run` returns, ``weights`` may be ``{}`` — for the port in float32 (``actual``), MindSpore
    (``reference``) and the port's float64 twin (``float64``). Weights are compared for the names the
    reference holds."""
    (a_l, a_w), (r_l, r_w), (f_l, f_w) = actual, reference, float64
    a_l, r_l, f_l = (np.asarray(x, np.float64).reshape(-1) for x in (a_l, r_l, f_l))
    if not a_l.size == r_l.size == f_l.size:
        raise ValueError(f"compare_runs: {a_l.size} steps in the port's run, {r_l.size} in the reference, "
                         f"{f_l.size} in the float64 run: the runs must cover the same steps.")
    tol = run_tolerance(r_l, f_l, factor, floor_ulps)
    weights = []
    for name in sorted(r_w):
        if name not in a_w or name not in f_w:
            raise KeyError(f"compare_runs: the reference has weights {name!r}, the port's run does not.")
        ref = np.asarray(r_w[name], np.float64)
        d = float(np.max(np.abs(np.asarray(a_w[name], np.float64) - ref), initial=0.0))
        t = _weights_tolerance(ref, np.asarray(f_w[name], np.float64), factor, floor_ulps)
        weights.append((name, d, t, d <= t))
    return RunComparison(a_l, r_l, tol, weights)


def assert_runs_close(actual, reference, float64, factor=4.0, floor_ulps=4.0):
    """:func:`compare_runs`, raising ``AssertionError`` with the step table when the runs part."""
    report = compare_runs(actual, reference, float64, factor, floor_ulps)
    if not report.ok:
        raise AssertionError("the port's run leaves MindSpore's beyond the measured float32 rounding:\n"
                             + report.table())
    return report


@contextlib.contextmanager
def float64_twin(*cells):
    """Inside: the given Cells (their parameters) are float64 and every float16/bfloat16/float32 tensor an op
    receives is carried in float64, so the training script runs unchanged as the float64 twin that sizes the
    tolerance. ms_compat's float32-only dtype checks of the losses (MindSpore's, e.g. ``CrossEntropyLoss``
    rejects float64 logits) are lifted inside, and ``ms.jit`` functions run eagerly (``common.jit.run_eagerly``).
    It changes precision only, no arithmetic; the cells stay float64 afterwards."""
    import torch
    from torch.overrides import TorchFunctionMode

    from .._torch_seam import tree_map
    from ..common.jit import run_eagerly
    from ..nn.loss import loss as loss_module

    low = (torch.float16, torch.bfloat16, torch.float32)

    def up(v):
        if isinstance(v, torch.Tensor) and v.dtype in low:
            return v.to(torch.float64)
        if isinstance(v, torch.dtype) and v in low:
            return torch.float64
        return v

    class _Float64(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            args, kwargs = tree_map(up, (args, kwargs or {}))
            return func(*args, **kwargs)

    for cell in cells:
        cell.to(torch.float64)
    check = loss_module._check_type_name
    loss_module._check_type_name = lambda *a: None
    try:
        with _Float64(), run_eagerly():
            yield
    finally:
        loss_module._check_type_name = check
