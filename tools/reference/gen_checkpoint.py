"""Checkpoint references (runs under real MindSpore 2.10; cwd = tools/reference).

1. runs ``tools/write_ms_compat_ckpts.py`` with the ms_compat interpreter ($MS_COMPAT_PYTHON, default
   ``python3``): source arrays ``data.npz`` + files written by ms_compat (``ms_compat_written/``);
2. writes the same data with MindSpore into ``mindspore_written/`` (byte-compared by the tests);
3. loads every ms_compat-written file with MindSpore and records names/dtypes/shapes/values
   (``read_by_mindspore.json`` / ``.npz``), ``load_param_into_net`` results and the errors MindSpore
   raises for damaged files.
"""
import os
import subprocess

import numpy as np

import refutil

ROOT = refutil.ROOT
AREA = "checkpoint"
OUT = refutil.out_dir(AREA)
KEY = bytes(range(16))
APPEND = {"epoch_num": 3, "lr": 0.5, "tag": "abc", "flag": True, "note": "h\u00e9llo \u2713"}

env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
env["PATH"] = ":".join(p for p in env.get("PATH", "").split(":") if ".msref" not in p)
subprocess.run([os.environ.get("MS_COMPAT_PYTHON", "python3"), str(ROOT / "tools" / "write_ms_compat_ckpts.py")],
               cwd=str(ROOT), env=env, check=True)

import mindspore as ms  # noqa: E402
from mindspore import Parameter, Tensor, nn  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
data = dict(np.load(OUT / "data.npz"))
ORDER = ["p16", "pbf", "pf32", "pf64", "pi8", "pi16", "pi32", "pi64", "pu8", "pb", "scalar",
         "dense.weight", "dense.bias", "bn.moving_mean", "bn.moving_variance", "bn.gamma", "bn.beta",
         "emb.embedding_table", "ln.gamma", "ln.beta"]


def tensor_of(name):
    a = data[name]
    if name == "pbf":
        return Tensor(a, ms.bfloat16)
    return Tensor(a)


class Holder(nn.Cell):
    def __init__(self, prefix, names):
        super().__init__()
        for n in names:
            setattr(self, n, Parameter(tensor_of(prefix + n), name=n))


class Mixed(nn.Cell):
    def __init__(self):
        super().__init__()
        for n in ORDER:
            if "." not in n:
                setattr(self, n, Parameter(tensor_of(n), name=n))
        self.dense = Holder("dense.", ["weight", "bias"])
        self.bn = Holder("bn.", ["moving_mean", "moving_variance", "gamma", "beta"])
        self.emb = Holder("emb.", ["embedding_table"])
        self.ln = Holder("ln.", ["gamma", "beta"])


net = Mixed()
assert [p.name for p in net.get_parameters()] == ORDER, [p.name for p in net.get_parameters()]

# --- 2. MindSpore-written files ---------------------------------------------------------------
msw = OUT / "mindspore_written"
msw.mkdir(exist_ok=True)
for f in msw.glob("*"):
    os.chmod(f, 0o600)
    f.unlink()
ms.save_checkpoint(net, str(msw / "mixed.ckpt"))
ms.save_checkpoint(net, str(msw / "mixed_crc.ckpt"), crc_check=True)
ms.save_checkpoint(net, str(msw / "mixed_append.ckpt"), append_dict=dict(APPEND))
ms.save_checkpoint(net, str(msw / "mixed.safetensors"), format="safetensors")
# MindSpore 2.10 cannot compute the safetensors CRC of a bfloat16 tensor (numpy buffer error): leave pbf out
ms.save_checkpoint(net, str(msw / "mixed_crc.safetensors"), format="safetensors", crc_check=True,
                   choice_func=lambda n: n != "pbf")
ms.save_checkpoint([{"name": "a", "data": Tensor([1.0, 2.0])}, {"name": "b", "data": Parameter(Tensor([3]))}],
                   str(msw / "list2.ckpt"))
ms.save_checkpoint(net, str(msw / "enc_gcm.ckpt"), enc_key=KEY, enc_mode="AES-GCM")
ms.save_checkpoint(net, str(msw / "enc_cbc.ckpt"), enc_key=KEY, enc_mode="AES-CBC")
ms.save_checkpoint(net, str(msw / "enc_sm4.ckpt"), enc_key=KEY, enc_mode="SM4-CBC")
ms.save_checkpoint(net, str(msw / "noext"))  # -> noext.ckpt


def value_np(v):
    d = v.data if isinstance(v, Parameter) else v
    if d.dtype == ms.bfloat16:
        d = d.astype(ms.float32)
    return d.asnumpy()


# --- 3. MindSpore reads ms_compat-written files -----------------------------------------------
mcw = OUT / "ms_compat_written"
record, arrays = {}, {}
for f in sorted(mcw.iterdir()):
    kw = {}
    if f.name.endswith(".safetensors"):
        kw["format"] = "safetensors"
    if f.name == "enc_gcm.ckpt":
        kw.update(dec_key=KEY, dec_mode="AES-GCM")
    if f.name == "enc_cbc.ckpt":
        kw.update(dec_key=KEY, dec_mode="AES-CBC")
    if "crc" in f.name:
        kw["crc_check"] = True
    try:
        d = ms.load_checkpoint(str(f), **kw)
    except Exception as e:  # noqa: BLE001
        record[f.name] = {"error": [type(e).__name__, str(e).splitlines()[0]]}
        continue
    entries = []
    for k, v in d.items():
        if isinstance(v, str):
            entries.append([k, "str", [], v])
        else:
            entries.append([k, str(v.dtype), list(v.shape), None])
            arrays[f"{f.name}|{k}"] = value_np(v)
    record[f.name] = {"entries": entries}

# load_param_into_net of an ms_compat file into a fresh MindSpore net (zeros) -> values equal
fresh = Mixed()
for p in fresh.get_parameters():
    p.set_data(Tensor(np.zeros(p.shape, dtype=np.float32), p.dtype) if p.dtype != ms.bool_
               else Tensor(np.zeros(p.shape, dtype=bool)))
res = ms.load_param_into_net(fresh, ms.load_checkpoint(str(mcw / "mixed.ckpt")))
record["load_param_into_net_mixed"] = [list(res[0]), list(res[1])]
record["after_load_equal"] = {p.name: bool(np.array_equal(value_np(p), value_np(getattr(net, p.name) if "." not in
                                                                                  p.name else p)))
                              for p in fresh.get_parameters() if "." not in p.name}
for p in fresh.get_parameters():
    arrays[f"after_load|{p.name}"] = value_np(p)

# --- errors MindSpore raises for damaged files ----------------------------------------------------
raw = (msw / "mixed.ckpt").read_bytes()
bad = OUT / "tmp_bad.ckpt"
errors = {}
for label, blob in [("truncated_half", raw[: len(raw) // 2]), ("truncated_minus1", raw[:-1]),
                    ("garbage", b"\xff" * 40), ("empty", b"")]:
    bad.write_bytes(blob)
    errors[label] = refutil.error_of(lambda: ms.load_checkpoint(str(bad)))
crc_raw = bytearray((msw / "mixed_crc.ckpt").read_bytes())
crc_raw[30] ^= 0x01
bad.write_bytes(bytes(crc_raw))
errors["crc_flipped_bit"] = refutil.error_of(lambda: ms.load_checkpoint(str(bad), crc_check=True))
errors["missing"] = refutil.error_of(lambda: ms.load_checkpoint(str(OUT / "nope.ckpt")))
errors["wrong_key"] = refutil.error_of(lambda: ms.load_checkpoint(str(msw / "enc_gcm.ckpt"), dec_key=bytes(16)))
errors["no_key"] = refutil.error_of(lambda: ms.load_checkpoint(str(msw / "enc_gcm.ckpt")))
bad.unlink()
record["errors"] = errors
record["mode_of_saved_file"] = oct(os.stat(msw / "mixed.ckpt").st_mode & 0o777)

# --- a small real-layer model for the name-map tests (MindSpore names -> native torch layers) -----------
class LayerNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(5, 4)
        self.conv = nn.Conv2d(1, 2, 3, pad_mode="pad", padding=1, has_bias=True)
        self.bn = nn.BatchNorm2d(2)
        self.dense = nn.Dense(32, 3)
        self.ln = nn.LayerNorm((3,))

    def construct(self, ids):
        e = self.emb(ids).reshape(2, 1, 4, 4)
        b = self.bn(self.conv(e))
        return self.ln(self.dense(b.reshape(2, 32)))


rng = np.random.default_rng(11)
lnet = LayerNet()
lnet.set_train(False)
for p in lnet.get_parameters():
    v = rng.standard_normal(p.shape).astype(np.float32)
    if "moving_variance" in p.name:
        v = np.abs(v) + 0.5
    p.set_data(Tensor(v))
ids = rng.integers(0, 5, (2, 4)).astype(np.int32)
out = lnet(Tensor(ids)).asnumpy()
ms.save_checkpoint(lnet, str(msw / "layers.ckpt"))
refutil.save_npz(AREA, "layers", ids=ids, out=out)
record["layers_names"] = [p.name for p in lnet.get_parameters()]

# --- the model corpus (tests/models): digest of MindSpore's .ckpt for each model ---------------------
# (the files are too large to commit; byte identity of ms_compat's file proves both directions)
import hashlib  # noqa: E402
import importlib  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))
from models import corpus  # noqa: E402

record["corpus"] = {}
with tempfile.TemporaryDirectory() as tmp:
    for mname in corpus.MODELS:
        cnet, _ = importlib.import_module(f"models.{mname}").build()
        for p in cnet.get_parameters():
            p.set_data(Tensor(corpus.weight_for(p.name, p.shape)))
        path = os.path.join(tmp, mname + ".ckpt")
        ms.save_checkpoint(cnet, path)
        raw = open(path, "rb").read()
        record["corpus"][mname] = {"sha256": hashlib.sha256(raw).hexdigest(), "bytes": len(raw),
                                   "entries": len(list(cnet.get_parameters()))}
        os.chmod(path, 0o600)

refutil.save_json(AREA, "read_by_mindspore", record)
refutil.save_npz(AREA, "read_by_mindspore", **arrays)
for f in msw.iterdir():
    os.chmod(f, 0o644)
for f in mcw.iterdir():
    os.chmod(f, 0o644)
print("checkpoint references written:", sorted(p.name for p in msw.iterdir()))
