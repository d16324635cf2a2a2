"""Bounded-time hostile-file fuzz (issue 22): mutated ``.ckpt``, safetensors and ``.pt`` files given to
``load_checkpoint``, ``ms-compat convert`` (CLI) and ``convert.convert`` end in a clean Python
exception or a clean load — never a crash, a hang, a traceback from the CLI, or a huge allocation.

Runs in one child interpreter with its address space capped (RLIMIT_AS), a fixed seed and a time
budget (``MS_COMPAT_FUZZ_SECONDS``, default 4 s; the case sequence is fixed, how far it gets depends
on the machine). A hang is caught by a per-case alarm and by the parent's timeout; a crash by the
child's exit status; a huge allocation by the memory cap turning it into ``MemoryError`` or torch's
allocator error, both counted as failures."""
import json
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from conftest import REF

ROOT = str(pathlib.Path(__file__).resolve().parents[2])
MSW = REF / "checkpoint" / "mindspore_written"
MEM_CAP = int(2.5 * 2 ** 30)

CHILD = r'''
import contextlib, io, json, os, pickle, random, signal, sys, time, zipfile
import numpy as np, torch
import ms_compat as ms
from ms_compat.train import convert
from ms_compat.train.serialization import torch_load_state_dict

src_dir, work, budget, seed = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
sources = {}
for name in ("mixed.ckpt", "mixed_crc.ckpt", "mixed_append.ckpt", "list2.ckpt", "layers.ckpt",
             "mixed.safetensors", "mixed_crc.safetensors"):
    with open(os.path.join(src_dir, name), "rb") as f:
        sources[name] = f.read()
pt = os.path.join(work, "src.pt")
torch.save({"w": torch.arange(12.0).reshape(3, 4), "b": torch.ones(4, dtype=torch.float16),
            "i": torch.arange(5), "t": ms.Tensor(np.arange(3, dtype=np.float32)), "n": 3}, pt)
with open(pt, "rb") as f:
    sources["state.pt"] = f.read()

def mutate_bytes(rng, raw):
    b = bytearray(raw)
    for _ in range(rng.randint(1, 4)):
        if not b:
            break
        i = rng.randrange(len(b))
        kind = rng.randrange(6)
        if kind == 0:
            b[i] ^= 1 << rng.randrange(8)
        elif kind == 1:
            b[i] = rng.choice((0, 0x7F, 0x80, 0xFF, rng.randrange(256)))
        elif kind == 2:
            del b[i:]
        elif kind == 3:
            del b[i:i + rng.randint(1, 16)]
        elif kind == 4:
            b[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        else:                                   # a plausible big varint / length field
            b[i:i + 5] = bytes((0xFF, 0xFF, 0xFF, 0xFF, 0x0F))
    return bytes(b)

def mutate_pt(rng, raw):
    """Mutate the pickle (data.pkl) inside the .pt zip and write a valid zip again, so the fuzz
    reaches the weights_only unpickler and not only the zip CRC check."""
    zin = zipfile.ZipFile(io.BytesIO(raw))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename.endswith("data.pkl") or (info.filename.split("/")[-2:-1] == ["data"]
                                                       and rng.random() < 0.2):
                data = mutate_bytes(rng, data)
            zout.writestr(info.filename, data)
    return out.getvalue()

ALLOWED = (ValueError, TypeError, RuntimeError, KeyError, EOFError, pickle.UnpicklingError, zipfile.BadZipFile,
           OSError, NotImplementedError)

class Hang(BaseException):
    pass

def on_alarm(*a):
    raise Hang()
signal.signal(signal.SIGALRM, on_alarm)

rng = random.Random(seed)
names = sorted(sources)
stats, failures = {}, []
deadline = time.monotonic() + budget
case = 0
while time.monotonic() < deadline and len(failures) < 5:
    name = names[case % len(names)]
    case += 1
    ext = name.rsplit(".", 1)[1]
    blob = mutate_pt(rng, sources[name]) if ext == "pt" and rng.random() < 0.7 else mutate_bytes(rng, sources[name])
    path = os.path.join(work, f"f.{ext}")
    with open(path, "wb") as f:
        f.write(blob)
    what = rng.choice(("load", "cli", "api")) if ext != "pt" else rng.choice(("cli", "api"))
    out = os.path.join(work, "o." + rng.choice(("safetensors", "ckpt", "pt")))
    outcome = "ok"
    signal.alarm(10)
    try:
        if what == "load":
            kw = {"format": ext}
            if "crc" in name:
                kw["crc_check"] = True
            ms.load_checkpoint(path, **kw)
        elif what == "api":
            convert.convert(path, out, show_progress=False)
        else:
            err = io.StringIO()
            with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
                rc = convert.main([path, out, "--quiet"])
            text = err.getvalue()
            last = text.strip().splitlines()[-1] if text.strip() else ""
            if rc not in (0, 1, 2) or "Traceback" in text or (rc and not last.startswith("ms-compat convert: error: ")):
                failures.append([name, what, f"rc={rc} stderr={text[-300:]!r}"])
            outcome = f"rc{rc}"
            if "allocate" in text or "MemoryError" in text:
                failures.append([name, what, "huge allocation: " + text[-200:]])
    except Hang:
        failures.append([name, what, "hang (> 10 s)"])
        outcome = "hang"
    except MemoryError as e:
        failures.append([name, what, f"MemoryError {e}"])
        outcome = "MemoryError"
    except ALLOWED as e:
        outcome = type(e).__name__
        if "allocate" in str(e) or "bad_alloc" in str(e):
            failures.append([name, what, f"huge allocation: {type(e).__name__}: {str(e)[:200]}"])
    except BaseException as e:   # noqa: BLE001 - anything else is a failure to report
        failures.append([name, what, f"{type(e).__name__}: {str(e)[:200]}"])
        outcome = type(e).__name__
    finally:
        signal.alarm(0)
    key = f"{ext}/{what}/{outcome}"
    stats[key] = stats.get(key, 0) + 1
    for p in (path, out):
        with contextlib.suppress(OSError):
            os.chmod(p, 0o600)
            os.unlink(p)
print(json.dumps({"cases": case, "stats": stats, "failures": failures}))
'''


def test_hostile_files_end_in_clean_errors_with_bounded_memory_and_time(tmp_path):
    budget = float(os.environ.get("MS_COMPAT_FUZZ_SECONDS", 4))
    seed = int(os.environ.get("MS_COMPAT_FUZZ_SEED", 22))
    pre = f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({MEM_CAP}, {MEM_CAP}))\n"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT] + sys.path), OMP_NUM_THREADS="1")
    r = subprocess.run([sys.executable, "-c", pre + textwrap.dedent(CHILD), str(MSW), str(tmp_path), str(budget),
                        str(seed)], capture_output=True, text=True, timeout=budget + 90, env=env)
    assert r.returncode == 0, f"child died (rc {r.returncode}): {r.stderr[-2000:]}"
    report = json.loads(r.stdout.strip().splitlines()[-1])
    assert not report["failures"], report
    assert report["cases"] >= 30, report
    kinds = {k.split("/")[0] for k in report["stats"]}
    assert kinds == {"ckpt", "safetensors", "pt"}, report
    print(report)


# ---- cases the fuzz found in convert, pinned ------------------------------------------------------
def test_convert_corrupt_pickle_is_one_valueerror(tmp_path):
    import io
    import zipfile

    import torch

    from ms_compat.train import convert
    src = tmp_path / "s.pt"
    torch.save({"w": torch.ones(2)}, src)
    out = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename.endswith("data.pkl"):
                data = b"\x80\x02K\x01Q."        # persistent id 1 (not a tuple): torch asserts
            zout.writestr(info.filename, data)
    bad = tmp_path / "bad.pt"
    bad.write_bytes(out.getvalue())
    with pytest.raises(ValueError, match=r"bad\.pt cannot be read as a plain state_dict"):
        convert.convert(str(bad), str(tmp_path / "o.safetensors"), show_progress=False)


def test_convert_non_utf8_tensor_name_is_valueerror(tmp_path):
    import numpy as np

    import ms_compat as ms
    from ms_compat.train import convert
    good = tmp_path / "g.ckpt"
    ms.save_checkpoint({"\u00e9x": ms.Tensor(np.ones(2, np.float32))}, str(good))
    raw = good.read_bytes()
    assert raw.count("\u00e9".encode()) == 1
    bad = tmp_path / "b.ckpt"
    bad.write_bytes(raw.replace("\u00e9".encode(), b"\x80\xa9"))
    for out in ("o.safetensors", "o.ckpt", "o.pt"):
        with pytest.raises(ValueError, match="is not valid UTF-8 text"):
            convert.convert(str(bad), str(tmp_path / out), show_progress=False)
    assert convert.main([str(bad), str(tmp_path / "o.ckpt"), "--quiet"]) == 1
