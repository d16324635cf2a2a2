"""Issue 31: plain PyTorch code in a process that also runs MindSpore code behaves byte-identically alone,
after ``import ms_compat`` and after ``ms_compat.install()``: dtype idioms, ``torch.save`` bytes, a compiled
attention block (ms_compat's Inductor pass must not fuse it), a compiled LSTM, an ``atexit`` collective on
gloo registered before the import, and the FX-graph cache keys. Each mode runs tests/_plain_pytorch_program.py
in its own process (the three in parallel)."""
import json
import os
import pathlib
import subprocess
import sys

import pytest
from spawn_util import free_port

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
MODES = ("alone", "import", "install")


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    procs = {}
    for mode in MODES:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT)] + sys.path), "PLAIN_PORT": str(free_port()),
               "TORCHINDUCTOR_CACHE_DIR": str(tmp_path_factory.mktemp(f"inductor_{mode}")),
               "TORCHINDUCTOR_FX_GRAPH_CACHE": "1", "TORCHINDUCTOR_AUTOGRAD_CACHE": "1",
               "TORCHINDUCTOR_COMPILE_THREADS": "1"}  # no compile-worker pool: ~25 CPU-s per mode
        env.pop("MS_COMPAT_AUTO_INSTALL", None)
        procs[mode] = subprocess.Popen([sys.executable, str(HERE / "_plain_pytorch_program.py"), mode], env=env,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out = {}
    for mode, p in procs.items():
        try:
            o, e = p.communicate(timeout=900)  # a busy shared machine; ~1 min alone
        except subprocess.TimeoutExpired:
            for q in procs.values():
                q.kill()
            raise
        out[mode] = (p.returncode, o, e)
    return out


def test_every_mode_runs_to_its_own_exit(runs):
    for mode, (rc, o, e) in runs.items():
        assert rc == 0, f"{mode}: exit status {rc}\n{e[-3000:]}"
        lines = o.splitlines()
        assert lines[-1] == "atexit all_reduce [0.0, 1.0, 2.0]", f"{mode}: {lines[-1:]}\n{e[-3000:]}"


def test_plain_programs_are_byte_identical_alone_after_import_and_after_install(runs):
    results = {mode: json.loads(o.splitlines()[0]) for mode, (rc, o, e) in runs.items() if rc == 0}
    assert set(results) == set(MODES), {m: r[2][-2000:] for m, r in runs.items()}
    assert [results[m].pop("ms_compat_imported") for m in MODES] == [False, True, True]
    alone = results["alone"]
    assert alone["dtype_idioms"][0] == "torch.bfloat16" and alone["fuse_attention"] == 0
    assert alone["fx_graph_cache_keys"], "no FX-graph cache entry was written: the cache key is not compared"
    for mode in ("import", "install"):
        diff = {k: (alone[k], results[mode][k]) for k in alone if results[mode][k] != alone[k]}
        assert not diff, f"{mode}: {diff}"


_TEAM_CODE = '''
import operator
import torch
import torch.nn.functional as F


class Logged(torch.Tensor):
    """A team's own __torch_function__ subclass: records what TorchDynamo dispatches to it."""
    seen = []

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        cls.seen.append(getattr(func, "__name__", str(func)))
        return super().__torch_function__(func, types, args, kwargs or {})


def step(x, y):
    a = F.hardswish(x)
    a += y
    return a
'''


def test_other_torch_function_subclasses_trace_as_without_ms_compat():
    """Issue 31: ms_compat's Dynamo adjustments (the F.hardswish family, augmented assignment) apply to
    MindSpore Tensors and MindSpore code only; a team subclass in a team module sees what PyTorch 2.13 gives
    it: F.hardswish is not dispatched (PyTorch lists it as ignored) and ``a += y`` arrives as ``add_``."""
    import torch

    import ms_compat  # noqa: F401  (ms_compat's changes are in place in this process)
    team = {"__name__": "team.compiled"}
    exec(compile(_TEAM_CODE, "<team.compiled>", "exec"), team)
    x = torch.randn(4).as_subclass(team["Logged"])
    y = torch.randn(4).as_subclass(team["Logged"])
    torch._dynamo.reset()
    try:
        team["Logged"].seen.clear()
        torch.compile(team["step"], backend="eager", fullgraph=True)(x, y)
    finally:
        torch._dynamo.reset()
    seen = team["Logged"].seen
    assert "hardswish" not in seen and seen[-1] == "add_", seen
    assert torch._functorch.config.check_custom_op_aliasing is True
    assert torch.overrides.get_ignored_functions() >= ms_compat.common.dynamo_support.dispatching_python_functions()
