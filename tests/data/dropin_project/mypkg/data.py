import numpy as np
import mindspore.numpy as mnp
import mindspore.dataset as ds
from mindspore import Tensor


def make_arrays(n=12):
    rng = np.random.RandomState(0)
    x = rng.standard_normal((n, 4)).astype(np.float32)
    y = (np.arange(n) % 3).astype(np.int32)
    return x, y


def make_dataset(batch_size=4):
    x, y = make_arrays()
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(batch_size)


def stats(t):
    a = mnp.mean(t)
    b = mnp.sum(mnp.abs(t))
    return float(a.asnumpy()), float(b.asnumpy())


def ramp(n):
    return mnp.arange(n) * Tensor(0.5)
