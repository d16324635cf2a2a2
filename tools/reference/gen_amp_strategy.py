"""mindspore.train.amp's strategy API under MindSpore 2.10 (PyNative): output dtypes of ops run inside
``AmpDecorator`` / ``push_amp_strategy`` ... ``pop_amp_strategy`` with the auto level and custom white/black lists,
nested strategies, and what ``create_amp_strategy`` returns. tests/amp/test_amp_strategy.py runs this same file
through the ms_compat alias and compares."""
import os
import sys

import numpy as np

import mindspore as ms
from mindspore import ops
from mindspore.train.amp import AmpDecorator, AmpLevel, create_amp_strategy, pop_amp_strategy, push_amp_strategy

F32 = ms.float32


def _ops():
    x = ms.Tensor(np.full((2, 2), 0.5, np.float32))
    h = ms.Tensor(np.full((2, 2), 0.5, np.float16))
    return {"matmul": lambda: ops.matmul(x, x), "exp": lambda: ops.exp(h), "add": lambda: ops.add(x, x),
            "add_mixed": lambda: ops.add(x, h), "log": lambda: ops.log(h), "sin": lambda: ops.sin(x),
            "softmax": lambda: ops.softmax(h), "relu": lambda: ops.relu(x)}


def _dtypes():
    return {k: str(f().dtype).lower().replace("torch.", "") for k, f in _ops().items()}


def run():
    out = {"none": _dtypes()}
    # (MindSpore's CPU kernels have no float16/bfloat16 MatMul, so matmul is not white-listed here)
    white = [("Sin", []), ("ReLU", [])]
    black = [("Exp", []), ("Log", [])]
    with AmpDecorator(AmpLevel.AmpAuto, ms.float16, white, black):
        out["auto_custom"] = _dtypes()
    with AmpDecorator(AmpLevel.AmpAuto, ms.bfloat16, [("Add", [])], []):
        out["auto_bf16"] = _dtypes()
    with AmpDecorator(AmpLevel.AmpAuto, ms.float16, [("Add", [1])], []):
        out["auto_arg1"] = _dtypes()
    for lvl in ("AmpO1", "AmpO2", "AmpO3"):
        with AmpDecorator(getattr(AmpLevel, lvl), ms.float16, white, black):
            out[lvl] = _dtypes()
    with AmpDecorator(AmpLevel.AmpO0, ms.float16, white, black):
        out["o0"] = _dtypes()
    push_amp_strategy(AmpLevel.AmpAuto, ms.float16, [("Add", [])], [])
    out["pushed"] = _dtypes()
    push_amp_strategy(AmpLevel.AmpO0, ms.float16, [], [])
    out["nested_o0"] = _dtypes()
    pop_amp_strategy()
    out["after_inner_pop"] = _dtypes()
    pop_amp_strategy()
    out["after_pop"] = _dtypes()
    s = create_amp_strategy(AmpLevel.AmpAuto, ms.float16, white, black)
    out["strategy"] = [s.get_amp_level().name, str(s.get_amp_dtype()).lower().replace("torch.", ""),
                       [list(map(list, [a, b])) for a, b in s.get_white_list()],
                       [list(map(list, [a, b])) for a, b in s.get_black_list()]]
    out["levels"] = {k: int(v) for k, v in AmpLevel.__members__.items()}
    return out


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    refutil.save_json("amp", "amp_strategy", run())
    print(run())  # noqa: T201
