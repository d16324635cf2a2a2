"""Layers on CUDA (run where a GPU exists): parameters are created on the GPU under
``set_context(device_target='GPU')`` and outputs/gradients equal the CPU ones."""
import numpy as np
import pytest
import torch

import ms_compat as ms
from ms_compat import Tensor, nn

pytestmark = pytest.mark.cuda


@pytest.fixture
def gpu_context():
    before = ms.get_context("device_target")
    ms.set_context(device_target="GPU")
    yield
    ms.set_context(device_target=before)


def _build():
    torch.manual_seed(0)
    return nn.SequentialCell(nn.Conv2d(3, 4, 3, stride=2, has_bias=True), nn.BatchNorm2d(4), nn.ReLU(),
                             nn.MaxPool2d(2, 2, pad_mode="same"), nn.Flatten(), nn.Dense(16, 8),
                             nn.LayerNorm((8,)), nn.GELU())


def test_layers_on_gpu_match_cpu(gpu_context):
    net = _build()
    assert all(p.device.type == "cuda" for p in net.get_parameters())
    ms.set_context(device_target="CPU")
    ref = _build()
    ref.load_state_dict({k: v.cpu() for k, v in net.state_dict().items()})
    x = np.random.default_rng(0).standard_normal((2, 3, 8, 8)).astype(np.float32)
    net.set_train()
    ref.set_train()
    out = net(Tensor(x).cuda())
    exp = ref(Tensor(x))
    np.testing.assert_allclose(out.asnumpy(), exp.asnumpy(), rtol=1e-4, atol=1e-4)
    out.sum().backward()
    exp.sum().backward()
    for (k, p), (_, q) in zip(net.parameters_and_names(), ref.parameters_and_names()):
        if p.requires_grad:
            np.testing.assert_allclose(p.grad.cpu().numpy(), q.grad.numpy(), rtol=1e-3, atol=1e-4, err_msg=k)


def test_rnn_and_attention_on_gpu(gpu_context):
    lstm = nn.LSTM(3, 4, bidirectional=True)
    mha = nn.MultiheadAttention(8, 2)
    x = torch.randn(5, 2, 3, device="cuda")
    o, (h, c) = lstm(x, seq_length=Tensor(np.array([5, 3], np.int32)).cuda())
    assert o.device.type == "cuda" and (o[3:, 1] == 0).all()
    q = torch.randn(3, 2, 8, device="cuda")
    out, w = mha(q, q, q)
    assert out.device.type == "cuda" and w.shape == (2, 3, 3)


@pytest.mark.parametrize("cls", ["LSTM", "GRU", "RNN"])
def test_rnn_weights_laid_out_once_for_cudnn(gpu_context, cls, recwarn, monkeypatch):
    """As torch.nn.LSTM's flatten_parameters: the weights become views of one buffer on the first call, so cuDNN
    neither copies them nor warns on later calls; values, names, training and set_data keep working."""
    monkeypatch.setattr(torch.backends.cudnn, "allow_tf32", False)  # cuDNN's default TF32 moves values ~1e-3
    torch.manual_seed(0)
    rnn = getattr(nn, cls)(3, 4, num_layers=2, bidirectional=True)
    names = [p.name for p in rnn.get_parameters()]
    ms.set_context(device_target="CPU")
    ref = getattr(nn, cls)(3, 4, num_layers=2, bidirectional=True)
    ref.load_state_dict({k: v.cpu() for k, v in rnn.state_dict().items()})
    x = torch.randn(5, 2, 3)
    rnn.set_train()
    ref.set_train()
    opt = nn.SGD(rnn.trainable_params(), 0.1)
    opt_ref = nn.SGD(ref.trainable_params(), 0.1)
    for _ in range(3):
        for net, o, xs in ((rnn, opt, x.cuda()), (ref, opt_ref, x)):
            grad_fn = ms.value_and_grad(lambda v, net=net: net(v)[0].square().sum(), None, o.parameters)
            loss, grads = grad_fn(Tensor(xs))
            o(grads)
    assert not [w for w in recwarn if "contiguous chunk" in str(w.message)]
    assert [p.name for p in rnn.get_parameters()] == names
    ptrs = sorted(p.data_ptr() for p in rnn.get_parameters())
    assert ptrs[-1] - ptrs[0] < sum(p.numel() for p in rnn.get_parameters()) * 4  # one buffer
    for (k, p), (_, q) in zip(rnn.parameters_and_names(), ref.parameters_and_names()):
        np.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-4, atol=1e-5, err_msg=k)
    w = next(iter(rnn.get_parameters()))
    w.set_data(Tensor(np.zeros(w.shape, np.float32)).cuda())  # new memory: laid out again at the next call
    q = next(iter(ref.get_parameters()))
    q.set_data(Tensor(np.zeros(q.shape, np.float32)))
    np.testing.assert_allclose(rnn(Tensor(x.cuda()))[0].asnumpy(), ref(Tensor(x))[0].asnumpy(), rtol=1e-3, atol=1e-4)
    assert not [w for w in recwarn if "contiguous chunk" in str(w.message)]
