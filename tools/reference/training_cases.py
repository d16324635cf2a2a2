"""Training-driver scenarios shared by tools/reference/gen_training.py (run under real MindSpore 2.10) and
tests/train/test_training_driver.py (run under ms_compat): one definition, so both frameworks run the same
script. ``ms`` is the framework's root module (``mindspore`` or ``ms_compat``); numpy only otherwise.

Each scenario returns a JSON-able record; the caller captures what it prints."""
import os

import numpy as np

rng = np.random.default_rng(18)
X = rng.standard_normal((16, 4)).astype(np.float32)
Y = rng.integers(0, 3, 16).astype(np.int32)
XV = rng.standard_normal((8, 4)).astype(np.float32)
YV = rng.integers(0, 3, 8).astype(np.int32)
W0 = (0.5 * rng.standard_normal((3, 4))).astype(np.float32)
B0 = (0.1 * rng.standard_normal(3)).astype(np.float32)
CB_KEYS = ["batch_num", "cur_epoch_num", "cur_step_num", "epoch_num", "list_callback", "loss_fn", "mode",
           "net_outputs", "network", "optimizer", "train_dataset", "train_dataset_element", "train_network",
           "dataset_sink_mode", "device_number", "parallel_mode"]


def dataset(ms, x=X, y=Y, batch=4):
    return ms.dataset.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(batch)


def net(ms):
    return ms.nn.Dense(4, 3, weight_init=ms.Tensor(W0), bias_init=ms.Tensor(B0))


def model(ms, opt="sgd", metrics=None, lr=0.1):
    n = net(ms)
    if opt == "sgd":
        o = ms.nn.SGD(n.trainable_params(), learning_rate=lr, momentum=0.9)
    else:
        o = ms.nn.Momentum(n.trainable_params(), learning_rate=lr, momentum=0.9)
    loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return n, o, ms.train.Model(n, loss, o, metrics=metrics)


def weights(n):
    return {p.name: np.asarray(p.asnumpy(), np.float64).round(6).tolist() for p in n.get_parameters()}


def ckpt_summary(ms, path):
    """name -> [shape, dtype, position-weighted sum] of a checkpoint as the framework loads it."""
    out = {}
    for k, v in ms.load_checkpoint(path).items():
        a = v.asnumpy()
        f = np.asarray(a, np.float64).ravel()
        out[k] = [list(a.shape), str(a.dtype), round(float((f * np.arange(1, f.size + 1)).sum()), 5)]
    return out


def common(ms, d):
    """The issue-18 script: ModelCheckpoint(steps=2, keep 3) + LossMonitor(2) + TimeMonitor over 3 x 4 steps,
    then the same script again in the same directory (name suffixes)."""
    T = ms.train
    n, _, m = model(ms, metrics={"acc"})
    ck = T.ModelCheckpoint(prefix="net", directory=d,
                           config=T.CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=3))
    m.train(3, dataset(ms), callbacks=[ck, T.LossMonitor(2), T.TimeMonitor()])
    first = sorted(os.listdir(d))
    latest = os.path.basename(ck.latest_ckpt_file_name)
    ckpt = ckpt_summary(ms, ck.latest_ckpt_file_name)
    w = weights(n)
    n2, _, m2 = model(ms)
    ck2 = T.ModelCheckpoint(prefix="net", directory=d,
                            config=T.CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=2))
    m2.train(2, dataset(ms), callbacks=[ck2])
    return {"files": first, "latest": latest, "ckpt": ckpt, "weights": w, "files_second_run": sorted(os.listdir(d)),
            "latest_second_run": os.path.basename(ck2.latest_ckpt_file_name)}


class _Recorder:
    """Records (hook, epoch, step, batch_num, mode) and the cb_params keys each hook sees."""

    @staticmethod
    def make(ms, log, keys):
        class Rec(ms.train.Callback):
            def _rec(self, hook, rc):
                cb = rc.original_args()
                log.append([hook, cb.get("cur_epoch_num"), cb.get("cur_step_num"), cb.get("batch_num"), cb.get("mode")])
                keys.setdefault(hook, sorted(k for k in cb.keys()))

            def on_train_begin(self, rc):
                self._rec("train_begin", rc)

            def on_train_epoch_begin(self, rc):
                self._rec("train_epoch_begin", rc)

            def on_train_step_end(self, rc):
                self._rec("train_step_end", rc)

            def on_train_epoch_end(self, rc):
                self._rec("train_epoch_end", rc)
                cb = rc.original_args()
                log.append(["metrics", _plain(cb.get("metrics")), _plain(cb.get("eval_results"))])

            def on_train_end(self, rc):
                self._rec("train_end", rc)

            def on_eval_begin(self, rc):
                self._rec("eval_begin", rc)

            def on_eval_step_end(self, rc):
                self._rec("eval_step_end", rc)

            def on_eval_end(self, rc):
                self._rec("eval_end", rc)
        return Rec()


def _plain(d):
    if d is None:
        return None
    return {k: [type(v).__name__, round(float(v), 5)] for k, v in d.items()}


def fit(ms):
    """Model.fit with a validation set, LossMonitor, History and a recorder of hooks and cb_params."""
    T = ms.train
    n, _, m = model(ms, metrics={"acc", "loss"})
    log, keys = [], {}
    h = T.History()
    m.fit(3, dataset(ms), dataset(ms, XV, YV), valid_frequency=2,
          callbacks=[T.LossMonitor(4), h, _Recorder.make(ms, log, keys)])
    hist = {k: [round(float(v), 5) for v in vs] for k, vs in h.history.items()}
    ev = m.eval(dataset(ms, XV, YV))
    return {"log": log, "keys": keys, "history": hist, "history_epoch": h.epoch,
            "eval": _plain(ev), "weights": weights(n)}


def sink(ms):
    """dataset_sink_mode=True with sink_size=2 on CPU (MindSpore falls back to non-sink training)."""
    T = ms.train
    n, _, m = model(ms)
    log, keys = [], {}
    m.train(2, dataset(ms), callbacks=[T.LossMonitor(1), _Recorder.make(ms, log, keys)],
            dataset_sink_mode=True, sink_size=2)
    return {"log": log, "weights": weights(n)}


def early_stopping(ms):
    T = ms.train
    out = {}
    n, _, m = model(ms, metrics={"acc"})
    es = T.EarlyStopping(monitor="acc", min_delta=2.0, patience=2, verbose=True)
    m.fit(6, dataset(ms), dataset(ms, XV, YV), callbacks=[es])
    out["acc"] = {"stopped_epoch": es.stopped_epoch, "wait": es.wait, "weights": weights(n)}
    n, _, m = model(ms, lr=2.0, metrics={"loss"})
    es = T.EarlyStopping(monitor="eval_loss", patience=1, verbose=True, restore_best_weights=True)
    m.fit(6, dataset(ms), dataset(ms, XV, YV), callbacks=[es])
    out["eval_loss"] = {"stopped_epoch": es.stopped_epoch, "best": round(float(es.best), 5), "weights": weights(n)}
    n, _, m = model(ms)
    es = T.EarlyStopping(monitor="loss", patience=0, min_delta=5.0)
    m.train(4, dataset(ms), callbacks=[es])
    out["loss"] = {"stopped_epoch": es.stopped_epoch, "weights": weights(n)}
    return out


def reduce_lr(ms):
    T = ms.train
    n, o, m = model(ms, opt="momentum")
    cb = T.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=10.0, verbose=True)
    m.train(4, dataset(ms), callbacks=[cb])
    lr1 = round(float(o.learning_rate.asnumpy()), 6)
    n2, o2, m2 = model(ms, opt="momentum", metrics={"acc"})
    cb2 = T.ReduceLROnPlateau(monitor="acc", factor=0.2, patience=1, cooldown=1, min_lr=0.005, verbose=True)
    m2.fit(6, dataset(ms), dataset(ms, XV, YV), callbacks=[cb2])
    return {"lr": lr1, "weights": weights(n), "lr2": round(float(o2.learning_rate.asnumpy()), 6),
            "weights2": weights(n2)}


def lr_scheduler(ms):
    T = ms.train
    n, o, m = model(ms, opt="momentum")
    seen = []

    def fn(lr, step):
        seen.append([round(lr, 6), step])
        return lr * 0.5 if step % 3 == 0 else lr
    m.train(2, dataset(ms), callbacks=[T.LearningRateScheduler(fn)])
    return {"seen": seen, "lr": round(float(o.learning_rate.asnumpy()), 6), "weights": weights(n)}


def lambda_callback(ms):
    T = ms.train
    n, _, m = model(ms, metrics={"acc"})
    ev = []
    cb = T.LambdaCallback(
        on_train_epoch_end=lambda rc: ev.append(["epoch_end", rc.original_args().cur_epoch_num]),
        on_train_step_begin=lambda rc: ev.append(["step_begin", rc.original_args().cur_step_num]),
        on_eval_end=lambda rc: ev.append(["eval_end", _plain(rc.original_args().metrics)]),
        on_train_end=lambda rc: ev.append(["train_end", rc.original_args().cur_step_num]))
    m.fit(2, dataset(ms), dataset(ms, XV, YV), callbacks=cb)
    return {"events": ev}


def checkpoint_options(ms, d):
    """append_info, exception_save (a callback raising in epoch 2), save_checkpoint_steps larger than a run."""
    T = ms.train
    out = {}
    n, _, m = model(ms)
    cfg = T.CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=10,
                             append_info=["epoch_num", "step_num", {"tag": 7}])
    ck = T.ModelCheckpoint(prefix="app", directory=d, config=cfg)
    m.train(2, dataset(ms), callbacks=[ck])
    out["append_files"] = sorted(f for f in os.listdir(d) if f.startswith("app"))
    out["append_ckpt"] = ckpt_summary(ms, ck.latest_ckpt_file_name)

    class Boom(T.Callback):
        def on_train_step_end(self, rc):
            if rc.original_args().cur_step_num == 6:
                raise RuntimeError("boom")
    n, _, m = model(ms)
    cfg = T.CheckpointConfig(save_checkpoint_steps=100, exception_save=True)
    ck = T.ModelCheckpoint(prefix="exc", directory=d, config=cfg)
    try:
        m.train(3, dataset(ms), callbacks=[ck, Boom()])
    except RuntimeError as e:
        out["exception"] = str(e)
    out["exception_files"] = sorted(f for f in os.listdir(d) if f.startswith("exc"))
    bp = [f for f in out["exception_files"] if f.endswith("_breakpoint.ckpt")]
    out["breakpoint_ckpt"] = ckpt_summary(ms, os.path.join(d, bp[0])) if bp else None
    n, _, m = model(ms)
    ck = T.ModelCheckpoint(prefix="big", directory=d, config=T.CheckpointConfig(save_checkpoint_steps=100))
    m.train(2, dataset(ms), callbacks=[ck])
    out["big_files"] = sorted(f for f in os.listdir(d) if f.startswith("big"))
    return out


def backup(ms, d, epochs=4):
    """BackupAndRestore(delete_checkpoint=False): what the backup file holds after a run."""
    T = ms.train
    n, _, m = model(ms)
    m.train(epochs, dataset(ms), callbacks=[T.BackupAndRestore(d, delete_checkpoint=False)])
    return {"files": sorted(os.listdir(d)), "backup": sorted(ckpt_summary(ms, os.path.join(d, "backup.ckpt"))),
            "weights": weights(n)}


def errors(ms):
    T = ms.train
    out = {}

    def err(fn):
        try:
            fn()
        except Exception as e:  # noqa: BLE001 - recording what the framework raises
            return [type(e).__name__, str(e).strip().splitlines()[0]]
        return None
    out["cfg_all_zero"] = err(lambda: T.CheckpointConfig(0, 0, 0, 0))
    out["cfg_neg"] = err(lambda: T.CheckpointConfig(save_checkpoint_steps=-1))
    out["cfg_append"] = err(lambda: T.CheckpointConfig(append_info=["bad"]))
    out["ck_prefix"] = err(lambda: T.ModelCheckpoint(prefix="a/b"))
    out["ck_config"] = err(lambda: T.ModelCheckpoint(config=1))
    out["lm_neg"] = err(lambda: T.LossMonitor(-1))
    out["es_mode"] = err(lambda: T.EarlyStopping(mode="bad"))
    out["rl_factor"] = err(lambda: T.ReduceLROnPlateau(factor=1.5))
    out["train_epoch0"] = err(lambda: model(ms)[2].train(0, dataset(ms)))
    out["train_initial"] = err(lambda: model(ms)[2].train(2, dataset(ms), initial_epoch=2))
    out["train_sink_size"] = err(lambda: model(ms)[2].train(2, dataset(ms), sink_size=0))
    out["fit_no_metrics"] = err(lambda: model(ms)[2].fit(2, dataset(ms), dataset(ms)))
    out["callbacks_type"] = err(lambda: model(ms)[2].train(1, dataset(ms), callbacks=[1]))
    cfg = T.CheckpointConfig(save_checkpoint_seconds=10, keep_checkpoint_per_n_minutes=2)
    out["cfg_policy"] = {k: v for k, v in cfg.get_checkpoint_policy().items() if k != "saved_network"}
    cfg = T.CheckpointConfig(save_checkpoint_steps=0, save_checkpoint_seconds=0, keep_checkpoint_max=0,
                             keep_checkpoint_per_n_minutes=3)
    out["cfg_policy2"] = {k: v for k, v in cfg.get_checkpoint_policy().items() if k != "saved_network"}
    return out


IMAGES = {"unit_float": rng.random((2, 3, 4, 5)).astype(np.float32),
          "grey_wide": (4 * rng.standard_normal((1, 1, 3, 4))).astype(np.float32),
          "uint8_rgb": rng.integers(0, 200, (9, 3, 2, 2)).astype(np.uint8)}


def summary_collector(ms, d):
    """SummaryCollector(collect_freq=3) over 2 x 4 steps; the caller reads the events back."""
    n, _, m = model(ms)
    m.train(2, dataset(ms), callbacks=[ms.train.SummaryCollector(d, collect_freq=3)])


def misc(ms):
    """initial_epoch accounting, LossMonitor(3) across epochs, Model.eval's hooks and cb_params, a network that
    holds its loss (loss_fn=None), TimeMonitor in eval, the element-count check."""
    T = ms.train
    out = {}
    n, _, m = model(ms)
    log, keys = [], {}
    m.train(3, dataset(ms), callbacks=[T.LossMonitor(3), _Recorder.make(ms, log, keys)], initial_epoch=1)
    out["initial_epoch_log"] = log
    out["initial_epoch_weights"] = weights(n)
    n, _, m = model(ms, metrics={"acc"})
    log, keys = [], {}
    res = m.eval(dataset(ms, XV, YV), callbacks=[_Recorder.make(ms, log, keys), T.TimeMonitor()])
    out["eval_log"], out["eval_keys"], out["eval"] = log, keys, _plain(res)
    n = net(ms)
    loss_net = ms.nn.WithLossCell(n, ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    m = ms.train.Model(loss_net, optimizer=ms.nn.Momentum(n.trainable_params(), 0.1, 0.9))
    m.train(1, dataset(ms), callbacks=[T.LossMonitor(2)])
    out["no_loss_fn_weights"] = weights(n)
    three = ms.dataset.NumpySlicesDataset({"x": X, "y": Y, "z": Y}, shuffle=False).batch(4)
    try:
        model(ms)[2].train(1, three)
    except Exception as e:  # noqa: BLE001 - recording what the framework raises
        out["three_columns"] = [type(e).__name__, str(e).splitlines()[0]]
    pred = model(ms)[2].predict(ms.Tensor(XV))
    out["predict"] = np.asarray(pred.asnumpy(), np.float64).round(5).tolist()
    return out


FAKE_CLOCK_CONFIGS = {
    "keep_per_minutes": dict(save_checkpoint_steps=1, keep_checkpoint_max=0, keep_checkpoint_per_n_minutes=1),
    "save_seconds": dict(save_checkpoint_steps=None, save_checkpoint_seconds=30, keep_checkpoint_max=3),
    "save_seconds_keep1": dict(save_checkpoint_steps=0, save_checkpoint_seconds=50, keep_checkpoint_max=None),
}


def fake_clock(ms, d, ck_module):
    """Time-based CheckpointConfigs (FAKE_CLOCK_CONFIGS) with a fake clock (20 s per step): the files left. ``ck_module`` is the framework's module defining ModelCheckpoint; its ``time`` and ``os`` names are
    replaced by fakes (file modification times = the fake time at which each file appeared)."""
    import os as real_os
    import time as real_time
    T = ms.train
    now = [1000.0]
    mtimes = {}

    class FakePath:
        def __getattr__(self, name):
            return getattr(real_os.path, name)

        @staticmethod
        def getmtime(f):
            return mtimes[real_os.path.realpath(f)]

    class FakeOs:
        path = FakePath()

        def __getattr__(self, name):
            return getattr(real_os, name)

    class FakeTime:
        def __getattr__(self, name):
            return getattr(real_time, name)

        @staticmethod
        def time():
            return now[0]

    class Tick(T.Callback):
        def on_train_step_begin(self, rc):
            now[0] += 20.0

    class Stamp(T.Callback):
        def on_train_step_end(self, rc):
            for f in real_os.listdir(d):
                mtimes.setdefault(real_os.path.realpath(real_os.path.join(d, f)), now[0])

    saved = ck_module.time, ck_module.os
    ck_module.time, ck_module.os = FakeTime(), FakeOs()
    out = {}
    try:
        for name, kw in FAKE_CLOCK_CONFIGS.items():
            n, _, m = model(ms)
            cfg = T.CheckpointConfig(**kw)
            ck = T.ModelCheckpoint(prefix=name, directory=d, config=cfg)
            m.train(3, dataset(ms), callbacks=[Tick(), ck, Stamp()])
            out[name] = {"files": sorted(f for f in real_os.listdir(d) if f.startswith(name + "-")),
                         "policy": {k: v for k, v in cfg.get_checkpoint_policy().items() if k != "saved_network"}}
    finally:
        ck_module.time, ck_module.os = saved
    return out
