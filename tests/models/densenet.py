import mindspore.nn as nn
from mindspore import ops


class DenseLayer(nn.Cell):
    def __init__(self, in_c, growth, bn_size=2):
        super().__init__()
        self.norm1 = nn.BatchNorm2d(in_c)
        self.relu = nn.ReLU()
        self.conv1 = nn.Conv2d(in_c, bn_size * growth, 1, has_bias=False)
        self.norm2 = nn.BatchNorm2d(bn_size * growth)
        self.conv2 = nn.Conv2d(bn_size * growth, growth, 3, pad_mode="pad", padding=1, has_bias=False)
        self.concat = ops.Concat(axis=1)

    def construct(self, x):
        out = self.conv1(self.relu(self.norm1(x)))
        out = self.conv2(self.relu(self.norm2(out)))
        return self.concat((x, out))


class Transition(nn.Cell):
    def __init__(self, in_c, out_c):
        super().__init__()
        self.features = nn.SequentialCell([nn.BatchNorm2d(in_c), nn.ReLU(), nn.Conv2d(in_c, out_c, 1, has_bias=False),
                                           nn.AvgPool2d(kernel_size=2, stride=2)])

    def construct(self, x):
        return self.features(x)


class DenseNet(nn.Cell):
    def __init__(self, growth=4, blocks=(2, 2, 2), init_c=8, num_classes=10):
        super().__init__()
        layers = [nn.Conv2d(3, init_c, 3, pad_mode="pad", padding=1, has_bias=False)]
        c = init_c
        for i, n in enumerate(blocks):
            for _ in range(n):
                layers.append(DenseLayer(c, growth))
                c += growth
            if i != len(blocks) - 1:
                layers.append(Transition(c, c // 2))
                c //= 2
        layers += [nn.BatchNorm2d(c), nn.ReLU()]
        self.features = nn.SequentialCell(layers)
        self.pool = ops.ReduceMean(keep_dims=False)
        self.classifier = nn.Dense(c, num_classes)

    def construct(self, x):
        return self.classifier(self.pool(self.features(x), (2, 3)))


def build():
    return DenseNet(), [((2, 3, 16, 16), "float32")]
