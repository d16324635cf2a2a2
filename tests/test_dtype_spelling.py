"""The dtype spelling of ``ms_compat.install()`` (ms_compat/porting/_dtype_spelling.py): MindSpore's words for the
MindSpore program, PyTorch's for PyTorch's own code. What MindSpore prints is checked against real
MindSpore by the real-semantics scenarios dtype_spellings and printed_by_print."""
import os
import signal
import subprocess
import sys
import threading

import pytest
import torch

import ms_compat
from ms_compat.porting import _dtype_spelling


@pytest.fixture
def spelled():
    assert _dtype_spelling.install(), "this interpreter's torch.dtype layout was not recognised"
    try:
        yield
    finally:
        _dtype_spelling.uninstall()


def _in_module(module_name: str, source: str, extra=None):
    """Evaluate ``source`` in a frame whose module is ``module_name`` with globals ``extra``."""
    return eval(compile(source, f"<{module_name}>", "eval"), {"__name__": module_name, "torch": torch, **(extra or {})})


def test_mindspore_code_gets_mindspore_spelling_and_other_code_gets_torch(spelled):
    ms_module = {"ms": ms_compat}
    assert _in_module("ms_prog", "(str(torch.float32), repr(torch.float32), f'{torch.bfloat16}')", ms_module) == (
        "Float32", "mindspore.float32", "BFloat16")
    # a class or function imported from the MindSpore API also makes a module MindSpore code
    assert _in_module("ms_prog2", "str(torch.int8)", {"Cell": ms_compat.nn.Cell}) == "Int8"
    for module in ("torch._inductor.codegen.cpp", "torch", "ms_compat.common.tensor", "numpy.core", "sympy",
                   "__main__", "team.models.vit", "mindcv_without_import"):
        assert _in_module(module, "(str(torch.float32), repr(torch.bool), f'{torch.int8}', str([torch.int8]))") \
            == ("torch.float32", "torch.bool", "torch.int8", "[torch.int8]"), module
    # ms_compat's own modules keep PyTorch's spelling although they hold the MindSpore API
    assert _in_module("ms_compat.ops.x", "str(torch.float32)", ms_module) == "torch.float32"
    # a module that imports mindspore after a dtype was spelled for it: the cached answer is recomputed
    g = {"__name__": "late", "torch": torch}
    assert eval("str(torch.float32)", g) == "torch.float32"
    g["mindspore"] = ms_compat
    assert eval("str(torch.float32)", g) == "Float32"


def test_standard_library_frames_spell_for_their_caller(spelled):
    import logging
    source = ("(logging.getLogger('x').makeRecord('x', 20, 'f', 1, '%s|%r', (torch.float16, torch.int8), None)"
              ".getMessage(), pprint.pformat(torch.int8))")
    import pprint
    env = {"logging": logging, "pprint": pprint}
    assert _in_module("team", source, env) == ("torch.float16|torch.int8", "torch.int8")
    assert _in_module("ms_prog", source, {**env, "ms": ms_compat}) == ("Float16|mindspore.int8", "mindspore.int8")


def test_dtypes_mindspore_lacks_and_the_slot_wrapper_keep_torch_spelling(spelled):
    assert _in_module("ms_prog", "(str(torch.quint8), repr(torch.float8_e5m2))", {"ms": ms_compat}) == (
        "torch.quint8", "torch.float8_e5m2")
    assert _dtype_spelling._torch_repr(torch.float32) == "torch.float32"
    assert torch.float32 == torch.float32 and hash(torch.float32) == hash(torch.float32)


def test_uninstall_restores_and_both_are_idempotent():
    spell = "(str(torch.int32), repr(torch.int32), f'{[torch.int32]}')"
    assert _dtype_spelling.install() and _dtype_spelling.install()
    assert _in_module("ms_prog", "str(torch.int32)", {"ms": ms_compat}) == "Int32"
    assert "torch.dtype str/repr" in ms_compat.diagnostics()["changes"]
    _dtype_spelling.uninstall()
    _dtype_spelling.uninstall()
    assert _in_module("ms_prog", spell, {"ms": ms_compat}) == ("torch.int32", "torch.int32", "[torch.int32]")
    assert type(torch.dtype.__dict__["__repr__"]).__name__ == "wrapper_descriptor"
    assert "__str__" not in torch.dtype.__dict__
    assert "torch.dtype str/repr" not in ms_compat.diagnostics()["changes"]


def test_an_error_while_spelling_reaches_the_caller(spelled, monkeypatch):
    def broken(dtype):
        raise KeyError("boom")
    monkeypatch.setattr(_dtype_spelling, "dtype_str", broken)
    with pytest.raises(KeyError, match="boom"):  # the exception itself, not a SystemError or a crash
        _in_module("ms_prog", "str(torch.float16)", {"ms": ms_compat})
    assert _in_module("ms_prog", "repr(torch.float16)", {"ms": ms_compat}) == "mindspore.float16"


_CRASH_REPRO = """
import signal, sys, torch
import ms_compat as ms  # this module is MindSpore code: the spelling function runs for it
from ms_compat.porting import _dtype_spelling
assert _dtype_spelling.install()
sys.setrecursionlimit(300)
caught = calls = 0
def down(n):
    global caught, calls
    if n:
        return down(n - 1)
    try:
        calls += 1
        s, r = str(torch.float32), repr(torch.float16)
        assert (s, r) == ("Float32", "mindspore.float16"), (s, r)
    except RecursionError:
        caught += 1
for depth in range(200, 320):
    for _ in range(10):
        try:
            down(depth)
        except RecursionError:
            caught += 1
sys.setrecursionlimit(1000)
class Boom(Exception):
    pass
def handler(*a):
    raise Boom
signal.signal(signal.SIGALRM, handler)
booms = 0
for i in range(200):
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.0002)
        while True:
            str(torch.float32); repr(torch.int8); f"{torch.bfloat16}"
    except Boom:
        booms += 1
signal.setitimer(signal.ITIMER_REAL, 0)
assert caught > 0 and calls > 0 and booms == 200, (caught, calls, booms)
print("ok", caught, calls, booms)
"""


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs signal.setitimer")
def test_recursion_limit_and_signals_while_spelling_do_not_crash():
    """Issue 30 item 1: a RecursionError on entry and an exception from a signal handler while a dtype is
    spelled reach the caller every time (the ctypes callback crashed the interpreter or spelled wrongly)."""
    r = subprocess.run([sys.executable, "-c", _CRASH_REPRO], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert r.returncode == 0 and r.stdout.startswith("ok"), (r.returncode, r.stdout, r.stderr[-2000:])


# Twenty ways PyTorch code turns a dtype into text (issue 31): a team module keeps every result it has without
# ms_compat; a module that imports mindspore gets MindSpore's words where MindSpore has them.
_IDIOMS = """
def idioms(d, t):
    import io, json, logging
    import numpy as np
    buf = io.StringIO()
    log = logging.getLogger("idioms")
    h = logging.StreamHandler(buf)
    log.addHandler(h)
    try:
        log.warning("dtype %s %r", d, d)
    finally:
        log.removeHandler(h)
    out = {}
    def attempt(name, fn):
        try:
            out[name] = fn()
        except Exception as e:  # noqa: BLE001
            out[name] = type(e).__name__
    attempt("str", lambda: str(d))
    attempt("repr", lambda: repr(d))
    attempt("fstring", lambda: f"{d}")
    attempt("percent", lambda: "%s" % d)
    attempt("format", lambda: "{}".format(d))
    attempt("format_spec", lambda: format(d, ""))
    attempt("fstring_repr", lambda: f"{d!r}")
    attempt("split", lambda: str(d).split(".")[-1])
    attempt("getattr_torch", lambda: getattr(torch, str(d).split(".")[-1]) is d)
    attempt("numpy_dtype", lambda: str(np.dtype(str(d).replace("torch.", ""))))
    attempt("list", lambda: str([d]))
    attempt("dict", lambda: str({"dtype": d}))
    attempt("json", lambda: json.dumps({"dtype": str(d)}))
    attempt("file_name", lambda: f"ckpt_{d}.pt".replace("torch.", ""))
    attempt("logging", lambda: buf.getvalue())
    attempt("strip_prefix", lambda: str(d).replace("torch.", ""))
    attempt("tensor_dtype", lambda: str(t.dtype))
    attempt("repr_roundtrip", lambda: eval(repr(d), {"torch": torch}) is d)
    attempt("csv", lambda: ",".join([str(d), "1"]))
    attempt("save_meta", lambda: torch.save({"dtype": str(d)}, io.BytesIO()) or str(d).startswith("torch."))
    return out
"""


def _idioms(module_name, extra):
    g = {"__name__": module_name, "torch": torch, **extra}
    exec(compile(_IDIOMS, f"<{module_name}>", "exec"), g)
    return g["idioms"](torch.bfloat16, torch.ones(1, dtype=torch.bfloat16))


def test_twenty_dtype_idioms_unchanged_for_team_code_and_mindspore_for_mindspore_code():
    plain = _idioms("team.train", {})
    assert len(plain) == 20
    assert _dtype_spelling.install()
    try:
        team = _idioms("team.train", {})
        mindspore = _idioms("ms_prog", {"ms": ms_compat})
    finally:
        _dtype_spelling.uninstall()
    assert team == plain
    changed = {k for k in plain if mindspore[k] != plain[k]}
    assert (mindspore["str"], mindspore["repr"], mindspore["list"]) == (
        "BFloat16", "mindspore.bfloat16", "[mindspore.bfloat16]")
    assert mindspore["logging"] == "dtype BFloat16 mindspore.bfloat16\n"
    assert len(changed) >= 15, changed


def test_str_dtype_cost_is_about_a_microsecond(spelled):
    """Measured: plain str(dtype) ~0.15 us; spelled ~1.1 us (a Python call and a cached lookup)."""
    import timeit
    g = {"__name__": "ms_prog", "ms": ms_compat, "torch": torch}
    best = min(timeit.repeat("str(torch.float32)", globals=g, number=20000, repeat=5)) / 20000
    assert best < 20e-6, best  # a generous bound for a busy 2-core machine; the point is no scan per call


def test_no_reference_leak_and_safe_from_threads(spelled):
    d = torch.float64
    before = sys.getrefcount(d)
    for _ in range(20000):
        str(d), repr(d)
    assert sys.getrefcount(d) == before
    seen = []

    def work():
        seen.append({str(torch.int16) for _ in range(2000)})
    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == [{"Int16"}] * 4


def test_torch_compile_generates_code_while_spelled(spelled):
    """TorchInductor writes f"{dtype}" into the code it generates: it must still read torch.float16."""
    torch._dynamo.reset()

    def f(x):
        return (x.to(torch.float16) * 2).to(torch.float32).sum() + x.to(torch.int64).sum()
    x = torch.arange(12, dtype=torch.float32).reshape(3, 4) / 7
    try:
        assert torch.allclose(torch.compile(f)(x), f(x), rtol=1e-3)
    finally:
        torch._dynamo.reset()


def test_compiled_code_spells_as_eager_code(spelled):
    """Dynamo formats the traced function's constants while tracing: the text is the traced code's."""
    torch._dynamo.reset()

    def g(x):
        return x * 2, str(x.dtype), f"{x.dtype}|{x.dtype!r}", "%s" % x.dtype, "{}".format(torch.int8)
    x = torch.ones(2)
    try:
        got = torch.compile(g, backend="eager")(x)
    finally:
        torch._dynamo.reset()
    assert got[1:] == g(x)[1:] == ("Float32", "Float32|mindspore.float32", "Float32", "Int8")
