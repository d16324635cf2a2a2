import mindspore.nn as nn
from mindspore import ops


class DoubleConv(nn.Cell):
    def __init__(self, in_c, out_c):
        super().__init__()
        self.double_conv = nn.SequentialCell([
            nn.Conv2d(in_c, out_c, 3, has_bias=False), nn.BatchNorm2d(out_c), nn.ReLU(),
            nn.Conv2d(out_c, out_c, 3, has_bias=False), nn.BatchNorm2d(out_c), nn.ReLU()])

    def construct(self, x):
        return self.double_conv(x)


class Down(nn.Cell):
    def __init__(self, in_c, out_c):
        super().__init__()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.conv = DoubleConv(in_c, out_c)

    def construct(self, x):
        return self.conv(self.pool(x))


class Up(nn.Cell):
    def __init__(self, in_c, out_c):
        super().__init__()
        self.up = nn.Conv2dTranspose(in_c, in_c // 2, 2, stride=2, has_bias=True)
        self.conv = DoubleConv(in_c, out_c)
        self.concat = ops.Concat(axis=1)

    def construct(self, x1, x2):
        return self.conv(self.concat((x2, self.up(x1))))


class UNet(nn.Cell):
    def __init__(self, n_channels=3, n_classes=2, base=4):
        super().__init__()
        self.inc = DoubleConv(n_channels, base)
        self.down1 = Down(base, base * 2)
        self.down2 = Down(base * 2, base * 4)
        self.up1 = Up(base * 4, base * 2)
        self.up2 = Up(base * 2, base)
        self.outc = nn.Conv2d(base, n_classes, 1, has_bias=True)

    def construct(self, x):
        x1 = self.inc(x)
        x2 = self.down1(x1)
        x3 = self.down2(x2)
        x = self.up2(self.up1(x3, x2), x1)
        return self.outc(x)


def build():
    return UNet(), [((1, 3, 16, 16), "float32")]
