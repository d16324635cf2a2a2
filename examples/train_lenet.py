"""Train a small LeNet on synthetic data — an UNCHANGED MindSpore script.

Runs under real MindSpore (`python train_lenet.py`) and under ms_compat without edits:

    ms-compat run examples/train_lenet.py            # or: python -m ms_compat examples/train_lenet.py
    ms-compat run examples/train_lenet.py --graph    # GRAPH_MODE (torch.compile underneath)
"""
import argparse

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.common.initializer import Normal
import mindspore.dataset as ds


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(16 * 5 * 5, 120, weight_init=Normal(0.02))
        self.fc2 = nn.Dense(120, 84, weight_init=Normal(0.02))
        self.fc3 = nn.Dense(84, num_class, weight_init=Normal(0.02))

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def synthetic_dataset(n=64, batch_size=16, num_class=10):
    """Images whose mean brightness pattern decides the label (learnable in a few steps)."""
    rng = np.random.RandomState(0)
    labels = rng.randint(0, num_class, size=n).astype(np.int32)
    images = rng.standard_normal((n, 1, 32, 32)).astype(np.float32) * 0.5
    for i, c in enumerate(labels):
        images[i, 0, c * 3:c * 3 + 3, :] += 2.0
    data = ds.NumpySlicesDataset({"image": images, "label": labels}, shuffle=False)
    return data.batch(batch_size)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--graph", action="store_true", help="run in GRAPH_MODE")
    parser.add_argument("--epochs", type=int, default=6)
    args = parser.parse_args()
    ms.set_seed(1)
    ms.set_context(mode=ms.GRAPH_MODE if args.graph else ms.PYNATIVE_MODE)

    net = LeNet5()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    train_step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    train_step.set_train()

    dataset = synthetic_dataset()
    images, labels = next(dataset.create_tuple_iterator())
    logits = net(images)
    print(f"inference: logits shape {logits.shape}, dtype {logits.dtype}")

    first = last = None
    for epoch in range(args.epochs):
        losses = [float(train_step(x, y).asnumpy()) for x, y in dataset.create_tuple_iterator()]
        mean = sum(losses) / len(losses)
        first = mean if first is None else first
        last = mean
        print(f"epoch {epoch + 1}: loss {mean:.4f}")

    net.set_train(False)
    correct = total = 0
    for x, y in dataset.create_tuple_iterator():
        pred = ops.argmax(net(x), dim=1)
        correct += int((pred == y).sum().asnumpy())
        total += y.shape[0]
    print(f"loss went from {first:.4f} to {last:.4f}; train accuracy {correct / total:.2f}")


if __name__ == "__main__":
    main()
