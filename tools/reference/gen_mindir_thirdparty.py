"""The real-code corpus (tests/thirdparty/cases.py: mindcv 0.3.0 and mindyolo 0.5.0 models) exported to MINDIR by
ms_compat and run by real MindSpore 2.10 (issue 35).

For each model MindSpore runs (tests/reference_data/thirdparty/summary.json), smallest first: ms_compat (the .venv
interpreter, in a subprocess) builds it with the corpus weights, exports it with ``mindspore.export(...,
file_format="MINDIR")`` at the corpus input size into tmp/mindir_thirdparty/<key>.mindir (git-ignored: MBs) and
records the file's sha256, or the error its writer gives (the operator it cannot translate yet). MindSpore then loads
each written file with ``mindspore.load`` + ``nn.GraphCell``, runs it on the corpus input and stores its outputs in
tests/reference_data/mindir/thirdparty/<key>.npz, with their largest distance from MindSpore's own eager outputs
(tests/reference_data/thirdparty/<key>.npz) in tests/reference_data/mindir/thirdparty_written.json.

    python gen_mindir_thirdparty.py [key ...]     # keys: mindcv_resnet, mindyolo_yolov8n, ...
"""
import json
import os
import subprocess
import sys

import numpy as np

import refutil

sys.path.insert(0, str(refutil.ROOT / "tests"))
from thirdparty import cases  # noqa: E402

AREA = "mindir"
FILES = refutil.ROOT / "tmp" / "mindir_thirdparty"
PER_MODEL_S = int(os.environ.get("MINDIR_EXPORT_LIMIT_S", 600))  # HRNet takes 700 s on a loaded 2-core machine

_WRITE = """
import hashlib, json, signal, sys, time
sys.path.insert(0, {tests!r})
import ms_compat as ms
ms.install()
from thirdparty import cases

def alarm(*_):
    raise TimeoutError("export took over {limit} s")

signal.signal(signal.SIGALRM, alarm)
for key, size in json.loads(sys.argv[1]):
    t0 = time.time()
    signal.alarm({limit})
    try:
        net = cases.build_key(key)
        cases.set_weights(net, ms.Tensor)
        net.set_train(False)
        path = {out!r} + "/" + key
        ms.export(net, ms.Tensor(cases.make_input(size)), file_name=path, file_format="MINDIR")
        res = {{"sha256": hashlib.sha256(open(path + ".mindir", "rb").read()).hexdigest()}}
    except BaseException as e:  # noqa: BLE001 - the writer's error is the result
        res = {{"error": type(e).__name__, "message": (str(e).splitlines() or [""])[0]}}
    signal.alarm(0)
    res["export_seconds"] = round(time.time() - t0, 1)
    print("RESULT " + json.dumps([key, res]), flush=True)
"""


def write_with_ms_compat(jobs):
    """[(key, size)] -> {key: {"sha256"} | {"error", "message"}}, exported by ms_compat in one subprocess."""
    FILES.mkdir(parents=True, exist_ok=True)
    for key, _ in jobs:
        f = FILES / f"{key}.mindir"
        if f.exists():
            f.chmod(0o600)
            f.unlink()
    env = dict(os.environ, PYTHONPATH=str(refutil.ROOT))
    code = _WRITE.format(tests=str(refutil.ROOT / "tests"), out=str(FILES), limit=PER_MODEL_S)
    r = subprocess.run([str(refutil.ROOT / ".venv" / "bin" / "python"), "-c", code, json.dumps(jobs)], env=env,
                       capture_output=True, text=True)
    results = dict(json.loads(line[7:]) for line in r.stdout.splitlines() if line.startswith("RESULT "))
    for key, _ in jobs:
        if key not in results:
            tail = [ln for ln in r.stderr.strip().splitlines() if ln.strip()][-1:] or [f"exit {r.returncode}"]
            results[key] = {"error": "ProcessError", "message": tail[0]}
    return results


def run_in_mindspore(key, size):
    import mindspore as ms
    from mindspore import nn
    out = nn.GraphCell(ms.load(str(FILES / f"{key}.mindir")))(ms.Tensor(cases.make_input(size)))
    return [o.asnumpy() for o in cases.flatten(out)]


def main(argv):
    import mindspore as ms
    corpus = json.loads((refutil.DATA / "thirdparty" / "summary.json").read_text())
    keys = argv or sorted((k for k, v in corpus.items() if v["status"] == "ok"), key=lambda k: (
        corpus[k]["n_elements"] * corpus[k]["size"] ** 2, k))
    path = refutil.out_dir(AREA) / "thirdparty_written.json"
    summary = json.loads(path.read_text()) if path.exists() else {}
    for start in range(0, len(keys), 4):  # a few models per ms_compat process; the summary is saved after each
        chunk = keys[start:start + 4]
        for key, res in write_with_ms_compat([(k, corpus[k]["size"]) for k in chunk]).items():
            if "sha256" in res:
                try:
                    outs = run_in_mindspore(key, corpus[key]["size"])
                    eager = np.load(refutil.DATA / "thirdparty" / f"{key}.npz")
                    res["max_abs_diff_from_mindspore_eager"] = max(
                        float(np.abs(o - eager[f"out{i}"]).max()) for i, o in enumerate(outs))
                    res["loaded_by"] = f"mindspore {ms.__version__}"
                    refutil.save_npz(AREA + "/thirdparty", key, **{f"out{i}": o for i, o in enumerate(outs)})
                except Exception as e:  # noqa: BLE001 - MindSpore's error on the file is the result
                    res["mindspore_error"] = f"{type(e).__name__}: {(str(e).strip().splitlines() or [''])[0]}"
            summary[key] = res
            print(key, json.dumps(res), flush=True)
        refutil.save_json(AREA, "thirdparty_written", dict(sorted(summary.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
