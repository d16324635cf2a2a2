"""Train a small CNN on shuffled, randomly augmented images — an UNCHANGED MindSpore script.

The random draws of a MindSpore training run are in it: the default (seeded) initialisation, the dataset's shuffle
(reshuffled each epoch) and RandomCrop / RandomHorizontalFlip in the map. From the same seed it prints MindSpore
2.10's numbers under ms_compat. (No ``nn.Dropout``: MindSpore 2.10's own CPU Dropout masks differ from run to run
after a few calls, so no two MindSpore runs of a script with it print the same losses; see
migration_guides/real-code.md.)

    ms-compat run examples/train_augmented.py        # or: python -m ms_compat examples/train_augmented.py
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops
import mindspore.dataset as ds
from mindspore.dataset import vision


class SmallCNN(nn.Cell):
    def __init__(self, num_class=4):
        super().__init__()
        self.features = nn.SequentialCell(
            nn.Conv2d(1, 8, 5, pad_mode="valid"), nn.ReLU(), nn.MaxPool2d(2, 2),
            nn.Conv2d(8, 16, 5, pad_mode="valid"), nn.ReLU(), nn.MaxPool2d(2, 2))
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(16 * 4 * 4, num_class)

    def construct(self, x):
        return self.fc(self.flatten(self.features(x)))


def synthetic_images(n=48, num_class=4):
    """32x32 grey images with a bright horizontal band whose height is the label, plus noise."""
    rng = np.random.RandomState(0)
    labels = rng.randint(0, num_class, size=n).astype(np.int32)
    images = rng.randint(0, 80, size=(n, 32, 32, 1)).astype(np.uint8)
    for i, c in enumerate(labels):
        images[i, 4 + 6 * c: 8 + 6 * c, 2:30] = 255
    return images, labels


def datapipe(batch_size=8):
    images, labels = synthetic_images()
    data = ds.NumpySlicesDataset({"image": images, "label": labels}, shuffle=True)
    data = data.map([vision.RandomCrop(28, padding=2), vision.RandomHorizontalFlip(0.5),
                     vision.Rescale(1.0 / 255.0, 0.0), vision.HWC2CHW()], "image")
    return data.batch(batch_size, drop_remainder=True)


def main():
    ms.set_seed(1)
    dataset = datapipe()
    net = SmallCNN()
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    train_step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    train_step.set_train()
    for epoch in range(3):
        losses = [float(train_step(x, y).asnumpy()) for x, y in dataset.create_tuple_iterator()]
        print(f"epoch {epoch + 1}: losses " + " ".join(f"{v:.5f}" for v in losses))

    net.set_train(False)
    correct = total = 0
    for x, y in dataset.create_tuple_iterator():
        correct += int((ops.argmax(net(x), dim=1) == y).sum().asnumpy())
        total += y.shape[0]
    print(f"train accuracy {correct / total:.3f}")


if __name__ == "__main__":
    main()
