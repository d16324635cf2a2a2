"""``ms-compat compare``: run a model under real MindSpore (a separate interpreter) and under ms_compat
with the same checkpoint and inputs, and report per-cell differences.

    ms-compat compare MODULE:FACTORY --input 2,3,32,32 [--input 2,8:int32:100 ...]
        (--reference-python .msref/bin/python | --reference-recording ref.npz)
        [--ckpt FILE | --init name-hash] [--save-reference ref.npz] [--train]
        [--rtol 1e-4] [--atol 1e-5] [--junit-xml out.xml] [--path DIR]

Both sides must start from the same weights: give --ckpt (a MindSpore checkpoint loaded on both sides) or
--init name-hash (each parameter filled from a hash of its name); without either the two frameworks
initialise independently at random, every layer would differ, and the command refuses (exit 2).

Exit status: 0 when every cell (and gradient, with --train) matches, 1 on divergence (or when the port raises
where MindSpore ran), 2 on usage errors (bad MODULE:FACTORY, inputs the reference model refuses, no
--ckpt/--init, --input given with a recording that holds its inputs), each as one line on stderr.
Each stage (the reference run, the ms_compat run, the comparison) is reported on stderr with its time, with a
live elapsed-time counter on a terminal; ``--quiet`` turns that off.
A saved reference recording holds the inputs too, so CI without MindSpore re-runs the comparison with
``--reference-recording``.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
import zipfile

import numpy as np

from . import recorder
from .compare import compare_recordings

__all__ = ["main", "run_comparison", "UsageError"]


class UsageError(ValueError):
    """A user error in the command's arguments (a missing interpreter, an unreadable recording):
    ``ms-compat compare`` prints it on one line and exits 2 (exit 1 means "diverged")."""


def _load_recording(path):
    try:
        return recorder.load_recording(path)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
        raise UsageError(f"--reference-recording '{path}' is not a recording written by --save-reference "
                         f"({type(e).__name__}: {e})") from e


@contextmanager
def _stage(label, enabled, stream=None):
    """``ms-compat compare: <label> ... done in X s`` on stderr; on a terminal the line counts seconds live."""
    if not enabled:
        yield
        return
    stream = stream or sys.stderr
    tty = hasattr(stream, "isatty") and stream.isatty()
    t0 = time.monotonic()
    stop = threading.Event()
    stream.write(f"ms-compat compare: {label} ...")
    stream.flush()

    def tick():
        while not stop.wait(1.0):
            stream.write(f"\rms-compat compare: {label} ... {time.monotonic() - t0:.0f} s")
            stream.flush()
    th = threading.Thread(target=tick, daemon=True) if tty else None
    if th:
        th.start()
    ok = False
    try:
        yield
        ok = True
    finally:
        stop.set()
        if th:
            th.join()
        end, dt = ("done" if ok else "failed"), time.monotonic() - t0
        stream.write((f"\rms-compat compare: {label} ... {end} in {dt:.1f} s" if tty else f" {end} in {dt:.1f} s")
                     + "\n")
        stream.flush()


def _reference_interpreter(given):
    """The reference interpreter's path; a UsageError (one line, exit 2) when there is none."""
    py = given
    if os.sep in py and not os.path.isabs(py):
        py = os.path.abspath(py)
    if shutil.which(py) is None:
        raise UsageError(f"--reference-python '{given}': no such executable")
    return py


def _reference_recording(args, inputs):
    with tempfile.TemporaryDirectory() as tmp:
        inp = os.path.join(tmp, "inputs.npz")
        out = os.path.join(tmp, "ref.npz")
        np.savez(inp, **{f"arg{i}": a for i, a in enumerate(inputs)})
        py = _reference_interpreter(args.reference_python)
        cmd = [py, recorder.__file__, args.target, "--inputs", inp, "--out", out]
        for p in [os.getcwd()] + args.path:
            cmd += ["--path", os.path.abspath(p)]
        if args.ckpt:
            cmd += ["--ckpt", os.path.abspath(args.ckpt)]
        if args.init:
            cmd += ["--init", args.init]
        if args.train:
            cmd.append("--train")
        env = dict(os.environ, ONEDNN_MAX_CPU_ISA=os.environ.get("ONEDNN_MAX_CPU_ISA", "AVX2"), GLOG_v="3")
        env.pop("PYTHONPATH", None)
        r = subprocess.run(cmd, env=env, cwd=tmp, capture_output=True, text=True)
        if r.returncode == 2 and r.stderr.strip():  # the recorder's one-line user error (target, inputs)
            raise UsageError(r.stderr.strip().splitlines()[-1])
        if r.returncode:
            raise RuntimeError(f"the reference interpreter failed ({' '.join(cmd)}):\n{r.stderr[-4000:]}")
        rec = recorder.load_recording(out)
        if args.save_reference:
            pathlib.Path(args.save_reference).write_bytes(pathlib.Path(out).read_bytes())
    return rec


def run_comparison(target, inputs=None, *, reference_python=None, reference_recording=None, ckpt=None,
                   init=None, train=False, rtol=1e-4, atol=1e-5, save_reference=None, path=(), progress=False):
    """Programmatic form of the command; returns a ComparisonReport (``progress=True``: stage lines on stderr)."""
    import ms_compat

    if not ckpt and not init:
        raise UsageError("without --ckpt or --init both sides initialise their weights independently at random, "
                         "so every layer would differ; pass --init name-hash (same weights from each parameter's "
                         "name) or --ckpt FILE (a MindSpore checkpoint loaded on both sides)")
    args = argparse.Namespace(target=target, reference_python=reference_python, ckpt=ckpt, init=init,
                              train=train, save_reference=save_reference, path=list(path))
    if reference_recording:
        ref = _load_recording(reference_recording)
        meta = ref[2] if len(ref) > 2 else {}
        if "init" in meta and (meta.get("init") or None) != (init or None) and not ckpt:
            raise UsageError(f"--reference-recording '{reference_recording}' was recorded with "
                             f"--init {meta['init']}; pass the same --init")
        n = sum(1 for k in ref[0] if k.startswith("input|"))
        if n and inputs is not None:
            raise UsageError(f"--input: the recording '{reference_recording}' holds the inputs it was made "
                             f"with ({n}); drop --input")
        inputs = [ref[0][f"input|{i}"] for i in range(n)] if n else inputs
        if inputs is None:
            raise UsageError(f"--reference-recording '{reference_recording}' holds no inputs; give --input")
    else:
        if not reference_python:
            raise ValueError("give reference_python or reference_recording")
        _reference_interpreter(reference_python)  # a user error before any stage line is printed
        with _stage(f"running {target} under the reference interpreter", progress):
            ref = _reference_recording(args, inputs)
    for p in path:
        sys.path.insert(0, os.path.abspath(p))
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    installed = ms_compat.install(force=True)
    try:
        with _stage(f"running {target} under ms_compat", progress):
            try:
                net = recorder.build_model(ms_compat, target, ckpt, init)
            except recorder.TargetError as e:
                raise UsageError(str(e)) from e
            ours = recorder.record(ms_compat, net, inputs, train=train)
    finally:
        if installed is not False:
            ms_compat.uninstall()
    with _stage("comparing the recordings", progress):
        return compare_recordings(ours, (ref[0], ref[1]), rtol=rtol, atol=atol)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="ms-compat compare", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("target", help="MODULE:FACTORY returning the model Cell (written with `import mindspore`)")
    ap.add_argument("--input", action="append", default=[],
                    help="one model input as SHAPE[:DTYPE[:HIGH]], e.g. 2,3,32,32 or 2,8:int32:100 (ints below "
                         "HIGH); repeat for several inputs; random with --seed. Not with a recording that holds "
                         "its inputs")
    ap.add_argument("--reference-python", metavar="PYTHON",
                    help="interpreter with real MindSpore 2.10 to run the reference (e.g. .msref/bin/python)")
    ap.add_argument("--reference-recording", metavar="NPZ",
                    help="a recording saved by --save-reference (no MindSpore needed); holds the inputs too")
    ap.add_argument("--save-reference", metavar="NPZ",
                    help="save the reference run (with its inputs) to NPZ for later --reference-recording runs")
    ap.add_argument("--ckpt", metavar="FILE", help="MindSpore checkpoint loaded into the model on both sides")
    ap.add_argument("--init", choices=["name-hash"],
                    help="name-hash: fill each parameter from a hash of its name, the same on both sides "
                         "(needed unless --ckpt is given)")
    ap.add_argument("--train", action="store_true",
                    help="run in train mode and compare parameter gradients of a fixed random projection too")
    ap.add_argument("--rtol", type=float, default=1e-4, help="relative tolerance per cell output (default 1e-4; "
                                                             "gradients use 10x)")
    ap.add_argument("--atol", type=float, default=1e-5, help="absolute tolerance per cell output (default 1e-5)")
    ap.add_argument("--junit-xml", metavar="FILE",
                    help="write a JUnit XML report: one case per cell (cells after the first divergence that "
                         "only inherit it are skipped) and per gradient")
    ap.add_argument("--seed", type=int, default=0, help="seed of the random --input values (default 0)")
    ap.add_argument("--path", action="append", default=[], help="extra import path for MODULE")
    ap.add_argument("--quiet", action="store_true", help="no stage/progress lines on stderr")
    a = ap.parse_args(argv)
    if not a.reference_python and not a.reference_recording:
        ap.error("one of --reference-python or --reference-recording is required")
    if not a.reference_recording and not a.input:
        ap.error("--input is required unless --reference-recording holds the inputs")
    try:
        inputs = recorder.make_inputs(a.input, a.seed) if a.input else None
    except (ValueError, TypeError) as e:
        ap.error(f"--input: {e} (expected SHAPE[:DTYPE[:HIGH]], e.g. 2,3,32,32 or 2,8:int32:100)")
    try:
        rep = run_comparison(a.target, inputs, reference_python=a.reference_python,
                             reference_recording=a.reference_recording, ckpt=a.ckpt, init=a.init, train=a.train,
                             rtol=a.rtol, atol=a.atol, save_reference=a.save_reference, path=a.path,
                             progress=not a.quiet)
    except UsageError as e:
        print(f"ms-compat compare: error: {e}", file=sys.stderr)
        return 2
    print(rep.table())
    if a.junit_xml:
        rep.junit_xml(a.junit_xml)
    return 0 if rep.ok else 1
