"""Record every cell's inputs and outputs (and, in train mode, parameter gradients) of a model.

This file runs unchanged in two places: inside ms_compat (imported, with ``ms`` = the ms_compat package)
and as a script under a *real* MindSpore interpreter (``PY recorder.py ...``), since both cannot share
the ``mindspore`` name in one process. It therefore imports nothing from ms_compat and only uses API
common to both frameworks: ``cells_and_names``, ``register_forward_hook``, ``value_and_grad``,
``load_checkpoint``/``load_param_into_net``.

A recording is a ``.npz`` of float arrays keyed ``in|<call>|<i>``, ``out|<call>|<i>``, ``grad|<param>``
plus a JSON index (``__index__``) listing the calls in completion order (a child finishes before its
parent), each ``[call_key, cell_name, class_name]``; a cell called twice gives ``name#1``, ``name#2``.
"""
from __future__ import annotations

import argparse
import importlib
import json
import sys
import zlib

import numpy as np

__all__ = ["record", "TargetError", "find_factory", "parse_input_spec", "make_inputs", "deterministic_weights", "save_recording",
           "load_recording"]


def parse_input_spec(spec: str):
    """``'2,3,32,32'`` / ``'2,3,32,32:float32'`` / ``'2,8:int32:100'`` (ints below 100)."""
    parts = spec.split(":")
    shape = tuple(int(s) for s in parts[0].replace("x", ",").split(",") if s)
    dtype = parts[1] if len(parts) > 1 else "float32"
    high = int(parts[2]) if len(parts) > 2 else 10
    return shape, dtype, high


def make_inputs(specs, seed=0):
    rng = np.random.default_rng(seed)
    out = []
    for spec in specs:
        shape, dtype, high = parse_input_spec(spec) if isinstance(spec, str) else spec
        if dtype.startswith("float"):
            out.append(rng.standard_normal(shape).astype(dtype))
        else:
            out.append(rng.integers(0, high, shape).astype(dtype))
    return out


def deterministic_weights(ms, net):
    """Same weights in both frameworks without a checkpoint: derived from each parameter's name."""
    for p in net.get_parameters():
        rng = np.random.default_rng(zlib.crc32(p.name.encode()))
        shape = tuple(p.shape)
        if p.name.endswith("moving_variance"):
            arr = rng.uniform(0.5, 1.5, shape)
        else:
            fan_in = int(np.prod(shape[1:])) if len(shape) > 1 else max(1, shape[0] if shape else 1)
            arr = rng.uniform(-1, 1, shape) * np.sqrt(3.0 / fan_in)
        p.set_data(ms.Tensor(arr.astype(np.float32)).astype(p.dtype))


def _np(x):
    """A snapshot of ``x`` as numpy: later in-place work on the tensor (an in-place op further down the
    graph, a torch module with ``inplace=True``) must not change what was recorded. CPU tensors share
    memory with their numpy view, so those are copied; device tensors already arrive as a fresh copy."""
    if hasattr(x, "asnumpy"):
        arr = x.asnumpy()
    elif hasattr(x, "detach"):  # a plain torch.Tensor (e.g. inside a torch child of a Cell)
        x = x.detach().cpu()
        arr = (x.float() if str(x.dtype) == "torch.bfloat16" else x).numpy()
    else:
        arr = np.asarray(x)
    return arr if arr.flags.owndata else arr.copy()


def _flat(obj):
    if isinstance(obj, (tuple, list)):
        out = []
        for o in obj:
            out.extend(_flat(o))
        return out
    if hasattr(obj, "asnumpy") or isinstance(obj, np.ndarray) or (hasattr(obj, "detach") and hasattr(obj, "dtype")):
        return [obj]
    return []


def record(ms, net, inputs, train=False, loss_seed=1):
    """Run ``net`` on ``inputs`` (numpy arrays) and return ``(arrays, index)``."""
    arrays, index, counts = {}, [], {}
    handles = []

    pending = {}  # inputs are snapshot before the cell runs: an in-place cell would change them

    def make_pre_hook(name):
        def pre_hook(c, args):
            pending.setdefault(name, []).append([_np(a) for a in _flat(args)])
        return pre_hook

    def make_hook(name, cell):
        def hook(c, args, output):
            counts[name] = counts.get(name, 0) + 1
            key = name if counts[name] == 1 else f"{name}#{counts[name]}"
            stack = pending.get(name)
            ins = stack.pop() if stack else [_np(a) for a in _flat(args)]
            for i, a in enumerate(ins):
                arrays[f"in|{key}|{i}"] = a
            for i, o in enumerate(_flat(output)):
                arrays[f"out|{key}|{i}"] = _np(o)
            index.append([key, name or "<root>", type(c).__name__])
        return hook

    for name, cell in net.cells_and_names():
        handles.append(cell.register_forward_pre_hook(make_pre_hook(name)))
        handles.append(cell.register_forward_hook(make_hook(name, cell)))
    tensors = [ms.Tensor(a) for a in inputs]
    try:
        net.set_train(train)
        if not train:
            net(*tensors)
        else:
            params = net.trainable_params()
            state = {}

            def loss_fn(*xs):
                outs = _flat(net(*xs))
                total = 0.0
                for k, o in enumerate(outs):
                    w = np.random.default_rng(loss_seed + k).standard_normal(tuple(o.shape)).astype(np.float32)
                    total = total + (o * ms.Tensor(w).astype(o.dtype)).sum()
                return total

            _, grads = ms.value_and_grad(loss_fn, None, params)(*tensors)
            for p, g in zip(params, grads):
                arrays[f"grad|{p.name}"] = _np(g)
            state["grads"] = len(params)
    finally:
        for h in handles:
            h.remove()
    return arrays, index


def save_recording(path, arrays, index, meta=None):
    payload = dict(arrays)
    payload["__index__"] = np.frombuffer(json.dumps({"calls": index, "meta": meta or {}}).encode(), np.uint8)
    np.savez_compressed(path, **payload)


def load_recording(path):
    with np.load(path, allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files if k != "__index__"}
        info = json.loads(bytes(z["__index__"]).decode())
    return arrays, info["calls"], info.get("meta", {})


class TargetError(LookupError):
    """``MODULE:FACTORY`` names no callable: a user error (``ms-compat compare`` exits 2)."""


def find_factory(target: str):
    """The callable named by ``MODULE:FACTORY`` (``FACTORY`` defaults to ``build``); TargetError when
    the module does not import by that name or has no such callable."""
    mod_name, _, fn_name = target.partition(":")
    fn_name = fn_name or "build"
    try:
        mod = importlib.import_module(mod_name)
    except ModuleNotFoundError as e:
        if e.name and mod_name.startswith(e.name) and mod_name[len(e.name):][:1] in ("", "."):
            raise TargetError(f"'{target}': no module named '{e.name}' (add its folder with --path)") from e
        raise
    factory = getattr(mod, fn_name, None)
    if not callable(factory):
        raise TargetError(f"'{target}': module '{mod_name}' has no callable '{fn_name}'")
    return factory


def build_model(ms, target: str, ckpt=None, init=None):
    """``MODULE:FACTORY`` → the Cell; loads ``ckpt`` (MindSpore .ckpt) or deterministic weights."""
    net = find_factory(target)()
    if isinstance(net, tuple):
        net = net[0]
    if ckpt:
        ms.load_param_into_net(net, ms.load_checkpoint(ckpt))
    elif init == "name-hash":
        deterministic_weights(ms, net)
    return net


def main(argv=None):
    """Script entry for the reference interpreter (real MindSpore)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("target")
    ap.add_argument("--inputs", required=True, help=".npz with arrays arg0, arg1, ...")
    ap.add_argument("--out", required=True)
    ap.add_argument("--ckpt")
    ap.add_argument("--init")
    ap.add_argument("--train", action="store_true")
    ap.add_argument("--path", action="append", default=[])
    a = ap.parse_args(argv)
    sys.path[:0] = a.path
    import mindspore as ms
    ms.set_context(mode=ms.PYNATIVE_MODE)
    with np.load(a.inputs) as z:
        inputs = [z[f"arg{i}"] for i in range(len(z.files))]
    try:
        net = build_model(ms, a.target, a.ckpt, a.init)
    except TargetError as e:  # one line and exit 2: the caller reports it as a usage error
        print(e, file=sys.stderr)
        return 2
    try:
        arrays, index = record(ms, net, inputs, train=a.train)
    except Exception as e:  # noqa: BLE001 - the reference model refused the inputs: the inputs are wrong
        shapes = ", ".join(f"{list(x.shape)}:{x.dtype}" for x in inputs)
        msg = str(e).strip().splitlines()[0] if str(e).strip() else ""
        print(f"'{a.target}' raised under MindSpore {ms.__version__} on --input {shapes}: "
              f"{type(e).__name__}: {msg}", file=sys.stderr)
        return 2
    arrays.update({f"input|{i}": x for i, x in enumerate(inputs)})
    save_recording(a.out, arrays, index, {"framework": f"mindspore {ms.__version__}", "target": a.target,
                                          "train": a.train, "init": a.init, "ckpt": bool(a.ckpt)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
