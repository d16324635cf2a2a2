"""Cases for the API-coverage additions of issue 16 §3 outside ops/dataset/parallel (top level, common.dtype,
runtime/hal, DeviceCtx, _Function, frombuffer/swap_tensors, vmap, nn.probability, boost, train.amp...). Each
case is a snippet run with ``import mindspore as ms`` (and ``np``) under real MindSpore 2.10
(tools/reference/gen_apicov.py) and under ms_compat.install() (tests/test_apicov_facts.py); the snippet sets
``out`` to a JSON-able value. An exception is recorded as ``[type name, first line of the message]``.
``S(x)`` is ``str(x)`` with MindSpore's dtype spelling (ms_compat's dtypes are torch dtypes, whose ``str`` is
``torch.float32``: the one documented difference, see ms_compat/common/dtype.py).
"""

_MASKS = """
a = np.zeros((7, 8), np.float32); a[1:5, 2:6] = 1; a[5, 3] = 2
b = np.zeros((7, 8), np.float32); b[2:6, 1:5] = 1; b[0, 7] = 1
c = np.zeros((4, 5, 6), np.float32); c[1:3, 1:4, 2:5] = 1
d = np.zeros((4, 5, 6), np.float32); d[0:3, 2:5, 1:4] = 1
"""

_FN = """
class Mul3(ms.common._grad_function._Function):
    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y)
        return x * y
    @staticmethod
    def backward(ctx, g):
        x, y = ctx.saved_tensors
        return g * y * 3, g * x
"""

CASES = {
    # ---- common.dtype kinds and aliases
    "dtype_kinds": ("from mindspore.common import dtype as d\n"
                    "out = [S(d.Float(16)), S(d.Float(32)), S(d.Float(64)), S(d.Int(8)), S(d.Int(64)), "
                    "d.Float(32) == ms.float32, d.Int(32) == ms.int32, isinstance(ms.float16, d.Float), "
                    "isinstance(ms.int8, d.Float), isinstance(ms.int64, d.Int), isinstance(ms.uint8, d.Int), "
                    "isinstance(ms.float8_e4m3fn, d.Float), isinstance(ms.bfloat16, d.Float), S(d.Float())]"),
    "dtype_float_bad_bits": "from mindspore.common import dtype as d\nd.Float(33)",
    "dtype_int_bad_bits": "from mindspore.common import dtype as d\nd.Int(12)",
    "dtype_tensor_type": ("from mindspore.common import dtype as d\nt = d.TensorType(ms.float32)\n"
                          "out = [S(t), S(t.element_type()), t == d.TensorType(ms.float32), "
                          "t == d.TensorType(ms.int32), S(ms.TensorType(ms.int8))]"),
    "dtype_aliases": ("from mindspore.common import dtype as d\n"
                      "out = [S(getattr(d, n)) for n in ('bool', 'byte', 'ubyte', 'short', 'ushort', 'intc', "
                      "'uintc', 'intp', 'uintp', 'long', 'cfloat', 'cdouble', 'float8_e4m3fn', 'float8_e5m2')]"),
    "dtype_aliases_are_dtypes": ("from mindspore.common import dtype as d\n"
                                 "out = [d.byte == ms.int8, d.ubyte == ms.uint8, d.long == ms.int64, "
                                 "d.cfloat == ms.complex64, d.bool == ms.bool_, ms.Int(16) == ms.int16]"),
    "dtype_list_tuple": "out = [S(ms.list_), S(ms.tuple_), repr(ms.list_), repr(ms.tuple_)]",
    "dtype_py_obj": ("import warnings\nwarnings.simplefilter('ignore')\n"
                     "out = [S(ms.get_py_obj_dtype(o)) for o in (1, 1.0, True, [1], (1,), None, 'a', "
                     "np.float32(1), np.int8(1), int, float, ms.Tensor([1.0]), ms.Tensor([1], ms.int32), "
                     "ms.nn.Dense(2, 2), ms.float32)]"),
    "dtype_py_obj_bad": "ms.get_py_obj_dtype({})",
    "dtype_to_pytype": ("out = [ms.dtype_to_pytype(t).__name__ for t in (ms.bool_, ms.int8, ms.uint64, ms.float16, "
                        "ms.bfloat16, ms.float_, ms.int_, ms.complex64, ms.list_, ms.tuple_, ms.string, "
                        "ms.type_none)]"),
    "dtype_to_pytype_float8": "ms.dtype_to_pytype(ms.float8_e4m3fn)",
    "dtype_quant": ("from mindspore.common.dtype import QuantDtype\n"
                    "out = [[m.name, m._value_] for m in QuantDtype] + [ms.QuantDtype.INT4._value_]"),
    "dtype_number_type_prefix": ("from mindspore.common import dtype as d\n"
                                 "out = [S(t) for t in d.number_type[:14]]"),
    # ---- DeviceCtx
    "device_ctx_bad_name": "with ms.DeviceCtx('XPU'):\n    pass",
    "device_ctx_bad_id": "with ms.DeviceCtx('CPU', -1):\n    pass",
    "device_ctx_meta": ("import numpy as np\nfrom mindspore import nn\n"
                        "with ms.DeviceCtx('meta'):\n    net = nn.Dense(3, 2)\n"
                        "out = [list(net.weight.shape), ms.get_current_device().device_target]"),
    # ---- custom autograd function
    "grad_function": (_FN + "x = ms.Tensor(np.array([1., 2., 3.], np.float32))\n"
                      "y = ms.Tensor(np.array([4., 5., 6.], np.float32))\n"
                      "f = lambda a, b: Mul3.apply(a, b).sum()\n"
                      "gx, gy = ms.grad(f, grad_position=(0, 1))(x, y)\n"
                      "out = [Mul3.apply(x, y).asnumpy().tolist(), gx.asnumpy().tolist(), gy.asnumpy().tolist()]"),
    "grad_function_top_level": "out = ms._Function is ms.common._grad_function._Function",
    "grad_function_setup_context": ("class Sq(ms._Function):\n"
                                    "    @staticmethod\n    def forward(x):\n        return x * x\n"
                                    "    @staticmethod\n    def setup_context(ctx, inputs, output):\n"
                                    "        ctx.save_for_backward(inputs[0])\n"
                                    "    @staticmethod\n    def backward(ctx, g):\n"
                                    "        (x,) = ctx.saved_tensors\n        return g * 2 * x + 1\n"
                                    "x = ms.Tensor(np.array([1., -2.], np.float32))\n"
                                    "out = ms.grad(lambda a: Sq.apply(a).sum())(x).asnumpy().tolist()"),
    # ---- frombuffer / swap_tensors / vmap
    "frombuffer": ("b = bytearray([1, 2, 3, 4, 5, 6])\nt = ms.frombuffer(b, ms.uint8)\n"
                   "u = ms.frombuffer(b, ms.uint8, count=2, offset=3)\n"
                   "f = ms.frombuffer(np.array([1.5, -2.0], np.float32).tobytes(), ms.float32)\n"
                   "out = [t.asnumpy().tolist(), u.asnumpy().tolist(), f.asnumpy().tolist(), S(f.dtype)]"),
    "frombuffer_bad_count": "ms.frombuffer(bytearray([1, 2, 3]), ms.uint8, count=0)",
    "frombuffer_bad_size": "ms.frombuffer(bytearray([1, 2, 3]), ms.float32)",
    "swap_tensors": ("a = ms.Tensor(np.array([1., 2.], np.float32))\nb = ms.Tensor(np.array([[3]], np.int32))\n"
                     "ms.swap_tensors(a, b)\nout = [a.asnumpy().tolist(), S(a.dtype), b.asnumpy().tolist(), "
                     "S(b.dtype)]"),
    "vmap": ("x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))\n"
             "def sq(v):\n    return (v * v).sum()\n"
             "def add(v, w):\n    return v + w\n"
             "out = [ms.vmap(sq)(x).asnumpy().tolist(), "
             "ms.vmap(add, in_axes=(1, None))(x, ms.Tensor(1.0)).asnumpy().tolist()]"),
    # ---- runtime
    "runtime_set_memory_bad": "ms.runtime.set_memory('2G')",
    "runtime_set_memory_zero": "ms.runtime.set_memory(max_size='0GB')",
    "runtime_set_memory_level": "ms.runtime.set_memory(optimize_level='O2')",
    # ---- mindspore.numpy grids and histograms
    "np_mgrid": ("import mindspore.numpy as mnp\ng = mnp.mgrid[0:3, 1:5:2]\n"
                 "h = mnp.mgrid[-1:1:5j]\nout = [g.asnumpy().tolist(), S(g.dtype), h.asnumpy().tolist(), S(h.dtype)]"),
    "np_ogrid": ("import mindspore.numpy as mnp\ng = mnp.ogrid[0:3, 0:4:2]\n"
                 "out = [[x.asnumpy().tolist() for x in g], [S(x.dtype) for x in g], "
                 "mnp.ogrid[0:1:3j].asnumpy().tolist()]"),
    "np_histogram2d": ("import mindspore.numpy as mnp\n"
                       "x = ms.Tensor(np.array([0.1, 0.4, 0.5, 0.9, 0.2], np.float32))\n"
                       "y = ms.Tensor(np.array([1.0, 0.2, 0.7, 0.3, 0.9], np.float32))\n"
                       "h, ex, ey = mnp.histogram2d(x, y, bins=(2, 3))\n"
                       "h2 = mnp.histogram2d(x, y, bins=2, range=[[0, 1], [0, 1]], density=True)[0]\n"
                       "out = [h.asnumpy().tolist(), ex.asnumpy().tolist(), ey.asnumpy().tolist(), "
                       "h2.asnumpy().tolist(), S(h.dtype)]"),
    "np_histogramdd": ("import mindspore.numpy as mnp\n"
                       "s = ms.Tensor(np.array([[0.1, 1.0, 2.0], [0.4, 0.2, 1.5], [0.5, 0.7, 0.1], [0.9, 0.3, 0.9]],"
                       " np.float32))\n"
                       "h, e = mnp.histogramdd(s, bins=2)\n"
                       "w = mnp.histogramdd(s, bins=[2, 1, 2], weights=ms.Tensor(np.array([1., 2., 3., 4.], "
                       "np.float32)))[0]\n"
                       "out = [h.asnumpy().tolist(), [x.asnumpy().tolist() for x in e], w.asnumpy().tolist()]"),
    "utils_dlpack": ("from mindspore.utils import from_dlpack, to_dlpack\n"
                     "t = ms.Tensor(np.array([[1, 2], [3, 4]], np.int32))\nu = from_dlpack(to_dlpack(t))\n"
                     "out = [u.asnumpy().tolist(), S(u.dtype), type(u).__name__]"),
    # ---- segmentation surface metrics (mindspore.train / nn / top level)
    "metric_hausdorff": (_MASKS + "from mindspore import train, nn\nout = []\n"
                         "for args in [(), ('chessboard',), ('taxicab', 50.0), ('euclidean', None, True), "
                         "('euclidean', None, False, False)]:\n"
                         "    m = train.HausdorffDistance(*args)\n    m.clear()\n"
                         "    m.update(ms.Tensor(a), ms.Tensor(b), 1)\n    r = [float(m.eval())]\n"
                         "    m.clear()\n    m.update(ms.Tensor(c), ms.Tensor(d), 1)\n    out.append(r + [float(m.eval())])\n"
                         "out.append(nn.HausdorffDistance is ms.HausdorffDistance)"),
    "metric_msd_rmsd": (_MASKS + "from mindspore import train\nout = []\n"
                        "for cls in (train.MeanSurfaceDistance, train.RootMeanSquareDistance):\n"
                        "    for args in [(), (True,), (True, 'taxicab'), (False, 'chessboard')]:\n"
                        "        m = cls(*args)\n        m.clear()\n"
                        "        m.update(ms.Tensor(a), ms.Tensor(b), 1)\n        r = [float(m.eval())]\n"
                        "        m.clear()\n        m.update(c, d, 1)\n        out.append(r + [float(m.eval())])"),
    "metric_hausdorff_label2": (_MASKS + "m = ms.train.HausdorffDistance()\nm.clear()\n"
                                "m.update(ms.Tensor(a), ms.Tensor(b), 2)\nout = float(m.eval())"),
    "metric_hausdorff_bad_metric": "ms.train.HausdorffDistance('cosine')",
    "metric_hausdorff_no_update": "m = ms.train.HausdorffDistance()\nm.clear()\nm.eval()",
    "metric_hausdorff_bad_label": (_MASKS + "m = ms.train.HausdorffDistance()\nm.clear()\n"
                                   "m.update(ms.Tensor(a), ms.Tensor(b), 7)"),
    "metric_msd_two_inputs": (_MASKS + "m = ms.train.MeanSurfaceDistance()\nm.clear()\nm.update(a, b)"),
    "metric_rmsd_label_type": (_MASKS + "m = ms.train.RootMeanSquareDistance()\nm.clear()\nm.update(a, b, '1')"),
    "metric_msd_symmetric_type": "ms.train.MeanSurfaceDistance(symmetric=1)",
    "metric_confusion": ("from mindspore import train\nr = np.random.RandomState(3)\n"
                         "yp = (r.rand(3, 2, 4, 4) > 0.5).astype(np.float32)\n"
                         "yt = (r.rand(3, 2, 4, 4) > 0.4).astype(np.float32)\nout = []\n"
                         "for name in ('sensitivity', 'Specificity', 'precision', 'npv', 'miss rate', 'fpr', 'fdr', "
                         "'for', 'pt', 'csi', 'accuracy', 'ba', 'f1', 'mcc', 'fm', 'bm', 'mk'):\n"
                         "    for kw in ({}, {'calculation_method': True}, {'calculation_method': True, "
                         "'decrease': 'sum'}, {'skip_channel': False}):\n"
                         "        m = train.ConfusionMatrixMetric(metric_name=name, **kw)\n        m.clear()\n"
                         "        m.update(ms.Tensor(yp[:2]), ms.Tensor(yt[:2]))\n        m.update(yp[2:], yt[2:])\n"
                         "        out.append(np.asarray(m.eval(), np.float64).reshape(-1).tolist())"),
    "metric_confusion_2d": ("from mindspore import nn\nm = nn.ConfusionMatrixMetric(metric_name='f1')\nm.clear()\n"
                            "m.update(np.array([[1, 0], [1, 1], [0, 0]], np.float32), "
                            "np.array([[1, 1], [0, 1], [0, 0]], np.float32))\n"
                            "out = np.asarray(m.eval(), np.float64).reshape(-1).tolist()"),
    "metric_confusion_bad_name": ("m = ms.train.ConfusionMatrixMetric(metric_name='bogus')\nm.clear()\n"
                                  "m.update(np.ones((1, 2, 2), np.float32), np.ones((1, 2, 2), np.float32))\nm.eval()"),
    "metric_confusion_not_binary": ("m = ms.train.ConfusionMatrixMetric()\nm.clear()\n"
                                    "m.update(np.ones((1, 2, 2), np.float32), np.full((1, 2, 2), 0.5, np.float32))"),
    "metric_confusion_bad_decrease": "ms.train.ConfusionMatrixMetric(decrease='avg')",
    "metric_confusion_empty": "m = ms.train.ConfusionMatrixMetric(calculation_method=True)\nm.clear()\nm.eval()",
    "metric_occlusion": ("class M(ms.nn.Cell):\n    def __init__(self):\n        super().__init__()\n"
                         "        self.w = ms.Parameter(ms.Tensor(np.arange(48, dtype=np.float32).reshape(16, 3) / 10), "
                         "name='w')\n"
                         "    def construct(self, x):\n        return ms.ops.matmul(x.reshape(x.shape[0], -1), self.w)\n"
                         "x = np.linspace(-1, 1, 16, dtype=np.float32).reshape(1, 4, 4)\nout = []\n"
                         "for kw in ({}, {'margin': 1, 'pad_val': 0.5, 'n_batch': 3}, {'b_box': [1, 2, 0, 3]}):\n"
                         "    m = ms.train.OcclusionSensitivity(**kw)\n    m.clear()\n"
                         "    m.update(M(), ms.Tensor(x), np.array(1))\n"
                         "    out.append(np.asarray(m.eval(), np.float64).tolist())\n"
                         "out.append(ms.nn.OcclusionSensitivity is ms.OcclusionSensitivity)"),
    "metric_occlusion_batch": ("m = ms.train.OcclusionSensitivity()\nm.clear()\n"
                               "m.update(ms.nn.Dense(2, 2), np.ones((2, 2), np.float32), np.array([0, 1]))"),
    "metric_occlusion_pad_type": "ms.train.OcclusionSensitivity(pad_val=1)",
    # ---- mindspore.train.amp tables
    "amp_tables": ("from mindspore.train import amp\n"
                   "x = ms.Tensor(np.array([1.5, 2.25], np.float32))\ni = ms.Tensor(np.array([1, 2], np.int32))\n"
                   "out = [S(amp.amp_cast(x, ms.float16).dtype), S(amp.amp_cast(i, ms.float16).dtype), "
                   "amp.amp_cast(3, ms.float16), amp.MS_AMP_BY_REWRITE, dict(amp.AMP_PRIM_ARG_TABLE), "
                   "type(amp.AMP_PRIM_ARG_TABLE).__name__, amp.Primitive is ms.ops.Primitive, "
                   "all(c.__name__ in [b.__name__ for b in amp.AMP_AUTO_BLACK_LIST] for c in "
                   "(ms.ops.Exp, ms.ops.Softmax, ms.ops.LayerNorm)), "
                   "all(c.__name__ in [w.__name__ for w in amp.AMP_AUTO_WHITE_LIST] for c in "
                   "(ms.ops.MatMul, ms.ops.Conv2D, ms.ops.BatchMatMul))]"),
    # ---- mindspore.boost gradient accumulation
    "boost_grad_accumulation": ("from mindspore import nn, boost\n"
                                "w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name='w')\n"
                                "opt = nn.SGD([w], learning_rate=0.5)\nga = boost.GradientAccumulation(2, opt)\n"
                                "out = []\n"
                                "for k in range(5):\n"
                                "    g = (ms.Tensor(np.array([1.0 + k, -1.0], np.float32)),)\n"
                                "    loss = ga(ms.Tensor(float(k)), g)\n"
                                "    out.append([float(loss), w.asnumpy().tolist(), "
                                "ga._grad_accumulation[0].asnumpy().tolist(), int(ga._accumulation_step.asnumpy())])\n"
                                "out.append([p.name for p in ga.get_parameters()])"),
    "boost_grad_ops": ("from mindspore.boost.grad_accumulation import gradient_accumulation_op, gradient_clear_op\n"
                       "from mindspore import ops\nacc = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name='a')\n"
                       "hm = ops.HyperMap()\n"
                       "hm(ops.partial(gradient_accumulation_op, 4), (acc,), (ms.Tensor(np.array([2.0, 8.0], "
                       "np.float32)),))\nr = acc.asnumpy().tolist()\nhm(gradient_clear_op, (acc,))\n"
                       "out = [r, acc.asnumpy().tolist()]"),
    # ---- nn cells
    # MindSpore 2.10's CPU build has no AvgPool1D / AvgPool3D-ext / L1LossExt kernels: there the reference comes
    # from the classic ops with the same arguments (nn.AvgPool1d/AvgPool3d pad_mode='pad', nn.L1Loss)
    "nn_avgpool_ext": ("from mindspore import nn\nx = ms.Tensor(np.arange(2 * 3 * 7, dtype=np.float32).reshape(2, 3, 7))\n"
                       "v = ms.Tensor(np.arange(2 * 4 * 5 * 3, dtype=np.float32).reshape(1, 2, 4, 5, 3))\n"
                       "try:\n"
                       "    out = [nn.AvgPool1dExt(3)(x).asnumpy().tolist(), "
                       "nn.AvgPool1dExt(3, 2, 1, True, False)(x).asnumpy().tolist(), "
                       "nn.AvgPool3dExt(2)(v).asnumpy().tolist(), "
                       "nn.AvgPool3dExt((2, 2, 1), (1, 2, 1), (1, 0, 0), divisor_override=3)(v).asnumpy().tolist()]\n"
                       "except RuntimeError:  # no CPU kernel: the classic ops\n"
                       "    out = [nn.AvgPool1d(3, 3)(x).asnumpy().tolist(), "
                       "nn.AvgPool1d(3, 2, pad_mode='pad', padding=1, ceil_mode=True, count_include_pad=False)(x)"
                       ".asnumpy().tolist(), nn.AvgPool3d(2, 2)(v).asnumpy().tolist(), "
                       "nn.AvgPool3d((2, 2, 1), (1, 2, 1), pad_mode='pad', padding=(1, 0, 0), "
                       "divisor_override=3)(v).asnumpy().tolist()]"),
    "nn_l1loss_ext": ("from mindspore import nn\na = ms.Tensor(np.array([[1.0, -2.0], [0.5, 3.0]], np.float32))\n"
                      "b = ms.Tensor(np.array([[0.0, 1.0], [2.0, 3.5]], np.float32))\n"
                      "try:\n    out = [float(nn.L1LossExt()(a, b)), float(nn.L1LossExt('sum')(a, b)), "
                      "nn.L1LossExt('none')(a, b).asnumpy().tolist()]\n"
                      "except RuntimeError:  # no CPU kernel: the classic nn.L1Loss\n"
                      "    out = [float(nn.L1Loss()(a, b)), float(nn.L1Loss('sum')(a, b)), "
                      "nn.L1Loss('none')(a, b).asnumpy().tolist()]"),
    "nn_fractional_max_pool": ("from mindspore import nn\n"
                               "x = ms.Tensor(np.arange(72, dtype=np.float32).reshape(2, 1, 6, 6) * "
                               "(-1.0) ** np.arange(72).reshape(2, 1, 6, 6))\n"
                               "s = ms.Tensor(np.array([[[0.3, 0.7]], [[0.5, 0.2]]], np.float32))\n"
                               "o = nn.FractionalMaxPool2d(2, output_size=(3, 3), _random_samples=s)(x)\n"
                               "o2, i2 = nn.FractionalMaxPool2d(3, output_ratio=(0.5, 0.5), return_indices=True, "
                               "_random_samples=s)(x)\n"
                               "v = ms.Tensor(np.sin(np.arange(2 * 5 * 5 * 5, dtype=np.float32)).reshape(1, 2, 5, 5, 5))\n"
                               "s3 = ms.Tensor(np.array([[[0.3, 0.7, 0.1], [0.9, 0.4, 0.6]]], np.float32))\n"
                               "o3 = nn.FractionalMaxPool3d(2, output_size=(2, 3, 2), _random_samples=s3)(v)\n"
                               "out = [o.asnumpy().tolist(), o2.asnumpy().tolist(), i2.asnumpy().tolist(), "
                               "o3.asnumpy().tolist()]"),
    "nn_no_init_parameters": ("import tempfile, os\nfrom mindspore import nn\nfrom mindspore.nn.utils import no_init_parameters\n"
                              "src = nn.Dense(3, 2)\nd = tempfile.mkdtemp()\nf = os.path.join(d, 'n.ckpt')\n"
                              "ms.save_checkpoint(src, f)\n"
                              "with no_init_parameters():\n    inside = ms.Parameter.init_param\n    net = nn.Dense(3, 2)\n"
                              "ms.load_param_into_net(net, ms.load_checkpoint(f))\n"
                              "out = [inside, ms.Parameter.init_param, bool((net.weight.asnumpy() == src.weight.asnumpy())"
                              ".all()), nn.no_init_parameters is no_init_parameters]"),
    "nn_micro_batch": ("from mindspore import nn\nnet = nn.Dense(3, 2, weight_init='ones', bias_init='zeros')\n"
                       "x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))\n"
                       "out = [nn.MicroBatchInterleaved(net, 2)(x).asnumpy().tolist(), "
                       "nn.MicroBatchInterleaved(net, 4)(x).asnumpy().tolist()]"),
    "nn_micro_batch_bad": "ms.nn.MicroBatchInterleaved(ms.nn.Dense(3, 2), 0)",
    "nn_parameter_update": ("from mindspore import nn\np = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name='p')\n"
                            "u = nn.ParameterUpdate(p)\nr = u(ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32)))\n"
                            "out = [p.asnumpy().tolist(), r.asnumpy().tolist()]"),
    "nn_parameter_update_bad": "ms.nn.ParameterUpdate(np.zeros(3, np.float32))",
    # ---- private names real packages import
    "private_c_expression": ("from mindspore._c_expression import TensorPy\n"
                             "from mindspore._c_expression.typing import Float, BFloat, Complex, Type\n"
                             "from mindspore.common._stub_tensor import StubTensor\n"
                             "t = ms.Tensor(np.ones(2, np.float32))\nu = t + 1\n"
                             "out = [isinstance(t, TensorPy), isinstance(u, TensorPy), isinstance(u, (ms.Tensor, StubTensor)), "
                             "isinstance(ms.float16, Float), isinstance(ms.bfloat16, BFloat), isinstance(ms.float32, BFloat), "
                             "isinstance(ms.complex64, Complex), isinstance(ms.float32, Type), S(BFloat(16)), "
                             "S(Complex(128))]"),
    "private_cell_attr_register": ("from mindspore._extends import cell_attr_register\n"
                                   "class C(ms.nn.Cell):\n    @cell_attr_register\n"
                                   "    def __init__(self, a, b=2):\n        super().__init__()\n        self.a = a\n"
                                   "class D(ms.nn.Cell):\n    @cell_attr_register(attrs=['b'])\n"
                                   "    def __init__(self, a, b=3):\n        super().__init__()\n"
                                   "out = [C(1).cell_init_args, C(1, b=5).cell_init_args, D(4).cell_init_args]"),
    "private_pynative_executor": ("from mindspore.common.api import _pynative_executor as e\n"
                                  "r = [e.enable_grad(), e.grad_flag(), e.requires_grad()]\n"
                                  "e.set_enable_grad(False)\nr.append(e.enable_grad())\ne.set_enable_grad(True)\n"
                                  "e.set_grad_flag(True)\nr.append(e.grad_flag())\ne.set_grad_flag(False)\n"
                                  "with ms._no_grad():\n    r.append(e.enable_grad())\n"
                                  "out = r + [e.enable_grad(), e.sync()]"),
    "private_graph_no_grad": "from mindspore.graph.api import _no_grad\nout = _no_grad is ms._no_grad",
    "runtime_streams_same_objects": ("out = [ms.runtime.Stream is ms.Stream, ms.runtime.StreamCtx is ms.StreamCtx, "
                                     "ms.runtime.current_stream is ms.current_stream]"),
}


def _spelling(ms_module):
    if not hasattr(ms_module, "__ms_compat_version__"):
        return str
    import torch
    from ms_compat.common.dtype import dtype_str
    return lambda x: dtype_str(x) if isinstance(x, torch.dtype) else str(x)


def run_case(src, ms_module):
    """Run one snippet with ``ms`` bound to ``ms_module`` (and ``np``); the JSON-able result or
    [error type, first line]."""
    import os
    import runpy
    import tempfile
    import numpy as np
    # from a real file: MindSpore's grad/vmap read the source of the functions they transform
    fd, path = tempfile.mkstemp(suffix=".py", prefix="apicov_case_")
    with os.fdopen(fd, "w") as f:
        f.write(src)
    try:
        ns = runpy.run_path(path, init_globals={"ms": ms_module, "np": np, "out": None, "S": _spelling(ms_module)})
    except Exception as e:  # noqa: BLE001 - recording what is raised
        text = str(e).strip()
        return {"error": [type(e).__name__, text.splitlines()[0] if text else ""]}
    finally:
        os.unlink(path)
    return {"out": ns["out"]}
