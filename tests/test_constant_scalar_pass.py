"""The Inductor pass of ms_compat/common/constant_scalar_pass.py: a division/multiplication by a constant
0-d tensor of the same floating dtype uses the number, so MindSpore-style attention
(``scores / ms.Tensor(np.sqrt(d), ms.float32)``) is fused into ``scaled_dot_product_attention`` as the
PyTorch form (``/ math.sqrt(d)``) is, and no longer crashes Inductor's fusion."""
import math
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest
import torch
from torch._dynamo.utils import counters
from torch.fx.experimental.proxy_tensor import make_fx

import ms_compat as ms
from ms_compat import ops
from ms_compat.common.constant_scalar_pass import constant_scalar_pass_class, fold_constant_scalar_operands


ROOT = pathlib.Path(__file__).resolve().parents[1]


def _graph(fn, *args):
    return make_fx(fn, tracing_mode="fake")(*args)


def _binary_args(gm):
    return [n.args[1] for n in gm.graph.nodes if n.target in (torch.ops.aten.div.Tensor, torch.ops.aten.mul.Tensor)]


def test_constant_operand_becomes_the_number_and_values_stay_bitwise_equal():
    x = torch.randn(4, 5)
    fn = lambda t: t / torch.sqrt(torch.tensor(8.0)) * torch.tensor(0.3)  # noqa: E731
    gm = _graph(fn, x)
    assert fold_constant_scalar_operands(gm.graph) == 2
    gm.recompile()
    assert _binary_args(gm) == [float(np.float32(math.sqrt(8.0))), float(np.float32(0.3))]
    assert torch.equal(gm(x), fn(x))


@pytest.mark.parametrize("case", ["other_dtype", "graph_input", "not_0d"])
def test_operands_that_could_change_the_result_are_left_alone(case):
    if case == "other_dtype":  # half / float32 scalar tensor: rounding differs between the two forms
        gm = _graph(lambda t: t / torch.tensor(3.0), torch.randn(3).half())
    elif case == "graph_input":
        gm = _graph(lambda t, s: t / s, torch.randn(3), torch.tensor(2.0))
    else:
        gm = _graph(lambda t: t * torch.tensor([2.0, 3.0, 4.0]), torch.randn(3))
    assert fold_constant_scalar_operands(gm.graph) == 0


def test_pass_is_installed_once_with_a_cache_key_and_without_importing_inductor():
    code = ("import sys, torch, ms_compat, ms_compat.nn; assert 'torch._inductor.config' not in sys.modules;"
            "from torch._inductor import config;"
            "from ms_compat.common import constant_scalar_pass as c; c.install_constant_scalar_pass();"
            "p = config.joint_custom_pre_pass; assert type(p) is c.ScopedPasses and not p and list(p) == [], p;"
            "c.apply_to_all_graphs(); ours = [x for x in p if isinstance(x, c.constant_scalar_pass_class())];"
            "assert len(ours) == 1 and len(ours[0].uuid()) == 64, p; c.apply_to_all_graphs(False); assert not p;"
            "print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


def test_a_users_own_pass_is_kept_and_plain_graphs_see_only_it():
    code = ("import torch\nfrom torch._inductor import config\n"
            "from torch._inductor.custom_graph_pass import CustomGraphPass\n"
            "class Mine(CustomGraphPass):\n    def __call__(self, g): pass\n    def uuid(self): return 'mine'\n"
            "mine = Mine(); config.joint_custom_pre_pass = [mine]\n"
            "import ms_compat\n"
            "p = config.joint_custom_pre_pass\n"
            "from torch._inductor.codecache import FxGraphHashDetails as D\n"
            "print(isinstance(p, list) and list(p) == [mine], object.__new__(D)._get_custom_pass_detail(p))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0 and r.stdout.split() == ["True", "('mine',)"], (r.stdout, r.stderr[-2000:])
    # a single pass object (not a list) is left as it is: wrapping it would change plain graphs' cache keys
    r = subprocess.run([sys.executable, "-c", code.replace("= [mine]", "= mine")], capture_output=True, text=True,
                       timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.returncode == 0 and r.stdout.split() == ["False", "mine"], (r.stdout, r.stderr[-2000:])


def test_mindspore_attention_with_a_tensor_scale_is_fused_by_inductor():
    rng = np.random.default_rng(0)
    q, k, v = (ms.Tensor(rng.standard_normal((2, 2, 8, 4)).astype(np.float32)) for _ in range(3))
    mask = ms.Tensor(np.ones((2, 8), np.float32))
    bmm_t = ops.BatchMatMul(transpose_b=True)
    softmax = ms.nn.Softmax(axis=-1)

    def attention(q, k, v, mask):
        scores = bmm_t(q, k) / ms.Tensor(np.sqrt(4), ms.float32)
        scores = scores + (1.0 - mask.expand_dims(1).expand_dims(1)) * -10000.0
        return ops.matmul(softmax(scores), v)

    torch._dynamo.reset()
    counters.clear()
    from torch._inductor import config
    with torch.no_grad(), config.patch(force_disable_caches=True):  # a cache hit would skip the passes
        out = torch.compile(attention, backend="inductor")(q, k, v, mask)
    assert counters["inductor"]["fuse_attention"] == 1  # before: 0, or the Inductor error of the docstring
    assert type(out) is ms.Tensor
    np.testing.assert_allclose(out.asnumpy(), attention(q, k, v, mask).asnumpy(), rtol=1e-5, atol=1e-6)
