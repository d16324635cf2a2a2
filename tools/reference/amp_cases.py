"""The networks and inputs of the mixed-precision references, shared by tools/reference/gen_amp.py (run
under real MindSpore 2.10) and tests/amp/ (run under ms_compat, imported while ``ms_compat.install()``
serves ``import mindspore``): one definition, so what is generated is what is tested. The networks are
module-level MindSpore code because MindSpore's O1 rewrites a network class from its source file."""
import numpy as np
from mindspore import Parameter, Tensor, nn
import mindspore.common.dtype as mstype

# MindSpore prints a dtype as ``Float32``; ms_compat's dtypes are torch dtypes and spell it with dtype_str
dname = getattr(mstype, "dtype_str", str)

LAYERS = ["conv", "bn", "relu", "flatten", "dense", "ln", "softmax"]   # MixedNet's leaf layers, in order
# Cell.to_float on Parent / its Child: case -> (Parent dtype, Child dtype), dtype names (None: not set)
TO_FLOAT_CASES = {"p16_c32": ("float16", "float32"), "pnone_c16": (None, "float16"),
                  "pbf16_c16": ("bfloat16", "float16"), "p16": ("float16", None), "p32": ("float32", None),
                  "pbf16": ("bfloat16", None)}
# inputs of LinNet's TrainOneStepWithLossScaleCell run: inf and 1e36 (* scale > float32 max) overflow
LOSS_SCALE_XS = [[1.0, 1.0], [np.inf, 1.0], [1.0, 1.0], [1.0, 1.0], [1.0, 1.0], [1.0, 1.0], [1e36, 1.0],
                 [1.0, -1.0], [2.0, 1.0], [1.0, 1.0], [0.5, 0.5]]


class MixedNet(nn.Cell):
    """Conv2d, BatchNorm2d, ReLU, Flatten, Dense, LayerNorm, Softmax: every amp list is exercised."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 4, 3, pad_mode="pad", padding=1, has_bias=True)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.dense = nn.Dense(64, 8)
        self.ln = nn.LayerNorm((8,))
        self.softmax = nn.Softmax()

    def construct(self, x):
        x = self.conv(x)
        x = self.bn(x)
        x = self.relu(x)
        x = self.flatten(x)
        x = self.dense(x)
        x = self.ln(x)
        return self.softmax(x)


class Child(nn.Cell):
    def construct(self, x):
        return x * 2


class Parent(nn.Cell):
    """Records the dtypes seen inside ``construct`` in ``self.log``."""

    def __init__(self):
        super().__init__()
        self.c = Child()
        self.w = Parameter(Tensor(np.ones(3, np.float32)), name="w")

    def construct(self, x):
        log = {}
        a = x + 1
        log["a"] = dname(a.dtype)
        b = self.c(a)
        log["b"] = dname(b.dtype)
        d = b + self.w
        log["d"] = dname(d.dtype)
        log["w_inside"] = dname(self.w.dtype)
        log["x_inside"] = dname(x.dtype)
        self.log = log
        return d


class LinNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")

    def construct(self, x):
        return (x * self.w).sum()


def find_cell(net, layer):
    """The leaf layer inside a (possibly wrapped / rewritten) network, by its attribute name."""
    for name, cell in net.cells_and_names():
        parts = name.split(".")
        if parts[-1] == layer or (parts[-1] == "_backbone" and len(parts) > 1 and parts[-2] == layer):
            if type(cell).__name__ not in ("_OutputTo16", "_OutputTo32"):
                return cell
    raise KeyError(layer)


def loss_scale_sense(kind):
    """The ``scale_sense`` of the loss-scale runs: an update cell or a Tensor."""
    if kind == "dynamic":
        return nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 10, scale_factor=2, scale_window=3)
    if kind == "fixed_cell":
        return nn.FixedLossScaleUpdateCell(2.0 ** 10)
    return Tensor(np.float32(2.0 ** 10))
