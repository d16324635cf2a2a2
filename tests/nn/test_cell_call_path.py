"""``Cell.__call__``'s eager path (principle 6; benchmarks/bench_overhead.py's trivial-call rows): a plain call
runs ``construct`` and two small functions, no ``torch.nn.Module._call_impl``, and reads its caller's frame
only when it is an outermost call; every call that PyTorch's own fast path would not take (a hook on the Cell
or a global one, a ``torch.jit.trace`` recording scopes, ``Module.compile``) still goes through
``_call_impl`` and behaves as for an ``nn.Module`` twin; under ``torch.compile`` the check that picks the eager
path is a constant (one graph, no recompilation)."""
import sys

import numpy as np
import pytest
import torch
import torch._dynamo
from torch._dynamo.utils import counters
from torch.nn.modules import module as torch_module

import ms_compat
from ms_compat import nn

# A module namespace that imports MindSpore and not PyTorch: what MindSpore code looks like to ms_compat.
_MS_CODE = {"__name__": "user_mindspore_code", "ms": ms_compat}
exec("def infer(net, x):\n    return net(x)\n", _MS_CODE)  # noqa: S102 - a module's code, made in place


class Identity(nn.Cell):
    def construct(self, x):
        return x


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = Identity()
        self.b = Identity()

    def construct(self, x):
        return self.b(self.a(x))


class TorchOuter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Identity()
        self.b = torch.nn.Identity()

    def forward(self, x):
        return self.b(self.a(x))


def _profiled(call):
    """The Python functions (``name``) and the builtins (``name()``) that ``call()`` runs, in order."""
    seen = []

    def prof(frame, event, arg):
        if event == "call":
            seen.append(frame.f_code.co_name)
        elif event == "c_call":
            seen.append(arg.__name__ + "()")
    sys.setprofile(prof)
    try:
        call()
    finally:
        sys.setprofile(None)
    return [s for s in seen if s != "setprofile()"]


@pytest.mark.parametrize("caller", ["pytorch", "mindspore"])
def test_a_plain_call_runs_construct_without_module_call_impl(caller):
    net, x = Outer(), torch.ones(2)
    call = (lambda: net(x)) if caller == "pytorch" else (lambda: _MS_CODE["infer"](net, x))
    call()  # the first call checks parameter names once (Cell.__init__'s one-shot wrapper)
    seen = _profiled(call)
    functions = [s for s in seen if not s.endswith("()")]
    assert "_call_impl" not in functions and "_wrapped_call_impl" not in functions
    assert functions.count("construct") == 3 and functions.count("__call__") == 3
    assert seen.count("_getframe()") == 1  # the outermost call only
    assert "mindspore_only" not in functions  # the caller's verdict was the last one asked for
    if caller == "mindspore":
        assert seen.count("_set_grad_enabled()") == 2  # off for the call, back on after


def _hook_log(make_net, register):
    net, log = make_net(), []
    handles = register(log)
    try:
        x = torch.ones(2, requires_grad=True)
        net(x).sum().backward()
    finally:
        for h in handles:
            h.remove()
    return log


_GLOBAL_HOOKS = {
    "forward_pre": lambda log: [torch_module.register_module_forward_pre_hook(
        lambda m, a: log.append(("pre", type(m).__name__)))],
    "forward": lambda log: [torch_module.register_module_forward_hook(
        lambda m, a, o: log.append(("fwd", type(m).__name__)))],
    "full_backward": lambda log: [torch_module.register_module_full_backward_hook(
        lambda m, gi, go: log.append(("bwd", type(m).__name__)))],
    "backward_pre": lambda log: [torch_module.register_module_full_backward_pre_hook(
        lambda m, go: log.append(("bwd_pre", type(m).__name__)))],
}
_NAMES = {"Outer": "outer", "TorchOuter": "outer", "Identity": "leaf"}


@pytest.mark.parametrize("kind", sorted(_GLOBAL_HOOKS))
def test_global_module_hooks_fire_on_cells_as_on_modules(kind):
    got = _hook_log(Outer, _GLOBAL_HOOKS[kind])
    want = _hook_log(TorchOuter, _GLOBAL_HOOKS[kind])
    assert got and [(k, _NAMES[n]) for k, n in got] == [(k, _NAMES[n]) for k, n in want]


def test_cell_hooks_fire_once_per_call():
    net, log = Outer(), []
    net.a.register_forward_pre_hook(lambda c, a: log.append("pre"))
    net.a.register_forward_hook(lambda c, a, o: log.append("fwd"))
    net.b.register_backward_hook(lambda c, gi, go: log.append("bwd"))
    net(torch.ones(2, requires_grad=True)).sum().backward()
    assert log == ["pre", "fwd", "bwd"]


def test_jit_trace_records_cell_scopes_as_for_modules():
    def scopes(net):
        traced = torch.jit.trace(net, torch.ones(2, 3), check_trace=False)
        return sorted({n.scopeName() for n in traced.inlined_graph.nodes()})
    cell_scopes = scopes(nn.SequentialCell(nn.Dense(3, 4), nn.ReLU()))
    assert cell_scopes == scopes(torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU()))
    assert "__module.0" in cell_scopes


def test_module_compile_runs_the_compiled_call():
    net = Outer()
    torch._dynamo.reset()
    counters.clear()
    torch.nn.Module.compile(net, backend="eager")  # PyTorch's form (Cell.compile is MindSpore's: common/jit.py)
    out = net(torch.ones(2))
    assert counters["stats"]["unique_graphs"] == 1 and out.tolist() == [1.0, 1.0]


def test_an_uninitialised_cell_raises_attribute_error_as_before():
    class NoInit(nn.Cell):
        def __init__(self):  # no super().__init__()
            pass

        def construct(self, x):
            return x

    with pytest.raises(AttributeError):
        NoInit()(torch.ones(2))


@pytest.mark.parametrize("grad", [True, False])
def test_compiled_cell_is_traced_once(grad):
    net = nn.SequentialCell(nn.Dense(3, 4), nn.ReLU(), Outer())
    torch._dynamo.reset()
    counters.clear()
    compiled = torch.compile(net, fullgraph=True, backend="eager")
    x = torch.ones(2, 3)
    with torch.set_grad_enabled(grad):
        outs = [compiled(x) for _ in range(3)]
    assert counters["stats"]["unique_graphs"] == 1
    assert outs[0].requires_grad is grad
    np.testing.assert_allclose(outs[-1].detach().numpy(), net(x).detach().numpy(), rtol=1e-6)


def test_the_caller_verdict_follows_the_caller_module():
    net, x = nn.Dense(3, 2), ms_compat.Tensor(np.ones((1, 3), np.float32))
    ms_code = {"__name__": "user_mindspore_code_2", "ms": ms_compat}
    exec("def infer(net, x):\n    return net(x)\n", ms_code)  # noqa: S102
    assert ms_code["infer"](net, x).grad_fn is None  # MindSpore code: no graph
    assert net(x).grad_fn is not None  # this module imports torch: PyTorch's rule
    assert ms_code["infer"](net, x).grad_fn is None
    ms_code["torch"] = torch  # the module imports torch later: PyTorch's rule from then on
    assert ms_code["infer"](net, x).grad_fn is not None
    del ms_code["torch"]
    assert ms_code["infer"](net, x).grad_fn is None
