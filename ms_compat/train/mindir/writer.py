"""``mindspore.export(..., file_format="MINDIR")``: writes a MindIR file of MindSpore primitives that real MindSpore
2.10 loads (``mindspore.load`` + ``nn.GraphCell``) and runs with the same outputs.

The Cell is traced with ``torch.export`` through TorchDynamo (``construct`` runs on MindSpore Tensors, so their
methods work; ATen operators, parameters by their names); each ATen call becomes the MindSpore primitive computing it
(``aten.conv2d`` -> ``Conv2D`` + ``BiasAdd``, ``aten.linear`` -> ``MatMul`` + ``BiasAdd``, ``aten.lstm`` ->
``LSTM``, ``aten.gru`` -> its time steps unrolled, ...), written as MindSpore writes it: old-style primitives
(``Conv2D``, ``MaxPool``) with their attributes, primitive functions with every argument an input in the kernel's
order (``_primitive_args``, generated from MindSpore), enums as MindSpore's integers. An explicit pad before a
convolution or max pool (how ms_compat runs ``pad_mode="same"``) becomes that primitive's own padding, as MindSpore
writes it. Values computed from constants only (``zeros``, ``arange``, casts of index tables) are computed here and
written as constants, as MindSpore folds them. Parameters are stored in the file under their MindSpore names. An ATen
operator without a translation fails with :class:`MissingAPIError` naming it. Shapes are those of the example inputs
(MindSpore exports static shapes too). Encryption (``enc_key``) is ``export``'s
(:mod:`.cipher`): it encrypts these bytes before they reach the disk.
"""
from __future__ import annotations

import operator
import warnings

import numpy as np
import torch

from ...porting._missing import MissingAPIError
from . import schema
from ._primitive_args import PRIMITIVE_ARGS, TYPE_IDS

__all__ = ["save_mindir", "mindir_bytes"]

_A = schema.AttributeProto
_TYPE_ID = {getattr(torch, n.rstrip("_")): i for i, n in TYPE_IDS.items()}  # a Cast's dtype input: MindSpore's id
_DTYPE_CODES = {torch.float32: 1, torch.uint8: 2, torch.int8: 3, torch.int16: 5, torch.int32: 6, torch.int64: 7,
                torch.bool: 9, torch.float16: 10, torch.float64: 11, torch.bfloat16: 16}


def _enum(op, arg, word):
    values = PRIMITIVE_ARGS[op]["values"][arg]
    return next(k for k, v in values.items() if v.lower() == word.lower())


class _Writer:
    def __init__(self, graph_name):
        self.model = schema.ModelProto(ir_version="1.1", producer_name="MindSpore", model_version="2.10.0",
                                       little_endian=True, mind_ir_version=3)
        self.graph = self.model.graph
        self.graph.name = graph_name
        self.prims = {}
        self.count = 0

    def name(self, base):
        self.count += 1
        return f"{self.graph.name}:{base}:{self.count}"

    # ---- values ----
    def _set_value(self, a, v):
        if isinstance(v, bool):
            a.type, a.i = _A.BOOL, int(v)
        elif isinstance(v, int):
            a.type, a.i = _A.INT64, v
        elif isinstance(v, float):
            a.type, a.f = _A.FLOAT, v
        elif isinstance(v, str):
            a.type, a.s = _A.STRING, v.encode()
        elif v is None:
            a.type = _A.NONE
        elif isinstance(v, (tuple, list)):
            a.type = _A.TUPLE if isinstance(v, tuple) else _A.LIST
            for item in v:
                e = a.values.add()
                self._set_value(e, item)
                if e.type in (_A.INT64, _A.BOOL):  # a scalar inside a sequence keeps its value in the list field
                    e.ints.append(e.i)
                    e.ClearField("i")
                elif e.type == _A.FLOAT:
                    e.floats.append(e.f)
                    e.ClearField("f")
                elif e.type == _A.STRING:
                    e.strings.append(e.s)
                    e.ClearField("s")
        elif isinstance(v, torch.Tensor):
            a.type = _A.TENSORS
            self._fill_tensor(a.tensors.add(name="value0"), v)
        else:
            raise TypeError(f"cannot write {type(v).__name__} into MindIR")

    @staticmethod
    def _fill_tensor(t, value):
        value = value.detach().cpu().contiguous()
        if value.dtype not in _DTYPE_CODES:
            raise TypeError(f"MindIR writer: tensors of dtype {value.dtype} are not supported")
        t.data_type = _DTYPE_CODES[value.dtype]
        t.dims.extend(int(d) for d in value.shape)
        t.raw_data = value.view(torch.uint8).numpy().tobytes() if value.dtype == torch.bfloat16 else \
            value.numpy().tobytes()

    def const(self, value):
        n = self.graph.node.add(op_type="Constant")
        n.name = f"ValueNode_{self.count + 1}"
        self.count += 1
        n.output.append(n.name)
        self._set_value(n.attribute.add(name="value"), value)
        return n.name

    def prim(self, op_type, inputs, attrs=None, prim_type=2):
        key = (op_type, repr(sorted((attrs or {}).items())))
        pname = self.prims.get(key)
        if pname is None:
            pname = f"{op_type}:{len(self.prims) + 1}"
            p = self.model.primitives.add(name=pname, op_type=op_type, prim_type=prim_type, instance_name="")
            for k, v in (attrs or {}).items():
                self._set_value(p.attribute.add(name=k), v)
            self.prims[key] = pname
        out = self.name(op_type)
        n = self.graph.node.add(op_type=f"REF::{pname}", name=out, domain=f"Default/{op_type}-op{self.count}")
        n.input.extend(inputs)
        n.output.append(out)
        return _Ref(out)

    def call(self, op_type, *args):
        """A primitive function: ``args`` in the kernel's order; non-string values become constants."""
        return self.prim(op_type, [a if isinstance(a, _Ref) else self.const(a) for a in args])


class _Ref(str):
    """The name of a value in the graph (a node output, an input or a parameter)."""


def _pair(v):
    return (int(v[0]), int(v[-1])) if isinstance(v, (list, tuple)) else (int(v), int(v))


def _conv2d(w, x, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    if isinstance(padding, str):
        raise NotImplementedError("string padding")
    ph, pw = _pair(padding)
    pad = (ph, ph, pw, pw)
    if isinstance(x, _Padded) and x.value != 0:
        x = x.write(w)
    if isinstance(x, _Padded):  # an explicit zero pad before the convolution (pad_mode="same" with stride 2)
        x, pad = x.source, tuple(a + b for a, b in zip(pad, x.pad_list))
    sh, sw = _pair(stride)
    dh, dw = _pair(dilation)
    shape = w.shapes[weight]
    attrs = {"kernel_size": (int(shape[2]), int(shape[3])), "mode": 1, "out_channel": int(shape[0]),
             "pad": pad, "pad_mode": "pad", "format": "NCHW", "pad_list": pad,
             "groups": int(groups), "stride": (1, 1, sh, sw), "group": int(groups), "dilation": (1, 1, dh, dw),
             "input_names": ["x", "w"], "output_names": ["output"]}
    out = _Ref(w.prim("Conv2D", [x, weight], attrs, prim_type=1))
    if bias is not None:
        out = _Ref(w.call("BiasAdd", out, bias, _enum("BiasAdd", "data_format", "NCHW")))
    return out


def _linear(w, x, weight, bias=None):
    shape = w.shapes[x]
    flat = x if len(shape) == 2 else w.call("Reshape", x, (-1, int(shape[-1])))  # MatMul is 2-D, as MindSpore's
    out = w.call("MatMul", flat, weight, False, True)
    if bias is not None:
        out = w.call("BiasAdd", out, bias, _enum("BiasAdd", "data_format", "NCHW"))
    if len(shape) != 2:
        out = w.call("Reshape", out, tuple(int(d) for d in shape[:-1]) + (int(w.shapes[weight][0]),))
    return out


def _same_pad_list(size, kernel, stride):
    """MindSpore's pad_mode="same" padding of one spatial axis: (before, after), the extra one after."""
    total = max((-(-size // stride) - 1) * stride + kernel - size, 0)
    return total // 2, total - total // 2


def _max_pool2d(w, x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    if any(_pair(padding)) or _pair(dilation) != (1, 1) or ceil_mode:
        raise NotImplementedError("max_pool2d with padding, dilation or ceil_mode")
    kh, kw = _pair(kernel_size)
    sh, sw = _pair(stride) if stride else (kh, kw)
    pad_mode = "VALID"
    if isinstance(x, _Padded):  # MindSpore's MaxPool(pad_mode="same"), which ms_compat runs as a -inf pad first
        h, wd = w.shapes[x.source][2:]
        if x.value == float("-inf") and x.pad_list == _same_pad_list(h, kh, sh) + _same_pad_list(wd, kw, sw):
            x, pad_mode = x.source, "SAME"
        else:  # a pad of the network's own (nn.Pad before a valid max pool)
            x = x.write(w)
    attrs = {"pad_mode": pad_mode, "kernel_size": (1, 1, kh, kw), "format": "NCHW", "strides": (1, 1, sh, sw),
             "input_names": ["x"], "output_names": ["output"]}
    return _Ref(w.prim("MaxPool", [x], attrs, prim_type=1))


def _avg_pool2d(w, x, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True,
                divisor_override=None):
    if any(_pair(padding)) or ceil_mode or divisor_override is not None:
        raise NotImplementedError("avg_pool2d with padding, ceil_mode or divisor_override")
    k = _pair(kernel_size)
    s = _pair(stride) if stride else k
    return _Ref(w.call("AvgPool", x, k, s, _enum("AvgPool", "pad_mode", "VALID"),
                       _enum("AvgPool", "data_format", "NCHW")))


def _batch_norm_eval(w, x, weight, bias, mean, var, momentum, eps):
    return _Ref(w.call("BatchNorm", x, weight, bias, mean, var, False, float(eps), float(momentum),
                       _enum("BatchNorm", "data_format", "NCHW")))


def _layer_norm(w, x, shape, weight=None, bias=None, eps=1e-5, cudnn_enable=True):
    if weight is None or bias is None:
        raise NotImplementedError("layer_norm without weight and bias")
    axis = len(w.shapes[x]) - len(shape)
    return _Ref(w.call("TupleGetItem", w.call("LayerNorm", x, weight, bias, axis, axis, float(eps)), 0))


def _binary(op_type):
    def emit(w, a, b, alpha=1):
        if alpha != 1:
            raise NotImplementedError("alpha")
        dtype = w.dtypes.get(a if isinstance(a, _Ref) else b, torch.float32)
        a, b = (x if isinstance(x, _Ref) else _Ref(w.const(torch.tensor(x, dtype=dtype))) for x in (a, b))
        out = getattr(w, "out_dtype", None)
        da, db = w.dtypes.get(a, out), w.dtypes.get(b, out)
        if out is not None and da != db and da.is_floating_point and db.is_floating_point:  # HRNet's f32 + f16
            # the operands in the result's dtype, as MindSpore's implicit type conversion writes a Cast
            a, b = (x if w.dtypes.get(x, out) == out else _Ref(w.call("Cast", x, _TYPE_ID[out])) for x in (a, b))
        return _Ref(w.call(op_type, a, b))
    return emit


def _unary(op_type):
    return lambda w, x: _Ref(w.call(op_type, x))


def _reduce(op_type):
    def emit(w, x, dims=None, keepdim=False, dtype=None):
        if dtype is not None:
            raise NotImplementedError("dtype")
        dims = tuple(range(len(w.shapes[x]))) if dims is None else tuple(int(d) for d in dims)
        args = (x, dims, bool(keepdim)) + ((False,) if op_type == "ReduceSum" else ())
        return _Ref(w.call(op_type, *args))
    return emit


def _reshape(w, x, shape):
    return _Ref(w.call("Reshape", x, tuple(int(s) for s in shape)))


def _transpose(w, x, d0, d1):
    perm = list(range(len(w.shapes[x])))
    perm[d0], perm[d1] = perm[d1], perm[d0]
    return _Ref(w.call("Transpose", x, tuple(perm)))


def _matmul(w, a, b):
    if len(w.shapes[a]) == 2 and len(w.shapes[b]) == 2:
        return _Ref(w.call("MatMul", a, b, False, False))
    return _Ref(w.call("BatchMatMul", a, b, False, False)) if len(w.shapes[a]) == len(w.shapes[b]) \
        else _Ref(w.call("MatMulExt", a, b))


def _cat(w, tensors, dim=0):
    return _Ref(w.call("Concat", _Ref(w.prim("MakeTuple", list(tensors), prim_type=1)), int(dim)))


def _softmax(op_type):
    return lambda w, x, dim, half_to_float=False: _Ref(w.call(op_type, x, (int(dim),) if op_type == "Softmax"
                                                            else int(dim)))


def _gelu(w, x, approximate="none"):
    if approximate == "tanh":  # MindSpore's GeLU primitive is the tanh approximation
        return _Ref(w.call("GeLU", x))
    mul, add = _binary("Mul"), _binary("Add")  # the exact form: x * 0.5 * (1 + erf(x / sqrt(2)))
    erf = _Ref(w.call("Erf", mul(w, x, float(1 / np.sqrt(2.0)))))
    w.dtypes[erf] = w.dtypes.get(x, torch.float32)
    half = mul(w, x, 0.5)
    w.dtypes[half] = w.dtypes[erf]
    return mul(w, half, add(w, erf, 1.0))


class _Padded:
    """``aten.pad`` not written yet: a following ``conv2d`` or ``max_pool2d`` takes it into its own padding (as
    MindSpore's ``Conv2D``/``MaxPool`` with ``pad_mode="same"`` pad); any other user gets a ``Pad`` node."""

    def __init__(self, source, pad, mode, value):
        if mode != "constant":
            raise NotImplementedError(f"mode={mode!r}")
        pad = [int(p) for p in pad] + [0] * max(0, 4 - len(pad))
        self.axes = [(pad[i], pad[i + 1]) for i in range(0, len(pad), 2)]  # PyTorch's order: last axis first
        self.source, self.value = source, float(value or 0.0)
        # MindSpore's (top, bottom, left, right), when only the two spatial axes are padded
        self.pad_list = None if any(sum(a) for a in self.axes[2:]) else (
            self.axes[1] + self.axes[0])
        self.node = None

    def write(self, w):
        if self.node is None:
            if self.value != 0:
                raise NotImplementedError(f"a constant pad of value {self.value}")
            rank = len(w.shapes[self.source])
            paddings = [(0, 0)] * rank
            for i, a in enumerate(self.axes):
                paddings[rank - 1 - i] = a
            paddings = tuple(paddings)
            self.node = _Ref(w.prim("Pad", [self.source], {"paddings": paddings, "input_names": ["x"],
                                                           "output_names": ["y"]}, prim_type=1))
            w.shapes[self.node] = tuple(s + sum(paddings[i]) for i, s in enumerate(w.shapes[self.source]))
        return self.node


def _conv_transpose2d(w, x, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    if any(_pair(output_padding)):
        raise NotImplementedError("output_padding")
    ph, pw = _pair(padding)
    sh, sw = _pair(stride)
    dh, dw = _pair(dilation)
    shape = w.shapes[weight]  # (in_channels, out_channels / groups, kh, kw)
    attrs = {"kernel_size": (int(shape[2]), int(shape[3])), "mode": 1, "out_channel": int(shape[1]) * int(groups),
             "input_names": ["out_backprop", "filter", "input_sizes"], "pad": (ph, ph, pw, pw), "pad_mode": "pad",
             "format": "NCHW", "pad_list": (ph, ph, pw, pw), "groups": int(groups), "stride": (1, 1, sh, sw),
             "group": int(groups), "dilation": (1, 1, dh, dw), "output_names": ["output"]}
    out = _Ref(w.prim("Conv2DTranspose", [x, weight, w.const(tuple(w.out_shape))], attrs, prim_type=1))
    if bias is not None:
        out = _Ref(w.call("BiasAdd", out, bias, _enum("BiasAdd", "data_format", "NCHW")))
    return out


def _adaptive_avg_pool2d(w, x, output_size):
    return _Ref(w.prim("AdaptiveAvgPool2D", [x], {"output_names": ["y"], "output_size": tuple(
        int(s) for s in output_size), "input_names": ["x"]}, prim_type=1))


def _strided_slice(w, x, dim, start, end, step=1, shrink=False):
    shape = w.shapes[x]
    dim %= len(shape)
    size = int(shape[dim])
    start = 0 if start is None else int(start)
    end = size if end is None else int(end)
    start, end = (v + size if v < 0 else v for v in (start, end))
    begin, stop, strides = [0] * len(shape), [int(s) for s in shape], [1] * len(shape)
    begin[dim], stop[dim], strides[dim] = min(max(start, 0), size), min(max(end, 0), size), int(step)
    return _Ref(w.call("StridedSlice", x, tuple(begin), tuple(stop), tuple(strides), 0, 0, 0, 0,
                       (1 << dim) if shrink else 0))


def _select(w, x, dim, index):
    size = int(w.shapes[x][dim])
    index = int(index) % size
    return _strided_slice(w, x, dim, index, index + 1, 1, shrink=True)


def _cast(w, x, dtype=None, **kwargs):
    if dtype is None or dtype == w.dtypes.get(x):
        return x
    return _Ref(w.call("Cast", x, _TYPE_ID[dtype]))


def _rsub(w, x, other, alpha=1):
    return _binary("Sub")(w, other, x, alpha)


def _split(w, x, split_size, dim=0):
    size = int(w.shapes[x][dim])
    if isinstance(split_size, (list, tuple)) or size % int(split_size):
        raise NotImplementedError("unequal parts")
    return _Ref(w.call("Split", x, int(dim) % len(w.shapes[x]), size // int(split_size)))


def _var(w, x, dims=None, unbiased=None, keepdim=False, *, correction=None):
    """``var``: mean((x - mean(x))^2) scaled by n / (n - correction), as MindSpore's ``ops.var`` computes it."""
    shape = w.shapes[x]
    dims = tuple(range(len(shape))) if dims is None else tuple(int(d) % len(shape) for d in dims)
    corr = correction if correction is not None else (1 if unbiased in (None, True) else 0)
    n = int(np.prod([shape[d] for d in dims]))
    mean = _Ref(w.call("ReduceMean", x, dims, True))
    diff = _Ref(w.call("Sub", x, mean))
    out = _Ref(w.call("ReduceMean", _Ref(w.call("Mul", diff, diff)), dims, bool(keepdim)))
    if corr:
        w.dtypes[out] = w.dtypes.get(x, torch.float32)
        out = _binary("Mul")(w, out, float(n) / max(n - corr, 0))
    return out


def _std(w, x, dims=None, unbiased=None, keepdim=False, *, correction=None):
    """``std``: the square root of :func:`_var`, as MindSpore's ``ops.std`` computes it."""
    return _Ref(w.call("Sqrt", _var(w, x, dims, unbiased, keepdim, correction=correction)))


def _vector_norm(w, x, ord=2, dim=None, keepdim=False, *, dtype=None):
    if ord != 2 or dtype is not None:
        raise NotImplementedError(f"ord={ord}, dtype={dtype}")
    dims = tuple(range(len(w.shapes[x]))) if dim is None else dim
    return _Ref(w.call("Sqrt", _reduce("ReduceSum")(w, _Ref(w.call("Mul", x, x)), dims, keepdim)))


def _split_with_sizes(w, x, sizes, dim=0):
    """The parts as slices (``StridedSlice``), a tuple of the graph's values."""
    starts = np.cumsum([0] + [int(n) for n in sizes])
    return tuple(_strided_slice(w, x, dim, int(a), int(b)) for a, b in zip(starts[:-1], starts[1:]))


def _group_norm(w, x, groups, weight=None, bias=None, eps=1e-5, cudnn_enabled=True):
    """``group_norm`` in MindSpore's primitives: (x - mean) / sqrt(var + eps) over each group, then gamma, beta."""
    shape = tuple(int(d) for d in w.shapes[x])
    dtype = w.dtypes.get(x, torch.float32)
    xr = _Ref(w.call("Reshape", x, (shape[0], int(groups), -1)))
    diff = _Ref(w.call("Sub", xr, _Ref(w.call("ReduceMean", xr, (2,), True))))
    var = _Ref(w.call("ReduceMean", _Ref(w.call("Mul", diff, diff)), (2,), True))
    w.dtypes[var] = dtype
    y = _Ref(w.call("Reshape", _Ref(w.call("RealDiv", diff, _Ref(w.call("Sqrt", _binary("Add")(w, var, float(eps)))))),
                    shape))
    per_channel = (shape[1],) + (1,) * (len(shape) - 2)
    if weight is not None:
        y = _Ref(w.call("Mul", y, _Ref(w.call("Reshape", weight, per_channel))))
    if bias is not None:
        y = _Ref(w.call("Add", y, _Ref(w.call("Reshape", bias, per_channel))))
    return y


def _stack(w, tensors, dim=0):
    rank = len(w.shapes[tensors[0]]) + 1
    return _cat(w, [_Ref(w.call("ExpandDims", t, int(dim) % rank)) for t in tensors], int(dim) % rank)


def _squeeze(w, x, *dims):
    return _Ref(w.call("Reshape", x, tuple(int(d) for d in w.out_shape)))



def _upsample_bilinear2d(w, x, output_size=None, align_corners=False, scale_factors=None):
    """``upsample_bilinear2d`` -> ``ResizeBilinearV2(align_corners, half_pixel_centers=not align_corners)``, what
    MindSpore's ``ops.interpolate(mode="bilinear")`` runs and exports; both map output to input coordinates by the
    sizes' ratio, which PyTorch's ``scale_factor`` does too when it divides the sizes exactly."""
    size = tuple(int(d) for d in w.out_shape[2:])
    if scale_factors is not None and not align_corners and any(
            float(s) != o / i for s, o, i in zip(scale_factors, size, w.shapes[x][2:])):
        raise NotImplementedError(f"scale_factor={tuple(scale_factors)} for sizes {tuple(w.shapes[x][2:])}")
    return _Ref(w.call("ResizeBilinearV2", x, size, bool(align_corners), not align_corners))


def _copy(w, dst, src, non_blocking=False):
    """``copy`` (what a write ``y[key] = v`` leaves after functionalization): ``src`` in ``dst``'s shape and
    dtype."""
    if w.dtypes.get(src) != w.dtypes.get(dst):
        src = _Ref(w.call("Cast", src, _TYPE_ID[w.dtypes[dst]]))
    return src if tuple(w.shapes[src]) == tuple(w.out_shape) else _Ref(w.call("BroadcastTo", src, tuple(w.out_shape)))


def _slice_scatter(w, x, src, dim=0, start=None, end=None, step=1):
    """``slice_scatter`` (a write into a slice, ``y[..., a:b] = v``): ``x``'s parts before and after the slice
    concatenated around ``src`` on ``dim``."""
    if step != 1:
        raise NotImplementedError(f"step={step}")
    size = int(w.shapes[x][dim])
    dim %= len(w.shapes[x])
    start, end = (0 if start is None else int(start)), (size if end is None else min(int(end), size))
    start, end = (v + size if v < 0 else v for v in (start, end))
    parts = ([_strided_slice(w, x, dim, 0, start)] if start > 0 else []) + [src] + (
        [_strided_slice(w, x, dim, end, size)] if end < size else [])
    return parts[0] if len(parts) == 1 else _cat(w, parts, dim)


def _tuple(w, refs):
    return _Ref(w.prim("MakeTuple", list(refs), prim_type=1))


def _rnn_layers(w, cell, x, hx, params, has_biases, num_layers, bidirectional, batch_first):
    """A multi-layer (bidirectional) RNN as MindSpore's CPU cells write it: one direction at a time, the backward
    one over the time-reversed sequence, the directions' outputs concatenated on the feature axis; ``cell(w,
    seq, k, weights)`` writes direction ``k`` and returns its (output, final states)."""
    dirs, per = 2 if bidirectional else 1, 4 if has_biases else 2
    seq = _Ref(w.call("Transpose", x, (1, 0, 2))) if batch_first else x
    finals = []
    for layer in range(num_layers):
        outs = []
        for d in range(dirs):
            k = layer * dirs + d
            out, states = cell(w, seq, k, d == 1, params[k * per:(k + 1) * per])
            outs.append(out)
            finals.append(states)
        seq = outs[0] if dirs == 1 else _Ref(w.call("Concat", _tuple(w, outs), 2))
    if batch_first:
        seq = _Ref(w.call("Transpose", seq, (1, 0, 2)))
    stacked = [f[0] if len(f) == 1 else _Ref(w.call("Concat", _tuple(w, f), 0)) for f in zip(*finals)]
    return (seq, *stacked)


def _lstm(w, x, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    """``aten.lstm`` -> MindSpore's ``LSTM`` primitive per layer and direction, with the weights flattened into
    one ``(-1, 1, 1)`` tensor (w_ih, w_hh, b_ih + b_hh), as ``nn.LSTM`` writes it on CPU."""
    if train and dropout:
        raise NotImplementedError("dropout in training mode")
    h0, c0 = hx

    def cell(w, seq, k, reverse, p):
        flat = [_Ref(w.call("Reshape", p[0], (-1, 1, 1))), _Ref(w.call("Reshape", p[1], (-1, 1, 1)))]
        if has_biases:
            flat.append(_Ref(w.call("Reshape", _Ref(w.call("Add", p[2], p[3])), (-1, 1, 1))))
        weights = _Ref(w.call("Concat", _tuple(w, flat), 0))
        h, c = (_strided_slice(w, s, 0, k, k + 1) for s in (h0, c0))
        hidden, size = int(w.shapes[p[1]][1]), int(w.shapes[p[0]][1])
        attrs = {"dropout": 0.0, "proj_size": 0, "has_bias": bool(has_biases), "num_layers": 1,
                 "hidden_size": hidden, "bidirectional": False, "input_size": size}
        src = _Ref(w.call("ReverseV2", seq, (0,))) if reverse else seq
        r = _Ref(w.prim("LSTM", [src, h, c, weights], attrs, prim_type=1))
        out = _Ref(w.call("TupleGetItem", r, 0))
        out = _Ref(w.call("ReverseV2", out, (0,))) if reverse else out
        return out, (_Ref(w.call("TupleGetItem", r, 1)), _Ref(w.call("TupleGetItem", r, 2)))
    return _rnn_layers(w, cell, x, hx, params, has_biases, num_layers, bidirectional, batch_first)


def _gru(w, x, hx, params, has_biases, num_layers, dropout, train, bidirectional, batch_first):
    """``aten.gru`` -> the time steps unrolled into ``MatMul``/``BiasAdd``/``Split``/``Sigmoid``/``Tanh``, as
    MindSpore's ``nn.GRU`` runs (and exports) on CPU: r, z, n = the gates; h' = n + z * (h - n)."""
    if train and dropout:
        raise NotImplementedError("dropout in training mode")
    steps = int(w.shapes[x][1 if batch_first else 0])
    nchw = _enum("BiasAdd", "data_format", "NCHW")

    def cell(w, seq, k, reverse, p):
        h = _strided_slice(w, hx, 0, k, k + 1, shrink=True)
        outs = []
        for t in (range(steps - 1, -1, -1) if reverse else range(steps)):
            x_t = _Ref(w.call("StridedSlice", seq, (t,), (t + 1,), (1,), 0, 0, 0, 0, 1))  # step t, as MindSpore
            gi, gh = (_Ref(w.call("MatMul", v, m, False, True)) for v, m in ((x_t, p[0]), (h, p[1])))
            if has_biases:
                gi, gh = _Ref(w.call("BiasAdd", gi, p[2], nchw)), _Ref(w.call("BiasAdd", gh, p[3], nchw))
            gi, gh = _Ref(w.call("Split", gi, 1, 3)), _Ref(w.call("Split", gh, 1, 3))
            i_r, i_z, i_n = (_Ref(w.call("TupleGetItem", gi, j)) for j in range(3))
            h_r, h_z, h_n = (_Ref(w.call("TupleGetItem", gh, j)) for j in range(3))
            r = _Ref(w.call("Sigmoid", _Ref(w.call("Add", i_r, h_r))))
            z = _Ref(w.call("Sigmoid", _Ref(w.call("Add", i_z, h_z))))
            n = _Ref(w.call("Tanh", _Ref(w.call("Add", i_n, _Ref(w.call("Mul", r, h_n))))))
            h = _Ref(w.call("Add", n, _Ref(w.call("Mul", z, _Ref(w.call("Sub", h, n))))))
            outs.append(_Ref(w.call("ExpandDims", h, 0)))
        out = _Ref(w.call("Concat", _tuple(w, outs[::-1] if reverse else outs), 0))
        return out, (_Ref(w.call("ExpandDims", h, 0)),)
    return _rnn_layers(w, cell, x, hx, params, has_biases, num_layers, bidirectional, batch_first)


aten = torch.ops.aten
_EMIT = {
    aten.conv2d.default: _conv2d, aten.linear.default: _linear, aten.max_pool2d.default: _max_pool2d,
    aten.avg_pool2d.default: _avg_pool2d, aten._native_batch_norm_legit_no_training.default: _batch_norm_eval,
    aten.layer_norm.default: _layer_norm,
    aten.add.Tensor: _binary("Add"), aten.sub.Tensor: _binary("Sub"), aten.mul.Tensor: _binary("Mul"),
    aten.div.Tensor: _binary("RealDiv"),
    aten.relu.default: _unary("ReLU"), aten.sigmoid.default: _unary("Sigmoid"), aten.tanh.default: _unary("Tanh"),
    aten.exp.default: _unary("Exp"), aten.neg.default: _unary("Neg"), aten.sqrt.default: _unary("Sqrt"),
    aten.log.default: _unary("Log"), aten.abs.default: _unary("Abs"), aten.gelu.default: _gelu,
    aten.softmax.int: _softmax("Softmax"), aten.log_softmax.int: _softmax("LogSoftmax"),
    aten.mean.dim: _reduce("ReduceMean"), aten.sum.dim_IntList: _reduce("ReduceSum"),
    aten.view.default: _reshape, aten.reshape.default: _reshape, aten.transpose.int: _transpose,
    aten.permute.default: lambda w, x, dims: _Ref(w.call("Transpose", x, tuple(int(d) for d in dims))),
    aten.t.default: lambda w, x: _transpose(w, x, 0, 1),
    aten.matmul.default: _matmul, aten.cat.default: _cat, aten.relu6.default: _unary("ReLU6"),
    aten.hardtanh.default: lambda w, x, lo=-1.0, hi=1.0: _unary("ReLU6")(w, x) if (lo, hi) == (0.0, 6.0) else (
        _ for _ in ()).throw(NotImplementedError(f"min_val={lo}, max_val={hi}")),
    aten.tile.default: lambda w, x, dims: _Ref(w.call("Tile", x, tuple(int(d) for d in dims))),
    aten.embedding.default: lambda w, weight, idx, padding_idx=-1, scale=False, sparse=False: _Ref(
        w.call("Gather", weight, idx, 0, 0)),
    aten.dropout.default: lambda w, x, p, train: x if not train else (_ for _ in ()).throw(
        NotImplementedError("dropout in training mode")),
    aten.contiguous.default: lambda w, x, memory_format=None: x,
    operator.getitem: lambda w, seq, i: seq[int(i)] if isinstance(seq, tuple) else _Ref(
        w.call("TupleGetItem", seq, int(i))),
    aten.pad.default: lambda w, x, pad, mode="constant", value=None: _Padded(x, pad, mode, value),
    aten.conv_transpose2d.input: _conv_transpose2d, aten.adaptive_avg_pool2d.default: _adaptive_avg_pool2d,
    aten.silu.default: _unary("SiLU"), aten.select.int: _select, aten.slice.Tensor: _strided_slice,
    aten.clone.default: lambda w, x, memory_format=None: x, aten._unsafe_view.default: _reshape,
    aten.alias.default: lambda w, x: x,
    aten._assert_tensor_metadata.default: lambda w, *a, **k: None, aten._to_copy.default: _cast,
    aten.index_select.default: lambda w, x, dim, index: _Ref(w.call("Gather", x, index, int(dim), 0)),
    aten.unsqueeze.default: lambda w, x, dim: _Ref(w.call("ExpandDims", x, int(dim) % (len(w.shapes[x]) + 1))),
    aten.squeeze.dim: _squeeze, aten.squeeze.dims: _squeeze, aten.squeeze.default: _squeeze,
    aten.rsub.Scalar: _rsub, aten.split.Tensor: _split,
    aten.expand.default: lambda w, x, size, implicit=False: _Ref(w.call("BroadcastTo", x, tuple(w.out_shape))),
    aten.hardswish.default: _unary("HSwish"), aten.hardsigmoid.default: _unary("HSigmoid"),
    aten.var.dim: _var, aten.var.correction: _var, aten.std.dim: _std, aten.std.correction: _std, aten.stack.default: _stack,
    aten.linalg_vector_norm.default: _vector_norm, aten.split_with_sizes.default: _split_with_sizes,
    aten.group_norm.default: _group_norm,
    aten.unbind.int: lambda w, x, dim=0: tuple(_select(w, x, dim, i) for i in range(int(w.shapes[x][dim]))),
    aten.flatten.using_ints: _squeeze, aten.bmm.default: _matmul, aten.rsqrt.default: _unary("Rsqrt"),
    aten.upsample_nearest2d.vec: lambda w, x, output_size=None, scale_factors=None: _Ref(w.call(
        "ResizeNearestNeighbor", x, tuple(int(d) for d in w.out_shape[2:]), False, False)),
    aten.upsample_bilinear2d.vec: _upsample_bilinear2d, aten.copy.default: _copy,
    aten.slice_scatter.default: _slice_scatter,
    aten.add.Scalar: _binary("Add"), aten.sub.Scalar: _binary("Sub"), aten.mul.Scalar: _binary("Mul"),
    aten.div.Scalar: _binary("RealDiv"), aten.pow.Tensor_Scalar: _binary("Pow"),
    aten.mean.default: lambda w, x, dtype=None: _reduce("ReduceMean")(w, x, None, False, dtype),
    aten.sum.default: lambda w, x, dtype=None: _reduce("ReduceSum")(w, x, None, False, dtype),
    aten.maximum.default: _binary("Maximum"), aten.minimum.default: _binary("Minimum"),
    aten.clamp_min.default: _binary("Maximum"), aten.clamp_max.default: _binary("Minimum"), aten.lstm.input: _lstm, aten.gru.input: _gru,
}
_TAKES_PAD = {aten.conv2d.default, aten.max_pool2d.default}


def _plain(x):
    return x.detach().as_subclass(torch.Tensor) if isinstance(x, torch.Tensor) else x


def _trace(net, inputs):
    """``torch.export`` of ``net(*inputs)`` through TorchDynamo (``strict=True``): dynamo traces the MindSpore
    Tensor's ``__torch_function__``, so ``construct`` sees MindSpore Tensors (their methods, ``expand_dims``, ...)
    and the tensors it keeps as attributes (index tables, masks) are the graph's constants. The non-strict tracer
    hands ``construct`` plain fake tensors instead, on which MindSpore's methods do not exist."""
    from ...common.tensor import Tensor
    args = tuple(Tensor(_plain(x)) if isinstance(x, torch.Tensor) else x for x in inputs)
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*LeafSpec.*")  # torch.export's own deprecation notice
            return torch.export.export(net, args, strict=True).run_decompositions({}), args
    except Exception as e:  # noqa: BLE001 - reported with the innermost cause, which names the failing operation
        cause = e
        for _ in range(8):
            if (cause.__cause__ or cause.__context__) is None:
                break
            cause = cause.__cause__ or cause.__context__
        line = next((ln for ln in str(cause).splitlines() if ln.strip()), "")
        raise MissingAPIError(f"MindIR export: torch.export cannot trace {type(net).__name__}: "
                              f"{type(cause).__name__}: {line}", path="mindspore.export", kind="not_yet") from e


def _fold(node, consts):
    """The value of a node computed from constants only (``zeros``, ``arange``, casts of an index table): computed
    here, as MindSpore folds constants when it compiles a graph; None for a node that needs the graph's inputs or
    parameters."""
    if any(n.name not in consts for n in node.all_input_nodes) or torch.Tag.nondeterministic_seeded in getattr(
            node.target, "tags", ()):  # random values stay ops
        return None

    def value(a):
        if isinstance(a, torch.fx.Node):
            return consts[a.name]
        return type(a)(value(x) for x in a) if isinstance(a, (list, tuple)) else a
    with torch.no_grad():
        return (node.target(*value(tuple(node.args)), **{k: value(v) for k, v in node.kwargs.items()}),)


def mindir_bytes(net, inputs):
    """The MindIR bytes of ``net(*inputs)`` (see the module docstring)."""
    program, args = _trace(net, inputs)
    ms_names = {}
    for name, p in net.named_parameters():
        ms_names[name] = getattr(p, "name", name)
    w = _Writer(f"{type(net).__name__}_construct")
    w.shapes, w.dtypes = {}, {}
    env, consts = {}, {}
    sig = program.graph_signature
    specs = {s.arg.name: s for s in sig.input_specs}
    state = program.state_dict
    constants = getattr(program, "constants", {})
    user_inputs = iter(args)
    params = {}  # the network's parameters in its own order (``get_parameters``), then its buffers
    order = {name: i for i, name in enumerate(ms_names)}
    for target in sorted((s.target for s in sig.input_specs if s.kind.name in ("PARAMETER", "BUFFER")),
                         key=lambda t: (order.get(t, len(order)), t)):
        key = ms_names.get(target, target)
        params[target] = _Ref(f"{w.graph.name}:{key}")
        w._fill_tensor(w.graph.parameter.add(name=params[target], ref_key=key),
                       _plain(state[target] if target in state else constants[target]))

    def ref_of(x, takes_pad, computes_in=None):
        key, value = x.name, consts.get(x.name)
        if (isinstance(value, torch.Tensor) and computes_in is not None and computes_in.is_floating_point
                and value.dim() == 0 and value.is_floating_point() and value.dtype != computes_in):
            # a 0-d constant (a NumPy scalar: ``att * (1.0 / np.sqrt(d))``) takes part in an operation as a Python
            # scalar does, in the other operand's dtype (PyTorch's and MindSpore's promotion)
            value, key = value.to(computes_in), f"{key}:{computes_in}"
        if key not in env:  # a constant, written where it is first used
            if key == x.name:
                value = consts[key]
            if not isinstance(value, torch.Tensor):
                return value
            env[key] = _Ref(w.const(_plain(value)))
            w.shapes[env[key]], w.dtypes[env[key]] = tuple(value.shape), value.dtype
        v = env[key]
        return v.write(w) if isinstance(v, _Padded) and (not takes_pad or v.pad_list is None) else v

    for node in program.graph.nodes:
        if node.op == "placeholder":
            spec = specs[node.name]
            if spec.kind.name == "USER_INPUT":
                x = next(user_inputs)
                ref = _Ref(f"{w.graph.name}:x{len(w.graph.input)}" if len(args) > 1 else f"{w.graph.name}:x")
                t = w.graph.input.add(name=ref).tensor.add(data_type=_DTYPE_CODES[x.dtype])
                t.dims.extend(int(d) for d in x.shape)
            elif spec.kind.name in ("PARAMETER", "BUFFER"):
                ref = params[spec.target]
            elif spec.kind.name == "CONSTANT_TENSOR":
                consts[node.name] = _plain(constants[spec.target])
                continue
            else:
                raise MissingAPIError(f"MindIR export: ms_compat cannot write graph inputs of kind {spec.kind.name}.",
                                      path="mindspore.export", kind="not_yet")
            env[node.name] = ref
        elif node.op == "call_function":
            folded = _fold(node, consts)
            if folded is not None:
                consts[node.name] = folded[0]
                continue
            emit = _EMIT.get(node.target)
            if emit is None:
                raise MissingAPIError(f"MindIR export: ms_compat has no MindSpore primitive for the PyTorch operator "
                                      f"'{node.target}' (node '{node.name}').", path="mindspore.export",
                                      kind="not_yet")
            takes_pad = node.target in _TAKES_PAD
            val = node.meta.get("val")
            dt = val.dtype if isinstance(val, torch.Tensor) else None
            a = [ref_of(x, takes_pad, dt) if isinstance(x, torch.fx.Node) else
                 [ref_of(y, False) if isinstance(y, torch.fx.Node) else y for y in x] if isinstance(x, (list, tuple))
                 else x for x in node.args]
            kw = {k: ref_of(v, False) if isinstance(v, torch.fx.Node) else v for k, v in node.kwargs.items()}
            val = node.meta.get("val")
            w.out_shape = tuple(val.shape) if isinstance(val, torch.Tensor) else None
            w.out_dtype = val.dtype if isinstance(val, torch.Tensor) else None
            try:
                out = emit(w, *a, **kw)
            except NotImplementedError as e:
                raise MissingAPIError(f"MindIR export: ms_compat cannot translate the PyTorch operator "
                                      f"'{node.target}' (node '{node.name}') with {e}.", path="mindspore.export",
                                      kind="not_yet") from None
            env[node.name] = out
        elif node.op == "output":
            outs = [ref_of(o, False) for o in node.args[0]]
            final = outs[0] if len(outs) == 1 else w.prim("MakeTuple", outs, prim_type=1)
            w.graph.output.add(name=final)
            continue
        val = node.meta.get("val")
        if isinstance(val, torch.Tensor) and isinstance(env.get(node.name), str):
            w.shapes[env[node.name]] = tuple(val.shape)
            w.dtypes[env[node.name]] = val.dtype
    return w.model.SerializeToString()


def save_mindir(net, file_name, inputs, kwargs, seal=None):
    """Write ``net`` as ``file_name`` (``.mindir`` appended when missing), MindSpore's ``_save_mindir``.
    ``seal(file_name)``, when given, is called before the (slow) trace and returns what turns the serialized model
    into the bytes written (``export``'s encryption)."""
    from ...nn.cell import Cell
    from .export import _write
    if not isinstance(net, Cell):
        raise ValueError(f"Export MindIR format model only support nn.Cell object, but got {type(net)}.")
    if not file_name.endswith(".mindir"):
        file_name += ".mindir"
    finish = seal(file_name) if seal is not None else (lambda data: data)
    training = net.training
    net.set_train(False)
    try:
        data = mindir_bytes(net, inputs)
    finally:
        net.set_train(training)
    _write(file_name, finish(data))
    return file_name
