"""Run with `python -m mypkg.cli` (relative imports inside a package)."""
import sys

from . import model
from .data import make_arrays
from mindspore import Tensor


def main():
    net = model.Net()
    x, _ = make_arrays(2)
    out = net(Tensor(x))
    print("cli", model.mode_name(), out.shape, sys.argv[1:])


if __name__ == "__main__":
    main()
