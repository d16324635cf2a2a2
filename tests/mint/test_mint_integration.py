"""mint beyond single values: the import paths under install(), layers as Cells (names, checkpoints,
hooks, train/eval), results are MindSpore Tensors, and mint.distributed across 2 gloo processes."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from spawn_util import free_port as _free_port, spawn_bounded

sys.path.insert(0, os.path.dirname(__file__))
import mint_cases as C  # noqa: E402

import ms_compat as ms  # noqa: E402
from ms_compat import mint  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_import_paths_under_install():
    code = (
        "import ms_compat; ms_compat.install()\n"
        "import mindspore, mindspore.mint\n"
        "from mindspore import mint\n"
        "from mindspore.mint import nn, optim\n"
        "from mindspore.mint.nn import functional as F\n"
        "import mindspore.mint.nn.functional, mindspore.mint.linalg, mindspore.mint.special\n"
        "from mindspore.mint.nn.layer.conv import Conv2d\n"
        "from mindspore.mint.nn.layer.normalization import BatchNorm2d\n"
        "from mindspore.mint.optim.adamw import AdamW\n"
        "from mindspore.mint.distributed.distributed import all_reduce\n"
        "import ms_compat\n"
        "assert mint is ms_compat.mint and mindspore.mint is ms_compat.mint and nn is ms_compat.mint.nn\n"
        "assert F is ms_compat.mint.nn.functional and Conv2d is nn.Conv2d and AdamW is optim.AdamW\n"
        "assert mindspore.mint.nn.functional.relu is F.relu\n"
        "print('ok')\n")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_results_are_mindspore_tensors():
    x = ms.Tensor(C.X23)
    for out in (mint.add(x, 1), mint.zeros((2,)), mint.arange(3), mint.nn.functional.relu(x), mint.linalg.inv(
            ms.Tensor(C.M33)), mint.special.expm1(x), mint.max(x, 1)[1], mint.split(x, 1)[0], mint.rand(2)):
        assert type(out) is ms.Tensor
    assert isinstance(mint.Tensor(C.X23), ms.Tensor)
    assert mint.item(ms.Tensor([2.5])) == 2.5


def test_layers_are_cells_with_mindspore_names(tmp_path):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = mint.nn.Conv2d(3, 4, 3)
            self.bn = mint.nn.BatchNorm2d(4)
            self.fc = mint.nn.Linear(4, 2)

        def construct(self, x):
            return self.fc(mint.mean(self.bn(self.conv(x)), (2, 3)))

    net = Net()
    names = [p.name for p in net.get_parameters()]
    assert names == ["conv.weight", "conv.bias", "bn.weight", "bn.bias", "bn.running_mean", "bn.running_var",
                     "bn.num_batches_tracked", "fc.weight", "fc.bias"]
    assert [p.name for p in net.trainable_params()] == ["conv.weight", "conv.bias", "bn.weight", "bn.bias",
                                                         "fc.weight", "fc.bias"]
    x = ms.Tensor(C.IMG)
    net.set_train(True)
    net(x)
    assert int(net.bn.num_batches_tracked) == 1
    net.set_train(False)
    before = net(x).asnumpy()
    ckpt = str(tmp_path / "mint.ckpt")
    ms.save_checkpoint(net, ckpt)
    other = Net()
    ms.load_param_into_net(other, ms.load_checkpoint(ckpt))
    other.set_train(False)
    np.testing.assert_allclose(other(x).asnumpy(), before, rtol=1e-6)
    seen = []
    net.fc.register_forward_hook(lambda cell, inp, out: seen.append(type(out)))
    net(x)
    assert seen == [ms.Tensor]


def test_optimizer_state_is_checkpointed(tmp_path):
    ps = [ms.Parameter(ms.Tensor(a), n) for n, a in C.OPTIM_PARAMS]
    opt = mint.optim.AdamW(ps, lr=0.1)
    opt(tuple(ms.Tensor(g) for g in C.OPTIM_GRADS[0]))
    ckpt = str(tmp_path / "opt.ckpt")
    ms.save_checkpoint(opt, ckpt)
    saved = ms.load_checkpoint(ckpt)
    assert {"exp_avg.w", "exp_avg_sq.b", "state_step"} <= set(saved)
    assert float(saved["state_step"].asnumpy()[0]) == 0.0  # MindSpore counts from -1


def test_squeeze_requires_dim_as_mindspore():
    with pytest.raises(TypeError):
        mint.squeeze(ms.Tensor(C.X23))


@pytest.mark.multiprocess
def test_distributed_two_processes(tmp_path):
    import torch.multiprocessing as mp
    import _dist_worker
    spawn_bounded(_dist_worker.main, args=(2, _free_port(), str(tmp_path)), nprocs=2)
    res = [json.loads((tmp_path / f"rank{r}.json").read_text()) for r in range(2)]
    for r, rr in enumerate(res):
        assert "fatal" not in rr, rr["fatal"]
        assert rr["before"] == [False, -1, -1]
        assert rr["after"] == [True, r, 2, "hccl"]
        assert rr["all_reduce"] == [3.0, 6.0] and rr["all_reduce_max"] == [1.0]
        assert rr["all_gather_into_tensor"] == [0.0, 10.0, 1.0, 11.0]
        assert rr["all_gather"] == [[0.0, 0.0], [1.0, -1.0]]
        assert rr["broadcast"] == [6.0]
        assert rr["reduce_scatter"] == [[3.0], [30.0]][r]
        assert rr["all_to_all"] == [[100.0 * j + r] for j in range(2)]
        assert rr["all_to_all_single"] == [10.0 * j + r for j in range(2)]
        assert rr["all_gather_uneven"] == [1.0, 2.0, 2.0]
        assert rr["all_gather_object"] == [{"rank": 0}, {"rank": 1}]
        g = rr["group"]
        assert g[0].startswith("hccl_2_") and g[1:] == [r, 2, [0, 1], 1]
        assert rr["group_all_reduce"] == [2.0]
        assert rr["destroyed"] is False
    assert res[1]["recv"] == [42.0] and res[1]["recv_ret"] == 0


def test_everything_created_on_the_context_device():
    """As test_device_plumbing: with the context device set to ``meta`` (what set_context(device_target='GPU')
    sets to cuda:N), mint's creation functions, layer parameters/statistics and optimizer state land there,
    and a training step runs there (no host synchronisation, no CPU constant)."""
    import torch
    from ms_compat import context
    before = context._device
    context._device = torch.device("meta")
    try:
        made = [mint.zeros((2,)), mint.ones(2), mint.full((2,), 1.0), mint.arange(3), mint.linspace(0, 1, 3),
                mint.eye(2), mint.rand(2), mint.randn(2), mint.randint(0, 3, (2,)), mint.randperm(3),
                mint.normal(0.0, 1.0, (2,)), mint.empty(2)]
        assert {t.device.type for t in made} == {"meta"}
        cells = [mint.nn.Conv2d(3, 4, 3), mint.nn.BatchNorm2d(4), mint.nn.Linear(4, 2), mint.nn.GroupNorm(1, 4),
                 mint.nn.Embedding(3, 2), mint.nn.LayerNorm(4), mint.nn.ConvTranspose2d(4, 4, 2)]
        assert {p.device.type for c in cells for p in c.get_parameters()} == {"meta"}
        net = ms.nn.SequentialCell(cells[:2])
        fc = cells[2]
        net.set_train(True)
        x = ms.Tensor(C.IMG)
        params = net.trainable_params() + [ms.Parameter(fc.weight, "fc.weight")]
        for opt in (mint.optim.AdamW(params, amsgrad=True), mint.optim.Adam(params),
                    mint.optim.SGD(params, lr=0.1, momentum=0.9)):
            assert {p.device.type for _, p in opt.parameters_and_names()} == {"meta"}

            def loss_fn(x):
                return mint.mean(mint.nn.functional.linear(mint.mean(net(x), (2, 3)), params[-1]))
            _, grads = ms.value_and_grad(loss_fn, None, opt.parameters)(x.to("meta"))
            assert opt(grads)
    finally:
        context._device = before


def test_mint_network_compiles_as_one_graph():
    """mint layers and functions trace under torch.compile(fullgraph=True) and keep MindSpore Tensors."""
    import torch

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv, self.bn = mint.nn.Conv2d(3, 4, 3, padding=1), mint.nn.BatchNorm2d(4)
            self.fc, self.act = mint.nn.Linear(4, 2), mint.nn.GELU()

        def construct(self, x):
            y = mint.mean(self.act(self.bn(self.conv(x))), (2, 3))
            return mint.nn.functional.softmax(self.fc(y), 1) + mint.zeros((1, 2))

    net = C.seed_params(ms, Net())
    x = ms.Tensor(C.IMG)
    eager = net(x)
    compiled = torch.compile(net, fullgraph=True)(x)
    assert type(compiled) is ms.Tensor
    np.testing.assert_allclose(compiled.asnumpy(), eager.asnumpy(), rtol=1e-5, atol=1e-6)
