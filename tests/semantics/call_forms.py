"""Call forms of MindSpore signatures (issue 27 item 3): each case names a Tensor method, a ``mindspore.numpy`` or
``mindspore.ops`` function, or an ``ops`` Primitive (``"ops.Roll()"``: the arguments are its constructor's, and it is
called on ``PRIM_INPUTS``) and its arguments as ``(parameter name, value)`` pairs in MindSpore 2.10's parameter
order; the forms are
generated from that one spelling: all positional, all keyword, and the first argument positional with the rest
keywords. tools/reference/gen_call_forms.py runs every form under real MindSpore 2.10 and stores the result (or
MindSpore's error type); tests/semantics/test_call_forms.py runs them under ms_compat and compares.

A form MindSpore rejects (a keyword its C++ signature does not name, a positional slot after ``*``) is a result
too: ms_compat may accept more, never answer differently where MindSpore answers.
"""
import numpy as np

X = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 7.0      # the input of every Tensor case
Y = np.arange(12, dtype=np.float32).reshape(3, 4) / 5.0
IDX = np.array([2, 0], np.int32)
XN = np.where(X == 0.0, np.nan, X).astype(np.float32)             # X with a NaN
U = np.array([1, 1, 2, 2, 3, 1, 1, 2], np.int32)
LA = np.array([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]], np.float32)  # a least-squares system LA @ x = LB
LB = np.array([[1.0], [2.0], [3.0]], np.float32)
PRIM_INPUTS = {"ops.IsClose()": (XN, XN * 0.5 + 1), "ops.Cross()": (X, X * 0.5 + 1),
               "ops.Padding()": (np.array([[8.0], [10.0]], np.float32),)}  # default: (X,)
UNPOOL_X = np.arange(1, 9, dtype=np.float32).reshape(1, 2, 2, 2)
UNPOOL_IDX = np.array([[[0, 1], [3, 6]], [[9, 8], [14, 15]]], np.int64).reshape(1, 2, 2, 2)  # per-channel H*W
PRIM_INPUTS["ops.MaxUnpool2D()"] = (UNPOOL_X, UNPOOL_IDX)
SELF = {"Tensor.lstsq": LA}  # default: X

# (name, target, arguments): target "Tensor.m" calls X.m(...); "numpy.f" calls mindspore.numpy.f(X-like...)
CASES = [
    ("sum_axis_keepdims", "Tensor.sum", [("axis", 1), ("dtype", None), ("keepdims", True)]),
    ("mean_axis_keep_dims", "Tensor.mean", [("axis", 2), ("keep_dims", True)]),
    ("prod_axis_keep_dims", "Tensor.prod", [("axis", 0), ("keep_dims", True)]),
    ("prod_dim_keepdim_dtype", "Tensor.prod", [("dim", 0), ("keepdim", True), ("dtype", None)]),
    ("max_axis_keepdims", "Tensor.max", [("axis", 1), ("keepdims", True)]),
    ("min_axis_keepdims", "Tensor.min", [("axis", 2), ("keepdims", False)]),
    ("amax_axis_keepdims", "Tensor.amax", [("axis", 1), ("keepdims", True)]),
    ("amin_axis_keepdims", "Tensor.amin", [("axis", 1), ("keepdims", True)]),
    ("argmax_axis_keepdims", "Tensor.argmax", [("axis", 2), ("keepdims", True)]),
    ("argmin_axis_keepdims", "Tensor.argmin", [("axis", 1), ("keepdims", False)]),
    ("all_axis_keep_dims", "Tensor.all", [("axis", 1), ("keep_dims", True)]),
    ("any_axis_keep_dims", "Tensor.any", [("axis", 2), ("keep_dims", True)]),
    ("std_axis_ddof_keepdims", "Tensor.std", [("axis", 1), ("ddof", 1), ("keepdims", True)]),
    ("var_axis_ddof_keepdims", "Tensor.var", [("axis", 2), ("ddof", 0), ("keepdims", False)]),
    ("cumsum_axis_dtype", "Tensor.cumsum", [("axis", 1), ("dtype", None)]),
    ("logsumexp_axis_keepdims", "Tensor.logsumexp", [("axis", 1), ("keepdims", True)]),
    ("logsumexp_dim_keepdim", "Tensor.logsumexp", [("dim", 1), ("keepdim", True)]),
    ("median_axis_keepdims", "Tensor.median", [("axis", 1), ("keepdims", True)]),
    ("count_nonzero_axis_keep_dims", "Tensor.count_nonzero", [("axis", 1), ("keep_dims", True)]),
    ("nansum_axis_keepdims", "Tensor.nansum", [("axis", 2), ("keepdims", True)]),
    ("clip_min_max", "Tensor.clip", [("min", -2.0), ("max", 5.0)]),
    ("clamp_min_max", "Tensor.clamp", [("min", -1.0), ("max", 3.0)]),
    ("split_size_axis", "Tensor.split", [("split_size_or_sections", 2), ("axis", 2)]),
    ("chunk_chunks_axis", "Tensor.chunk", [("chunks", 2), ("axis", 2)]),
    ("squeeze_axis", "Tensor.squeeze", [("axis", None)]),
    ("expand_dims_axis", "Tensor.expand_dims", [("axis", 1)]),
    ("swapaxes_axis0_axis1", "Tensor.swapaxes", [("axis0", 0), ("axis1", 2)]),
    ("diagonal_offset_dims", "Tensor.diagonal", [("offset", 1), ("dim1", 1), ("dim2", 2)]),
    ("diagonal_offset_axes", "Tensor.diagonal", [("offset", 1), ("axis1", 1), ("axis2", 2)]),
    ("trace_offset_axes", "Tensor.trace", [("offset", 0), ("axis1", 1), ("axis2", 2)]),
    ("narrow_axis_start_length", "Tensor.narrow", [("axis", 2), ("start", 1), ("length", 2)]),
    ("roll_shifts_dims", "Tensor.roll", [("shifts", 1), ("dims", 2)]),
    ("gather_indices_axis", "Tensor.gather", [("input_indices", IDX), ("axis", 2)]),
    ("take_indices_axis", "Tensor.take", [("indices", IDX), ("axis", 1)]),
    ("index_select_axis_index", "Tensor.index_select", [("axis", 2), ("index", IDX)]),
    ("repeat_interleave_repeats_dim", "Tensor.repeat_interleave", [("repeats", 2), ("dim", 1)]),
    ("topk_k_dim_largest", "Tensor.topk", [("k", 2), ("dim", 1), ("largest", False)]),
    ("sort_axis_descending", "Tensor.sort", [("axis", 1), ("descending", True)]),
    ("argsort_axis_descending", "Tensor.argsort", [("axis", 2), ("descending", True)]),
    ("sort_dim_descending_stable", "Tensor.sort", [("dim", 1), ("descending", True), ("stable", True)]),
    ("argsort_dim_descending_stable", "Tensor.argsort", [("dim", 2), ("descending", True), ("stable", True)]),
    ("sum_dim_keepdim", "Tensor.sum", [("dim", 1), ("keepdim", True)]),
    ("sum_axis_dtype_keepdims_initial", "Tensor.sum", [("axis", 2), ("dtype", None), ("keepdims", False),
                                                        ("initial", 1.5)]),
    ("take_indices", "Tensor.take", [("indices", IDX)]),
    ("take_indices_axis_mode", "Tensor.take", [("indices", IDX + 3), ("axis", 2), ("mode", "wrap")]),
    ("trace_default", "Tensor.trace", []),
    ("cummin_dim", "Tensor.cummin", [("dim", 2)]),
    ("cummax_axis", "Tensor.cummax", [("axis", 1)]),
    ("cummin_axis", "Tensor.cummin", [("axis", 2)]),
    ("kthvalue_k_dim_keepdim", "Tensor.kthvalue", [("k", 2), ("dim", 2), ("keepdim", True)]),
    ("unbind_dim", "Tensor.unbind", [("dim", 1)]),
    ("flatten_order_start_dim", "Tensor.flatten", [("order", "C"), ("start_dim", 1)]),
    ("flatten_start_end_dim", "Tensor.flatten", [("start_dim", 1), ("end_dim", 2)]),
    ("tile_reps", "Tensor.tile", [("dims", (1, 2, 1))]),
    ("round_decimals", "Tensor.round", [("decimals", 1)]),
    ("nan_to_num_nan_posinf", "Tensor.nan_to_num", [("nan", 0.0), ("posinf", 1.0), ("neginf", -1.0)]),
    ("isclose_other_rtol_atol", "Tensor.isclose", [("other", X + 0.5), ("rtol", 0.0), ("atol", 0.6)]),
    ("lerp_end_weight", "Tensor.lerp", [("end", X * 2), ("weight", 0.25)]),
    ("norm_ord_dim_keepdim", "Tensor.norm", [("p", 2), ("dim", 1), ("keepdim", True)]),
    ("numpy_tensordot_axes_list", "numpy.tensordot", [("a", Y), ("b", Y), ("axes", [1, 1])]),
    ("numpy_tensordot_axes_pairs", "numpy.tensordot", [("a", Y), ("b", Y), ("axes", ([0, 1], [0, 1]))]),
    ("numpy_tensordot_axes_int", "numpy.tensordot", [("a", Y), ("b", Y.T), ("axes", 1)]),
    ("numpy_tensordot_axes_tuple", "numpy.tensordot", [("a", Y), ("b", Y), ("axes", (0, 0))]),
    # parameter names, orders and defaults the signature review of issue 27 fixed (signature_differences.json)
    ("lstsq_A", "Tensor.lstsq", [("A", LB)]),
    ("ops_unique_consecutive_all", "ops.unique_consecutive", [("input", U), ("return_inverse", True),
                                                              ("return_counts", True), ("dim", None)]),
    ("ops_unique_consecutive_inverse", "ops.unique_consecutive", [("input", U), ("return_inverse", True)]),
    ("ops_subtract_alpha", "ops.subtract", [("input", X), ("other", Y), ("alpha", 2.0)]),
    ("ops_select_condition_input_other", "ops.select", [("condition", X > 0), ("input", X), ("other", X * 2)]),
    ("ops_prelu_input_weight", "ops.prelu", [("input", X), ("weight", np.array([0.1, 0.2, 0.3], np.float32))]),
    ("ops_sqrt_x", "ops.sqrt", [("x", np.abs(X))]),
    ("ops_deg2rad_x", "ops.deg2rad", [("x", X)]),
    ("ops_rad2deg_x", "ops.rad2deg", [("x", X)]),
    ("ops_frac_x", "ops.frac", [("x", X / 3)]),
    ("ops_tensor_div_x_y", "ops.tensor_div", [("x", X), ("y", Y + 1)]),
    ("ops_IsClose_default", "ops.IsClose()", []),
    ("ops_Cross_default", "ops.Cross()", []),
    ("ops_cross_default_dim", "ops.cross", [("input", X), ("other", X * 0.5 + 1)]),
    ("ops_Cross_dim", "ops.Cross()", [("dim", 1)]),
    ("ops_Padding_pad_dim_size", "ops.Padding()", [("pad_dim_size", 4)]),
    ("ops_MaxUnpool2D_default_format", "ops.MaxUnpool2D()", [("ksize", 2), ("strides", 2)]),
    ("ops_MaxUnpool2D_nhwc", "ops.MaxUnpool2D()", [("ksize", 2), ("strides", 2), ("pads", 0), ("output_shape", ()),
                                                   ("data_format", "NHWC")]),
    ("numpy_clip_x_xmin_xmax", "numpy.clip", [("x", Y), ("xmin", 0.5), ("xmax", 1.5)]),
    ("numpy_isin_invert", "numpy.isin", [("element", IDX), ("test_elements", np.array([0, 1], np.int32)),
                                         ("invert", True)]),
    ("numpy_negative_a", "numpy.negative", [("a", Y)]),
    ("numpy_positive_a", "numpy.positive", [("a", Y)]),
    ("numpy_logical_not_a", "numpy.logical_not", [("a", Y > 1)]),
    ("numpy_arccos_input", "numpy.arccos", [("input", Y / 3)]),
    ("numpy_fix_x", "numpy.fix", [("x", X / 3)]),
    ("numpy_unwrap_p_discont_axis", "numpy.unwrap", [("p", np.cumsum(Y, axis=1)), ("discont", 2.0), ("axis", 1)]),
]


def forms(args):
    """{form name: (positional values, keyword dict)} for one case's ``(name, value)`` pairs."""
    if not args:
        return {"positional": ([], {})}
    out = {"positional": ([v for _, v in args], {}), "keyword": ([], dict(args))}
    if len(args) > 1:
        out["mixed"] = ([args[0][1]], dict(args[1:]))
    return out


def call(ms, target, pos, kw):
    """Run one form: ``ms`` is the mindspore-like module (real MindSpore or ms_compat)."""
    kind, name = target.split(".")
    if kind == "Tensor":
        x = ms.Tensor(SELF.get(target, X))
        pos = [ms.Tensor(v) if isinstance(v, np.ndarray) else v for v in pos]
        kw = {k: ms.Tensor(v) if isinstance(v, np.ndarray) else v for k, v in kw.items()}
        return getattr(x, name)(*pos, **kw)
    import importlib
    mod = importlib.import_module(ms.__name__ + "." + kind)
    pos = [ms.Tensor(v) if isinstance(v, np.ndarray) else v for v in pos]
    kw = {k: ms.Tensor(v) if isinstance(v, np.ndarray) else v for k, v in kw.items()}
    if name.endswith("()"):
        prim = getattr(mod, name[:-2])(*pos, **kw)
        return prim(*(ms.Tensor(v) for v in PRIM_INPUTS.get(target, (X,))))
    return getattr(mod, name)(*pos, **kw)


def result(out):
    """JSON-able result: nested lists of {"dtype", "shape", "value"}."""
    if isinstance(out, (tuple, list)):
        return [result(o) for o in out]
    a = out.asnumpy() if hasattr(out, "asnumpy") else np.asarray(out)
    return {"dtype": str(a.dtype), "shape": list(a.shape), "value": a.astype(np.float64).ravel().tolist()}
