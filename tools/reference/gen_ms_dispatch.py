"""mindspore.utils.MsDispatchMode under MindSpore 2.10 (PyNative, CPU): the operator names a mode sees for common
Tensor operations, nesting (the innermost mode handles an op; the outer one resumes after), the decorator form,
a mode that changes results, and the values. tests/utils/test_ms_dispatch.py runs run() through the alias."""
import os
import sys

import numpy as np

import mindspore as ms
from mindspore import Tensor, ops


def run():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    log = []

    class Outer(ms.utils.MsDispatchMode):
        def __ms_dispatch__(self, func, args, kwargs=None):
            log.append(("outer", func.name))
            return func(*args)

    class Inner(ms.MsDispatchMode):
        def __ms_dispatch__(self, func, args, kwargs=None):
            log.append(("inner", func.name))
            return func(*args)

    class Doubler(ms.MsDispatchMode):
        def __ms_dispatch__(self, func, args, kwargs=None):
            out = func(*args)
            return out * 2 if func.name == "AddExt" else out

    x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    y = Tensor(np.array([4.0, -5.0, 6.0], np.float32))
    with Outer():
        r1 = x + y
        r2 = x * 2
        r3 = x - y
        r4 = x / y
        r5 = ops.matmul(x.reshape(1, 3), y.reshape(3, 1))
        r6 = ops.relu(y)
        r7 = ops.exp(x)
        r8 = x.sum()
        with Inner():
            r9 = x + y
        r10 = x - y

    @Inner()
    def fn(a, b):
        return a + b

    r11 = fn(x, y)
    with Doubler():
        r12 = x + y
    r13 = x + y  # outside every mode: not seen
    vals = [r.asnumpy().tolist() for r in (r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13)]
    return {"log": [list(e) for e in log], "values": vals}


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    refutil.save_json("utils", "ms_dispatch", run())
    print("ok")  # noqa: T201
