"""Run the real-code corpus (tests/thirdparty/cases.py: one model of every mindcv 0.3.0 family, mindyolo 0.5.0 and
mindocr 0.5.0 models) under real MindSpore 2.10: parameter names/shapes, eval-forward outputs and train-mode
gradients with weights made from the parameter names (no weight files). Writes
tests/reference_data/thirdparty/<key>.{json,npz} and summary.json (which input size each model ran at, or
MindSpore's own error).

Each model runs in its own process (a crash or hang in one cannot stop the others):
    python gen_thirdparty.py [key ...]        # keys: mindcv_resnet, mindyolo_yolov8n, mindocr_svtr_tiny, ...

The reference venv needs the packages besides MindSpore: `pip install --no-deps mindcv==0.3.0 mindyolo==0.5.0
mindocr==0.5.0 addict PyYAML tqdm` (--no-deps: mindocr's declared pins conflict, and the venv's numpy<2 must stay).
"""
import json
import os
import subprocess
import sys
import time

import refutil

sys.path.insert(0, str(refutil.ROOT / "tests"))
from thirdparty import cases  # noqa: E402

AREA = "thirdparty"
FULL_GRAD_MAX = 20000  # gradients up to this many elements are stored whole, larger ones as statistics


def stats(a):
    import numpy as np
    a = np.asarray(a, np.float64)
    return {"sum": float(a.sum()), "abs_sum": float(np.abs(a).sum()), "mean": float(a.mean()),
            "norm": float(np.linalg.norm(a)), "head": a.reshape(-1)[:16].tolist()}


def error_line(e):
    """Exception type and the first informative line of MindSpore's message (not its '----' rulers)."""
    lines = [ln.strip() for ln in str(e).splitlines() if ln.strip() and set(ln.strip()) - set("-= ")]
    lines = [ln for ln in lines if not ln.startswith("- ")] or lines
    return f"{type(e).__name__}: {lines[0] if lines else ''}"


def run_one(key):
    import numpy as np
    import mindspore as ms
    from mindspore import Tensor, nn

    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(0)
    errors = {}

    class Loss(nn.Cell):
        def __init__(self, net):
            super().__init__(auto_prefix=False)
            self.net = net

        def construct(self, x):
            outs = cases.flatten(self.net(x))
            loss = 0.0
            for i, o in enumerate(outs):
                loss = loss + (o * Tensor(cases.cotangent(o.shape, i))).sum()
            return loss

    for size in cases.input_sizes(key):  # the first size at which both the eval forward and the train gradients run
        net = cases.build_key(key)
        params = list(net.get_parameters())
        cases.set_weights(net, Tensor)
        x = Tensor(cases.make_input(size))
        try:
            net.set_train(False)
            t0 = time.time()
            outs = cases.flatten(net(x))
            arrays = {f"out{i}": o.asnumpy() for i, o in enumerate(outs)}
            fwd_s = time.time() - t0
            net.set_train(True)
            held = cases.hold_random_cells(net)
            trainable = net.trainable_params()
            t0 = time.time()
            loss, grads = ms.value_and_grad(Loss(net), None, trainable)(x)
            grads = [g.asnumpy() for g in grads]
        except Exception as e:  # noqa: BLE001 - the error MindSpore raises is the result
            errors[size] = error_line(e)
            continue
        break
    else:
        return {"status": "mindspore_error", "model": cases.model_name(key), "errors": errors}
    bwd_s = time.time() - t0
    arrays["train_loss"] = np.array(loss.asnumpy())
    arrays["grad_norms"] = np.array([np.linalg.norm(g.astype(np.float64)) for g in grads])
    grad_stats = {}
    for i in cases.grad_index(len(grads), key, [p.name for p in trainable]):
        if grads[i].size <= FULL_GRAD_MAX:
            arrays[f"grad_{i}"] = grads[i]
        grad_stats[str(i)] = stats(grads[i])
    refutil.save_npz(AREA, key, **arrays)
    meta = {"model": cases.model_name(key), "size": size, "skipped_sizes": errors,
            "param_names": [p.name for p in params], "param_shapes": [list(p.shape) for p in params],
            "param_dtypes": [str(p.asnumpy().dtype) for p in params],
            "trainable": [p.name for p in trainable], "cells": [n for n, _ in net.cells_and_names()],
            "held_random_cells": held, "grad_stats": grad_stats,
            "out_stats": {k: stats(v) for k, v in arrays.items() if k.startswith("out")},
            "ms_seconds": {"forward": round(fwd_s, 3), "value_and_grad": round(bwd_s, 3)}}
    refutil.save_json(AREA, key, meta)
    return {"status": "ok", "model": cases.model_name(key), "size": size, "n_params": len(params),
            "n_elements": int(sum(int(np.prod(s)) for s in meta["param_shapes"]))}


def main(argv):
    if argv[:1] == ["--one"]:
        print("RESULT " + json.dumps(run_one(argv[1])), flush=True)
        return 0
    fams = argv or list(cases.CORPUS)
    summary_path = refutil.out_dir(AREA) / "summary.json"
    summary = json.loads(summary_path.read_text()) if summary_path.exists() else {}
    for fam in fams:
        t0 = time.time()
        try:
            r = subprocess.run([sys.executable, __file__, "--one", fam], capture_output=True, text=True,
                               timeout=900, env=dict(os.environ, PYTHONPATH=os.path.dirname(__file__)))
            lines = [line for line in r.stdout.splitlines() if line.startswith("RESULT ")]
            if lines:
                res = json.loads(lines[-1][7:])
            else:
                tail = [line for line in r.stderr.strip().splitlines() if line.strip()][-1:] or [f"exit {r.returncode}"]
                res = {"status": "mindspore_error", "model": cases.model_name(fam), "errors": {"process": tail[0]}}
        except subprocess.TimeoutExpired:
            res = {"status": "mindspore_error", "model": cases.model_name(fam), "errors": {"process": "timeout 900 s"}}
        res["gen_seconds"] = round(time.time() - t0, 1)
        summary[fam] = res
        print(fam, json.dumps(res), flush=True)
        refutil.save_json(AREA, "summary", dict(sorted(summary.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
