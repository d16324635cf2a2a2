"""The Primitive attributes MindSpore 2.10's layer ``__init__`` leaves on an instance.

Real code subclasses MindSpore layers and calls what the parent's ``__init__`` created:
``self.conv2d(x, self.weight)``, ``self.bias_add(out, self.bias)``, ``self.layer_norm(x, self.gamma, self.beta)``,
``self.bn_train(...)``, ``self.matmul``, ``self.relu``... ms_compat layers compute with torch functions, so these
attributes are made on first access (``Cell.__getattr__`` asks :func:`internal_primitive`) with the arguments
MindSpore's ``__init__`` would have passed, read from the layer's own attributes. Nothing is created for
layers whose subclasses never look, so construction and forward cost nothing extra.

The table below is checked against real MindSpore instances (tests/nn/test_layer_internals.py, reference
tools/reference/gen_layer_internals.py).
"""
from __future__ import annotations


def _ops():
    from .. import ops
    return ops


def _t(v, n):
    return (v,) * n if isinstance(v, int) else tuple(v)


def _conv_pad(layer):
    p = layer.padding
    return (p, p, p, p) if isinstance(p, int) else tuple(p)


def _conv1d_pad(layer):
    p = layer.padding
    return (0, 0, p, p) if isinstance(p, int) else (0, 0) + tuple(p)[-2:]


def _conv2d(layer, pad):
    return _ops().Conv2D(out_channel=layer.out_channels, kernel_size=tuple(layer.kernel_size), mode=1,
                         pad_mode=layer.pad_mode, pad=pad(layer), stride=tuple(layer.stride),
                         dilation=tuple(layer.dilation), group=layer.group)


def _conv_transpose(layer, cls, pad):
    return getattr(_ops(), cls)(out_channel=layer.in_channels, kernel_size=tuple(layer.kernel_size),
                                pad_mode=layer.pad_mode, pad=pad(layer), stride=tuple(layer.stride),
                                dilation=tuple(layer.dilation), group=layer.group)


def _noarg(cls):
    return lambda layer: getattr(_ops(), cls)()


def _bn(training):
    return lambda layer: _ops().BatchNorm(is_training=training, epsilon=layer.eps,
                                          momentum=layer.momentum if training else 0.1)


_BN = {"bn_train": _bn(True), "bn_infer": _bn(False), "reshape": _noarg("Reshape"), "shape": _noarg("Shape"),
       "cast": _noarg("Cast"), "square": _noarg("Square"), "sqrt": _noarg("Sqrt"),
       "reduce_mean": lambda layer: _ops().ReduceMean(keep_dims=True), "sub_mean": _noarg("Sub"),
       "sub_var": _noarg("Sub"), "mul_mean": _noarg("Mul"), "mul_var": _noarg("Mul"),
       "assign_sub_mean": _noarg("AssignSub"), "assign_sub_var": _noarg("AssignSub")}


def _pool(cls, nd):
    def make(layer):
        if getattr(layer, "pad_mode", "valid").lower() == "pad":
            return None  # MindSpore builds a 3-D primitive here (AvgPool3D / MaxPool3DWithArgmax): not provided
        k, s = layer.kernel_size, layer.stride
        if nd == 1:
            k, s = (1, k if isinstance(k, int) else tuple(k)[-1]), (1, s if isinstance(s, int) else tuple(s)[-1])
        return getattr(_ops(), cls)(kernel_size=_t(k, 2), strides=_t(s, 2), pad_mode=layer.pad_mode.upper())
    return make


TABLE = {
    "Conv2d": {"conv2d": lambda s: _conv2d(s, _conv_pad), "bias_add": _noarg("BiasAdd")},
    "Conv1d": {"conv2d": lambda s: _conv2d(s, _conv1d_pad), "bias_add": _noarg("BiasAdd"),
               "expand_dims": _noarg("ExpandDims"), "squeeze": lambda s: _ops().Squeeze(2),
               "shape": _noarg("Shape")},
    "Conv3d": {"conv3d": lambda s: _ops().Conv3D(out_channel=s.out_channels, kernel_size=tuple(s.kernel_size),
                                                 pad_mode=s.pad_mode, pad=s.padding, stride=tuple(s.stride),
                                                 dilation=tuple(s.dilation), group=s.group),
               "bias_add": lambda s: _ops().BiasAdd(data_format="NCDHW"), "shape": _noarg("Shape"),
               "concat": lambda s: _ops().Concat(1)},
    "Conv2dTranspose": {"conv2d_transpose": lambda s: _conv_transpose(s, "Conv2DTranspose", _conv_pad),
                        "bias_add": _noarg("BiasAdd"), "shape": _noarg("Shape")},
    "Conv1dTranspose": {"conv2d_transpose": lambda s: _conv_transpose(s, "Conv2DBackpropInput", _conv1d_pad),
                        "bias_add": _noarg("BiasAdd"), "expand_dims": _noarg("ExpandDims"),
                        "squeeze": lambda s: _ops().Squeeze(2), "shape": _noarg("Shape")},
    "Dense": {"matmul": lambda s: _ops().MatMul(transpose_b=True), "bias_add": _noarg("BiasAdd"),
              "reshape": _noarg("Reshape"), "shape_op": _noarg("Shape")},
    "BiDense": {"matmul": _noarg("MatMul"), "bias_add": _noarg("BiasAdd")},
    "LayerNorm": {"layer_norm": lambda s: _ops().LayerNorm(begin_norm_axis=s.begin_norm_axis,
                                                           begin_params_axis=s.begin_params_axis,
                                                           epsilon=s.epsilon)},
    "BatchNorm1d": _BN, "BatchNorm2d": _BN, "SyncBatchNorm": _BN,
    "BatchNorm3d": {"reshape": _noarg("Reshape"), "shape": _noarg("Shape")},
    "Embedding": {"gather": _noarg("Gather"), "reshape": _noarg("Reshape"), "reshape_flat": _noarg("Reshape"),
                  "get_shp": _noarg("Shape"), "expand": _noarg("ExpandDims"),
                  "one_hot": lambda s: _ops().OneHot(-1), "array_mul": _noarg("MatMul"),
                  "concat": lambda s: _ops().Concat(0)},
    "Dropout": {"dropout": lambda s: _ops().Dropout(keep_prob=s.keep_prob)},
    "ReLU": {"relu": _noarg("ReLU")}, "ReLU6": {"relu6": _noarg("ReLU6")},
    "Sigmoid": {"sigmoid": _noarg("Sigmoid")}, "Tanh": {"tanh": _noarg("Tanh")},
    "Softmax": {"softmax": lambda s: _ops().Softmax(s.axis)},
    "LogSoftmax": {"log_softmax": lambda s: _ops().LogSoftmax(s.axis)},
    "ELU": {"elu": lambda s: _ops().Elu(s.alpha)}, "CELU": {"celu": lambda s: _ops().CeLU(s.alpha)},
    "HShrink": {"hshrink": lambda s: _ops().HShrink(s.lambd)},
    "SoftShrink": {"softshrink": lambda s: _ops().SoftShrink(s.lambd)},
    "HSwish": {"hswish": _noarg("HSwish")}, "HSigmoid": {"hsigmoid": _noarg("HSigmoid")},
    "FastGelu": {"fast_gelu": _noarg("FastGeLU")}, "Mish": {"mish": _noarg("Mish")},
    "SeLU": {"selu": _noarg("SeLU")}, "Softsign": {"softsign": _noarg("Softsign")},
    "PReLU": {"prelu": _noarg("PReLU")},
    "MaxPool2d": {"max_pool": _pool("MaxPool", 2)}, "AvgPool2d": {"avg_pool": _pool("AvgPool", 2)},
    "MaxPool1d": {"max_pool": _pool("MaxPool", 1), "expand": _noarg("ExpandDims"),
                  "squeeze": lambda s: _ops().Squeeze(2), "reduce_mean": lambda s: _ops().ReduceMean(keep_dims=True)},
    "AvgPool1d": {"avg_pool": _pool("AvgPool", 1), "slice": _noarg("Slice"), "expand": _noarg("ExpandDims"),
                  "squeeze": lambda s: _ops().Squeeze(2), "reduce_mean": lambda s: _ops().ReduceMean(keep_dims=True)},
    "AdaptiveAvgPool2d": {"adaptive_avgpool2d": lambda s: _ops().AdaptiveAvgPool2D(s.output_size)},
    "ChannelShuffle": {"reshape": _noarg("Reshape"), "shape": _noarg("Shape"), "transpose": _noarg("Transpose")},
    "Unflatten": {"reshape": _noarg("Reshape"), "shape": _noarg("Shape")},
    "Tril": {"cast": _noarg("Cast"), "mul": _noarg("Mul")}, "Triu": {"cast": _noarg("Cast"), "mul": _noarg("Mul")},
    "Softmax2d": {"softmax": lambda s: _ops().Softmax(-3), "shape": _noarg("Shape")},
    "GLU": {"sigmoid": _noarg("Sigmoid"), "spilt": lambda s: _ops().Split(axis=-1, output_num=2)},
    "OneHot": {"onehot": lambda s: _ops().OneHot(s.axis)},
    "Moments": {"cast": _noarg("Cast"), "reduce_mean": lambda s: _ops().ReduceMean(keep_dims=True),
                "square_diff": _noarg("SquaredDifference"), "squeeze": lambda s: _ops().Squeeze(s.axis)},
}

_BY_CLASS = {}


def internal_primitive(cell, name):
    """The MindSpore-``__init__`` Primitive ``name`` of ``cell``'s nearest ms_compat layer class, or None."""
    cls = type(cell)
    table = _BY_CLASS.get(cls)
    if table is None:
        table = {}
        for k in reversed(cls.__mro__):
            if k.__module__.startswith("ms_compat.nn.layer") and k.__name__ in TABLE:
                table.update(TABLE[k.__name__])
        _BY_CLASS[cls] = table
    make = table.get(name)
    if make is None:
        return None
    prim = make(cell)
    if prim is None:
        return None
    cell.__dict__[name] = prim  # cached: later lookups never reach __getattr__
    return prim
