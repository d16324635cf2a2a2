"""API-coverage additions of issue 16 §3 outside ops/dataset/parallel — dtype kinds and aliases, DeviceCtx,
``_Function``, ``frombuffer``/``swap_tensors``, top-level ``vmap``, runtime/hal streams and ``set_memory`` —
against the answers of real MindSpore 2.10 (tests/reference_data/apicov/facts.json,
tools/reference/gen_apicov.py), plus the CPU behaviour of streams and events that MindSpore's CPU build lacks."""
import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest
import torch

ROOT = pathlib.Path(__file__).resolve().parent.parent
REF = json.loads((ROOT / "tests" / "reference_data" / "apicov" / "facts.json").read_text())
sys.path.insert(0, str(ROOT / "tools" / "reference"))
from apicov_cases import CASES  # noqa: E402

_CHILD = """
import json, sys
sys.path.insert(0, {tools!r})
import ms_compat
ms_compat.install()
import mindspore as ms
from apicov_cases import CASES, run_case
print('@@' + json.dumps({{n: run_case(CASES[n], ms) for n in sys.argv[1:]}}))
"""


@pytest.fixture(scope="module")
def results():
    code = _CHILD.format(tools=str(ROOT / "tools" / "reference"))
    r = subprocess.run([sys.executable, "-c", code, *CASES], capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)))
    lines = [line for line in r.stdout.splitlines() if line.startswith("@@")]
    assert lines, r.stderr[-2000:]
    return json.loads(lines[0][2:])


# float32 sums in another order (the occlusion scores are matmuls of a 16-vector)
ABS_TOL = {"metric_occlusion": 1e-5}


def _close(a, b, tol=1e-7):
    """Equal, floats to float32 precision (JSON round trip of float32 values)."""
    if isinstance(a, float) and isinstance(b, (float, int)) and not isinstance(b, bool):
        return a == pytest.approx(b, rel=1e-6, abs=tol)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k], tol) for k in a)
    return a == b


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_mindspore(results, name):
    norm = lambda v: json.loads(json.dumps(v, sort_keys=True))  # noqa: E731
    assert _close(norm(results[name]), norm(REF[name]), ABS_TOL.get(name, 1e-7)), (results[name], REF[name])


def test_cpu_streams_and_events():
    """MindSpore's CPU build has no streams (current_stream() is None there); here the CPU is one synchronous
    stream: queries are True, events record host time, StreamCtx/set_cur_stream check their argument."""
    import ms_compat as ms
    s = ms.runtime.Stream()
    assert s.query() and s == ms.runtime.default_stream() and ms.current_stream() == ms.default_stream()
    assert repr(s) == "Stream(device_name=CPU, device_id:0, stream id:0)"
    start, end = ms.runtime.Event(enable_timing=True), ms.runtime.Event(enable_timing=True)
    start.record()
    torch.randn(64, 64) @ torch.randn(64, 64)
    s.record_event(end)
    assert end.query() and start.elapsed_time(end) >= 0.0
    with pytest.raises(RuntimeError, match="enable_timing"):
        ms.runtime.Event().elapsed_time(ms.runtime.Event())
    with pytest.raises(TypeError, match="'enable_timing' must be a bool"):
        ms.runtime.Event(enable_timing=1)
    with pytest.raises(TypeError, match="'ctx_stream' should be Stream"):
        ms.runtime.StreamCtx(1)
    with pytest.raises(TypeError, match="'stream' should be Stream"):
        ms.runtime.set_cur_stream(1)
    with ms.runtime.StreamCtx(s):
        out = ms.Tensor(np.ones(3, np.float32)) * 2
    s.wait_stream(ms.runtime.current_stream())
    s.synchronize()
    assert out.asnumpy().tolist() == [2.0, 2.0, 2.0]
    assert ms.hal.Stream is ms.runtime.Stream and ms.hal.Event is ms.runtime.Event


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
def test_gpu_streams_are_torch_cuda_streams():
    import ms_compat as ms
    ms.set_context(device_target="GPU")
    try:
        s = ms.runtime.Stream()
        assert isinstance(s.torch_stream, torch.cuda.Stream)
        with ms.runtime.StreamCtx(s):
            assert torch.cuda.current_stream() == s.torch_stream
            a = ms.Tensor(np.ones((256, 256), np.float32))
            b = a @ a
            ev = s.record_event()
        assert torch.cuda.current_stream() == torch.cuda.default_stream()
        ms.runtime.current_stream().wait_event(ev)
        ev.synchronize()
        assert ev.query() and float(b[0, 0]) == 256.0
        t0, t1 = ms.runtime.Event(enable_timing=True), ms.runtime.Event(enable_timing=True)
        t0.record()
        b @ b
        t1.record()
        t1.synchronize()
        assert t0.elapsed_time(t1) > 0
    finally:
        ms.set_context(device_target="CPU")


def test_device_ctx_restores_and_meta_parameters():
    import ms_compat as ms
    with ms.DeviceCtx("meta"):
        net = ms.nn.Dense(3, 2)
    assert net.weight.device.type == "meta"
    assert ms.Tensor(np.ones(2, np.float32)).device.type == "cpu"


def test_saved_tensors_hooks_decorator():
    import ms_compat as ms
    seen = []

    def pack(t):
        seen.append(type(t).__name__)
        return t

    @ms.register_saved_tensors_hooks(pack, lambda t: t)
    def f(x, y):
        return (x * y).sum()

    x = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="x")
    g = ms.grad(f)(x, ms.Tensor(np.full(3, 2.0, np.float32)))
    assert seen and set(seen) <= {"Tensor", "Parameter"} and g.asnumpy().tolist() == [2.0, 2.0, 2.0]
    with pytest.raises(TypeError, match="'pack_hook' must be callable"):
        ms.register_saved_tensors_hooks(1, pack)


def test_multiprocessing_is_torch_multiprocessing():
    import torch.multiprocessing as tmp
    import ms_compat.multiprocessing as mp
    assert mp.Process is tmp.Process and mp.get_context is tmp.get_context and mp.Queue is tmp.Queue
    ctx = mp.get_context("fork")
    q = ctx.SimpleQueue()
    p = ctx.Process(target=_child, args=(q,))
    p.start()
    p.join(60)
    assert p.exitcode == 0 and q.get() == [1.0, 2.0]


def _child(q):
    q.put(torch.tensor([1.0, 2.0]).tolist())


def test_exit_by_request_single_process(monkeypatch):
    """One process: nothing to agree on, the flag is left alone and the gradient passed through."""
    import ms_compat as ms
    import ms_compat.communication as comm
    from ms_compat.utils import ExitByRequest
    monkeypatch.setattr(comm, "get_group_size", lambda group=None: 1)
    e = ExitByRequest()
    flag = ms.Parameter(ms.Tensor(False), name="flag")
    g = ms.Tensor(np.ones(2, np.float32))
    assert not e.is_distributed
    assert e.exit_by_request(g, ms.Tensor(np.array([1], np.int32)), flag) is g and not bool(flag)


def test_pynative_executor_internals_are_placeholders():
    from ms_compat.porting._missing import MissingAPIError
    from ms_compat.common.jit import _pynative_executor
    with pytest.raises(MissingAPIError, match="mindspore.common.api._pynative_executor.new_graph"):
        _pynative_executor.new_graph(None)
