"""Scenarios for named gaps of issue 28, run under real MindSpore 2.10 (tools/reference/gen_named_gaps.py) and
under ms_compat (tests/test_named_gaps.py) by :func:`run`: the printed form of a ``Tensor(shape=, dtype=,
init=)`` not yet initialised; the ``requires_grad`` of Parameters of every dtype; ``Model(...,
loss_scale_manager=...)`` combinations on CPU; the error of a corrupt checkpoint (type name and the traceback's
last line); ``text.Vocab.vocab()``'s order."""


def _err(fn):
    import traceback
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - recording what is raised
        return [type(e).__name__, traceback.format_exception_only(type(e), e)[-1].split(":")[0],
                str(e).strip().splitlines()[0] if str(e).strip() else ""]
    return "ok"


def run(ms, nn, init, text, amp, tmpdir):
    import os

    import numpy as np
    out = {}
    for sh in ([3], [2, 2], []):
        for dt in ("float32", "int32"):
            t = ms.Tensor(shape=sh, dtype=getattr(ms, dt), init=init.One())
            out[f"uninit/str/{sh}/{dt}"] = str(t)
            out[f"uninit/repr/{sh}/{dt}"] = repr(t)
    t = ms.Tensor(shape=[2], dtype=ms.float32, init=init.One())
    t.init_data()
    out["uninit/after_init_data"] = str(t)
    for dt in ("int8", "int32", "int64", "uint8", "bool_", "float16", "float32"):
        for rg in (None, True, False):
            kw = {} if rg is None else {"requires_grad": rg}
            p = ms.Parameter(ms.Tensor(np.array([1, 0]), getattr(ms, dt)), name="p", **kw)
            out[f"param/{dt}/{rg}"] = [p.requires_grad, repr(p)]
    p = ms.Parameter(ms.Tensor(np.array([1, 2]), ms.int32), name="p")
    p.requires_grad = False
    out["param/int32/set_false"] = p.requires_grad
    net = nn.Dense(2, 2)
    net.step = ms.Parameter(ms.Tensor(np.array([0]), ms.int32), name="step")
    out["param/trainable_params"] = [q.name for q in net.trainable_params()]
    loss = nn.MSELoss()
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    managers = {"none": None, "fixed": lambda: amp.FixedLossScaleManager(128.0),
                "fixed_nodrop": lambda: amp.FixedLossScaleManager(128.0, drop_overflow_update=False),
                "dynamic": lambda: amp.DynamicLossScaleManager(), "int": lambda: 3}
    for mname, mk in managers.items():
        for level in ("O0", "O2", "O3"):
            for with_opt in (True, False):
                kw = {"amp_level": level}
                if mk is not None:
                    kw["loss_scale_manager"] = mk()
                if with_opt:
                    kw["optimizer"] = opt
                out[f"model/{mname}/{level}/{'opt' if with_opt else 'noopt'}"] = _err(
                    lambda: ms.train.Model(net, loss_fn=loss, **kw))
    bad = os.path.join(tmpdir, "bad.ckpt")
    with open(bad, "wb") as f:
        f.write(b"\x00garbage" * 10)
    out["ckpt/corrupt"] = _err(lambda: ms.load_checkpoint(bad))[:2]
    trunc = os.path.join(tmpdir, "trunc.ckpt")
    ms.save_checkpoint(nn.Dense(3, 4), trunc)
    data = open(trunc, "rb").read()
    with open(trunc, "wb") as f:
        f.write(data[: len(data) // 2])
    out["ckpt/truncated"] = _err(lambda: ms.load_checkpoint(trunc))[:2]
    v = text.Vocab.from_list(["z", "b", "a", "c"], special_tokens=["<pad>"], special_first=True)
    out["vocab/from_list"] = list(v.vocab().items())
    out["vocab/from_dict"] = list(text.Vocab.from_dict({"z": 3, "b": 0, "a": 7}).vocab().items())
    # enough words for the C++ map to rehash several times
    words = [f"w{(i * 37) % 101}" for i in range(45)]
    out["vocab/from_list_45"] = list(text.Vocab.from_list(words, ["<unk>"], False).vocab())
    out["vocab/from_dict_30"] = list(text.Vocab.from_dict({w: 2 * i for i, w in enumerate(words[:30])}).vocab())
    return out
