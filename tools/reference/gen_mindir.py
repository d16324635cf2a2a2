"""MindIR references from real MindSpore 2.10 (issue 35).

1. Exports the small networks of mindir_nets.py with ``mindspore.export(..., file_format="MINDIR")`` into
   tests/reference_data/mindir/<name>.mindir and stores, in <name>.npz, the inputs, the network's own output and
   the output of ``nn.GraphCell(mindspore.load(file))`` — what ms_compat's GraphCell must reproduce.
2. Has ms_compat (the .venv interpreter) export the same networks as MINDIR into
   tests/reference_data/mindir/ms_compat_written/, loads those files here with ``mindspore.load`` +
   ``nn.GraphCell`` and stores MindSpore's outputs (ms_compat_written/<name>.npz): the proof that real MindSpore
   runs what ms_compat writes; the test checks the writer still writes those bytes.
3. Writes ms_compat/train/mindir/_primitive_args.py: for every primitive of ``mindspore.ops.operations`` whose
   ``__call__`` forwards its arguments to the kernel (``pyboost_x(self, [...])`` / ``super().__call__(...)``), the
   kernel's argument order (the order of a PRIMITIVE_FUNCTION node's inputs in a MindIR file), which arguments are
   constructor arguments, and which are enums; plus the enum values ``str_to_enum`` gives for the strings tried.
"""
from __future__ import annotations

import inspect
import pprint
import re

import numpy as np
import mindspore as ms
from mindspore import nn
from mindspore.ops import operations as P
from mindspore.ops import Primitive
from mindspore.ops.auto_generate import gen_ops_prim
from mindspore._c_expression.op_enum import str_to_enum

import mindir_nets
import refutil

AREA = "mindir"
ENUM_WORDS = ["NCHW", "NHWC", "NCDHW", "NDHWC", "ND", "HWCN", "NC1HWC0", "pad", "same", "valid", "PAD", "SAME",
              "VALID", "none", "mean", "sum", "nearest", "linear", "bilinear", "bicubic", "trilinear", "area",
              "nearest-exact", "zeros", "border", "reflection", "reflect", "replicate", "circular", "constant",
              "tanh", "floor", "trunc", "left", "right", "full", "reduced", "complete", "r", "forward", "backward",
              "ortho", "max", "min", "prod", "update", "add", "mul", "BSH", "BNSD", "SBH", "BSND", "TND"]


def _split_top(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _arg_of(expr, enums):
    m = re.search(r"str_to_enum\(\s*'[^']*',\s*'(\w+)'", expr)
    if m:
        enums[m.group(1)] = "str"
        return m.group(1), "call"
    m = re.search(r"dtype_to_type_id\(\s*'[^']*',\s*'(\w+)'", expr)
    if m:
        enums[m.group(1)] = "dtype"
        return m.group(1), "call"
    m = re.fullmatch(r"self\.(\w+)", expr)
    if m:
        return m.group(1), "init"
    m = re.fullmatch(r"new_generated_(\w+)", expr)
    if m:
        return m.group(1), "call"
    m = re.fullmatch(r"\*?(args)", expr)
    if m:
        return m.group(1), "var"
    if re.fullmatch(r"\w+", expr):
        return expr, "call"
    return None


def primitive_args():
    table = {}
    # the generated classes first: their __call__ shows the kernel's argument order (what a MindIR node holds)
    candidates = [(n, getattr(gen_ops_prim, n)) for n in sorted(dir(gen_ops_prim))]
    candidates += [(n, getattr(P, n)) for n in sorted(dir(P))]
    for name, cls in candidates:
        if name in table:
            continue
        if not (inspect.isclass(cls) and issubclass(cls, Primitive) and "__call__" in cls.__dict__):
            continue
        try:
            src = inspect.getsource(cls.__call__)
            init_src = inspect.getsource(cls.__init__) if "__init__" in cls.__dict__ else ""
        except (OSError, TypeError):
            continue
        m = re.search(r"pyboost_\w+\(self,\s*\[(.*?)\]\)", src, re.S) or re.search(
            r"super\(\)\.__call__\((.*?)\)\s*$", src, re.S | re.M) or re.search(
            r"_run_op\(self, self\.name, (args)\)", src)
        if not m:
            continue
        enums = {}
        for a in re.findall(r"_set_prim_arg_with_handler\(\"(\w+)\",\s*\w+,\s*str_to_enum\)", init_src):
            enums[a] = "str"
        for a in re.findall(r"str_to_enum\(\"\w+\",\s*\"(\w+)\"", init_src):
            enums[a] = "str"
        args = [_arg_of(e, enums) for e in _split_top(m.group(1))]
        if any(a is None for a in args):
            continue
        op = name
        values = {}
        for a, kind in enums.items():
            if kind != "str":
                continue
            got = {}
            for w in ENUM_WORDS:
                try:
                    got.setdefault(int(str_to_enum(op, a, w)), w)
                except Exception:  # noqa: BLE001 - the word is not a value of this enum
                    pass
            values[a] = got
        table[op] = {"args": args, "enums": enums, "values": values}
    return table


def type_ids():
    """MindSpore's type ids (what a ``dtype`` argument holds in a MindIR node) -> dtype names (``mindspore.float32``)."""
    from mindspore.ops.auto_generate.gen_ops_prim import dtype_to_type_id
    names = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
             "float64", "bfloat16", "complex64", "complex128"]
    return {int(dtype_to_type_id("Cast", "dtype", getattr(ms, n))): n for n in names}


def write_primitive_args(table):
    path = refutil.ROOT / "ms_compat" / "train" / "mindir" / "_primitive_args.py"
    path.write_text('"""Generated by tools/reference/gen_mindir.py from real MindSpore 2.10: for each primitive, the '
                    'order of its kernel\'s\narguments (a PRIMITIVE_FUNCTION node\'s inputs in a MindIR file) as '
                    '(name, "call" | "init" | "var"), the enum\narguments, and the strings their integer values stand '
                    'for. Do not edit."""\n# flake8: noqa\nPRIMITIVE_ARGS = '
                    + pprint.pformat(table, width=120, compact=True) + "\n"
                    + "TYPE_IDS = " + pprint.pformat(type_ids(), width=120, compact=True) + "\n")


def export_nets():
    d = refutil.out_dir(AREA)
    summary = {}
    for name, (net, inputs) in mindir_nets.build(ms).items():
        ms.export(net, *inputs, file_name=str(d / name), file_format="MINDIR")
        eager = net(*inputs)
        graph = nn.GraphCell(ms.load(str(d / f"{name}.mindir")))
        out = graph(*inputs)
        outs = out if isinstance(out, tuple) else (out,)
        eagers = eager if isinstance(eager, tuple) else (eager,)
        refutil.save_npz(AREA, name, **{f"input{i}": x.asnumpy() for i, x in enumerate(inputs)},
                         **{f"output{i}": o.asnumpy() for i, o in enumerate(outs)},
                         **{f"eager{i}": o.asnumpy() for i, o in enumerate(eagers)})
        summary[name] = {"tuple_output": isinstance(out, tuple), "n_outputs": len(outs)}
    refutil.save_json(AREA, "nets", summary)


_WRITE = """
import sys
sys.path.insert(0, {tools!r})
import ms_compat as ms, mindir_nets
for name, (net, inputs) in mindir_nets.build(ms).items():
    ms.export(net, *inputs, file_name={out!r} + "/" + name, file_format="MINDIR")
"""


def load_ms_compat_written():
    import os
    import subprocess
    d = refutil.out_dir(AREA + "/ms_compat_written")
    for f in d.glob("*.mindir"):
        f.chmod(0o600)
        f.unlink()
    env = dict(os.environ, PYTHONPATH=str(refutil.ROOT))
    subprocess.run([str(refutil.ROOT / ".venv" / "bin" / "python"), "-c",
                    _WRITE.format(tools=str(refutil.ROOT / "tools" / "reference"), out=str(d))], check=True, env=env)
    summary = {}
    for name, (net, inputs) in mindir_nets.build(ms).items():
        graph = nn.GraphCell(ms.load(str(d / f"{name}.mindir")))
        out = graph(*inputs)
        outs = out if isinstance(out, tuple) else (out,)
        refutil.save_npz(AREA + "/ms_compat_written", name, **{f"input{i}": x.asnumpy() for i, x in enumerate(inputs)},
                         **{f"output{i}": o.asnumpy() for i, o in enumerate(outs)})
        summary[name] = {"loaded_by": f"mindspore {ms.__version__}", "n_outputs": len(outs)}
    refutil.save_json(AREA + "/ms_compat_written", "verified", summary)


CORPUS_DIR = refutil.ROOT / "tmp" / "mindir_corpus"  # git-ignored: the corpus files are MBs; tests skip without them


def export_corpus():
    """The model corpus (tests/models) exported by MindSpore into tmp/mindir_corpus/<name>.mindir (not stored: the
    test that reads them is skipped without them), and MindSpore's GraphCell outputs on them (stored, small)."""
    import importlib
    import sys
    sys.path.insert(0, str(refutil.ROOT / "tests"))
    from models import corpus
    CORPUS_DIR.mkdir(parents=True, exist_ok=True)
    arrays, summary = {}, {}
    for name in corpus.MODELS:
        net, specs = importlib.import_module(f"models.{name}").build()
        for p in net.get_parameters():
            p.set_data(ms.Tensor(corpus.weight_for(p.name, p.shape)))
        net.set_train(False)
        inputs = [ms.Tensor(a) for a in corpus.make_inputs(specs)]
        target = CORPUS_DIR / f"{name}.mindir"
        if target.exists():
            target.chmod(0o600)
        ms.export(net, *inputs, file_name=str(target), file_format="MINDIR")
        out = nn.GraphCell(ms.load(str(target)))(*inputs)
        outs = out if isinstance(out, tuple) else (out,)
        for i, o in enumerate(outs):
            arrays[f"{name}/out{i}"] = o.asnumpy()
        summary[name] = {"n_outputs": len(outs), "file_bytes": target.stat().st_size}
    refutil.save_npz(AREA, "corpus", **arrays)
    refutil.save_json(AREA, "corpus", summary)


_WRITE_CORPUS = """
import hashlib, json, sys, importlib
sys.path.insert(0, {tests!r})
import ms_compat as ms
ms.install()
from models import corpus
status = {{}}
for name in corpus.MODELS:
    net, specs = importlib.import_module("models." + name).build()
    for p in net.get_parameters():
        p.set_data(ms.Tensor(corpus.weight_for(p.name, p.shape)))
    net.set_train(False)
    inputs = [ms.Tensor(a) for a in corpus.make_inputs(specs)]
    try:
        ms.export(net, *inputs, file_name={out!r} + "/ms_compat_" + name, file_format="MINDIR")
        data = open({out!r} + "/ms_compat_" + name + ".mindir", "rb").read()
        status[name] = {{"sha256": hashlib.sha256(data).hexdigest()}}
    except Exception as e:
        status[name] = {{"error": type(e).__name__, "message": str(e).splitlines()[0]}}
print(json.dumps(status))
"""


def load_ms_compat_written_corpus():
    """ms_compat writes the corpus models as MINDIR (tmp/mindir_corpus/ms_compat_<name>.mindir); MindSpore loads the
    ones it could write and runs them: stored are the files' sha256, MindSpore's outputs, and for the others the
    error ms_compat's writer gives (the operator it cannot translate yet)."""
    import importlib
    import json
    import os
    import subprocess
    import sys
    sys.path.insert(0, str(refutil.ROOT / "tests"))
    from models import corpus
    for f in CORPUS_DIR.glob("ms_compat_*.mindir"):
        f.chmod(0o600)
        f.unlink()
    env = dict(os.environ, PYTHONPATH=str(refutil.ROOT))
    r = subprocess.run([str(refutil.ROOT / ".venv" / "bin" / "python"), "-c",
                        _WRITE_CORPUS.format(tests=str(refutil.ROOT / "tests"), out=str(CORPUS_DIR))],
                       check=True, env=env, capture_output=True, text=True)
    status = json.loads(r.stdout.strip().splitlines()[-1])
    arrays = {}
    for name, st in status.items():
        if "sha256" not in st:
            continue
        _, specs = importlib.import_module(f"models.{name}").build()
        inputs = [ms.Tensor(a) for a in corpus.make_inputs(specs)]
        out = nn.GraphCell(ms.load(str(CORPUS_DIR / f"ms_compat_{name}.mindir")))(*inputs)
        for i, o in enumerate(out if isinstance(out, tuple) else (out,)):
            arrays[f"{name}/out{i}"] = o.asnumpy()
        st["loaded_by"] = f"mindspore {ms.__version__}"
    refutil.save_npz(AREA, "corpus_ms_compat_written", **arrays)
    refutil.save_json(AREA, "corpus_ms_compat_written", status)


def tutorial_output():
    """What MindSpore prints running examples/save_load_mindir.py (the official save-and-load tutorial flow)."""
    import subprocess
    import sys
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run([sys.executable, str(refutil.ROOT / "examples" / "save_load_mindir.py")], cwd=d,
                           capture_output=True, text=True, check=True)
    (refutil.out_dir(AREA) / "tutorial_stdout.txt").write_text(r.stdout)


if __name__ == "__main__":
    tutorial_output()
    write_primitive_args(primitive_args())
    export_nets()
    load_ms_compat_written()
    export_corpus()
    load_ms_compat_written_corpus()
