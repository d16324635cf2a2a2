"""Reference data for ms_compat.mint: runs the cases of tests/mint/mint_cases.py under real MindSpore 2.10.

For every case the output (dtype, shape, values) and the gradients are recorded with the *source* used:
``"mint"`` when MindSpore's mint op ran, else the case's entry in ``FALLBACKS`` (``"classic:<op>"``: the
equivalent classic MindSpore op under MindSpore; ``"formula"``: MindSpore's documented formula in numpy),
because MindSpore 2.10's CPU build has no kernel for many mint ops.
Also: the public names and signatures of mint and its submodules, layer parameter gradients, optimizer
trajectories and state names, the functional training idiom, random shapes/dtypes and errors.

Writes tests/reference_data/mint/{names,outputs,grads,param_grads,optim,random,errors}.json.
Run: python tools/make_references.py gen_mint --python /work/main/.msref/bin/python
"""
import inspect
import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import mindspore as ms
from mindspore import mint, nn, ops
import mindspore.mint.nn.functional  # noqa: F401
import mindspore.mint.optim  # noqa: F401
import mindspore.mint.linalg  # noqa: F401
import mindspore.mint.special  # noqa: F401
import mindspore.mint.distributed  # noqa: F401

import refutil

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tests" / "mint"))
import mint_cases as C  # noqa: E402
import mint_fallbacks as FB  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_seed(0)


def save(name, obj):
    (refutil.out_dir("mint") / f"{name}.json").write_text(json.dumps(obj, sort_keys=True, separators=(",", ":")) + "\n")


def _sync(out):
    if hasattr(out, "asnumpy"):
        out.asnumpy()
    elif isinstance(out, (tuple, list)):
        for o in out:
            _sync(o)
    return out


def _flush():
    """Drain every pending asynchronous error (PyNative reports an op's failure at a later sync)."""
    for _ in range(10):
        try:
            (ms.Tensor([1.0]) + 1).asnumpy()
            return
        except Exception:  # noqa: BLE001
            continue


def _err(e):
    return [type(e).__name__, str(e).strip().splitlines()[0][:300] if str(e).strip() else ""]


def _retry(fn):
    _flush()
    try:
        return _sync(fn())
    except Exception:  # noqa: BLE001 - may be a late asynchronous error of the previous op
        _flush()
    try:
        out = _sync(fn())
    except Exception:
        _flush()
        raise
    _flush()
    return out


def _float_sum(out):
    outs = out if isinstance(out, (tuple, list)) else (out,)
    total = None
    for o in outs:
        if hasattr(o, "dtype") and o.dtype in (ms.float16, ms.float32, ms.float64, ms.bfloat16):
            s = o.sum()
            total = s if total is None else total + s
    return total


def run_mint(fn, inputs):
    return fn(ms, mint, *[ms.Tensor(a) for a in inputs])


def grads_mint(fn, inputs, ngrad):
    ts = [ms.Tensor(a) for a in inputs]
    f = lambda *xs: _float_sum(fn(ms, mint, *xs))  # noqa: E731
    return ms.grad(f, tuple(range(ngrad)))(*ts)


_TABLE = None


def _table():
    global _TABLE
    if _TABLE is None:
        _TABLE = FB.adapters(ms, ops, nn, ms.ops.operations)
    return _TABLE


def _source(used):
    return "+".join(sorted(set(used))) if used else "mint"


def run_fallback(fn, inputs, used):
    used.clear()
    out = fn(ms, FB.proxy(ms, mint, _table(), used), *[ms.Tensor(a) for a in inputs])
    used.extend(FB.EXTRA_SOURCES)
    FB.EXTRA_SOURCES.clear()
    return out


def fd_grads(fn, inputs, ngrad, eps=1e-4):
    """Central finite differences (float64 inputs) of the sum of the float outputs of a formula fallback."""
    def total(vals):
        out = fn(ms, FB.proxy(ms, mint, _table(), []), *[ms.Tensor(v) for v in vals])
        outs = out if isinstance(out, (tuple, list)) else (out,)
        return sum(float(np.sum(o.asnumpy().astype(np.float64))) for o in outs
                   if hasattr(o, "asnumpy") and o.asnumpy().dtype.kind == "f")
    xs = [a.astype(np.float64) if a.dtype.kind == "f" else a for a in inputs]
    grads = []
    for k in range(ngrad):
        g = np.zeros_like(xs[k])
        for idx in np.ndindex(xs[k].shape):
            hi, lo = [v.copy() for v in xs], [v.copy() for v in xs]
            hi[k][idx] += eps
            lo[k][idx] -= eps
            g[idx] = (total(hi) - total(lo)) / (2 * eps)
        grads.append(ms.Tensor(g.astype(inputs[k].dtype)))
    return grads[0] if ngrad == 1 else tuple(grads)  # as ms.grad returns for grad_position=(0,)


_NO_KERNEL = ("unregistered", "Create kernelmod", "Not found op", "Not implement exception", "only supports Ascend",
              "----------", "only support decimals equal 0", "the dimension of `v` and output must be equal")


def _no_kernel(e):
    """MindSpore 2.10 CPU has no kernel for the op (as opposed to rejecting the input)."""
    return isinstance(e, (RuntimeError, NotImplementedError)) and any(k in str(e) for k in _NO_KERNEL)


def fd_param_grads(cell, ws, inputs, eps=1e-4):
    """Central finite differences (float64) of the sum of a formula cell's float outputs w.r.t. its parameters."""
    xs = [ms.Tensor(a.astype(np.float64) if a.dtype.kind == "f" else a) for a in inputs]
    base = [w.asnumpy().astype(np.float64) for w in ws]
    for w, b in zip(ws, base):
        w.set_data(ms.Tensor(b))

    def total():
        out = cell(*xs)
        outs = out if isinstance(out, (tuple, list)) else (out,)
        return sum(float(np.sum(o.asnumpy().astype(np.float64))) for o in outs)
    grads = []
    for w, b in zip(ws, base):
        g = np.zeros_like(b)
        for idx in np.ndindex(b.shape):
            for sign in (1, -1):
                v = b.copy()
                v[idx] += sign * eps
                w.set_data(ms.Tensor(v))
                g[idx] += sign * total() / (2 * eps)
        w.set_data(ms.Tensor(b))
        grads.append(ms.Tensor(g.astype(np.float32)))
    return tuple(grads)


def one_case(name, fn, inputs, ngrad):
    try:
        out = _retry(lambda: run_mint(fn, inputs))
        rec, src = C.encode(out, str), "mint"
    except Exception as e:  # noqa: BLE001
        mint_err = _err(e)
        if not _no_kernel(e):  # a real MindSpore error (TypeError, ValueError...): that is the reference
            _flush()
            return {"error": mint_err, "source": "mint"}, None
        try:
            _flush()
            used = []
            out = _retry(lambda: run_fallback(fn, inputs, used))
            src = _source(used)
            if src == "mint":  # nothing to stand in for it: the failure is MindSpore's answer
                return {"error": mint_err, "source": "mint"}, None
            rec = C.encode(out, str)
            rec["mint_error"] = mint_err
        except Exception as e2:  # noqa: BLE001
            _flush()
            print("case failed:", name, mint_err, "fallback:", _err(e2))
            return {"error": mint_err, "source": "mint", "fallback_error": _err(e2)}, None
    rec["source"] = src
    grec = None
    if ngrad:
        try:
            _flush()
            if src == "mint":
                try:
                    g = _sync(grads_mint(fn, inputs, ngrad))
                except Exception as e:  # noqa: BLE001
                    if not _no_kernel(e):
                        raise
                    _flush()
                    used = []
                    run_fallback(fn, inputs, used)
                    src = _source(used)
                    if src == "mint":
                        raise
                    g = fd_grads(fn, inputs, ngrad) if "formula" in src.split("+") else _sync(ms.grad(
                        lambda *xs: _float_sum(fn(ms, FB.proxy(ms, mint, _table(), []), *xs)),
                        tuple(range(ngrad)))(*[ms.Tensor(a) for a in inputs]))
            elif "formula" in src.split("+"):
                g = fd_grads(fn, inputs, ngrad)
            else:
                ts = [ms.Tensor(a) for a in inputs]
                px = FB.proxy(ms, mint, _table(), [])
                g = _sync(ms.grad(lambda *xs: _float_sum(fn(ms, px, *xs)), tuple(range(ngrad)))(*ts))
            grec = C.encode(g, str)
            grec["source"] = src
        except Exception as e:  # noqa: BLE001
            _flush()
            grec = {"error": _err(e), "source": src}
            print("grad failed:", name, src, grec["error"])
    return rec, grec


def names_and_signatures():
    mods = {"mint": mint, "mint.nn": mint.nn, "mint.nn.functional": mint.nn.functional, "mint.optim": mint.optim,
            "mint.linalg": mint.linalg, "mint.special": mint.special, "mint.distributed": mint.distributed}
    drop = {"absolute_import"}
    internal = {  # MindSpore's own internal op handles that leak into the namespaces
        "mint.nn": {"cross_entropy", "kl_div_ext", "mse_loss_ext", "nllloss", "upsample_bilinear2d_op",
                    "upsample_nearest2d_op"},
        "mint.nn.functional": {"adaptive_avg_pool3d_ext", "elu_ext", "hardtanh_op", "inplace_elu", "inplace_silu",
                               "norm_ext", "silu_func", "threshold_op"},
        "mint.special": {"round_op"},
        "mint": {"absolute_import", "cdist_", "constexpr", "equal_ext_op", "flatten_ext", "jit_forbidden_register",
                 "jit_view_unsupported", "softmax_ext", "squeeze_impl"},
    }
    n_sub = sum(len(m.__all__) for k, m in mods.items() if k != "mint")
    out = {}
    for key, mod in mods.items():
        names = set(mod.__all__[:len(mod.__all__) - n_sub] if key == "mint" else mod.__all__)
        names = {n for n in names if hasattr(mod, n)}
        names |= {n for n in dir(mod) if not n.startswith("_") and not inspect.ismodule(getattr(mod, n))}
        names -= drop | internal.get(key, set())
        entry = {}
        for n in sorted(names):
            obj = getattr(mod, n)
            target = obj.__init__ if inspect.isclass(obj) else obj
            try:
                sig = str(inspect.signature(target)).replace("(self, ", "(").replace("(self)", "()")
                sig = sig.split(" -> ")[0]
            except (TypeError, ValueError):
                sig = None
            if sig is not None and "*args, **kwargs" in sig:
                sig = None  # an overload dispatcher: no single signature
            entry[n] = {"kind": "class" if inspect.isclass(obj) else "function", "signature": sig}
        out[key] = entry
    return out


def param_grads():
    res = {}
    for name, (build, inputs) in C.PARAM_GRAD_CASES.items():
        for attempt in ("mint", "fallback"):
            _flush()
            used = []
            m = mint if attempt == "mint" else FB.proxy(ms, mint, _table(), used)
            try:
                cell = C.seed_params(ms, build(ms, m))
                cell.set_train(True)
                ws = cell.trainable_params()
                f = lambda *xs: _float_sum(cell(*xs))  # noqa: E731
                if "formula" in _source(used).split("+"):
                    g = fd_param_grads(cell, ws, inputs)
                else:
                    g = _sync(ms.grad(f, None, ws)(*[ms.Tensor(a) for a in inputs]))
                res[name] = {"names": [p.name for p in ws], "grads": C.encode(g, str), "source": _source(used)}
                break
            except Exception as e:  # noqa: BLE001
                _flush()
                res[name] = {"error": _err(e)}
        if "error" in res[name]:
            print("param grad failed:", name, res[name]["error"])
    return res


def optim():
    """mint.optim trajectories. MindSpore 2.10 CPU cannot step most of them (no AdamW kernel; Adam/SGD with
    momentum update state clones that still require grad, which PyNative forbids), so the values then come
    from experimental.optim's class of the same algorithm ("classic:experimental.optim.<cls>"); the state
    *names* always come from constructing the mint optimizer."""
    import mindspore.experimental.optim as xo
    res = {}
    for name, (cls, kwargs, groups) in C.OPTIM_CASES.items():
        rec = {}
        for attempt in ("mint", "classic"):
            _flush()
            ps = [ms.Parameter(ms.Tensor(a), n) for n, a in C.OPTIM_PARAMS]
            try:
                if attempt == "mint":
                    opt = C.build_optim(mint.optim, cls, kwargs, groups, ps)
                    rec["state_names"] = [k for k, _ in opt.parameters_and_names()]
                    src = "mint"
                else:
                    xcls = {"FusedAdamW": "AdamW"}.get(cls, cls)
                    kw = dict(kwargs)
                    if cls == "Adam" and kw.get("amsgrad"):
                        # mint.optim.Adam(amsgrad=True) never writes the running maximum back (see
                        # mindspore/mint/optim/adam.py): its update is the plain Adam update.
                        kw["amsgrad"] = False
                    opt = C.build_optim(xo, xcls, kw, groups, ps)
                    src = "classic:experimental.optim." + xcls
                for grads in C.OPTIM_GRADS:
                    opt(tuple(ms.Tensor(g) for g in grads))
                if attempt == "mint" and all(np.array_equal(p.asnumpy(), a) for p, (_, a) in zip(ps, C.OPTIM_PARAMS)):
                    # MindSpore 2.10 PyNative CPU: the in-place update of the Parameters is lost
                    raise RuntimeError("mint optimizer ran but left every parameter unchanged")
                rec.update({"params": [p.asnumpy().tolist() for p in ps], "source": src})
                if attempt == "mint":
                    rec["state"] = {k: v.asnumpy().tolist() for k, v in opt.parameters_and_names()}
                break
            except Exception as e:  # noqa: BLE001
                _flush()
                rec["error" if attempt == "classic" else "mint_error"] = _err(e)
        res[name] = rec
        if "error" in rec:
            print("optim failed:", name, rec["error"])
    for attempt in ("mint", "classic"):
        try:
            used = []
            m = mint if attempt == "mint" else FB.proxy(ms, mint, _table(), used)
            losses, params = C.train_idiom(ms, m, optim=None if attempt == "mint" else xo)
            src = "mint" if attempt == "mint" else "+".join(sorted(set(used + ["classic:experimental.optim.AdamW"])))
            res["train_idiom"] = {"losses": losses, "params": [p.tolist() for p in params], "source": src}
            break
        except Exception as e:  # noqa: BLE001
            _flush()
            res["train_idiom"] = {"error": _err(e)}
    return res


def main():
    only = os.environ.get("GEN_MINT_ONLY")
    outputs, grads = {}, {}
    for name, (fn, inputs, ngrad) in C.CASES.items():
        if only and not name.startswith(only):
            continue
        rec, grec = one_case(name, fn, inputs, ngrad)
        outputs[name] = rec
        if grec is not None:
            grads[name] = grec
    save("outputs", outputs)
    save("grads", grads)
    if only:
        return
    save("names", names_and_signatures())
    save("param_grads", param_grads())
    save("optim", optim())
    rnd = {}
    for name, fn in C.RANDOM_CASES.items():
        used = []
        try:
            try:
                out = _retry(lambda: fn(ms, mint))
            except Exception as e:  # noqa: BLE001
                if not _no_kernel(e):
                    raise
                _flush()
                out = fn(ms, FB.proxy(ms, mint, _table(), used))
            outs = out if isinstance(out, tuple) else (out,)
            rnd[name] = {"out": [{"dtype": str(o.dtype), "shape": list(o.shape)} for o in outs], "source": _source(used)}
        except Exception as e:  # noqa: BLE001
            _flush()
            rnd[name] = {"error": _err(e)}
            print("random failed:", name, rnd[name]["error"])
    save("random", rnd)
    errs = {}
    for name in C.ERROR_CASES:
        r = subprocess.run([sys.executable, __file__, "--error", name], capture_output=True, text=True)
        errs[name] = json.loads(r.stdout.strip().splitlines()[-1])
    save("errors", errs)


def one_error(name):
    err = refutil.error_of(lambda: _sync(C.ERROR_CASES[name](ms, mint)))
    if err is not None:
        err[1] = err[1][:300]
    print(json.dumps(err))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--error":
        one_error(sys.argv[2])
    else:
        main()
