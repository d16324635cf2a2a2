"""The dtype spelling of ``ms_compat.install()`` (ms_compat/_dtype_spelling.py): MindSpore's words for the
MindSpore program, PyTorch's for PyTorch's own code. What MindSpore prints is checked against real
MindSpore by the real-semantics scenarios dtype_spellings and printed_by_print."""
import sys
import threading

import pytest
import torch

from ms_compat import _dtype_spelling


@pytest.fixture
def spelled():
    assert _dtype_spelling.install(), "this interpreter's torch.dtype layout was not recognised"
    try:
        yield
    finally:
        _dtype_spelling.uninstall()


def _in_module(module_name: str, source: str):
    """Evaluate ``source`` in a frame whose module is ``module_name``."""
    return eval(compile(source, f"<{module_name}>", "eval"), {"__name__": module_name, "torch": torch})


def test_user_code_gets_mindspore_spelling_and_torch_code_gets_torch(spelled):
    assert (str(torch.float32), repr(torch.float32), f"{torch.bfloat16}") == (
        "Float32", "mindspore.float32", "BFloat16")
    for module in ("torch._inductor.codegen.cpp", "torch", "ms_compat.common.tensor", "numpy.core", "sympy"):
        assert _in_module(module, "(str(torch.float32), repr(torch.bool), f'{torch.int8}', str([torch.int8]))") \
            == ("torch.float32", "torch.bool", "torch.int8", "[torch.int8]"), module
    for module in ("__main__", "mindcv.models.vit", "logging", "torchy_but_not_torch"):
        assert _in_module(module, "(str(torch.float32), repr(torch.bool))") == ("Float32", "mindspore.bool"), module
    # a package added to TORCH_SPELLING_PACKAGES is PyTorch code from then on
    _dtype_spelling.TORCH_SPELLING_PACKAGES.add("mytorchlib")
    try:
        _dtype_spelling.uninstall()
        _dtype_spelling.install()  # the decision per module is cached until the next install()
        assert _in_module("mytorchlib.ops", "str(torch.float32)") == "torch.float32"
    finally:
        _dtype_spelling.TORCH_SPELLING_PACKAGES.discard("mytorchlib")


def test_dtypes_mindspore_lacks_and_the_slot_wrapper_keep_torch_spelling(spelled):
    assert str(torch.quint8) == "torch.quint8" and repr(torch.float8_e5m2) == "torch.float8_e5m2"
    assert torch.dtype.__repr__(torch.float32) == "torch.float32"
    assert torch.float32 == torch.float32 and hash(torch.float32) == hash(torch.float32)


def test_uninstall_restores_and_both_are_idempotent():
    assert _dtype_spelling.install() and _dtype_spelling.install()
    assert str(torch.int32) == "Int32"
    _dtype_spelling.uninstall()
    _dtype_spelling.uninstall()
    assert (str(torch.int32), repr(torch.int32), f"{[torch.int32]}") == ("torch.int32", "torch.int32", "[torch.int32]")


def test_an_error_while_spelling_falls_back_to_torch_spelling(spelled, monkeypatch):
    def broken(dtype):
        raise RuntimeError("boom")
    monkeypatch.setattr(_dtype_spelling, "dtype_str", broken)
    assert str(torch.float16) == "torch.float16"  # no SystemError from a slot returning NULL
    assert repr(torch.float16) == "mindspore.float16"


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
