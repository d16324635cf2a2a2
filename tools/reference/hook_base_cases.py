"""Overridable-hook records for the base classes real code subclasses beyond nn.probability: ``Cell``
(``construct``, ``bprop``), every ``nn`` optimizer (``construct`` and the helpers its update calls),
``LearningRateSchedule`` (``construct``), ``Callback`` (every ``on_train_*``/``on_eval_*`` and legacy name, with
the ``RunContext``/``cb_params`` fields MindSpore passes), ``Initializer`` (``_initialize``), the wrapper cells
(``WithLossCell``, ``WithEvalCell``, ``TrainOneStepCell``), ``GeneratorDataset`` user sources (random-access and
iterable) and ``PyTensorOperation`` (``__call__`` -> ``_execute_py``).

Run under real MindSpore 2.10 by tools/reference/gen_hook_base_records.py and under ms_compat by
tests/nn/test_base_class_hooks.py (function :func:`run_all`). Each family is derived from MindSpore where it is
a family: the optimizers are every ``nn.Optimizer`` subclass ``nn`` exports, the callback hooks every
``on_*``/legacy method ``Callback`` defines, the initializers every ``Initializer`` subclass the module exports.
A recorder subclass logs each hook call (name, argument shapes) and calls the parent's; the record is the list
of calls and the result's shape, or the error's type."""
import numpy as np

OPT_HOOKS = ("flatten_gradients", "decay_weight", "gradients_centralization", "scale_grad", "get_lr",
             "get_weight_decay", "broadcast_params")
LEGACY_CB = ("begin", "epoch_begin", "step_begin", "step_end", "epoch_end", "end")
# hyper-parameters an optimizer needs beyond (params, learning_rate) to be built at all
# (None: a wrapper of another optimizer, not stepped here)
OPT_EXTRA = {"Momentum": {"momentum": 0.9}, "AdaFactor": {"relative_step": False, "scale_parameter": False},
             "LARS": None, "OptTFTWrapper": None, "AdaSumByGradWrapCell": None, "AdaSumByDeltaWeightWrapCell": None}


def _desc(x):
    if x is None:
        return None
    if isinstance(x, (str, bool, int, float)):
        return x
    if isinstance(x, (tuple, list)):
        return [_desc(v) for v in x]
    if hasattr(x, "shape") and hasattr(x, "dtype"):
        return {"shape": [int(s) for s in x.shape]}
    return type(x).__name__


def _result(fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001 - recording what is raised
        return ["error", type(e).__name__]
    return _desc(out)


def _record(log, fn):
    del log[:]
    res = _result(fn)
    return {"calls": [list(c) for c in log], "result": res}


def _recorder(cls, hooks, log, prefix=""):
    """A subclass of ``cls`` whose hooks (those ``cls`` has) log ``[prefix+name, argument shapes]`` and call the
    parent's."""
    ns = {}
    for h in hooks:
        if not hasattr(cls, h):
            continue

        def make(h):
            def hook(self, *args, **kwargs):
                log.append([prefix + h, _desc(list(args)) + [[k, _desc(v)] for k, v in sorted(kwargs.items())]])
                return getattr(super(sub, self), h)(*args, **kwargs)
            return hook
        ns[h] = make(h)
    sub = type(cls.__name__, (cls,), ns)
    return sub


def _net(ms, nn, log=None):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")

        def construct(self, x):
            if log is not None:
                log.append(["Net.construct", _desc([x])])
            return self.dense(x)
    return Net()


def _xy(ms):
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 6)
    y = ms.Tensor(np.array([[0.5, -0.5], [1.0, 0.0]], np.float32))
    return x, y


def cell_cases(ms, nn, ops):
    """``Cell.__call__`` -> ``construct``; with a ``bprop``, under ``grad``/``value_and_grad``/``GradOperation``:
    how often ``construct`` and ``bprop`` run and with which arguments."""
    out, log = {}, []

    class Plain(nn.Cell):
        def construct(self, x, y=None):
            log.append(["construct", _desc([x, y])])
            return x * 2 if y is None else x * y

    class WithBprop(Plain):
        def bprop(self, x, y, out, dout):
            log.append(["bprop", _desc([x, y, out, dout])])
            return dout * 3, dout * 0

    x = ms.Tensor(np.array([1.0, -2.0, 0.5], np.float32))
    y = ms.Tensor(np.array([2.0, 2.0, 2.0], np.float32))
    out["Cell/call"] = _record(log, lambda: Plain()(x))
    out["Cell/call/kw"] = _record(log, lambda: Plain()(x, y=y))
    out["Cell/grad"] = _record(log, lambda: ms.grad(Plain())(x, y))
    out["Cell/value_and_grad"] = _record(log, lambda: ms.value_and_grad(Plain())(x, y))
    out["Cell/bprop/call"] = _record(log, lambda: WithBprop()(x, y))
    out["Cell/bprop/grad"] = _record(log, lambda: ms.grad(WithBprop(), grad_position=(0, 1))(x, y))
    out["Cell/bprop/value_and_grad"] = _record(log, lambda: ms.value_and_grad(WithBprop())(x, y))
    out["Cell/bprop/GradOperation"] = _record(log, lambda: ops.GradOperation(get_all=True)(WithBprop())(x, y))

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = WithBprop()

        def construct(self, x, y):
            log.append(["Outer.construct", _desc([x, y])])
            return self.inner(x + 1, y).sum()

    out["Cell/bprop/nested_grad"] = _record(log, lambda: ms.grad(Outer())(x, y))
    return out


def _optimizers(nn):
    """Every optimizer class ``nn`` exports (MindSpore's family), by name."""
    names = []
    for n in sorted(dir(nn)):
        c = getattr(nn, n, None)
        if isinstance(c, type) and issubclass(c, nn.Optimizer) and c is not nn.Optimizer:
            names.append(n)
    return names


def _zeroing(cls, hook):
    """A subclass of optimizer ``cls`` whose ``hook`` returns zeros (zero gradients, zero learning rate) in place
    of the parent's result: MindSpore compiles its optimizers' ``construct`` (``@jit``), so a hook's Python side
    effects are not observable there, but its result is (the parameters after a step)."""
    # written out (not generated with exec): MindSpore's graph parser reads each method's source
    if hook == "get_lr":
        class Z(cls):
            def get_lr(self):
                return super().get_lr() * 0.0
    elif hook == "flatten_gradients":
        class Z(cls):
            def flatten_gradients(self, gradients):
                return tuple([g * 0.0 for g in super().flatten_gradients(gradients)])
    elif hook == "decay_weight":
        class Z(cls):
            def decay_weight(self, gradients):
                return tuple([g * 0.0 for g in super().decay_weight(gradients)])
    elif hook == "gradients_centralization":
        class Z(cls):
            def gradients_centralization(self, gradients):
                return tuple([g * 0.0 for g in super().gradients_centralization(gradients)])
    elif hook == "scale_grad":
        class Z(cls):
            def scale_grad(self, gradients):
                return tuple([g * 0.0 for g in super().scale_grad(gradients)])
    Z.__name__ = cls.__name__
    return Z


def optimizer_cases(ms, nn, family=None):
    """Each optimizer, subclassed with recorders on the helpers its ``construct`` may call, stepped once
    directly (plain, with weight decay and loss scale, and with group parameters and gradient centralization),
    and a user optimizer's ``construct`` reached through ``TrainOneStepCell``."""
    out, log = {}, []
    out["Optimizer/family"] = family if family is not None else _optimizers(nn)
    for name in out["Optimizer/family"]:
        if name in OPT_EXTRA and OPT_EXTRA[name] is None:
            continue
        for hook in (None,) + OPT_HOOKS[:5]:
            sub = getattr(nn, name) if hook is None else _zeroing(getattr(nn, name), hook)
            for variant, kw in (("plain", {}), ("wd_scale", {"weight_decay": 0.1, "loss_scale": 2.0})):
                kw = {**OPT_EXTRA.get(name, {}), **kw}

                def step(sub=sub, kw=kw):
                    net = _net(ms, nn)
                    opt = None
                    while opt is None:
                        try:
                            opt = sub(net.trainable_params(), learning_rate=0.1, **kw)
                        except TypeError as e:  # an optimizer without loss_scale (AdamWeightDecay): without it
                            if "loss_scale" not in str(e) or "loss_scale" not in kw:
                                raise
                            kw = {k: v for k, v in kw.items() if k != "loss_scale"}
                    grads = tuple(ms.Tensor(np.full(p.shape, 0.5, np.float32)) for p in net.trainable_params())
                    opt(grads)
                    return [np.asarray(p.asnumpy(), np.float64).round(5).tolist() for p in net.trainable_params()]
                out[f"Optimizer/{name}/{hook}/{variant}"] = _record(log, step)

    class Mine(nn.Optimizer):
        def __init__(self, params, learning_rate):
            super().__init__(learning_rate, params)

        def construct(self, gradients):
            log.append(["Mine.construct", _desc(list(gradients))])
            gradients = self.decay_weight(gradients)
            gradients = self.scale_grad(gradients)
            lr = self.get_lr()
            for p, g in zip(self.parameters, gradients):
                ms.ops.assign(p, p - lr * g)
            return True

    rec = _recorder(Mine, OPT_HOOKS, log)

    def train_step():
        net = _net(ms, nn)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), rec(net.trainable_params(), 0.1))
        x, y = _xy(ms)
        del log[:]
        step(x, y)
        return [np.asarray(p.asnumpy(), np.float64).round(5).tolist() for p in net.trainable_params()]
    out["Optimizer/user/TrainOneStepCell"] = _record(log, train_step)
    return out


def schedule_cases(ms, nn):
    """``LearningRateSchedule.construct(global_step)`` as an optimizer calls it: a user schedule and every
    built-in schedule subclassed, stepped three times."""
    out, log = {}, []

    class Halving(nn.learning_rate_schedule.LearningRateSchedule):
        def construct(self, global_step):
            return 0.1 / (1 + global_step.astype(ms.float32))

    builtins = {"ExponentialDecayLR": (0.1, 0.9, 2), "PolynomialDecayLR": (0.1, 0.01, 4, 0.5),
                "CosineDecayLR": (0.01, 0.1, 4), "InverseDecayLR": (0.1, 0.9, 2), "NaturalExpDecayLR": (0.1, 0.9, 2),
                "WarmUpLR": (0.1, 2)}
    scheds = {"user": (Halving, ())}
    for n, args in builtins.items():
        class Doubled(getattr(nn, n)):
            # MindSpore's optimizers compile their construct, and the schedule's with it: the override is seen
            # through the learning rate it gives (doubled), not a Python side effect
            def construct(self, global_step):
                return super().construct(global_step) * 2.0
        scheds[n] = (Doubled, args)
    for n, (cls, args) in scheds.items():
        class Logged(cls):
            def construct(self, global_step):
                log.append(["construct", _desc([global_step]), global_step.asnumpy().reshape(-1).tolist()])
                return super().construct(global_step)

        def direct(cls=Logged, args=args):
            s = cls(*args)
            return [np.asarray(s(ms.Tensor(np.array([i], np.int32))).asnumpy(), np.float64).round(6).tolist()
                    for i in range(3)]
        out[f"LearningRateSchedule/{n}/call"] = _record(log, direct)

        def run(cls=cls, args=args):
            net = _net(ms, nn)
            opt = nn.Momentum(net.trainable_params(), cls(*args), 0.9)
            grads = tuple(ms.Tensor(np.full(p.shape, 0.5, np.float32)) for p in net.trainable_params())
            for _ in range(3):
                opt(grads)
            return np.asarray(net.dense.bias.asnumpy(), np.float64).round(5).tolist()
        out[f"LearningRateSchedule/{n}/Momentum"] = _record(log, run)
    return out


def _cb_fields(run_context):
    p = run_context.original_args()
    fields = {}
    for k in ("cur_epoch_num", "cur_step_num", "epoch_num", "batch_num", "mode", "dataset_sink_mode",
              "net_outputs"):
        if k in p:  # cb_params is a dict (_InternalCallbackParam): a missing key is a KeyError, not AttributeError
            fields[k] = _desc(p[k])
    return [type(p).__name__, fields]


def callback_cases(ms, nn, train, ds):
    """``Model.train``/``Model.eval``/``Model.fit``: every hook a ``Callback`` has (derived from the class: its
    ``on_*`` methods and the legacy ``begin``/``epoch_begin``/``step_begin``/``step_end``/``epoch_end``/``end``), in
    MindSpore's order, with the ``cb_params`` fields each sees."""
    out, log = {}, []
    hooks = sorted(n for n in vars(train.Callback) if n.startswith("on_") or n in LEGACY_CB)
    out["Callback/hooks"] = hooks

    def recorder(names):
        ns = {}
        for h in names:
            def make(h):
                def hook(self, run_context):
                    log.append([h, type(run_context).__name__, _cb_fields(run_context)])
                    return getattr(super(sub, self), h)(run_context)
                return hook
            ns[h] = make(h)
        sub = type("Rec", (train.Callback,), ns)
        return sub
    # MindSpore refuses a callback overriding both families (ValueError): one recorder per family, and both
    Rec = recorder([h for h in hooks if h.startswith("on_")])
    Legacy = recorder([h for h in hooks if not h.startswith("on_")])
    Both = recorder(hooks)

    def data(n=4):
        x = np.arange(n * 3, dtype=np.float32).reshape(n, 3) / 10
        y = np.ones((n, 2), np.float32)
        return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(2)

    def go_train():
        m = train.Model(*(lambda n: (n, nn.MSELoss(), nn.Momentum(n.trainable_params(), 0.1, 0.9)))(_net(ms, nn)))
        m.train(2, data(), callbacks=[Rec()], dataset_sink_mode=False)
    out["Callback/train"] = _record(log, go_train)

    def go_eval():
        n = _net(ms, nn)
        m = train.Model(n, nn.MSELoss(), nn.Momentum(n.trainable_params(), 0.1, 0.9), metrics={"loss": train.Loss()})
        return bool(m.eval(data(), callbacks=[Rec()], dataset_sink_mode=False)["loss"] > 0)
    out["Callback/eval"] = _record(log, go_eval)

    def go_fit():
        n = _net(ms, nn)
        m = train.Model(n, nn.MSELoss(), nn.Momentum(n.trainable_params(), 0.1, 0.9), metrics={"loss": train.Loss()})
        m.fit(2, data(), data(), callbacks=[Rec()], dataset_sink_mode=False)
    out["Callback/fit"] = _record(log, go_fit)

    class Stopper(Rec):
        def on_train_step_end(self, run_context):
            super().on_train_step_end(run_context)
            if run_context.original_args().cur_step_num == 3:
                run_context.request_stop()

    def go_stop():
        n = _net(ms, nn)
        m = train.Model(n, nn.MSELoss(), nn.Momentum(n.trainable_params(), 0.1, 0.9))
        m.train(3, data(), callbacks=[Stopper()], dataset_sink_mode=False)
    out["Callback/request_stop"] = _record(log, go_stop)

    for name, cls in (("legacy", Legacy), ("both", Both)):
        def go_train(cls=cls):
            n = _net(ms, nn)
            m = train.Model(n, nn.MSELoss(), nn.Momentum(n.trainable_params(), 0.1, 0.9), metrics={"loss": train.Loss()})
            m.train(2, data(), callbacks=[cls()], dataset_sink_mode=False)
        out[f"Callback/{name}/train"] = _record(log, go_train)

        def go_eval(cls=cls):
            n = _net(ms, nn)
            m = train.Model(n, nn.MSELoss(), nn.Momentum(n.trainable_params(), 0.1, 0.9), metrics={"loss": train.Loss()})
            return bool(m.eval(data(), callbacks=[cls()], dataset_sink_mode=False)["loss"] > 0)
        out[f"Callback/{name}/eval"] = _record(log, go_eval)
    return out


def initializer_cases(ms, init, family=None):
    """``Initializer.__call__(arr)`` -> ``_initialize(arr)``, reached through ``initializer(...)``,
    ``Tensor.init_data`` and ``Parameter``: every initializer class the module exports, subclassed, and a user
    one."""
    out, log = {}, []

    def arr_desc(a):
        return [type(a).__name__, [int(s) for s in a.shape], str(a.dtype)]

    class Mine(init.Initializer):
        def _initialize(self, arr):
            log.append(["_initialize", arr_desc(arr)])
            arr[...] = 0.25

    def via_initializer(cls_or_obj, shape=(2, 3)):
        t = init.initializer(cls_or_obj, list(shape), ms.float32)
        log.append(["created"])
        return np.asarray(t.init_data().asnumpy(), np.float64).round(5).tolist()

    out["Initializer/user/initializer"] = _record(log, lambda: via_initializer(Mine()))
    out["Initializer/user/call"] = _record(log, lambda: (Mine()(np.zeros((2, 2), np.float32)),
                                                         "called")[1])
    out["Initializer/user/Parameter"] = _record(
        log, lambda: np.asarray(ms.Parameter(init.initializer(Mine(), [3], ms.float32), name="w").asnumpy(),
                                np.float64).tolist())
    out["Initializer/user/Dense"] = _record(
        log, lambda: ms.nn.Dense(2, 2, weight_init=Mine(), bias_init=Mine()).weight.shape)
    fam = []
    for n in sorted(dir(init)):
        c = getattr(init, n)
        if isinstance(c, type) and issubclass(c, init.Initializer) and c is not init.Initializer:
            fam.append(n)
    fam = family if family is not None else fam
    out["Initializer/family"] = fam
    for n in fam:
        cls = getattr(init, n)

        args = {"Constant": (0.5,), "Sparse": (0.5,)}.get(n, ())

        class Rec(cls):
            def _initialize(self, arr, *args):
                log.append(["_initialize", arr_desc(arr)])
                return super()._initialize(arr, *args)
        shape = (2, 3, 3) if n in ("Dirac", "Identity") else (3, 3) if n == "Orthogonal" else (2, 3)
        if n == "Identity":
            shape = (3, 3)
        if n == "Dirac":
            shape = (2, 2, 3)
        out[f"Initializer/{n}"] = _record(log, lambda Rec=Rec, shape=shape, args=args: (
            via_initializer(Rec(*args), shape), "ok")[1])
    return out


def wrapper_cases(ms, nn):
    """``TrainOneStepCell(WithLossCell(net, loss), opt)(x, y)`` and ``WithEvalCell(net, loss)(x, y)``: the order of
    ``construct`` calls of each wrapper, the network, the loss and the optimizer, each subclassed."""
    out, log = {}, []

    def rec(cls, name):
        class R(cls):
            def construct(self, *args):
                log.append([name, _desc(list(args))])
                return super().construct(*args)
        return R

    def setup():
        net = _net(ms, nn, log)
        loss = rec(nn.MSELoss, "MSELoss")()
        wl = rec(nn.WithLossCell, "WithLossCell")(net, loss)
        opt = rec(nn.Momentum, "Momentum")(net.trainable_params(), 0.1, 0.9)
        return net, loss, wl, opt

    def train_step():
        net, loss, wl, opt = setup()
        step = rec(nn.TrainOneStepCell, "TrainOneStepCell")(wl, opt)
        step.set_train()
        x, y = _xy(ms)
        r = step(x, y)
        return np.asarray(r.asnumpy(), np.float64).round(5).tolist()
    out["Wrapper/TrainOneStepCell"] = _record(log, train_step)

    def train_step_sens():
        net, loss, wl, opt = setup()
        step = rec(nn.TrainOneStepCell, "TrainOneStepCell")(wl, opt, sens=2.0)
        x, y = _xy(ms)
        step(x, y)
        return np.asarray(net.dense.bias.asnumpy(), np.float64).round(5).tolist()
    out["Wrapper/TrainOneStepCell/sens"] = _record(log, train_step_sens)

    def eval_cell():
        net, loss, wl, opt = setup()
        ev = rec(nn.WithEvalCell, "WithEvalCell")(net, loss)
        x, y = _xy(ms)
        return ev(x, y)
    out["Wrapper/WithEvalCell"] = _record(log, eval_cell)

    def with_grad():
        net, loss, wl, opt = setup()
        wg = rec(nn.WithGradCell, "WithGradCell")(net, loss)
        x, y = _xy(ms)
        return wg(x, y)
    out["Wrapper/WithGradCell"] = _record(log, with_grad)
    return out


def dataset_cases(ds):
    """``GeneratorDataset`` over a user source: which of ``__getitem__``/``__len__``/``__iter__``/``__next__`` run,
    how often, in which order (one worker, no shuffle), for construction, ``get_dataset_size`` and one epoch."""
    out, log = {}, []

    class RandomAccess:
        def __init__(self, n):
            self.n = n

        def __getitem__(self, i):
            log.append(["__getitem__", int(i)])
            return (np.array([i], np.float32),)

        def __len__(self):
            log.append(["__len__"])
            return self.n

    class Iterable:
        def __init__(self, n):
            self.n = n

        def __iter__(self):
            log.append(["__iter__"])
            self.i = 0
            return self

        def __next__(self):
            log.append(["__next__", self.i])
            if self.i >= self.n:
                raise StopIteration
            self.i += 1
            return (np.array([self.i], np.float32),)

        def __len__(self):
            log.append(["__len__"])
            return self.n

    class IterableNoLen:
        def __init__(self, n):
            self.n = n

        def __iter__(self):
            log.append(["__iter__"])
            return iter([(np.array([i], np.float32),) for i in range(1, self.n + 1)])

    def gen(src, **kw):
        return ds.GeneratorDataset(src, ["x"], shuffle=False, num_parallel_workers=1,
                                   python_multiprocessing=False, **kw)

    for name, src in (("random_access", RandomAccess), ("iterable", Iterable)):
        out[f"GeneratorDataset/{name}/construct"] = _record(log, lambda src=src: (gen(src(3)), None)[1])
        out[f"GeneratorDataset/{name}/size"] = _record(log, lambda src=src: gen(src(3)).get_dataset_size())

        def epoch(src=src):
            d = gen(src(3))
            del log[:]
            return [int(r[0].asnumpy()[0]) for r in d.create_tuple_iterator(num_epochs=1)]
        out[f"GeneratorDataset/{name}/epoch"] = _record(log, epoch)

        def two_epochs(src=src):
            d = gen(src(3))
            del log[:]
            it = d.create_tuple_iterator(num_epochs=2)
            return [[int(r[0].asnumpy()[0]) for r in it] for _ in range(2)]
        out[f"GeneratorDataset/{name}/two_epochs"] = _record(log, two_epochs)

    def sampler(src=RandomAccess):
        d = ds.GeneratorDataset(src(4), ["x"], sampler=[3, 1], num_parallel_workers=1, python_multiprocessing=False)
        del log[:]
        return [int(r[0].asnumpy()[0]) for r in d.create_tuple_iterator(num_epochs=1)]
    out["GeneratorDataset/random_access/sampler"] = _record(log, sampler)

    def no_len():
        d = ds.GeneratorDataset(IterableNoLen(3), ["x"], num_parallel_workers=1, python_multiprocessing=False)
        del log[:]
        return [int(r[0].asnumpy()[0]) for r in d.create_tuple_iterator(num_epochs=1)]
    out["GeneratorDataset/iterable_no_len/epoch"] = _record(log, no_len)
    return out


def pyop_cases(ds, transforms):
    """A ``PyTensorOperation`` subclass: ``__call__`` -> ``_execute_py``, eagerly and inside ``Dataset.map``."""
    out, log = {}, []

    class Twice(transforms.PyTensorOperation):
        def __init__(self):
            super().__init__()
            self.random = False

        def _execute_py(self, img):
            log.append(["_execute_py", _desc(img)])
            return img * 2

    out["PyTensorOperation/call"] = _record(log, lambda: Twice()(np.ones((2, 2), np.float32)))

    def mapped():
        d = ds.NumpySlicesDataset({"x": np.ones((2, 3), np.float32)}, shuffle=False)
        d = d.map(operations=[Twice()], input_columns=["x"], python_multiprocessing=False)
        return [np.asarray(r[0].asnumpy(), np.float64).tolist() for r in d.create_tuple_iterator(num_epochs=1)]
    out["PyTensorOperation/map"] = _record(log, mapped)
    return out


def run_all(ms, ref=None):
    """Every record; ``ref`` (MindSpore's records) gives the families to run (the optimizer classes ``nn`` exports,
    the initializer classes), so ms_compat is run over MindSpore's families, not its own."""
    ref = ref or {}
    import importlib
    nn, ops, train = ms.nn, ms.ops, ms.train
    ds = importlib.import_module(ms.__name__ + ".dataset")
    transforms = importlib.import_module(ms.__name__ + ".dataset.transforms.transforms")
    init = importlib.import_module(ms.__name__ + ".common.initializer")
    out = {}
    for part in (lambda: cell_cases(ms, nn, ops), lambda: optimizer_cases(ms, nn, ref.get("Optimizer/family")), lambda: schedule_cases(ms, nn),
                 lambda: callback_cases(ms, nn, train, ds), lambda: initializer_cases(ms, init, ref.get("Initializer/family")),
                 lambda: wrapper_cases(ms, nn), lambda: dataset_cases(ds), lambda: pyop_cases(ds, transforms)):
        out.update(part())
    return out
