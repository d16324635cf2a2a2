"""Bad input gets MindSpore's answer (issue 22 items 1 and 11).

tools/reference/gen_bad_input.py ran each expression of bad_input_cases.CASES under real MindSpore 2.10
and recorded the exception type (or the output shape where MindSpore accepts the input); ms_compat
must raise the same type (messages are MindSpore's where we reproduce them, checked in the layer tests)
or, where MindSpore accepts the input, return the same shape.
"""
import builtins
import pathlib
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import ms_compat as ms
from ms_compat import Tensor, nn, ops
from conftest import load_ref_json

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools" / "reference"))
from bad_input_cases import CASES, first, namespace  # noqa: E402

REF = load_ref_json("bad_input", "cases")


NS = namespace(ms, nn, ops, Tensor)

f, i, train = NS["f"], NS["i"], NS["train"]


def test_reference_covers_every_case():
    assert sorted(REF) == sorted(CASES)


@pytest.mark.parametrize("expr", CASES)
def test_same_answer_as_mindspore(expr):
    expected = REF[expr]
    if "error" in expected:
        with pytest.raises(Exception) as info:
            eval(expr, NS)
        # ms_compat's shape errors are MindSpore's type and torch's at once (common/shape_error.py)
        assert isinstance(info.value, getattr(builtins, expected["error"][0])), (repr(info.value), expected["error"])
    elif "value" in expected:  # a non-tensor answer, compared by its repr
        assert repr(first(eval(expr, NS))) == expected["value"]
    else:
        out = first(eval(expr, NS))
        assert list(out.shape) == expected["shape"]


# The raw recurrent kernels used to segfault (exit 139) or read past the weights on these.
CRASHERS = [
    "nn.LSTM(4, 8, batch_first=True)(Tensor(np.ones((2, 3, 1000000), np.float32)))",
    "nn.LSTM(4, 8)(Tensor(np.ones((3, 2, 4), np.float32)), "
    "(Tensor(np.ones((1, 2, 4096), np.float32)), Tensor(np.ones((1, 2, 4096), np.float32))))",
    "nn.GRU(4, 8, batch_first=True)(Tensor(np.ones((2, 3, 1000000), np.float32)))",
    "nn.LSTM(4, 8, batch_first=True)(Tensor(np.ones((2, 3, 1000000), np.float32)), None, "
    "Tensor(np.array([3, 1], np.int32)))",
]


def test_recurrent_crashers_raise_value_error_in_a_subprocess():
    code = textwrap.dedent(f"""
        import numpy as np
        from ms_compat import Tensor, nn
        for expr in {CRASHERS!r}:
            try:
                eval(expr)
            except ValueError as e:
                print("ValueError", flush=True)
            else:
                print("accepted", flush=True)
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, (r.returncode, r.stderr[-2000:])
    assert r.stdout.split() == ["ValueError"] * len(CRASHERS), r.stdout


# Values where MindSpore accepts what torch refuses (probed under MindSpore 2.10: Embedding id -1 is
# the table's last row; BatchNorm2d training on one value per channel gives 0, moving mean updated with
# momentum 0.1 towards the value, moving variance NaN from the unbiased update).
def test_embedding_negative_id_is_the_last_row():
    e = nn.Embedding(10, 3)
    table = e.embedding_table.asnumpy()
    out = e(i(-1, 2, -10)).asnumpy()
    np.testing.assert_array_equal(out, table[[-1, 2, 0]])
    with pytest.raises(RuntimeError, match="range"):
        e(i(-11))


def test_batchnorm_trains_on_one_value_per_channel():
    bn = train(nn.BatchNorm2d(3))
    out = bn(Tensor(np.arange(3, dtype=np.float32).reshape(1, 3, 1, 1))).asnumpy()
    np.testing.assert_array_equal(out.ravel(), [0, 0, 0])
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), [0, 0.1, 0.2], rtol=1e-6)
    assert np.isnan(bn.moving_variance.asnumpy()).all()


def test_shape_errors_stay_catchable_as_torch_errors():
    # MindSpore code catches ValueError; PyTorch-style code (and ms_compat's own fallbacks) RuntimeError
    with pytest.raises(RuntimeError):
        f(2, 3) + f(4, 3)
    with pytest.raises(IndexError):
        ops.transpose(f(2, 3), (0, 2))
    with pytest.raises(ValueError, match="rank|dimension"):
        nn.BatchNorm3d(3)(f(2, 3, 4, 4))
