"""MindSpore 2.10's beginner quick start (mindspore.cn, "Quick Start"), written against `mindspore` only:
MnistDataset -> map(vision transforms) -> batch, a Network Cell, a value_and_grad training loop, test
accuracy, save_checkpoint / load_checkpoint / load_param_into_net, prediction, then the same network
trained by `Model.train` with LossMonitor, TimeMonitor and ModelCheckpoint.

Run it through ms_compat (no MindSpore installed):  ms-compat run examples/quickstart_mnist.py

The tutorial downloads MNIST; with no network here, `MNIST_Data/` is written first when it is missing:
idx files in MNIST's format with a learnable synthetic digit (a bright bar whose position is the label)
plus noise, so the loss visibly falls. Point MNIST_DIR at a real MNIST download to train on it instead.
"""
import os
import struct
import tempfile

import numpy as np

import mindspore
from mindspore import nn
from mindspore.dataset import MnistDataset, transforms, vision
from mindspore.train import CheckpointConfig, LossMonitor, Model, ModelCheckpoint, TimeMonitor

DATA_DIR = os.environ.get("MNIST_DIR", os.path.join(tempfile.gettempdir(), "MNIST_Data"))


def write_synthetic_mnist(root, n_train=1920, n_test=320, seed=0):
    """MNIST's idx files (train/ and test/ as the tutorial's download unpacks them)."""
    rng = np.random.RandomState(seed)
    for usage, prefix, n in (("train", "train", n_train), ("test", "t10k", n_test)):
        labels = rng.randint(0, 10, size=n).astype(np.uint8)
        images = rng.randint(0, 60, size=(n, 28, 28)).astype(np.uint8)
        for i, k in enumerate(labels):
            images[i, 4 + 2 * k: 6 + 2 * k, 4:24] = 255
        os.makedirs(os.path.join(root, usage), exist_ok=True)
        with open(os.path.join(root, usage, f"{prefix}-images-idx3-ubyte"), "wb") as f:
            f.write(struct.pack(">IIII", 2051, n, 28, 28) + images.tobytes())
        with open(os.path.join(root, usage, f"{prefix}-labels-idx1-ubyte"), "wb") as f:
            f.write(struct.pack(">II", 2049, n) + labels.tobytes())


# ------------------------------------------------------------------ the tutorial, as MindSpore publishes it
def datapipe(path, batch_size):
    image_transforms = [
        vision.Rescale(1.0 / 255.0, 0),
        vision.Normalize(mean=(0.1307,), std=(0.3081,)),
        vision.HWC2CHW()
    ]
    label_transform = transforms.TypeCast(mindspore.int32)

    dataset = MnistDataset(path)
    dataset = dataset.map(image_transforms, 'image')
    dataset = dataset.map(label_transform, 'label')
    dataset = dataset.batch(batch_size)
    return dataset


class Network(nn.Cell):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.dense_relu_sequential = nn.SequentialCell(
            nn.Dense(28*28, 512),
            nn.ReLU(),
            nn.Dense(512, 512),
            nn.ReLU(),
            nn.Dense(512, 10)
        )

    def construct(self, x):
        x = self.flatten(x)
        logits = self.dense_relu_sequential(x)
        return logits


def main():
    if not os.path.isdir(os.path.join(DATA_DIR, "train")):
        write_synthetic_mnist(DATA_DIR)
    mindspore.set_seed(1)
    train_dataset = datapipe(os.path.join(DATA_DIR, "train"), 64)
    test_dataset = datapipe(os.path.join(DATA_DIR, "test"), 64)
    for image, label in test_dataset.create_tuple_iterator():
        print(f"Shape of image [N, C, H, W]: {image.shape} {image.dtype}")
        print(f"Shape of label: {label.shape} {label.dtype}")
        break

    model = Network()
    print(model)
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.SGD(model.trainable_params(), 1e-2)

    def forward_fn(data, label):
        logits = model(data)
        loss = loss_fn(logits, label)
        return loss, logits

    grad_fn = mindspore.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)

    def train_step(data, label):
        (loss, _), grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    def train(model, dataset):
        size = dataset.get_dataset_size()
        model.set_train()
        for batch, (data, label) in enumerate(dataset.create_tuple_iterator()):
            loss = train_step(data, label)
            if batch % 10 == 0:
                loss, current = loss.asnumpy(), batch
                print(f"loss: {loss:>7f}  [{current:>3d}/{size:>3d}]")

    def test(model, dataset, loss_fn):
        num_batches = dataset.get_dataset_size()
        model.set_train(False)
        total, test_loss, correct = 0, 0, 0
        for data, label in dataset.create_tuple_iterator():
            pred = model(data)
            total += len(data)
            test_loss += loss_fn(pred, label).asnumpy()
            correct += (pred.argmax(1) == label).asnumpy().sum()
        test_loss /= num_batches
        correct /= total
        print(f"Test: \n Accuracy: {(100*correct):>0.1f}%, Avg loss: {test_loss:>8f} \n")

    epochs = 3
    for t in range(epochs):
        print(f"Epoch {t+1}\n-------------------------------")
        train(model, train_dataset)
        test(model, test_dataset, loss_fn)
    print("Done!")

    ckpt_dir = tempfile.mkdtemp(prefix="quickstart_")
    mindspore.save_checkpoint(model, os.path.join(ckpt_dir, "model.ckpt"))
    print("Saved Model to model.ckpt")

    model = Network()
    param_dict = mindspore.load_checkpoint(os.path.join(ckpt_dir, "model.ckpt"))
    param_not_load, _ = mindspore.load_param_into_net(model, param_dict)
    print(param_not_load)

    model.set_train(False)
    for data, label in test_dataset:
        pred = model(data)
        predicted = pred.argmax(1)
        print(f'Predicted: "{predicted[:10]}", Actual: "{label[:10]}"')
        break

    # ---------------------------------------------- the same network through the training driver
    net = Network()
    trainer = Model(net, nn.CrossEntropyLoss(), nn.Momentum(net.trainable_params(), 0.01, 0.9),
                    metrics={"accuracy"})
    config = CheckpointConfig(save_checkpoint_steps=30, keep_checkpoint_max=2)
    checkpoint = ModelCheckpoint(prefix="quickstart", directory=ckpt_dir, config=config)
    trainer.train(2, train_dataset, callbacks=[LossMonitor(10), TimeMonitor(), checkpoint])
    print("eval:", trainer.eval(test_dataset))
    print("checkpoints:", sorted(f for f in os.listdir(ckpt_dir) if f.startswith("quickstart")))


if __name__ == "__main__":
    main()
