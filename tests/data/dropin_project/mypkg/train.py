import os
import tempfile

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter
from mindspore.train.serialization import save_checkpoint, load_checkpoint, load_param_into_net


def fixed_weights(net, seed=1):
    rng = np.random.RandomState(seed)
    params = {}
    for p in net.get_parameters():
        params[p.name] = Parameter(Tensor((rng.standard_normal(p.shape) * 0.3).astype(np.float32)), name=p.name)
    not_loaded = load_param_into_net(net, params)
    return not_loaded


def train(net, dataset, steps_per_epoch, epochs=3, lr=0.1):
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
    with_loss = nn.WithLossCell(net, loss_fn)
    step = nn.TrainOneStepCell(with_loss, opt)
    step.set_train()
    losses = []
    for _ in range(epochs):
        for x, y in dataset.create_tuple_iterator():
            losses.append(float(step(x, y).asnumpy()))
    return losses


def value_and_grad_step(net, x, y):
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def forward(a, b):
        return loss_fn(net(a), b)

    grad_fn = ms.value_and_grad(forward, None, net.trainable_params())
    loss, grads = grad_fn(x, y)
    return float(loss.asnumpy()), [float(np.abs(g.asnumpy()).sum()) for g in grads]


def checkpoint_roundtrip(net, make_net):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "net.ckpt")
        save_checkpoint(net, path)
        params = load_checkpoint(path)
        other = make_net()
        load_param_into_net(other, params)
        names = sorted(params)
        diff = max(float(np.abs(a.asnumpy() - b.asnumpy()).max())
                   for a, b in zip(net.get_parameters(), other.get_parameters()))
    return names, diff
