"""EfficientNet-style network: MBConv blocks with depthwise convs, squeeze-excitation and SiLU."""
import mindspore.nn as nn
from mindspore import ops


class SqueezeExcite(nn.Cell):
    def __init__(self, c, reduced):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.reduce = nn.Conv2d(c, reduced, 1, has_bias=True)
        self.expand = nn.Conv2d(reduced, c, 1, has_bias=True)
        self.act = nn.SiLU()
        self.gate = nn.Sigmoid()

    def construct(self, x):
        s = self.gate(self.expand(self.act(self.reduce(self.pool(x)))))
        return x * s


class MBConv(nn.Cell):
    def __init__(self, in_c, out_c, k, stride, expand):
        super().__init__()
        hid = in_c * expand
        self.has_expand = expand != 1
        if self.has_expand:
            self.expand_conv = nn.SequentialCell([nn.Conv2d(in_c, hid, 1), nn.BatchNorm2d(hid), nn.SiLU()])
        self.dw = nn.SequentialCell([nn.Conv2d(hid, hid, k, stride=stride, pad_mode="same", group=hid),
                                     nn.BatchNorm2d(hid), nn.SiLU()])
        self.se = SqueezeExcite(hid, max(1, in_c // 4))
        self.project = nn.SequentialCell([nn.Conv2d(hid, out_c, 1), nn.BatchNorm2d(out_c)])
        self.skip = stride == 1 and in_c == out_c

    def construct(self, x):
        out = self.expand_conv(x) if self.has_expand else x
        out = self.project(self.se(self.dw(out)))
        if self.skip:
            out = out + x
        return out


class EfficientNet(nn.Cell):
    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = nn.SequentialCell([nn.Conv2d(3, 8, 3, stride=2), nn.BatchNorm2d(8), nn.SiLU()])
        self.blocks = nn.SequentialCell([MBConv(8, 8, 3, 1, 1), MBConv(8, 12, 3, 2, 4), MBConv(12, 12, 5, 1, 4),
                                         MBConv(12, 16, 5, 2, 4)])
        self.head = nn.SequentialCell([nn.Conv2d(16, 32, 1), nn.BatchNorm2d(32), nn.SiLU()])
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(32, num_classes)

    def construct(self, x):
        x = self.head(self.blocks(self.stem(x)))
        return self.fc(self.flatten(self.pool(x)))


def build():
    return EfficientNet(), [((2, 3, 32, 32), "float32")]
