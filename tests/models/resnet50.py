"""ResNet-50 structure (bottleneck blocks 3-4-6-3) at a reduced width for tests."""
import mindspore.nn as nn
from mindspore import ops


def conv3x3(in_c, out_c, stride=1):
    return nn.Conv2d(in_c, out_c, 3, stride=stride, pad_mode="pad", padding=1, has_bias=False)


def conv1x1(in_c, out_c, stride=1):
    return nn.Conv2d(in_c, out_c, 1, stride=stride, pad_mode="same", has_bias=False)


class Bottleneck(nn.Cell):
    expansion = 4

    def __init__(self, in_c, c, stride=1):
        super().__init__()
        out_c = c * self.expansion
        self.conv1 = conv1x1(in_c, c)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = conv3x3(c, c, stride)
        self.bn2 = nn.BatchNorm2d(c)
        self.conv3 = conv1x1(c, out_c)
        self.bn3 = nn.BatchNorm2d(out_c)
        self.relu = nn.ReLU()
        self.down = None
        if stride != 1 or in_c != out_c:
            self.down = nn.SequentialCell([conv1x1(in_c, out_c, stride), nn.BatchNorm2d(out_c)])

    def construct(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        if self.down is not None:
            identity = self.down(x)
        return self.relu(out + identity)


class ResNet(nn.Cell):
    def __init__(self, layers=(3, 4, 6, 3), width=8, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 7, stride=2, pad_mode="pad", padding=3, has_bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.relu = nn.ReLU()
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
        blocks = []
        in_c = width
        for i, n in enumerate(layers):
            c = width * 2 ** i
            for j in range(n):
                blocks.append(Bottleneck(in_c, c, stride=2 if (j == 0 and i > 0) else 1))
                in_c = c * Bottleneck.expansion
        self.layers = nn.SequentialCell(blocks)
        self.mean = ops.ReduceMean(keep_dims=False)
        self.fc = nn.Dense(in_c, num_classes)

    def construct(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layers(x)
        x = self.mean(x, (2, 3))
        return self.fc(x)


def build():
    return ResNet(), [((4, 3, 64, 64), "float32")]
