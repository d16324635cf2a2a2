import mindspore.nn as nn
from mindspore import ops


class ConvBNReLU(nn.Cell):
    def __init__(self, in_c, out_c, kernel_size=3, stride=1, groups=1):
        super().__init__()
        padding = (kernel_size - 1) // 2
        self.features = nn.SequentialCell([
            nn.Conv2d(in_c, out_c, kernel_size, stride, pad_mode="pad", padding=padding, group=groups),
            nn.BatchNorm2d(out_c),
            nn.ReLU6(),
        ])

    def construct(self, x):
        return self.features(x)


class InvertedResidual(nn.Cell):
    def __init__(self, in_c, out_c, stride, expand_ratio):
        super().__init__()
        hidden = in_c * expand_ratio
        self.use_res = stride == 1 and in_c == out_c
        layers = []
        if expand_ratio != 1:
            layers.append(ConvBNReLU(in_c, hidden, kernel_size=1))
        layers.extend([
            ConvBNReLU(hidden, hidden, stride=stride, groups=hidden),
            nn.Conv2d(hidden, out_c, kernel_size=1, has_bias=False),
            nn.BatchNorm2d(out_c),
        ])
        self.conv = nn.SequentialCell(layers)

    def construct(self, x):
        if self.use_res:
            return x + self.conv(x)
        return self.conv(x)


class MobileNetV2(nn.Cell):
    def __init__(self, num_classes=10, width=8):
        super().__init__()
        cfg = [(1, 8, 1, 1), (6, 12, 2, 2), (6, 16, 2, 2), (6, 24, 1, 1)]
        features = [ConvBNReLU(3, width, stride=2)]
        in_c = width
        for t, c, n, s in cfg:
            for i in range(n):
                features.append(InvertedResidual(in_c, c, s if i == 0 else 1, t))
                in_c = c
        features.append(ConvBNReLU(in_c, 64, kernel_size=1))
        self.features = nn.SequentialCell(features)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.flatten = nn.Flatten()
        self.head = nn.Dense(64, num_classes)

    def construct(self, x):
        x = self.features(x)
        x = self.flatten(self.pool(x))
        return self.head(x)


def build():
    return MobileNetV2(), [((2, 3, 32, 32), "float32")]
