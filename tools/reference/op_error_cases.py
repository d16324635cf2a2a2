"""Common mistakes with the common ops (issue 32 item 7), shared by tools/reference/gen_op_errors.py (run under
real MindSpore) and tests/ops/test_op_errors.py (run under ms_compat): one table per op family, over the
argument that goes wrong (dtype, rank, channels). Each case is an expression evaluated with ``nn``, ``ops``,
``Tensor``, ``np``, ``ms`` bound to the framework and ``t(dtype, *shape)``, a tensor of ones of that numpy
dtype. The generator records MindSpore's exception type and message head (or the output shape and dtype
when MindSpore accepts the input); the test matches the type always and the message's key words.
"""

FAMILIES = {
    "matmul_dtype": [
        "ops.matmul(t('int32', 2, 3), t('float32', 3, 4))",
        "ops.matmul(t('float16', 2, 3), t('float32', 3, 4))",
        "ops.matmul(t('float32', 2, 3), t('float64', 3, 4))",
        "ops.matmul(t('float32', 2, 2, 3), t('float16', 3, 4))",
        "ops.matmul(t('float32', 3), t('int64', 3))",
        "ops.matmul(t('float32', 2, 3), t('float32', 3, 4))",
        "t('int32', 2, 3).matmul(t('float32', 3, 4))",
        "t('float16', 2, 3) @ t('float32', 3, 4)",
        "ms.mint.matmul(t('int32', 2, 3), t('float32', 3, 4))",
    ],
    "softmax_dtype": [
        "ops.softmax(t('int64', 2, 3))",
        "ops.softmax(t('int32', 2, 3))",
        "ops.softmax(t('bool', 2, 3))",
        "ops.softmax(t('uint8', 2, 3))",
        "ops.softmax(t('float16', 2, 3))",
        "ops.softmax(t('float64', 2, 3))",
        "nn.Softmax()(t('int64', 2, 3))",
    ],
    "conv_channels": [
        "nn.Conv2d(3, 2, 3)(t('float32', 1, 4, 5, 5))",
        "nn.Conv2d(3, 2, 3)(t('float32', 2, 1, 5, 5))",
        "nn.Conv2d(4, 4, 3, group=2)(t('float32', 1, 2, 5, 5))",
        "nn.Conv1d(3, 2, 3)(t('float32', 1, 4, 5))",
        "nn.Conv3d(3, 2, 3)(t('float32', 1, 4, 5, 5, 5))",
        "ops.conv2d(t('float32', 1, 4, 5, 5), t('float32', 2, 3, 3, 3))",
    ],
    "conv_dtype": [
        "nn.Conv2d(3, 2, 3)(t('int32', 1, 3, 5, 5))",
        "nn.Conv2d(3, 2, 3)(t('float16', 1, 3, 5, 5))",
        "nn.Conv2d(3, 2, 3)(t('float64', 1, 3, 5, 5))",
    ],
    "conv_rank": [
        "nn.Conv2d(3, 2, 3)(t('float32', 3, 5, 5))",
        "nn.Conv2d(3, 2, 3)(t('float32', 1, 1, 3, 5, 5))",
        "nn.Conv1d(3, 2, 3)(t('float32', 3, 5))",
    ],
    "dense": [
        "nn.Dense(3, 2)(t('int32', 2, 3))",
        "nn.Dense(3, 2)(t('float16', 2, 3))",
        "nn.Dense(3, 2)(t('float32', 2, 4))",
    ],
}

CASES = [c for family in FAMILIES.values() for c in family]


def namespace(ms, nn, ops, Tensor):
    """The names a case expression sees, bound to the framework given (MindSpore or ms_compat)."""
    import numpy as np

    def t(dtype, *shape):
        return Tensor(np.ones(shape, dtype))

    return dict(nn=nn, ops=ops, Tensor=Tensor, np=np, ms=ms, t=t)


def first(out):
    """The first tensor of a (nested) tuple/list output."""
    while isinstance(out, (tuple, list)):
        out = out[0]
    return out
