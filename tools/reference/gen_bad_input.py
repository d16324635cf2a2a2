"""What real MindSpore 2.10 does on bad input (issue 22 item 11), run under real MindSpore.

Writes tests/reference_data/bad_input/cases.json: for each expression of bad_input_cases.CASES,
``{"error": [type, message head]}`` or ``{"shape": [...]}`` when MindSpore accepts it (the first
output's shape). Case definitions live in bad_input_cases.py (shared with tests/test_bad_input.py).
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

import refutil
from bad_input_cases import CASES

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_seed(1)


def f(*shape):
    return Tensor(np.ones(shape, np.float32))


def i(*values):
    return Tensor(np.array(values, np.int32))


def train(net):
    net.set_train(True)
    return net


def cell():
    return nn.Cell()


NS = dict(nn=nn, ops=ops, Tensor=Tensor, np=np, ms=ms, f=f, i=i, train=train, cell=cell)


def first(out):
    while isinstance(out, (tuple, list)):
        out = out[0]
    return out


def head(e):
    lines = [l.strip() for l in str(e).splitlines() if l.strip() and not l.strip().startswith("---")
             and not l.strip().startswith("- ")]
    return lines[0][:160] if lines else ""


def main():
    res = {}
    for expr in CASES:
        try:
            out = first(eval(expr, NS))
            if hasattr(out, "asnumpy"):
                res[expr] = {"shape": list(out.asnumpy().shape)}
            else:
                res[expr] = {"value": repr(out)}
        except Exception as e:  # noqa: BLE001 - recording what MindSpore raises
            res[expr] = {"error": [type(e).__name__, head(e)]}
        print(expr, "->", res[expr], flush=True)
    refutil.save_json("bad_input", "cases", res)


if __name__ == "__main__":
    main()
