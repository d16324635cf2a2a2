"""Op cases shared by the reference generator (tools/reference/gen_ops.py, run under real MindSpore 2.10)
and the tests (tests/ops/test_ops_reference.py, run under ms_compat).

Each case is ``fn(ms, ops, P, *inputs)``; ``ms`` is the framework module (``mindspore`` or
``ms_compat``), ``ops`` its ops module, ``P`` its ops.operations. Inputs are numpy arrays made by a
seeded RandomState, turned into Tensors by the runner. GRAD cases also record the gradients of the
sum of all outputs w.r.t. the first ``ngrad`` inputs (through the framework's own ``ops.grad``).
This file must import under both interpreters: numpy only.
"""
import numpy as np


def A(*shape, seed=0, lo=-2.0, hi=2.0, dtype=np.float32):
    r = np.random.RandomState(seed)
    return (r.uniform(lo, hi, size=shape)).astype(dtype)


def I(*shape, seed=0, lo=0, hi=4, dtype=np.int32):
    r = np.random.RandomState(seed)
    return r.randint(lo, hi, size=shape).astype(dtype)


X234 = A(2, 3, 4, seed=1)
X23 = A(2, 3, seed=2)
Y23 = A(2, 3, seed=3)
X4 = A(4, seed=4)
POS23 = A(2, 3, seed=5, lo=0.5, hi=3.0)
IMG = A(2, 3, 6, 6, seed=6)
W33 = A(4, 3, 3, 3, seed=7)
B4 = A(4, seed=8)
LOGITS = A(4, 5, seed=9)
LABELS = np.array([1, 0, 4, 2], np.int32)
MASK23 = np.array([[True, False, True], [False, False, True]])
PROB = A(4, 5, seed=10, lo=0.05, hi=0.95)
IMG_SMALL = A(1, 2, 4, 5, seed=11)

# name: (fn, inputs, ngrad)
CASES = {
    # ---- shape ops
    "reshape": (lambda ms, o, P, x: o.reshape(x, (4, -1)), [X234], 1),
    "transpose": (lambda ms, o, P, x: o.transpose(x, (1, 0, 2)), [X234], 1),
    "permute": (lambda ms, o, P, x: o.permute(x, (2, 0, 1)), [X234], 1),
    "concat_axis1": (lambda ms, o, P, x, y: o.concat((x, y), 1), [X23, Y23], 2),
    "cat_default": (lambda ms, o, P, x, y: o.cat([x, y]), [X23, Y23], 2),
    "stack_axis1": (lambda ms, o, P, x, y: o.stack((x, y), axis=1), [X23, Y23], 2),
    "split_int": (lambda ms, o, P, x: o.split(x, 2, 2), [X234], 1),
    "split_list": (lambda ms, o, P, x: o.split(x, [1, 2], axis=1), [X234], 1),
    "chunk": (lambda ms, o, P, x: o.chunk(x, 2, 2), [X234], 1),
    "squeeze_all": (lambda ms, o, P, x: o.squeeze(x), [A(1, 3, 1, seed=12)], 1),
    "squeeze_axis": (lambda ms, o, P, x: o.squeeze(x, 2), [A(1, 3, 1, seed=12)], 1),
    "squeeze_tuple": (lambda ms, o, P, x: o.squeeze(x, (0, 2)), [A(1, 3, 1, seed=12)], 1),
    "expand_dims": (lambda ms, o, P, x: o.expand_dims(x, -1), [X23], 1),
    "unsqueeze": (lambda ms, o, P, x: o.unsqueeze(x, 0), [X23], 1),
    "tile": (lambda ms, o, P, x: o.tile(x, (2, 1)), [X23], 1),
    "tile_more_dims": (lambda ms, o, P, x: o.tile(x, (2, 1, 2)), [X23], 1),
    "broadcast_to": (lambda ms, o, P, x: o.broadcast_to(x, (2, 2, 3)), [A(1, 3, seed=13)], 1),
    "broadcast_to_neg1": (lambda ms, o, P, x: o.broadcast_to(x, (-1, 3)), [A(2, 1, seed=13)], 1),
    "flatten_default": (lambda ms, o, P, x: o.flatten(x), [X234], 1),
    "flatten_start0": (lambda ms, o, P, x: o.flatten(x, start_dim=0), [X234], 1),
    "flatten_order_F": (lambda ms, o, P, x: o.flatten(x, "F"), [X234], 1),
    "narrow": (lambda ms, o, P, x: o.narrow(x, 1, 1, 2), [X234], 1),
    "slice": (lambda ms, o, P, x: o.slice(x, (0, 1, 1), (2, -1, 2)), [X234], 1),
    "strided_slice": (lambda ms, o, P, x: o.strided_slice(x, (0, 0, 0), (2, 3, 4), (1, 2, 2)), [X234], 1),
    "strided_slice_masks": (lambda ms, o, P, x: o.strided_slice(x, (1, 0, 1), (2, 2, 3), (1, 1, 1),
                                                                begin_mask=2, end_mask=4, shrink_axis_mask=1),
                            [X234], 0),  # MindSpore 2.10 CPU's grad zeroes selected elements here: not compared
    "strided_slice_neg_stride": (lambda ms, o, P, x: o.strided_slice(x, (0, 2, 3), (2, 0, 0), (1, -1, -2)),
                                 [X234], 1),
    "flip": (lambda ms, o, P, x: o.flip(x, (0, 2)), [X234], 1),
    "roll": (lambda ms, o, P, x: o.roll(x, 1, 0), [X23], 1),
    "roll_tuple": (lambda ms, o, P, x: o.roll(x, (1, -1), (0, 1)), [X23], 1),
    "meshgrid_xy": (lambda ms, o, P, a, b: o.meshgrid(a, b), [A(3, seed=14), A(2, seed=15)], 2),
    "meshgrid_ij": (lambda ms, o, P, a, b: o.meshgrid(a, b, indexing="ij"), [A(3, seed=14), A(2, seed=15)], 2),
    "tril": (lambda ms, o, P, x: o.tril(x), [A(3, 4, seed=16)], 1),
    "triu_diag1": (lambda ms, o, P, x: o.triu(x, 1), [A(3, 4, seed=16)], 1),
    "repeat_interleave": (lambda ms, o, P, x: o.repeat_interleave(x, 2, 1), [X23], 1),
    "pad_constant": (lambda ms, o, P, x: o.pad(x, (1, 2)), [X234], 1),
    "pad_constant_value": (lambda ms, o, P, x: o.pad(x, (1, 0, 0, 2), value=1.5), [X234], 1),
    "pad_reflect": (lambda ms, o, P, x: o.pad(x, (1, 2), mode="reflect"), [X234], 1),
    "pad_replicate": (lambda ms, o, P, x: o.pad(x, (1, 1, 2, 0), mode="replicate"), [X234], 1),
    "pad_circular": (lambda ms, o, P, x: o.pad(x, (1, 2), mode="circular"), [X234], 1),
    "pad_negative": (lambda ms, o, P, x: o.pad(x, (-1, 1)), [X234], 1),
    # ---- gather / scatter / select
    "gather_axis0": (lambda ms, o, P, x, i: o.gather(x, i, 0), [X23, np.array([1, 0, 1], np.int32)], 1),
    "gather_axis1_2d": (lambda ms, o, P, x, i: o.gather(x, i, 1), [X234, np.array([[0, 2], [1, 1]], np.int32)], 1),
    "gather_batch_dims": (lambda ms, o, P, x, i: o.gather(x, i, 1, 1), [X234, np.array([[0, 2], [1, 1]], np.int32)], 1),
    "gather_d": (lambda ms, o, P, x, i: o.gather_d(x, 1, i), [X23, np.array([[0, 0], [2, 1]], np.int64)], 1),
    "gather_elements": (lambda ms, o, P, x, i: o.gather_elements(x, 0, i), [X23, np.array([[1, 0, 1]], np.int64)], 1),
    "gather_nd": (lambda ms, o, P, x, i: o.gather_nd(x, i), [X234, np.array([[0, 1], [1, 2]], np.int32)], 1),
    "scatter_nd_dup": (lambda ms, o, P, i, u: o.scatter_nd(i, u, (4, 2)),
                       [np.array([[0], [2], [0]], np.int32), A(3, 2, seed=17)], 0),
    "tensor_scatter_update": (lambda ms, o, P, x, i, u: o.tensor_scatter_update(x, i, u),
                              [X23, np.array([[0, 1], [1, 2]], np.int32), A(2, seed=18)], 0),
    "tensor_scatter_add": (lambda ms, o, P, x, i, u: o.tensor_scatter_add(x, i, u),
                           [X23, np.array([[0, 1], [0, 1]], np.int32), A(2, seed=18)], 0),
    "scatter": (lambda ms, o, P, x, i, s: o.scatter(x, 1, i, s),
                [X23, np.array([[2, 0], [1, 2]], np.int64), A(2, 2, seed=19)], 0),
    "index_select": (lambda ms, o, P, x, i: o.index_select(x, 1, i), [X234, np.array([2, 0], np.int32)], 1),
    "masked_fill_scalar": (lambda ms, o, P, x, m: o.masked_fill(x, m, 5.0), [X23, MASK23], 1),
    "masked_fill_tensor": (lambda ms, o, P, x, m, v: o.masked_fill(x, m, v), [X23, MASK23, np.array(-1.0, np.float32)], 1),
    "masked_fill_bcast": (lambda ms, o, P, x, m: o.masked_fill(x, m, 0.0), [X234, np.array([True, False, True, False])], 1),
    "masked_select": (lambda ms, o, P, x, m: o.masked_select(x, m), [X23, MASK23], 1),
    "where": (lambda ms, o, P, c, x, y: o.where(c, x, y), [MASK23, X23, Y23], 0),
    "where_scalar": (lambda ms, o, P, c, x: o.where(c, x, 0.0), [MASK23, X23], 0),
    "one_hot_default": (lambda ms, o, P, i: o.one_hot(i, 4), [np.array([0, 3, 1, 5], np.int32)], 0),
    "one_hot_tensor_vals": (lambda ms, o, P, i: o.one_hot(i, 3, ms.Tensor(2.0, ms.float32), ms.Tensor(-1.0, ms.float32)),
                            [np.array([[0, 2], [1, 0]], np.int64)], 0),
    "one_hot_axis0": (lambda ms, o, P, i: o.one_hot(i, 3, 1.0, 0.0, axis=0), [np.array([0, 2, 1], np.int32)], 0),
    "nonzero": (lambda ms, o, P, x: o.nonzero(x), [np.array([[0, 1.5], [2, 0]], np.float32)], 0),
    "unique": (lambda ms, o, P, x: o.unique(x), [np.array([3, 1, 3, 2, 1], np.int32)], 0),
    "sort": (lambda ms, o, P, x: o.sort(x), [X23], 1),
    "sort_desc_axis0": (lambda ms, o, P, x: o.sort(x, 0, True), [X23], 1),
    "argsort": (lambda ms, o, P, x: o.argsort(x, descending=True), [X23], 0),
    "topk": (lambda ms, o, P, x: o.topk(x, 2), [X234], 1),
    "topk_smallest_dim0": (lambda ms, o, P, x: o.topk(x, 1, dim=0, largest=False), [X23], 1),
    "cumsum": (lambda ms, o, P, x: o.cumsum(x, 1), [X23], 1),
    "cumsum_dtype": (lambda ms, o, P, x: o.cumsum(x, 0, ms.float64), [X23], 0),
    # ---- creation / info
    "zeros": (lambda ms, o, P: o.zeros((2, 3)), [], 0),
    "zeros_int": (lambda ms, o, P: o.zeros(3, ms.int32), [], 0),
    "ones": (lambda ms, o, P: o.ones((2,)), [], 0),
    "ones_float16": (lambda ms, o, P: o.ones((2, 2), ms.float16), [], 0),
    "zeros_like": (lambda ms, o, P, x: o.zeros_like(x), [X23], 0),
    "ones_like_dtype": (lambda ms, o, P, x: o.ones_like(x, dtype=ms.int32), [X23], 0),
    "fill": (lambda ms, o, P: o.fill(ms.float32, (2, 2), 3), [], 0),
    "full_int": (lambda ms, o, P: o.full((2, 2), 1), [], 0),
    "full_float": (lambda ms, o, P: o.full((3,), 1.5), [], 0),
    "full_dtype": (lambda ms, o, P: o.full((2,), 2, dtype=ms.float32), [], 0),
    "full_like": (lambda ms, o, P, x: o.full_like(x, 7), [X23], 0),
    "arange_int": (lambda ms, o, P: o.arange(5), [], 0),
    "arange_float": (lambda ms, o, P: o.arange(1, 2, 0.25), [], 0),
    "arange_dtype": (lambda ms, o, P: o.arange(0, 5, 2, dtype=ms.float32), [], 0),
    "range": (lambda ms, o, P: o.range(ms.Tensor(0, ms.int32), ms.Tensor(7, ms.int32), ms.Tensor(2, ms.int32)), [], 0),
    "linspace": (lambda ms, o, P: o.linspace(0.0, 1.0, 5), [], 0),
    "eye": (lambda ms, o, P: o.eye(3), [], 0),
    "eye_rect_int": (lambda ms, o, P: o.eye(2, 3, ms.int32), [], 0),
    "cast_f16": (lambda ms, o, P, x: o.cast(x, ms.float16), [X23], 0),
    "cast_int_to_float": (lambda ms, o, P, x: o.cast(x, ms.float32), [I(2, 3)], 0),
    "shape": (lambda ms, o, P, x: o.shape(x), [X234], 0),
    "rank": (lambda ms, o, P, x: o.rank(x), [X234], 0),
    "size": (lambda ms, o, P, x: o.size(x), [X234], 0),
    # ---- arithmetic / dtype rules
    "add_bcast": (lambda ms, o, P, x, y: o.add(x, y), [X234, A(3, 1, seed=20)], 2),
    "add_int_float_scalar": (lambda ms, o, P, x: o.add(x, 1.5), [I(2, 3)], 0),
    "add_int32_int64": (lambda ms, o, P, x, y: o.add(x, y), [I(2, 3), I(2, 3, seed=1, dtype=np.int64)], 0),
    "add_f16_f32": (lambda ms, o, P, x, y: o.add(x, y), [X23.astype(np.float16), Y23], 0),
    "sub": (lambda ms, o, P, x, y: o.sub(x, y), [X23, Y23], 2),
    "mul": (lambda ms, o, P, x, y: o.mul(x, y), [X23, Y23], 2),
    "div": (lambda ms, o, P, x, y: o.div(x, y), [X23, POS23], 2),
    "div_int_int": (lambda ms, o, P, x, y: o.div(x, y), [I(2, 3), I(2, 3, seed=3, lo=1)], 0),
    "div_floor": (lambda ms, o, P, x, y: o.div(x, y, rounding_mode="floor"), [X23, POS23], 0),
    "div_trunc": (lambda ms, o, P, x, y: o.div(x, y, rounding_mode="trunc"), [X23, POS23], 0),
    "floor_div": (lambda ms, o, P, x, y: o.floor_div(x, y), [I(2, 3, hi=9), I(2, 3, seed=3, lo=1)], 0),
    "remainder": (lambda ms, o, P, x, y: o.remainder(x, y), [X23, POS23], 0),
    "pow": (lambda ms, o, P, x, y: o.pow(x, y), [POS23, X23], 2),
    "pow_scalar": (lambda ms, o, P, x: o.pow(x, 2), [X23], 1),
    "pow_int": (lambda ms, o, P, x: o.pow(x, 2), [I(2, 3)], 0),
    "exp": (lambda ms, o, P, x: o.exp(x), [X23], 1),
    "log": (lambda ms, o, P, x: o.log(x), [POS23], 1),
    "sqrt": (lambda ms, o, P, x: o.sqrt(x), [POS23], 1),
    "rsqrt": (lambda ms, o, P, x: o.rsqrt(x), [POS23], 1),
    "square": (lambda ms, o, P, x: o.square(x), [X23], 1),
    "abs": (lambda ms, o, P, x: o.abs(x), [X23], 1),
    "neg": (lambda ms, o, P, x: o.neg(x), [X23], 1),
    "sin_cos_tanh": (lambda ms, o, P, x: (o.sin(x), o.cos(x), o.tanh(x)), [X23], 1),
    "erf": (lambda ms, o, P, x: o.erf(x), [X23], 1),
    "sigmoid": (lambda ms, o, P, x: o.sigmoid(x), [X23], 1),
    "floor_ceil": (lambda ms, o, P, x: (o.floor(x), o.ceil(x)), [X23], 0),
    "round": (lambda ms, o, P, x: o.round(x), [X23 * 3], 0),
    "maximum": (lambda ms, o, P, x, y: o.maximum(x, y), [X23, Y23], 2),
    "minimum_bcast": (lambda ms, o, P, x, y: o.minimum(x, y), [X23, A(3, seed=21)], 2),
    "clip_by_value": (lambda ms, o, P, x: o.clip_by_value(x, -0.5, 0.5), [X23], 1),
    "clip_by_value_tensor": (lambda ms, o, P, x: o.clip_by_value(x, ms.Tensor(-1.0, ms.float32), ms.Tensor(0.3, ms.float32)), [X23], 1),
    "clamp_min_only": (lambda ms, o, P, x: o.clamp(x, min=0.1), [X23], 1),
    "clip_max_only": (lambda ms, o, P, x: o.clip(x, max=0.1), [X23], 1),
    # ---- reductions
    "mean_all": (lambda ms, o, P, x: o.mean(x), [X234], 1),
    "mean_axis_keep": (lambda ms, o, P, x: o.mean(x, 1, True), [X234], 1),
    "mean_tuple_axis": (lambda ms, o, P, x: o.mean(x, (0, 2)), [X234], 1),
    "reduce_mean": (lambda ms, o, P, x: o.reduce_mean(x, 1), [X234], 1),
    "sum_all": (lambda ms, o, P, x: o.sum(x), [X234], 1),
    "sum_dim_keep": (lambda ms, o, P, x: o.sum(x, 2, True), [X234], 1),
    "sum_int": (lambda ms, o, P, x: o.sum(x, 1), [I(2, 3)], 0),
    "sum_dtype": (lambda ms, o, P, x: o.sum(x, dtype=ms.float64), [X23], 0),
    "prod_axis": (lambda ms, o, P, x: o.prod(x, 1), [X23], 1),
    "prod_keep": (lambda ms, o, P, x: o.prod(x, 0, True), [X23], 1),
    "max_all": (lambda ms, o, P, x: o.max(x), [X23], 1),
    "max_axis": (lambda ms, o, P, x: o.max(x, 1), [X23], 1),
    "max_axis_keep": (lambda ms, o, P, x: o.max(x, 0, keepdims=True), [X23], 1),
    "min_axis": (lambda ms, o, P, x: o.min(x, 1), [X23], 1),
    "amax_tuple": (lambda ms, o, P, x: o.amax(x, (0, 2)), [X234], 1),
    "amin_keep": (lambda ms, o, P, x: o.amin(x, 1, True), [X234], 1),
    "argmax_all": (lambda ms, o, P, x: o.argmax(x), [X23], 0),
    "argmax_dim_keep": (lambda ms, o, P, x: o.argmax(x, 1, True), [X23], 0),
    "argmin_axis": (lambda ms, o, P, x: o.argmin(x, 0), [X23], 0),
    "std_default": (lambda ms, o, P, x: o.std(x), [X23], 1),
    "std_ddof1_axis": (lambda ms, o, P, x: o.std(x, 1, ddof=1, keepdims=True), [X23], 1),
    "var_axis": (lambda ms, o, P, x: o.var(x, 0), [X23], 1),
    "var_mean": (lambda ms, o, P, x: o.var_mean(x, 1), [X23], 1),
    "norm_default": (lambda ms, o, P, x: o.norm(x), [X23], 1),
    "norm_dim1": (lambda ms, o, P, x: o.norm(x, dim=1), [X23], 1),
    "norm_ord1_dim": (lambda ms, o, P, x: o.norm(x, 1, 1), [X23], 1),
    "norm_3d": (lambda ms, o, P, x: o.norm(x), [X234], 1),
    "logsumexp": (lambda ms, o, P, x: o.logsumexp(x, 1), [X23], 1),
    "logsumexp_keep": (lambda ms, o, P, x: o.logsumexp(x, 0, True), [X23], 1),
    "cumprod": (lambda ms, o, P, x: o.cumprod(x, 1), [X23], 1),
    "all_any": (lambda ms, o, P, m: (o.all(m), o.any(m, 1), o.all(m, 0, True)), [MASK23], 0),
    # ---- comparisons / logic
    "equal_scalar": (lambda ms, o, P, x: o.equal(x, 1), [I(2, 3)], 0),
    "greater_bcast": (lambda ms, o, P, x, y: o.greater(x, y), [X23, A(3, seed=21)], 0),
    "less_equal": (lambda ms, o, P, x, y: o.less_equal(x, y), [X23, Y23], 0),
    "ne_ge_lt": (lambda ms, o, P, x, y: (o.ne(x, y), o.ge(x, y), o.lt(x, 0.0)), [X23, Y23], 0),
    "logical": (lambda ms, o, P, a, b: (o.logical_and(a, b), o.logical_or(a, b), o.logical_not(a)),
                [MASK23, MASK23[::-1].copy()], 0),
    "isnan_isinf_isfinite": (lambda ms, o, P, x: (o.isnan(x), o.isinf(x), o.isfinite(x)),
                             [np.array([1.0, np.nan, np.inf, -np.inf], np.float32)], 0),
    "isclose": (lambda ms, o, P, x, y: o.isclose(x, y), [np.array([1.0, 2.0, 3.0], np.float32),
                                                         np.array([1.0, 2.00001, 3.1], np.float32)], 0),
    # ---- matmul family
    "matmul_2d": (lambda ms, o, P, x, y: o.matmul(x, y), [X23, A(3, 4, seed=22)], 2),
    "matmul_bcast": (lambda ms, o, P, x, y: o.matmul(x, y), [A(2, 1, 3, 4, seed=23), A(3, 4, 2, seed=24)], 2),
    "matmul_1d": (lambda ms, o, P, x, y: o.matmul(x, y), [A(3, seed=25), A(2, 3, 4, seed=26)], 2),
    "bmm": (lambda ms, o, P, x, y: o.bmm(x, y), [X234, A(2, 4, 5, seed=27)], 2),
    "dense": (lambda ms, o, P, x, w, b: o.dense(x, w, b), [X23, A(4, 3, seed=28), X4], 3),
    "addmm": (lambda ms, o, P, i, a, b: o.addmm(i, a, b, beta=0.5, alpha=2.0), [A(2, 4, seed=29), X23, A(3, 4, seed=30)], 3),
    "outer": (lambda ms, o, P, a, b: o.outer(a, b), [A(3, seed=31), X4], 2),
    "dot": (lambda ms, o, P, a, b: o.dot(a, b), [X23, A(3, 2, seed=32)], 2),
    "einsum": (lambda ms, o, P, a, b: o.einsum("bij,bjk->bik", a, b), [X234, A(2, 4, 2, seed=33)], 2),
    # ---- nn functions
    "softmax": (lambda ms, o, P, x: o.softmax(x), [X23], 1),
    "softmax_axis0": (lambda ms, o, P, x: o.softmax(x, 0), [X23], 1),
    "log_softmax": (lambda ms, o, P, x: o.log_softmax(x, 1), [X23], 1),
    "relu": (lambda ms, o, P, x: o.relu(x), [X23], 1),
    "relu6": (lambda ms, o, P, x: o.relu6(x * 4), [X23], 1),
    "gelu": (lambda ms, o, P, x: o.gelu(x), [X23], 1),
    "gelu_tanh": (lambda ms, o, P, x: o.gelu(x, approximate="tanh"), [X23], 1),
    "silu": (lambda ms, o, P, x: o.silu(x), [X23], 1),
    "leaky_relu_default": (lambda ms, o, P, x: o.leaky_relu(x), [X23], 1),
    "leaky_relu_alpha": (lambda ms, o, P, x: o.leaky_relu(x, 0.05), [X23], 1),
    "elu": (lambda ms, o, P, x: o.elu(x), [X23], 1),
    "hardswish": (lambda ms, o, P, x: o.hardswish(x * 2), [X23], 1),
    "hardsigmoid": (lambda ms, o, P, x: o.hardsigmoid(x * 2), [X23], 1),
    "softplus": (lambda ms, o, P, x: o.softplus(x, 2, 1), [X23], 1),
    "mish": (lambda ms, o, P, x: o.mish(x), [X23], 1),
    # MindSpore 2.10 CPU's SeLU gradient for x < 0 is not the derivative scale*alpha*exp(x); we keep the analytic one
    "selu": (lambda ms, o, P, x: o.selu(x), [X23], 0),
    "dropout_eval": (lambda ms, o, P, x: o.dropout(x, 0.5, training=False), [X23], 1),
    "conv2d_valid": (lambda ms, o, P, x, w, b: o.conv2d(x, w, b), [IMG, W33, B4], 3),
    "conv2d_same_s2": (lambda ms, o, P, x, w: o.conv2d(x, w, stride=2, pad_mode="same"), [IMG, W33], 2),
    "conv2d_pad2": (lambda ms, o, P, x, w: o.conv2d(x, w, pad_mode="pad", padding=(1, 2)), [IMG, W33], 2),
    "P_Conv2D_pad4": (lambda ms, o, P, x, w: P.Conv2D(4, 3, pad_mode="pad", pad=(1, 0, 2, 1))(x, w), [IMG, W33], 2),
    "conv2d_pad_dil": (lambda ms, o, P, x, w: o.conv2d(x, w, pad_mode="pad", padding=1, dilation=2), [IMG, W33], 2),
    "conv2d_groups": (lambda ms, o, P, x, w: o.conv2d(x, w, groups=3), [IMG, A(3, 1, 2, 2, seed=34)], 2),
    "conv1d_same": (lambda ms, o, P, x, w: o.conv1d(x, w, pad_mode="same"), [A(2, 3, 7, seed=35), A(2, 3, 3, seed=36)], 2),
    "avg_pool2d_default": (lambda ms, o, P, x: o.avg_pool2d(x), [IMG_SMALL], 1),
    "avg_pool2d_k2": (lambda ms, o, P, x: o.avg_pool2d(x, 2, 2), [IMG_SMALL], 1),
    "avg_pool2d_pad_ceil": (lambda ms, o, P, x: o.avg_pool2d(x, 3, 2, 1, True, False), [IMG_SMALL], 1),
    "max_pool2d": (lambda ms, o, P, x: o.max_pool2d(x, 2), [IMG_SMALL], 1),
    "max_pool2d_indices": (lambda ms, o, P, x: o.max_pool2d(x, 3, 2, 1, return_indices=True), [IMG_SMALL], 1),
    "adaptive_avg_pool2d": (lambda ms, o, P, x: o.adaptive_avg_pool2d(x, (2, 3)), [IMG_SMALL], 1),
    "interp_nearest_size": (lambda ms, o, P, x: o.interpolate(x, size=(6, 7)), [IMG_SMALL], 1),
    "interp_nearest_scale": (lambda ms, o, P, x: o.interpolate(x, scale_factor=2.0, mode="nearest", recompute_scale_factor=True), [IMG_SMALL], 1),
    "interp_bilinear": (lambda ms, o, P, x: o.interpolate(x, size=(7, 9), mode="bilinear"), [IMG_SMALL], 1),
    "interp_bilinear_ac": (lambda ms, o, P, x: o.interpolate(x, size=(7, 9), mode="bilinear", align_corners=True), [IMG_SMALL], 1),
    "interp_linear": (lambda ms, o, P, x: o.interpolate(x, size=9, mode="linear"), [A(2, 3, 5, seed=37)], 1),
    "interp_area": (lambda ms, o, P, x: o.interpolate(x, size=(2, 2), mode="area"), [IMG_SMALL], 1),
    "layer_norm": (lambda ms, o, P, x, g, b: o.layer_norm(x, (4,), g, b), [X234, A(4, seed=38), A(4, seed=39)], 3),
    "layer_norm_2d_eps": (lambda ms, o, P, x: o.layer_norm(x, (3, 4), eps=1e-3), [X234], 1),
    "batch_norm_eval": (lambda ms, o, P, x, m, v, g, b: o.batch_norm(x, m, v, g, b),
                        [IMG, A(3, seed=40), A(3, seed=41, lo=0.5, hi=2.0), A(3, seed=42), A(3, seed=43)], 1),
    "group_norm": (lambda ms, o, P, x, g, b: o.group_norm(x, 2, g, b), [A(2, 4, 3, 3, seed=44), X4, B4], 3),
    "cross_entropy": (lambda ms, o, P, x, t: o.cross_entropy(x, t), [LOGITS, LABELS], 1),
    "cross_entropy_ls_sum": (lambda ms, o, P, x, t: o.cross_entropy(x, t, reduction="sum", label_smoothing=0.1), [LOGITS, LABELS], 1),
    "cross_entropy_weight_ignore": (lambda ms, o, P, x, t, w: o.cross_entropy(x, t, w, ignore_index=0), [LOGITS, LABELS, A(5, seed=45, lo=0.1, hi=1)], 1),
    "cross_entropy_probs": (lambda ms, o, P, x, t: o.cross_entropy(x, t), [LOGITS, PROB / PROB.sum(1, keepdims=True)], 1),
    "nll_loss": (lambda ms, o, P, x, t: o.nll_loss(x, t), [LOGITS, LABELS], 1),
    "nll_loss_none": (lambda ms, o, P, x, t: o.nll_loss(x, t, reduction="none"), [LOGITS, LABELS], 1),
    "mse_loss": (lambda ms, o, P, x, y: o.mse_loss(x, y), [X23, Y23], 2),
    "mse_loss_sum": (lambda ms, o, P, x, y: o.mse_loss(x, y, "sum"), [X23, Y23], 2),
    "l1_loss_none": (lambda ms, o, P, x, y: o.l1_loss(x, y, "none"), [X23, Y23], 2),
    "smooth_l1_default": (lambda ms, o, P, x, y: o.smooth_l1_loss(x, y), [X23, Y23], 2),
    "smooth_l1_beta_mean": (lambda ms, o, P, x, y: o.smooth_l1_loss(x, y, 0.5, "mean"), [X23, Y23], 2),
    "kl_div_mean": (lambda ms, o, P, x, y: o.kl_div(x, y), [np.log(PROB), PROB[::-1].copy()], 1),
    "kl_div_batchmean": (lambda ms, o, P, x, y: o.kl_div(x, y, "batchmean"), [np.log(PROB), PROB[::-1].copy()], 1),
    "bce_with_logits": (lambda ms, o, P, x, y: o.binary_cross_entropy_with_logits(x, y), [LOGITS, PROB], 1),
    "bce_with_logits_w_pw": (lambda ms, o, P, x, y, w, pw: o.binary_cross_entropy_with_logits(x, y, w, pw, "sum"),
                             [LOGITS, PROB, A(5, seed=46, lo=0.1, hi=1), A(5, seed=47, lo=0.5, hi=2)], 1),
    "bce": (lambda ms, o, P, x, y: o.binary_cross_entropy(x, y), [PROB, PROB[::-1].copy()], 1),
    "embedding": (lambda ms, o, P, i, w: o.embedding(i, w), [np.array([[0, 2], [3, 0]], np.int32), A(4, 3, seed=48)], 0),
    "pixel_shuffle": (lambda ms, o, P, x: o.pixel_shuffle(x, 2), [A(1, 8, 2, 3, seed=49)], 1),
    "unfold": (lambda ms, o, P, x: o.unfold(x, 2, stride=2), [A(1, 2, 4, 4, seed=50)], 1),
    # ---- dtype rules and more non-default arguments
    "mean_int": (lambda ms, o, P, x: o.mean(x), [I(2, 3)], 0),
    "exp_int": (lambda ms, o, P, x: o.exp(x), [I(2, 3)], 0),
    "sqrt_int": (lambda ms, o, P, x: o.sqrt(x), [I(2, 3)], 0),
    "neg_abs_int": (lambda ms, o, P, x: (o.neg(x), o.abs(x), o.square(x)), [I(2, 3, lo=-3)], 0),
    "mul_int_float": (lambda ms, o, P, x, y: o.mul(x, y), [I(2, 3), Y23], 0),
    "maximum_int_float": (lambda ms, o, P, x, y: o.maximum(x, y), [I(2, 3), Y23], 0),
    "pow_int_float_exp": (lambda ms, o, P, x: o.pow(x, 0.5), [I(2, 3)], 0),
    "sub_scalar_left": (lambda ms, o, P, x: o.sub(1.0, x), [X23], 1),
    "div_scalar_left": (lambda ms, o, P, x: o.div(2, x), [POS23], 1),
    "where_int_float": (lambda ms, o, P, c, x, y: o.where(c, x, y), [MASK23, I(2, 3), Y23], 0),
    "cumsum_int": (lambda ms, o, P, x: o.cumsum(x, 0), [I(2, 3)], 0),
    "prod_int": (lambda ms, o, P, x: o.prod(x), [I(2, 3, lo=1)], 0),
    "argmax_3d": (lambda ms, o, P, x: o.argmax(x, -1, True), [X234], 0),
    "clamp_int_float_bounds": (lambda ms, o, P, x: o.clamp(x, 0.5, 2.5), [I(2, 3)], 0),
    "arange_neg_step": (lambda ms, o, P: o.arange(5, 0, -2), [], 0),
    "conv2d_tuple_stride_dil": (lambda ms, o, P, x, w: o.conv2d(x, w, stride=(2, 1), pad_mode="pad", padding=(1, 0), dilation=(1, 2)), [IMG, W33], 2),
    "avg_pool2d_divisor": (lambda ms, o, P, x: o.avg_pool2d(x, 2, 1, 0, False, True, 3), [IMG_SMALL], 1),
    "max_pool2d_ceil": (lambda ms, o, P, x: o.max_pool2d(x, 2, 2, ceil_mode=True), [IMG_SMALL], 1),
    "max_pool2d_dilation": (lambda ms, o, P, x: o.max_pool2d(x, 2, 1, 0, 2), [IMG_SMALL], 1),
    "interp_nearest_1d": (lambda ms, o, P, x: o.interpolate(x, size=8), [A(2, 3, 5, seed=37)], 1),
    "interp_bilinear_scale": (lambda ms, o, P, x: o.interpolate(x, scale_factor=(1.5, 2.0), mode="bilinear", recompute_scale_factor=True), [IMG_SMALL], 1),
    "cross_entropy_ls_mean": (lambda ms, o, P, x, t: o.cross_entropy(x, t, label_smoothing=0.2), [LOGITS, LABELS], 1),
    "cross_entropy_none": (lambda ms, o, P, x, t: o.cross_entropy(x, t, reduction="none"), [LOGITS, LABELS], 1),
    "nll_loss_weight_sum": (lambda ms, o, P, x, t, w: o.nll_loss(x, t, w, reduction="sum"), [LOGITS, LABELS, A(5, seed=45, lo=0.1, hi=1)], 1),
    "batch_norm_train": (lambda ms, o, P, x, m, v, g, b: o.batch_norm(x, m, v, g, b, training=True, momentum=0.2),
                         [IMG, A(3, seed=40), A(3, seed=41, lo=0.5, hi=2.0), A(3, seed=42), A(3, seed=43)], 1),
    "l1_loss_sum": (lambda ms, o, P, x, y: o.l1_loss(x, y, "sum"), [X23, Y23], 2),
    # (MindSpore 2.10 CPU does not broadcast a smaller binary_cross_entropy weight: it reads uninitialised memory)
    "bce_weight_none": (lambda ms, o, P, x, y, w: o.binary_cross_entropy(x, y, w, "none"), [PROB, PROB[::-1].copy(), A(4, 5, seed=73, lo=0.1, hi=1)], 1),
    "group_norm_noaffine": (lambda ms, o, P, x: o.group_norm(x, 4, eps=1e-3), [A(2, 4, 3, 3, seed=44)], 1),
    "dense_nobias": (lambda ms, o, P, x, w: o.dense(x, w), [X234, A(5, 4, seed=74)], 2),
    "gather_neg_axis": (lambda ms, o, P, x, i: o.gather(x, i, -1), [X234, np.array([3, 0], np.int32)], 1),
    "one_hot_neg_axis_float": (lambda ms, o, P, i: o.one_hot(i, 3, 1.0, 0.0), [np.array([[0, 2]], np.int32)], 0),
    "topk_unsorted_k3": (lambda ms, o, P, x: o.topk(x, 3, 1, True, True), [X234], 1),
    "split_neg_axis": (lambda ms, o, P, x: o.split(x, 1, -2), [X234], 1),
    "P_Concat_neg": (lambda ms, o, P, x, y: P.Concat(-1)([x, y]), [X234, X234], 2),
    "P_Softmax_tuple_axis": (lambda ms, o, P, x: P.Softmax((0,))(x), [X23], 1),
    "P_ReduceSum_keep_all": (lambda ms, o, P, x: P.ReduceSum(True)(x), [X234], 1),
    "P_Argmin": (lambda ms, o, P, x: P.Argmin(1)(x), [X23], 0),
    "P_Tile_more": (lambda ms, o, P, x: P.Tile()(x, (2, 1, 3)), [X23], 1),
    "P_MatMul_tb": (lambda ms, o, P, x, y: P.MatMul(False, True)(x, y), [X23, A(4, 3, seed=75)], 2),
    "P_SigmoidCE": (lambda ms, o, P, x, y: P.SigmoidCrossEntropyWithLogits()(x, y), [LOGITS, PROB], 1),
    "P_L2Loss": (lambda ms, o, P, x: P.L2Loss()(x), [X23], 1),
    "P_Erfc_Reciprocal_Sign": (lambda ms, o, P, x: (P.Erfc()(x), P.Reciprocal()(x + 3), P.Sign()(x)), [X23], 0),
    "P_FloorDiv_FloorMod": (lambda ms, o, P, x, y: (P.FloorDiv()(x, y), P.FloorMod()(x, y)), [X23, POS23], 0),
    "P_SquaredDifference": (lambda ms, o, P, x, y: P.SquaredDifference()(x, y), [X23, Y23], 2),
    # ---- Primitive classes
    "P_Transpose": (lambda ms, o, P, x: P.Transpose()(x, (2, 0, 1)), [X234], 1),
    "P_Reshape": (lambda ms, o, P, x: P.Reshape()(x, (6, 4)), [X234], 1),
    "P_BatchMatMul_tb": (lambda ms, o, P, x, y: P.BatchMatMul(transpose_b=True)(x, y), [X234, A(2, 5, 4, seed=51)], 2),
    "P_BatchMatMul_ta": (lambda ms, o, P, x, y: P.BatchMatMul(True, False)(x, y), [X234, A(2, 3, 2, seed=52)], 2),
    "P_MatMul_ta": (lambda ms, o, P, x, y: P.MatMul(transpose_a=True)(x, y), [X23, A(2, 4, seed=53)], 2),
    "P_Concat": (lambda ms, o, P, x, y: P.Concat(1)((x, y)), [X23, Y23], 2),
    "P_Stack": (lambda ms, o, P, x, y: P.Stack(-1)((x, y)), [X23, Y23], 2),
    "P_Split": (lambda ms, o, P, x: P.Split(2, 2)(x), [X234], 1),
    "P_ReduceMean_keep": (lambda ms, o, P, x: P.ReduceMean(True)(x, 1), [X234], 1),
    "P_ReduceMean_all": (lambda ms, o, P, x: P.ReduceMean()(x), [X234], 1),
    "P_ReduceSum_tuple": (lambda ms, o, P, x: P.ReduceSum()(x, (0, 2)), [X234], 1),
    "P_ReduceMax_keep": (lambda ms, o, P, x: P.ReduceMax(keep_dims=True)(x, -1), [X234], 1),
    "P_ReduceMin": (lambda ms, o, P, x: P.ReduceMin()(x, 0), [X234], 1),
    "P_ReduceProd": (lambda ms, o, P, x: P.ReduceProd()(x, 1), [X23], 1),
    "P_Softmax": (lambda ms, o, P, x: P.Softmax(1)(x), [X234], 1),
    "P_LogSoftmax": (lambda ms, o, P, x: P.LogSoftmax()(x), [X23], 1),
    "P_acts": (lambda ms, o, P, x: (P.ReLU()(x), P.GeLU()(x), P.Sigmoid()(x), P.Tanh()(x), P.ReLU6()(x * 4),
                                    P.HSwish()(x), P.FastGeLU()(x), P.Erf()(x), P.Elu()(x)), [X23], 1),
    "P_Cast_Shape": (lambda ms, o, P, x: (P.Cast()(x, ms.int32), P.Shape()(x)), [X23 * 3], 0),
    "P_ExpandDims_Squeeze": (lambda ms, o, P, x: P.Squeeze(0)(P.ExpandDims()(x, 0)), [X23], 1),
    "P_Squeeze_default": (lambda ms, o, P, x: P.Squeeze()(x), [A(1, 3, 1, seed=12)], 1),
    "P_Gather": (lambda ms, o, P, x, i: P.Gather()(x, i, 1), [X234, np.array([2, 0, 2], np.int32)], 1),
    "P_GatherD": (lambda ms, o, P, x, i: P.GatherD()(x, 1, i), [X23, np.array([[0, 0], [2, 1]], np.int32)], 1),
    "P_OneHot": (lambda ms, o, P, i: P.OneHot()(i, 3, ms.Tensor(1.0, ms.float32), ms.Tensor(0.0, ms.float32)),
                 [np.array([0, 2, 1], np.int32)], 0),
    "P_Tile": (lambda ms, o, P, x: P.Tile()(x, (1, 2)), [X23], 1),
    "P_binary": (lambda ms, o, P, x, y: (P.Add()(x, y), P.Sub()(x, y), P.Mul()(x, y), P.RealDiv()(x, y),
                                         P.Div()(x, y), P.Maximum()(x, y), P.Minimum()(x, y)), [X23, POS23], 2),
    "P_unary": (lambda ms, o, P, x: (P.Sqrt()(x), P.Exp()(x), P.Log()(x), P.Square()(x), P.Pow()(x, 3.0),
                                     P.Rsqrt()(x), P.Abs()(x), P.Neg()(x)), [POS23], 1),
    "P_Select": (lambda ms, o, P, c, x, y: P.Select()(c, x, y), [MASK23, X23, Y23], 0),
    "P_Fill": (lambda ms, o, P: P.Fill()(ms.float32, (2, 3), 1.5), [], 0),
    "P_ZerosLike_OnesLike": (lambda ms, o, P, x: (P.ZerosLike()(x), P.OnesLike()(x)), [X23], 0),
    "P_Argmax_default": (lambda ms, o, P, x: P.Argmax()(x), [X23], 0),
    "P_Argmax_int64_axis0": (lambda ms, o, P, x: P.Argmax(0, ms.int64)(x), [X23], 0),
    "P_ArgMaxWithValue": (lambda ms, o, P, x: P.ArgMaxWithValue(1)(x), [X23], 0),
    "P_ArgMinWithValue_keep": (lambda ms, o, P, x: P.ArgMinWithValue(0, True)(x), [X23], 0),
    "P_StridedSlice": (lambda ms, o, P, x: P.StridedSlice()(x, (0, 1, 0), (2, 3, 4), (1, 1, 2)), [X234], 1),
    "P_StridedSlice_masks": (lambda ms, o, P, x: P.StridedSlice(1, 2, 0, 0, 4)(x, (1, 1, 2), (2, 2, 3), (1, 1, 1)), [X234], 0),
    "P_Pad": (lambda ms, o, P, x: P.Pad(((0, 1), (2, 1)))(x), [X23], 1),
    "P_Conv2D_same": (lambda ms, o, P, x, w: P.Conv2D(4, 3, pad_mode="same")(x, w), [IMG, W33], 2),
    "P_Conv2D_pad_stride": (lambda ms, o, P, x, w: P.Conv2D(4, 3, pad_mode="pad", pad=1, stride=2)(x, w), [IMG, W33], 2),
    "P_BiasAdd": (lambda ms, o, P, x, b: P.BiasAdd()(x, b), [A(2, 3, 2, 2, seed=54), A(3, seed=55)], 2),
    "P_LayerNorm": (lambda ms, o, P, x, g, b: P.LayerNorm()(x, g, b), [X234, A(3, 4, seed=56), A(3, 4, seed=57)], 3),
    "P_LayerNorm_last": (lambda ms, o, P, x, g, b: P.LayerNorm(-1, -1, 1e-5)(x, g, b), [X234, A(4, seed=58), A(4, seed=59)], 3),
    "P_compare": (lambda ms, o, P, x, y: (P.Equal()(x, x), P.Less()(x, y), P.Greater()(x, y), P.LogicalNot()(P.Less()(x, y))),
                  [X23, Y23], 0),
    "P_ScatterNd": (lambda ms, o, P, i, u: P.ScatterNd()(i, u, (3, 2)), [np.array([[1], [1]], np.int32), A(2, 2, seed=60)], 0),
    "P_TopK": (lambda ms, o, P, x: P.TopK()(x, 2), [X234], 1),
    "P_Sort": (lambda ms, o, P, x: P.Sort(0, True)(x), [X23], 1),
    "P_CumSum_excl_rev": (lambda ms, o, P, x: P.CumSum(True, True)(x, 1), [X23], 1),
    "P_CumSum": (lambda ms, o, P, x: P.CumSum()(x, 0), [X23], 1),
    "P_SoftmaxCE": (lambda ms, o, P, x, y: P.SoftmaxCrossEntropyWithLogits()(x, y),
                    [LOGITS, np.eye(5, dtype=np.float32)[LABELS]], 1),
    "P_SparseSoftmaxCE": (lambda ms, o, P, x, y: P.SparseSoftmaxCrossEntropyWithLogits()(x, y), [LOGITS, LABELS], 1),
    "P_L2Normalize": (lambda ms, o, P, x: P.L2Normalize(1)(x), [X23], 1),
    "P_ResizeNearestNeighbor": (lambda ms, o, P, x: P.ResizeNearestNeighbor((6, 7))(x), [IMG_SMALL], 1),
    "P_ResizeNearestNeighbor_ac": (lambda ms, o, P, x: P.ResizeNearestNeighbor((7, 9), True)(x), [IMG_SMALL], 1),
    "P_MaxPool_same": (lambda ms, o, P, x: P.MaxPool(3, 2, "same")(x), [IMG_SMALL], 1),
    "P_MaxPool_valid": (lambda ms, o, P, x: P.MaxPool(2, 2)(x), [IMG_SMALL], 1),
    "P_AvgPool_same": (lambda ms, o, P, x: P.AvgPool(3, 2, "same")(x), [IMG_SMALL], 1),
    "P_Slice": (lambda ms, o, P, x: P.Slice()(x, (0, 1, 0), (1, 2, -1)), [X234], 1),
    "P_Flatten": (lambda ms, o, P, x: P.Flatten()(x), [X234], 1),
    "P_Unique": (lambda ms, o, P, x: P.Unique()(x), [np.array([3, 1, 3, 2], np.int32)], 0),
    "P_BatchNorm_eval": (lambda ms, o, P, x, g, b, m, v: P.BatchNorm()(x, g, b, m, v)[0],
                         [IMG, A(3, seed=61), A(3, seed=62), A(3, seed=63), A(3, seed=64, lo=0.5, hi=2.0)], 1),
    "P_Range": (lambda ms, o, P: P.Range()(ms.Tensor(1.0, ms.float32), ms.Tensor(3.0, ms.float32), ms.Tensor(0.5, ms.float32)), [], 0),
    "P_AddN": (lambda ms, o, P, x, y: P.AddN()((x, y, x)), [X23, Y23], 2),
    "P_Einsum": (lambda ms, o, P, x, y: P.Einsum("ij,jk->ik")((x, y)), [X23, A(3, 2, seed=65)], 2),
}

# Random ops: only shape and dtype are compared (values come from a different generator).
RANDOM_CASES = {
    "standard_normal": lambda ms, o, P: o.standard_normal((2, 3)),
    "uniform": lambda ms, o, P: o.uniform((2, 3), ms.Tensor(1.0, ms.float32), ms.Tensor(2.0, ms.float32)),
    "randint": lambda ms, o, P: o.randint(0, 5, (2, 3)),
    "rand": lambda ms, o, P: o.rand(2, 3),
    "randn": lambda ms, o, P: o.randn((2, 3)),
    "multinomial": lambda ms, o, P: o.multinomial(ms.Tensor(np.array([[0.2, 0.8], [0.5, 0.5]], np.float32)), 3),
    "randperm": lambda ms, o, P: o.randperm(5),
    "bernoulli": lambda ms, o, P: o.bernoulli(ms.Tensor(np.zeros((2, 3), np.float32)), 0.5),
    "shuffle": lambda ms, o, P: o.shuffle(ms.Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))),
    "dropout": lambda ms, o, P: o.dropout(ms.Tensor(np.ones((2, 3), np.float32)), 0.5),
    "P_Dropout": lambda ms, o, P: P.Dropout(0.5)(ms.Tensor(np.ones((2, 3), np.float32))),
    "P_UniformReal": lambda ms, o, P: P.UniformReal()((2, 2)),
    "P_StandardNormal": lambda ms, o, P: P.StandardNormal()((3,)),
}

_X = lambda ms: ms.Tensor(X23)  # noqa: E731

ERROR_CASES = {
    "reshape_two_neg1": lambda ms, o, P: o.reshape(_X(ms), (-1, -1)),
    "transpose_bad_len": lambda ms, o, P: o.transpose(_X(ms), (0, 1, 2)),
    "squeeze_not_one": lambda ms, o, P: o.squeeze(_X(ms), 1),
    "expand_dims_range": lambda ms, o, P: o.expand_dims(_X(ms), 5),
    "one_hot_float_indices": lambda ms, o, P: o.one_hot(_X(ms), 3),
    "gelu_bad_approx": lambda ms, o, P: o.gelu(_X(ms), approximate="bad"),
    "matmul_mismatch": lambda ms, o, P: o.matmul(_X(ms), _X(ms)),
    "conv2d_bad_pad_mode": lambda ms, o, P: o.conv2d(ms.Tensor(IMG), ms.Tensor(W33), pad_mode="bad"),
    "interpolate_size_and_scale": lambda ms, o, P: o.interpolate(ms.Tensor(IMG_SMALL), size=(2, 2), scale_factor=2.0),
    "split_bad_sections": lambda ms, o, P: o.split(_X(ms), [1, 1], 1),
    "mse_bad_reduction": lambda ms, o, P: o.mse_loss(_X(ms), _X(ms), "avg"),
    "pad_bad_mode": lambda ms, o, P: o.pad(_X(ms), (1, 1), mode="bad"),
    "dropout_bad_p": lambda ms, o, P: o.dropout(_X(ms), 1.5),
    "P_Split_not_divisible": lambda ms, o, P: P.Split(1, 2)(_X(ms)),
    "P_BatchMatMul_bad_flag": lambda ms, o, P: P.BatchMatMul(transpose_a=1),
    "P_Dropout_bad_keep_prob": lambda ms, o, P: P.Dropout(keep_prob=0.0),
    "grad_both_none": lambda ms, o, P: o.grad(lambda a: a, None, None),
    "grad_position_range": lambda ms, o, P: o.grad(lambda a: a * 2, 3)(_X(ms)),
    "grad_position_type": lambda ms, o, P: o.grad(lambda a: a * 2, 1.5)(_X(ms)),
    "softmax_axis_float": lambda ms, o, P: o.softmax(_X(ms), 1.0),
    "zeros_bad_dtype": lambda ms, o, P: o.zeros((2,), "nonsense"),
    "clip_by_value_none": lambda ms, o, P: o.clip_by_value(_X(ms)),
    "P_Squeeze_not_one": lambda ms, o, P: P.Squeeze(1)(_X(ms)),
    "P_Softmax_two_axes": lambda ms, o, P: P.Softmax((0, 1))(_X(ms)),
    "P_Transpose_bad_perm": lambda ms, o, P: P.Transpose()(_X(ms), (0,)),
    "cat_shape_mismatch": lambda ms, o, P: o.cat((_X(ms), ms.Tensor(X234))),
    "stack_shape_mismatch": lambda ms, o, P: o.stack((_X(ms), ms.Tensor(Y23.T.copy()))),
    "cast_bad_dtype": lambda ms, o, P: o.cast(_X(ms), "bogus"),
    "arange_step_zero": lambda ms, o, P: o.arange(0, 5, 0),
    "one_hot_neg_depth": lambda ms, o, P: o.one_hot(ms.Tensor(np.array([0, 1], np.int32)), -1),
    "broadcast_to_bad": lambda ms, o, P: o.broadcast_to(_X(ms), (4, 3)),
    "cross_entropy_bad_reduction": lambda ms, o, P: o.cross_entropy(ms.Tensor(LOGITS), ms.Tensor(LABELS), reduction="avg"),
    "conv2d_valid_with_padding": lambda ms, o, P: o.conv2d(ms.Tensor(IMG), ms.Tensor(W33), pad_mode="valid", padding=1),
    "reshape_bad_size": lambda ms, o, P: o.reshape(_X(ms), (4, 2)),
}


def build_net(ms):
    """``construct(x, y) = sum(x * w * y + b)`` with w trainable and b frozen (as amp-and-training.md)."""

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(2.0, ms.float32), name="w")
            self.b = ms.Parameter(ms.Tensor(1.0, ms.float32), name="b", requires_grad=False)

        def construct(self, x, y):
            return (x * self.w * y + self.b).sum()

    return Net()


def _square(a):
    return a * a


def _aux(ms, o, net):
    return lambda x, y: (net(x, y), x * 2)


GX = np.array([3.0, 1.0], np.float32)
GY = np.array([4.0, 2.0], np.float32)

# name: fn(ms, ops, net, x, y) -> structure
GRAD_API_CASES = {
    "grad_default": lambda ms, o, n, x, y: o.grad(n)(x, y),
    "grad_pos_tuple": lambda ms, o, n, x, y: o.grad(n, (0, 1))(x, y),
    "grad_pos_tuple_single": lambda ms, o, n, x, y: o.grad(n, (1,))(x, y),
    "grad_weights_only": lambda ms, o, n, x, y: o.grad(n, None, n.trainable_params())(x, y),
    "grad_pos_and_weights": lambda ms, o, n, x, y: o.grad(n, 0, n.trainable_params())(x, y),
    "grad_frozen_weight": lambda ms, o, n, x, y: o.grad(n, None, [n.w, n.b])(x, y),
    "grad_weights_tuple_order": lambda ms, o, n, x, y: o.grad(n, (1, 0), (n.b, n.w))(x, y),
    "grad_single_param": lambda ms, o, n, x, y: o.grad(n, None, n.w)(x, y),
    "grad_parametertuple": lambda ms, o, n, x, y: o.grad(n, None, ms.ParameterTuple(n.trainable_params()))(x, y),
    "grad_return_ids": lambda ms, o, n, x, y: o.grad(n, 0, n.trainable_params(), return_ids=True)(x, y),
    "grad_return_ids_tuple": lambda ms, o, n, x, y: o.grad(n, (0, 1), return_ids=True)(x, y),
    "grad_has_aux": lambda ms, o, n, x, y: o.grad(_aux(ms, o, n), 0, has_aux=True)(x, y),
    "grad_multi_output": lambda ms, o, n, x, y: o.grad(lambda a, b: (a * b, a + b))(x, y),
    "grad_nonscalar": lambda ms, o, n, x, y: o.grad(lambda a: a * 3)(x),
    "grad_sens_param": lambda ms, o, n, x, y: o.grad(lambda a, b: a * b, 0, sens_param=True)(x, y, ms.Tensor(
        np.array([2.0, -1.0], np.float32))),
    "grad_of_grad": lambda ms, o, n, x, y: o.grad(o.grad(lambda a: (a ** 3).sum()))(x),
    "grad_stop_gradient": lambda ms, o, n, x, y: o.grad(lambda a: (a * o.stop_gradient(a)).sum())(x),
    "value_and_grad_default": lambda ms, o, n, x, y: o.value_and_grad(n)(x, y),
    "value_and_grad_weights": lambda ms, o, n, x, y: o.value_and_grad(n, None, n.trainable_params())(x, y),
    "value_and_grad_both": lambda ms, o, n, x, y: o.value_and_grad(n, (0, 1), n.trainable_params())(x, y),
    "value_and_grad_aux": lambda ms, o, n, x, y: o.value_and_grad(_aux(ms, o, n), 0, has_aux=True)(x, y),
    "value_and_grad_multi": lambda ms, o, n, x, y: o.value_and_grad(lambda a, b: (a * b, a - b), 1)(x, y),
    "gradop_default": lambda ms, o, n, x, y: o.GradOperation()(n)(x, y),
    "gradop_get_all": lambda ms, o, n, x, y: o.GradOperation(get_all=True)(n)(x, y),
    "gradop_get_by_list": lambda ms, o, n, x, y: o.GradOperation(get_by_list=True)(
        n, ms.ParameterTuple(n.trainable_params()))(x, y),
    "gradop_all_and_list": lambda ms, o, n, x, y: o.GradOperation(True, True)(n, ms.ParameterTuple(
        n.get_parameters()))(x, y),
    "gradop_sens": lambda ms, o, n, x, y: o.GradOperation(sens_param=True)(n)(x, y, ms.Tensor(10.0, ms.float32)),
    "gradop_all_sens_tuple": lambda ms, o, n, x, y: o.GradOperation(get_all=True, sens_param=True)(
        lambda a, b: (a * b, a + b))(x, y, (ms.Tensor(np.array([1.0, 2.0], np.float32)),
                                            ms.Tensor(np.array([3.0, 0.5], np.float32)))),
    "grad_has_aux_weights": lambda ms, o, n, x, y: o.grad(_aux(ms, o, n), (0, 1), n.trainable_params(), has_aux=True)(x, y),
    "grad_return_ids_weights_only": lambda ms, o, n, x, y: o.grad(n, None, [n.w, n.b], return_ids=True)(x, y),
    "grad_sens_tuple_outputs": lambda ms, o, n, x, y: o.grad(lambda a, b: (a * b, a - b), (0, 1), sens_param=True)(
        x, y, (ms.Tensor(np.array([1.0, 2.0], np.float32)), ms.Tensor(np.array([0.5, -1.0], np.float32)))),
    "value_and_grad_sens": lambda ms, o, n, x, y: o.value_and_grad(n, 1, sens_param=True)(x, y, ms.Tensor(3.0, ms.float32)),
    "value_and_grad_return_ids": lambda ms, o, n, x, y: o.value_and_grad(n, 0, n.trainable_params(), return_ids=True)(x, y),
    "gradop_get_all_one_input": lambda ms, o, n, x, y: o.GradOperation(get_all=True)(lambda a: (a * a).sum())(x),
    "gradop_list_frozen": lambda ms, o, n, x, y: o.GradOperation(get_by_list=True)(n, [n.b, n.w])(x, y),
    "grad_cell_pos1": lambda ms, o, n, x, y: o.grad(n, 1)(x, y),
    "vjp": lambda ms, o, n, x, y: o.vjp(lambda a, b: a * a * b, x, y)[1](ms.Tensor(np.array([1.0, 2.0], np.float32))),
    "jvp": lambda ms, o, n, x, y: o.jvp(_square, x, ms.Tensor(np.array([1.0, 0.5], np.float32))),
}


# ------------------------------------------------------------------------------- serialisation
def _compact(a):
    if a.dtype.kind == "f":
        flat = [float(f"{v:.8g}") for v in a.astype(np.float64).reshape(-1).tolist()]
        return np.array(flat, dtype=np.float64).reshape(a.shape).tolist() if a.ndim else flat[0]
    return a.tolist()


def encode(obj, dtype_str):
    """A JSON-able tree: tensors → {"dtype", "shape", "v"}; tuples/lists → {"seq": type, "items"}."""
    if hasattr(obj, "asnumpy"):
        a = obj.asnumpy()
        return {"dtype": dtype_str(obj.dtype), "shape": list(a.shape),
                "v": _compact(a)}
    if isinstance(obj, (tuple, list)):
        return {"seq": type(obj).__name__ if type(obj) in (tuple, list) else "tuple",
                "items": [encode(o, dtype_str) for o in obj]}
    if isinstance(obj, (bool, int, float, str)) or obj is None:
        return {"py": obj, "type": type(obj).__name__}
    if isinstance(obj, np.generic):
        return {"py": obj.item(), "type": type(obj.item()).__name__}
    return {"repr": type(obj).__name__}


def run_case(ms, ops, P, fn, inputs):
    ts = [ms.Tensor(a) for a in inputs]
    return fn(ms, ops, P, *ts)


def grads_of(ms, ops, P, fn, inputs, ngrad):
    ts = [ms.Tensor(a) for a in inputs]
    f = lambda *xs: fn(ms, ops, P, *xs)  # noqa: E731
    return ops.grad(f, tuple(range(ngrad)))(*ts)


# mindspore.numpy: fn(mnp, ms, *inputs)
NP_CASES = {
    "array_float_list": (lambda np_, ms, : np_.array([1.5, 2.0]), []),
    "array_int_list": (lambda np_, ms, : np_.array([[1, 2], [3, 4]]), []),
    "zeros": (lambda np_, ms, : np_.zeros((2, 3)), []),
    "ones_int": (lambda np_, ms, : np_.ones(3, np_.int32), []),
    "full": (lambda np_, ms, : np_.full((2, 2), 3.5), []),
    "full_int": (lambda np_, ms, : np_.full((2,), 7), []),
    "arange_int": (lambda np_, ms, : np_.arange(5), []),
    "arange_float": (lambda np_, ms, : np_.arange(0, 1, 0.25), []),
    "linspace": (lambda np_, ms, : np_.linspace(0, 2, 5), []),
    "eye_k": (lambda np_, ms, : np_.eye(3, 4, 1), []),
    "concatenate": (lambda np_, ms, x, y: np_.concatenate((x, y), 1), [X23, Y23]),
    "concatenate_none": (lambda np_, ms, x, y: np_.concatenate((x, y), None), [X23, Y23]),
    "stack": (lambda np_, ms, x, y: np_.stack((x, y), -1), [X23, Y23]),
    "reshape": (lambda np_, ms, x: np_.reshape(x, (3, -1)), [X234]),
    "transpose_default": (lambda np_, ms, x: np_.transpose(x), [X234]),
    "transpose_axes": (lambda np_, ms, x: np_.transpose(x, (1, 0, 2)), [X234]),
    "expand_dims": (lambda np_, ms, x: np_.expand_dims(x, 1), [X23]),
    "squeeze": (lambda np_, ms, x: np_.squeeze(x), [A(1, 3, 1, seed=12)]),
    "where": (lambda np_, ms, c, x, y: np_.where(c, x, y), [MASK23, X23, Y23]),
    "sum_axis_keep": (lambda np_, ms, x: np_.sum(x, 1, keepdims=True), [X234]),
    "sum_int": (lambda np_, ms, x: np_.sum(x), [I(2, 3)]),
    "mean": (lambda np_, ms, x: np_.mean(x, (0, 2)), [X234]),
    "mean_int": (lambda np_, ms, x: np_.mean(x), [I(2, 3)]),
    "dot": (lambda np_, ms, x, y: np_.dot(x, y), [X23, A(3, 4, seed=70)]),
    "dot_3d": (lambda np_, ms, x, y: np_.dot(x, y), [X234, A(4, 2, seed=71)]),
    "matmul": (lambda np_, ms, x, y: np_.matmul(x, y), [X234, A(4, 2, seed=71)]),
    "exp_log_sqrt": (lambda np_, ms, x: (np_.exp(x), np_.log(x), np_.sqrt(x)), [POS23]),
    "abs": (lambda np_, ms, x: np_.abs(x), [X23]),
    "maximum_minimum": (lambda np_, ms, x, y: (np_.maximum(x, y), np_.minimum(x, y)), [X23, Y23]),
    "clip": (lambda np_, ms, x: np_.clip(x, -0.5, 0.5), [X23]),
    "isclose": (lambda np_, ms, x, y: np_.isclose(x, y), [np.array([1.0, 2.0], np.float32), np.array([1.0, 2.1], np.float32)]),
    "tile": (lambda np_, ms, x: np_.tile(x, (2, 2)), [X23]),
    "repeat": (lambda np_, ms, x: np_.repeat(x, 2, 1), [X23]),
    "repeat_flat": (lambda np_, ms, x: np_.repeat(x, 2), [X23]),
    "cumsum": (lambda np_, ms, x: np_.cumsum(x, 1), [X23]),
    "cumsum_flat": (lambda np_, ms, x: np_.cumsum(x), [X23]),
    "pad_constant": (lambda np_, ms, x: np_.pad(x, ((1, 0), (0, 2))), [X23]),
    "pad_edge": (lambda np_, ms, x: np_.pad(x, 1, mode="edge"), [X23]),
    "pad_reflect": (lambda np_, ms, x: np_.pad(x, ((0, 0), (2, 1)), mode="reflect"), [X23]),
    "std_var": (lambda np_, ms, x: (np_.std(x), np_.var(x, 1)), [X23]),
    "argmax": (lambda np_, ms, x: np_.argmax(x, 1), [X23]),
    "amax": (lambda np_, ms, x: np_.amax(x, 0), [X23]),
    "flip": (lambda np_, ms, x: np_.flip(x), [X23]),
    "split": (lambda np_, ms, x: np_.split(x, 2, 2), [X234]),
    "split_idx": (lambda np_, ms, x: np_.split(x, [1, 3], 2), [X234]),
    "divide_int": (lambda np_, ms, x, y: np_.divide(x, y), [I(2, 3), I(2, 3, seed=3, lo=1)]),
    "add_bcast": (lambda np_, ms, x, y: np_.add(x, y), [X234, A(4, seed=72)]),
    "trig_inverse": (lambda np_, ms, x: (np_.arcsin(x / 3), np_.arctan(x), np_.arccos(x / 3), np_.sinh(x), np_.tan(x)), [X23]),
    "cbrt_rint_fix": (lambda np_, ms, x: (np_.cbrt(x), np_.rint(x * 3), np_.fix(x * 3)), [X23]),
    "arctan2_hypot_copysign": (lambda np_, ms, x, y: (np_.arctan2(x, y), np_.hypot(x, y), np_.copysign(x, y)), [X23, Y23]),
    "fmod_mod_divmod": (lambda np_, ms, x, y: (np_.fmod(x, y), np_.mod(x, y), np_.divmod(x, y)), [X23, POS23]),
    "logaddexp": (lambda np_, ms, x, y: (np_.logaddexp(x, y), np_.logaddexp2(x, y)), [X23, Y23]),
    "array_split": (lambda np_, ms, x: np_.array_split(x, 3, 2), [X234]),
    "hsplit_vsplit": (lambda np_, ms, x: (np_.hsplit(x, 3), np_.vsplit(x, 2)), [A(2, 3, 2, seed=76)]),
    "column_dstack": (lambda np_, ms, x, y: (np_.column_stack((x, y)), np_.dstack((x, y))), [X23, Y23]),
    "cumprod_flat": (lambda np_, ms, x: np_.cumprod(x), [X23]),
    "diff_diagonal_trace": (lambda np_, ms, x: (np_.diff(x), np_.diagonal(x), np_.trace(x)), [A(3, 3, seed=77)]),
    "kron_inner_tensordot": (lambda np_, ms, x, y: (np_.kron(x, y), np_.inner(x, y), np_.tensordot(x, y, 1)), [A(2, 2, seed=78), A(2, 2, seed=79)]),
    "tri_tril_indices": (lambda np_, ms: (np_.tri(3, 4, 1), np_.tril_indices(3), np_.triu_indices(3, 1)), []),
    "nan_reductions": (lambda np_, ms, x: (np_.nansum(x), np_.nanmean(x, 0), np_.nanmax(x, 1), np_.nanmin(x), np_.nanstd(x), np_.nanvar(x, 1)),
                       [np.array([[1.0, np.nan, 3.0], [2.0, 5.0, np.nan]], np.float32)]),
    "ptp_rot90": (lambda np_, ms, x: (np_.ptp(x, 1), np_.rot90(x)), [X23]),
    "searchsorted_digitize": (lambda np_, ms, a, v: (np_.searchsorted(a, v), np_.digitize(v, a)),
                              [np.array([0.0, 1.0, 2.5, 4.0], np.float32), np.array([0.5, 2.5, 5.0], np.float32)]),
    "take_along_axis": (lambda np_, ms, x, i: np_.take_along_axis(x, i, 1), [X23, np.array([[2, 0], [1, 1]], np.int32)]),
    "logspace_geomspace": (lambda np_, ms: (np_.logspace(0, 2, 3), np_.geomspace(1, 100, 3)), []),
    "isin_signbit": (lambda np_, ms, x, t: (np_.isin(x, t), np_.signbit(x - 2)), [I(2, 3), np.array([1, 3], np.int32)]),
    "interp": (lambda np_, ms, x, xp, fp: np_.interp(x, xp, fp), [np.array([-1.0, 0.5, 1.5, 3.0], np.float32),
               np.array([0.0, 1.0, 2.0], np.float32), np.array([1.0, 3.0, 2.0], np.float32)]),
    "cov_corrcoef": (lambda np_, ms, x: (np_.cov(x), np_.corrcoef(x)), [A(2, 5, seed=80)]),
    "vander_trapz": (lambda np_, ms, x: (np_.vander(x, 3), np_.trapz(x)), [A(4, seed=81)]),
    "array_equal": (lambda np_, ms, x: (np_.array_equal(x, x), np_.array_equal(x, x * 2)), [X23]),
    "select": (lambda np_, ms, x: np_.select([x < -0.5, x > 0.5], [x * 10, x * 100], -1.0), [X23]),
    "choose": (lambda np_, ms, i, a, b: np_.choose(i, (a, b)), [np.array([[0, 1, 1], [1, 0, 0]], np.int32), X23, Y23]),
    "indices_ix": (lambda np_, ms: (np_.indices((2, 3)), np_.ix_(np_.arange(2), np_.arange(3))), []),
    "intersect_setdiff": (lambda np_, ms, a, b: (np_.intersect1d(a, b), np_.setdiff1d(a, b)),
                          [np.array([3, 1, 2, 5], np.int32), np.array([2, 5, 7], np.int32)]),
    "windows": (lambda np_, ms: (np_.hamming(5), np_.hanning(5), np_.bartlett(5), np_.blackman(5)), []),
    "poly": (lambda np_, ms, p, q, x: (np_.polyval(p, x), np_.polyadd(p, q), np_.polysub(p, q), np_.polymul(p, q),
                                       np_.polyder(p), np_.polyint(p)),
             [np.array([1.0, -2.0, 3.0], np.float32), np.array([2.0, 1.0], np.float32), X23]),
    "convolve_correlate": (lambda np_, ms, a, v: (np_.convolve(a, v), np_.convolve(a, v, "same"), np_.convolve(a, v, "valid"),
                                                   np_.correlate(a, v), np_.correlate(a, v, "full")), [A(6, seed=82), A(3, seed=83)]),
    "histogram": (lambda np_, ms, x: np_.histogram(x, 4), [A(20, seed=84)]),
    "ravel_multi_index_diag": (lambda np_, ms, i, j: (np_.ravel_multi_index((i, j), (3, 4)), np_.diag_indices(3)),
                               [np.array([0, 2, 1], np.int32), np.array([3, 1, 0], np.int32)]),
    "gradient": (lambda np_, ms, x: np_.gradient(x), [A(6, seed=85)]),
    "unwrap": (lambda np_, ms, x: np_.unwrap(x), [np.array([0.0, 3.0, 6.5, 0.2, -3.3], np.float32)]),
    "apply_along_axis": (lambda np_, ms, x: np_.apply_along_axis(lambda r: r * 2, 1, x), [X23]),
    "piecewise": (lambda np_, ms, x: np_.piecewise(x, [x < 0, x >= 0], [-1.0, 2.0]), [X23]),
}
