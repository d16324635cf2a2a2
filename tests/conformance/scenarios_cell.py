"""Foundation conformance scenarios, run unchanged under real MindSpore 2.10 (by
tools/reference/gen_cell.py, which stores the results) and under ms_compat (by test_cell_conformance.py,
which compares). Each scenario takes the ``mindspore``-like module ``ms`` and returns JSON-able data.

Only API common to both may be used here; errors are recorded as ``[type name, message]``.
"""
import numpy as np

SCENARIOS = {}


def scenario(fn):
    SCENARIOS[fn.__name__] = fn
    return fn


def err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e).strip().splitlines()[0] if str(e).strip() else ""]
    return None


def _dt(d):
    """dtype name normalised across frameworks ('Float32' / torch.float32 -> 'float32')."""
    return str(d).split(".")[-1].lower()


def _p(ms, v, **kw):
    return ms.Parameter(ms.Tensor(np.array(v, np.float32)), **kw)


def _nets(ms):
    nn = ms.nn

    class Sub(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, [1.0])
            self.b = _p(ms, [2.0], name="bias_custom")

        def construct(self, x):
            return x * self.w + self.b

    class Net(nn.Cell):
        def __init__(self, auto_prefix=True):
            super().__init__(auto_prefix=auto_prefix)
            self.sub = Sub()
            self.p0 = _p(ms, [0.0], requires_grad=False)
            self.ptup = ms.ParameterTuple([_p(ms, [1.0]), _p(ms, [2.0])])
            self.plist = [_p(ms, [3.0]), _p(ms, [4.0])]

        def construct(self, x):
            return self.sub(x) + self.p0

    class Outer(nn.Cell):
        def __init__(self, auto_prefix=True):
            super().__init__(auto_prefix=auto_prefix)
            self.net = Net()
            self.other = Sub()

        def construct(self, x):
            return self.net(x) + self.other(x)

    return Sub, Net, Outer


def _names(it):
    return [p.name for p in it]


@scenario
def param_names_auto_prefix(ms):
    _, Net, Outer = _nets(ms)
    out = {}
    for ap in (True, False):
        o = Outer(auto_prefix=ap)
        out[str(ap)] = {
            "get_parameters": _names(o.get_parameters()),
            "get_parameters_noexpand": _names(o.get_parameters(expand=False)),
            "trainable": _names(o.trainable_params()),
            "untrainable": _names(o.untrainable_params()),
            "parameters_and_names": [[k, p.name] for k, p in o.parameters_and_names()],
            "with_prefix": [k for k, _ in o.parameters_and_names(name_prefix="pre")],
            "parameters_dict": list(o.parameters_dict().keys()),
            "cells_and_names": [[k, type(c).__name__] for k, c in o.cells_and_names()],
            "cells_and_names_prefix": [k for k, _ in o.cells_and_names(name_prefix="top")],
            "name_cells": list(o.name_cells().keys()),
            "cells": [type(c).__name__ for c in o.cells()],
            "plist": [p.name.split("#")[0] for p in o.net.plist],
        }
    return out


@scenario
def param_rename_and_update(ms):
    Sub, Net, _ = _nets(ms)
    n = Net()
    r = {"before": _names(n.get_parameters())}
    n.update_parameters_name("pre.")
    r["update_pre"] = _names(n.get_parameters())
    n.update_parameters_name()
    r["update_empty"] = _names(n.get_parameters())
    n.update_parameters_name("X.", recurse=False)
    r["update_norecurse"] = _names(n.get_parameters())
    r["bad_prefix_space"] = err(lambda: n.update_parameters_name("a b"))
    r["bad_prefix_int"] = err(lambda: n.update_parameters_name(1))
    return r


@scenario
def param_list_duplicates(ms):
    nn = ms.nn

    class A(nn.Cell):
        def __init__(self, case):
            super().__init__()
            if case == 0:
                self.lst = [_p(ms, [1.0], name="y"), _p(ms, [1.0], name="y")]
            elif case == 1:
                self.a = [_p(ms, [1.0], name="n1")]
                self.b = [_p(ms, [1.0], name="n1")]
            elif case == 2:
                q = _p(ms, [1.0], name="same")
                self.a = (q, q)
            elif case == 3:
                self.t = ms.ParameterTuple([_p(ms, [1.0], name="q"), _p(ms, [1.0], name="q")])

    return {str(c): err(lambda c=c: A(c)) for c in range(4)}


@scenario
def param_reassign(ms):
    nn = ms.nn

    class A(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, [1.0, 2.0])
            self.sub = nn.Cell()

    a = A()
    w = a.w
    a.w = ms.Tensor(np.array([5.0, 6.0], np.float32))
    r = {"same_object": a.w is w, "values": a.w.asnumpy().tolist(), "name": a.w.name}
    a.w = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    r["new_shape"] = list(a.w.shape)
    r["assign_int"] = err(lambda: setattr(a, "w", 3))
    r["assign_cell_int"] = err(lambda: setattr(a, "sub", 3))
    a.w = None
    r["none_params"] = [k for k, _ in a.parameters_and_names()]
    r["missing_attr"] = err(lambda: a.nonexist)
    b = A()
    b.w = ms.Parameter(ms.Tensor(np.array([7.0], np.float32)))
    r["replaced_name"] = b.w.name
    return r


@scenario
def shared_children(ms):
    nn = ms.nn
    Sub, _, _ = _nets(ms)

    class S(nn.Cell):
        def __init__(self):
            super().__init__()
            d = Sub()
            self.a = d
            self.b = d

    s = S()
    return {"cells": [k for k, _ in s.cells_and_names()],
            "params": [[k, p.name] for k, p in s.parameters_and_names()],
            "name_cells": list(s.name_cells().keys())}


@scenario
def insert_errors(ms):
    nn = ms.nn

    class C(nn.Cell):
        def __init__(self):
            super().__init__()
            self.ip = 3
            self.child = nn.Cell()

    c = C()
    t = ms.Tensor(np.array([1.0], np.float32))
    p = ms.Parameter(t)
    r = {
        "param_empty": err(lambda: c.insert_param_to_cell("", p)),
        "param_none": err(lambda: c.insert_param_to_cell(None, p)),
        "param_dot": err(lambda: c.insert_param_to_cell("a.b", p)),
        "param_exists": err(lambda: c.insert_param_to_cell("ip", p)),
        "param_child": err(lambda: c.insert_param_to_cell("child", p)),
        "param_tensor": err(lambda: c.insert_param_to_cell("zz", t)),
        "child_int_name": err(lambda: c.insert_child_to_cell(1, nn.Cell())),
        "child_empty": err(lambda: c.insert_child_to_cell("", nn.Cell())),
        "child_dot": err(lambda: c.insert_child_to_cell("a.b", nn.Cell())),
        "child_exists": err(lambda: c.insert_child_to_cell("ip", nn.Cell())),
        "child_not_cell": err(lambda: c.insert_child_to_cell("k", 3)),
    }
    c.insert_param_to_cell("a_b", p)
    r["auto_named"] = p.name
    q = ms.Parameter(t, name="kk")
    c.insert_param_to_cell("other", q)
    r["explicit_kept"] = q.name
    c.insert_param_to_cell("a.c", ms.Parameter(t), check_name_contain_dot=False)
    r["dot_allowed"] = [k for k, _ in c.parameters_and_names()]
    sub = nn.Cell()
    sub.w = ms.Parameter(t)
    c.insert_child_to_cell("ins", sub)
    r["child_not_renamed"] = _names(sub.get_parameters())
    return r


@scenario
def modes_and_flags(ms):
    Sub, Net, Outer = _nets(ms)
    o = Outer()
    r = {"new_training": o.training, "new_requires_grad": o.requires_grad, "phase": o.phase,
         "flags": o.get_flags()}
    ret = o.set_train()
    r["set_train_returns_self"] = ret is o
    r["child_training"] = o.net.sub.training
    r["child_flags"] = o.net.get_flags()
    r["phase_after"] = o.phase
    o.set_train(False)
    r["phase_eval"] = o.phase
    r["child_training_off"] = o.net.sub.training
    r["set_grad_ret"] = o.set_grad() is o
    r["requires_grad"] = o.requires_grad
    r["child_requires_grad"] = o.net.requires_grad
    o.add_flags(sink_mode=True)
    r["flag_attr"] = o.sink_mode
    r["flags_self"] = o.get_flags()
    r["flags_child_after_add"] = o.net.get_flags()
    o.add_flags_recursive(abc=1)
    r["flags_child_recursive"] = o.net.sub.get_flags()
    c = ms.nn.Cell(flags={"a": 1})
    r["ctor_flags"] = [c.get_flags(), c.a]
    r["repr_cell"] = repr(ms.nn.Cell())
    r["bool_cell"] = bool(ms.nn.Cell())
    r["boost_err"] = err(lambda: o.set_boost("foo"))
    r["comm_fusion_err"] = err(lambda: o.set_comm_fusion(-1))
    o.set_comm_fusion(3)
    r["comm_fusion"] = [p.comm_fusion for p in o.get_parameters()]
    r["bprop_debug"] = o.bprop_debug
    r["bprop_debug_err"] = err(lambda: setattr(o, "bprop_debug", 1))
    r["pipeline_read_err"] = err(lambda: o.pipeline_stage)
    r["pipeline_neg_err"] = err(lambda: setattr(o, "pipeline_stage", -1))
    r["param_prefix"] = [o.param_prefix, o.net.param_prefix]
    o.update_cell_prefix()
    r["param_prefix_after"] = [o.param_prefix, o.net.param_prefix, o.net.sub.param_prefix]
    r["scope_before"] = o.net.get_scope()
    o.generate_scope()
    r["scope_after"] = [o.get_scope(), o.net.get_scope(), o.net.sub.get_scope()]
    r["get_inputs"] = o.get_inputs()
    r["set_inputs_both"] = err(lambda: o.set_inputs(ms.Tensor(np.ones(1, np.float32)), x=1))
    r["get_sub_cell"] = type(o.get_sub_cell("net.sub")).__name__
    r["get_sub_cell_self"] = o.get_sub_cell("") is o
    r["get_sub_cell_err"] = err(lambda: o.get_sub_cell("net.zz"))
    return r


@scenario
def call_and_construct(ms):
    nn = ms.nn

    class K(nn.Cell):
        def construct(self, x, scale=2.0, *, bias=0.0):
            return x * scale + bias

    k = K()
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    r = {"kw": k(x, scale=3.0, bias=1.0).asnumpy().tolist(), "default": k(x).asnumpy().tolist(),
         "positional": k(x, 4).asnumpy().tolist()}
    r["no_construct"] = err(lambda: nn.Cell()(x))
    r["arity"] = err(lambda: k(x, 1, 2))[0]
    return r


@scenario
def check_names_errors(ms):
    nn = ms.nn

    class D(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = _p(ms, [1.0], name="x")
            self.b = _p(ms, [1.0], name="x")

        def construct(self, x):
            return x

    d = D()
    r = {"check": err(d.check_names)}

    class W(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = D()

    w = W()
    r["nested_names"] = _names(w.get_parameters())
    r["nested_check"] = err(w.check_names)
    return r


@scenario
def apply_order_and_repr(ms):
    nn = ms.nn
    order = []

    class L(nn.Cell):
        def extend_repr(self):
            return "line1\nline2"

    class One(nn.Cell):
        def extend_repr(self):
            return "a=1"

    class N(nn.Cell):
        def __init__(self):
            super().__init__()
            self.l = L()
            self.o = One()

    n = N()
    ret = n.apply(lambda c: order.append(type(c).__name__))
    return {"order": order, "apply_ret": ret is n, "repr": repr(n), "repr_one": repr(One()),
            "str_eq": str(n) == repr(n)}


@scenario
def parameter_basics(ms):
    P = ms.Parameter
    T = ms.Tensor
    r = {}
    cases = {
        "tensor": lambda: P(T([1.0, 2.0])),
        "int": lambda: P(1),
        "float": lambda: P(1.5),
        "np_f64": lambda: P(np.ones(2)),
        "np_f32": lambda: P(np.ones(2, np.float32)),
        "np_int": lambda: P(np.arange(3)),
        "list_int": lambda: P([1, 2]),
        "list_float": lambda: P([1.0, 2.0]),
    }
    for k, f in cases.items():
        p = f()
        r[k] = [_dt(p.dtype), list(p.shape)]
    r["dtype_str"] = {k: None for k in []}
    r["bool_err"] = err(lambda: P(True))
    r["tuple_err"] = err(lambda: P((1, 2)))
    r["rg_err"] = err(lambda: P(T([1.0]), requires_grad=1))
    r["lp_err"] = err(lambda: P(T([1.0]), layerwise_parallel=1))
    r["po_err"] = err(lambda: P(T([1.0]), parallel_optimizer=1))
    p = P(T(np.ones((2, 2), np.float32)), name="w")
    r["repr"] = repr(p)
    r["str"] = str(p)
    r["auto_name_prefix"] = P(T([1.0])).name.split("#")[0]
    r["empty_name"] = P(T([1.0]), name="").name.split("#")[0]
    r["name_int_err"] = err(lambda: setattr(p, "name", 3))
    r["name_long_err"] = err(lambda: setattr(p, "name", "a" * 1025))[0]
    r["defaults"] = [p.requires_grad, p.layerwise_parallel, p.parallel_optimizer, p.comm_fusion, p.sliced,
                     p.has_init]
    q = p.set_data(T(np.zeros((2, 2), np.float16)))
    r["set_data_self"] = q is p
    r["set_data_dtype"] = _dt(p.dtype)
    p.set_data(T(np.zeros(3, np.float32)))
    r["set_data_shape"] = list(p.shape)
    r["set_data_np_err"] = err(lambda: p.set_data(np.zeros(3)))
    c = p.clone()
    r["clone"] = [c.name, c is p, c.requires_grad]
    c2 = p.clone(init="ones")
    r["clone_ones"] = c2.asnumpy().tolist()
    r["clone_bad"] = err(lambda: p.clone(init="nope"))
    r["value_type"] = type(p.value()).__name__
    r["plus_type"] = type(p + 1).__name__
    r["isinstance_tensor"] = isinstance(p, ms.Tensor)
    pt = ms.ParameterTuple([P(T([1.0]), name="a"), P(T([2.0]), name="b")])
    r["ptuple_clone"] = [x.name for x in pt.clone("pre")]
    r["ptuple_bad"] = err(lambda: ms.ParameterTuple([T([1.0])]))
    nr = P(T([1.0]), requires_grad=False)
    import copy
    r["deepcopy"] = [copy.deepcopy(p).name, copy.deepcopy(nr).requires_grad]
    return r


@scenario
def tensor_basics(ms):
    T = ms.Tensor
    r = {}
    cases = {"list_int": [1, 2], "list_float": [1.0, 2.0], "bool": [True], "int": 1, "float": 1.0,
             "tuple": (1, 2)}
    for k, v in cases.items():
        t = T(v)
        r[k] = [_dt(t.dtype), list(t.shape)]
    r["np_f64"] = _dt(T(np.ones(2)).dtype)
    r["np_i32"] = _dt(T(np.ones(2, np.int32)).dtype)
    r["with_dtype"] = _dt(T(np.ones(2), ms.float16).dtype)
    r["str_dtype_err"] = err(lambda: T([1.0], dtype="float32"))[0]
    r["none_err"] = err(lambda: T(None))[0]
    x = T(np.arange(6, dtype=np.float32).reshape(2, 3))
    r["repr_2d"] = repr(x)
    r["repr_int"] = repr(T(np.array([1, 2], np.int32)))
    r["repr_bool"] = repr(T(np.array([True, False])))
    r["repr_fp16"] = repr(T(np.array([1.5], np.float16)))
    r["str_2d"] = str(x)
    r["shape_type"] = type(x.shape).__name__
    r["size"] = x.size
    r["ndim"] = x.ndim
    r["itemsize_nbytes"] = [x.itemsize, x.nbytes]
    r["astype_str"] = _dt(x.astype("float16").dtype)
    r["bool_err"] = err(lambda: bool(T([1.0, 2.0])))
    r["int_div"] = _dt((T([1, 2]) / 2).dtype)
    r["int_plus_float"] = _dt((T([1, 2]) + 1.5).dtype)
    return r


@scenario
def tensor_method_conflicts(ms):
    T = ms.Tensor
    x = T(np.arange(6, dtype=np.float32).reshape(2, 3))
    y = T(np.arange(24, dtype=np.float32).reshape(2, 3, 4))

    def v(t):
        if isinstance(t, tuple):
            return [v(a) for a in t]
        return np.round(t.asnumpy().astype(np.float64), 4).tolist()

    r = {
        "size": x.size,
        "std": v(x.std()), "var": v(x.var()), "std_ddof1": v(x.std(ddof=1)),
        "std_axis": v(x.std(axis=1)), "var_axis_kd": v(x.var(axis=0, keepdims=True)),
        "gather": v(x.gather(T(np.array([0, 2])), 1)),
        "gather_axis0": v(x.gather(T(np.array([1, 1, 0])), 0)),
        "max_axis": v(x.max(axis=1)), "min_axis": v(x.min(axis=0)),
        "max_pos": v(tuple(x.max(1))), "max_all": v(x.max()),
        "max_ret_idx": v(tuple(x.max(axis=1, return_indices=True))),
        "max_kd": v(x.max(axis=1, keepdims=True)),
        "transpose_swap": list(y.transpose(1, 2).shape), "transpose_perm": list(y.transpose(0, 2, 1).shape),
        "transpose_none": list(y.transpose().shape),
        "mean_kw": v(x.mean(axis=1, keep_dims=True)), "mean_pos": v(x.mean(1, True)),
        "sum_kd": v(x.sum(axis=1, keepdims=True)), "sum_all": v(x.sum()),
        "view_tuple": list(x.view((3, 2)).shape), "reshape_args": list(x.reshape(3, 2).shape),
        "squeeze": list(T(np.ones((1, 2, 1), np.float32)).squeeze().shape),
        "expand_dims": list(x.expand_dims(0).shape),
        "split": [list(s.shape) for s in x.split(1)],
        "split_axis": [list(s.shape) for s in x.split(1, axis=1)],
        "T3": list(y.T.shape), "argmax": v(x.argmax()), "argmax1": v(x.argmax(1)),
        "copy": v(x.copy()), "fill": v(x.fill(2.0)),
        "tile": list(x.tile((1, 2)).shape), "broadcast_to": list(x.broadcast_to((2, 2, 3)).shape),
        "cumsum": v(x.cumsum(1)), "clip": v(x.clip(1.0, 3.0)), "item": T([2.5]).item(),
        "numel": x.numel(), "dim": x.dim(), "swapaxes": list(y.swapaxes(0, 2).shape),
    }
    return r


@scenario
def dtype_names(ms):
    names = ["float16", "float32", "float64", "bfloat16", "int8", "int16", "int32", "int64", "uint8", "bool_",
             "complex64"]
    out = {}
    for n in names:
        d = getattr(ms, n)
        t = ms.Tensor(np.zeros(1), dtype=d) if n not in ("complex64",) else None
        out[n] = repr(ms.Parameter(t, name="p")).split("dtype=")[1].split(",")[0] if t is not None and \
            n not in ("bool_",) else None
    out["aliases"] = [ms.float is ms.float32 or ms.float == ms.float32, ms.int == ms.int32, ms.half == ms.float16,
                      ms.double == ms.float64, ms.single == ms.float32]
    out["float_neq"] = ms.float_ == ms.float32
    out["eq_str"] = ms.float32 == "Float32"
    return out


@scenario
def tensor_scalar_reprs(ms):
    T = ms.Tensor
    return {"f32": repr(T(1.5)), "i64": repr(T(3)), "b": repr(T(True)), "f16_1d": repr(T(np.array([1.5], np.float16))),
            "str_scalar": str(T(1.5)), "f32_1d": repr(T(np.array([1.0, -2.5], np.float32))),
            "f64": repr(T(np.array([0.1]))), "i32_2d": repr(T(np.ones((2, 2), np.int32)))}


@scenario
def buffers_and_state_dict(ms):
    nn = ms.nn

    class Sub(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(ms, [1.0])

    class B(nn.Cell):
        def __init__(self):
            super().__init__()
            self.sub = Sub()
            self.p = _p(ms, [1.0, 2.0])
            self.register_buffer("buf", ms.Tensor(np.array([3.0], np.float32)))
            self.register_buffer("rb", ms.Tensor(np.array([4.0], np.float32)))
            self.register_buffer("np_buf", ms.Tensor(np.array([5.0], np.float32)), persistent=False)

    b = B()
    r = {"state_keys": list(b.state_dict().keys()),
         "prefixed": list(b.state_dict(prefix="m.").keys()),
         "buffers": [x.asnumpy().tolist() for x in b.buffers()],
         "named_buffers": [k for k, _ in b.named_buffers()],
         "params": [p.name for p in b.get_parameters()],
         "buf_attr": b.buf.asnumpy().tolist()}
    r["reassign_buf"] = err(lambda: setattr(b, "buf", ms.Tensor(np.array([9.0], np.float32))))[0]
    r["reg_dot"] = err(lambda: b.register_buffer("a.b", ms.Tensor([1.0])))
    r["reg_empty"] = err(lambda: b.register_buffer("", ms.Tensor([1.0])))
    r["reg_exists"] = err(lambda: b.register_buffer("p", ms.Tensor([1.0])))
    r["reg_nontensor"] = err(lambda: b.register_buffer("zz", 1))[0]
    sd = {"p": ms.Tensor(np.array([7.0, 8.0], np.float32)), "buf": ms.Tensor(np.array([1.0], np.float32)),
          "rb": ms.Tensor(np.array([2.0], np.float32)), "sub.w": ms.Tensor(np.array([6.0], np.float32))}
    res = b.load_state_dict(sd)
    r["load_repr"] = repr(res)
    r["loaded"] = [b.p.asnumpy().tolist(), b.sub.w.asnumpy().tolist(), b.buf.asnumpy().tolist()]
    r["strict_missing"] = err(lambda: b.load_state_dict({"p": sd["p"]}))[0]
    res2 = b.load_state_dict({"p": sd["p"], "zz": sd["p"]}, strict=False)
    r["nonstrict"] = [list(res2.missing_keys), list(res2.unexpected_keys)]
    r["shape_mismatch"] = err(lambda: b.load_state_dict({**sd, "p": ms.Tensor(np.zeros(3, np.float32))}))[0]
    r["extra_state"] = err(b.get_extra_state)
    return r


@scenario
def deepcopy_cell(ms):
    import copy
    Sub, Net, Outer = _nets(ms)
    o = Outer()
    o.set_train()
    c = copy.deepcopy(o)
    return {"names": _names(c.get_parameters()), "training": c.training and c.net.training,
            "independent": c.net.sub.w is not o.net.sub.w,
            "values_equal": [float(a.asnumpy().sum()) == float(b.asnumpy().sum())
                             for a, b in zip(c.get_parameters(), o.get_parameters())],
            "shallow_shares": copy.copy(o).net is o.net}
