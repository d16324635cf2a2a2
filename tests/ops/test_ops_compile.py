"""Every op case of op_cases.py under ``torch.compile(fullgraph=True)``: compiled outputs (values, dtypes,
shapes, Python types) equal real MindSpore 2.10's stored reference, and every tensor result is a
MindSpore ``Tensor`` (issue 9). Backend ``eager`` (TorchDynamo capture; kernels as in eager mode)."""
import pathlib
import sys

import pytest
import torch

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import op_cases as C  # noqa: E402
from test_ops_reference import CPU_GAPS, GRADS, OUT, _cmp  # noqa: E402

import ms_compat as ms  # noqa: E402
from ms_compat import ops  # noqa: E402
from ms_compat.common.dtype import dtype_str  # noqa: E402
from ms_compat.ops import operations as P  # noqa: E402

from compile_util import ms_tensors_only  # noqa: E402


@pytest.mark.parametrize("name", sorted(set(C.CASES) - CPU_GAPS))
def test_op_compiles_fullgraph_and_matches_mindspore(name):
    fn, inputs, _ = C.CASES[name]
    torch._dynamo.reset()
    ts = [ms.Tensor(a) for a in inputs]
    # .clone(): ops also receive intermediate values, not only graph inputs (the two trace differently)
    compiled = torch.compile(lambda *xs: fn(ms, ops, P, *[x.clone() for x in xs]), fullgraph=True, backend="eager")
    out = compiled(*ts)
    assert ms_tensors_only(out, ms.Tensor), f"compiled output types: {out!r}"
    _cmp(C.encode(out, dtype_str), OUT[name], 1e-4, 1e-5)


@pytest.mark.parametrize("name", sorted(k for k, v in GRADS.items() if "error" not in v))
def test_op_gradient_through_the_compiled_graph_matches_mindspore(name):
    """The default jit level O0 (``aot_eager``): the backward graph AOTAutograd traces gives MindSpore's
    gradients (through ms_compat's own ``ops.grad``, as MindSpore code asks for them)."""
    fn, inputs, ngrad = C.CASES[name]
    torch._dynamo.reset()
    compiled = torch.compile(lambda *xs: fn(ms, ops, P, *xs), fullgraph=True, backend="aot_eager")
    got = ops.grad(compiled, tuple(range(ngrad)))(*[ms.Tensor(a) for a in inputs])
    _cmp(C.encode(got, dtype_str), GRADS[name], 1e-3, 1e-5)
