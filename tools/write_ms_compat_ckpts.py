"""Write the checkpoint fixtures that real MindSpore must read back (run with the ms_compat python).

    python3 tools/write_ms_compat_ckpts.py

Writes ``tests/reference_data/checkpoint/data.npz`` (the source arrays, fixed seed) and the files in
``tests/reference_data/checkpoint/ms_compat_written/``. ``tools/reference/gen_checkpoint.py`` (run
under MindSpore by ``tools/make_references.py checkpoint``) calls this first, then writes the same
data with MindSpore into ``mindspore_written/`` and records what MindSpore reads from the
ms_compat files.
"""
from __future__ import annotations

import os
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
OUT = ROOT / "tests" / "reference_data" / "checkpoint"
KEY = bytes(range(16))
APPEND = {"epoch_num": 3, "lr": 0.5, "tag": "abc", "flag": True, "note": "h\u00e9llo \u2713"}

# name -> (numpy dtype used in data.npz, shape, checkpoint dtype)
LAYOUT = [
    ("p16", "float16", (2, 3)), ("pbf", "bfloat16", (3,)), ("pf32", "float32", (2, 2)),
    ("pf64", "float64", (2,)), ("pi8", "int8", (3,)), ("pi16", "int16", (2,)), ("pi32", "int32", (2, 2)),
    ("pi64", "int64", (1, 1)), ("pu8", "uint8", (4,)), ("pb", "bool", (2,)), ("scalar", "float32", ()),
    ("dense.weight", "float32", (2, 3)), ("dense.bias", "float32", (2,)),
    ("bn.moving_mean", "float32", (2,)), ("bn.moving_variance", "float32", (2,)),
    ("bn.gamma", "float32", (2,)), ("bn.beta", "float32", (2,)),
    ("emb.embedding_table", "float32", (4, 3)), ("ln.gamma", "float32", (3,)), ("ln.beta", "float32", (3,)),
]


def make_data():
    """Source arrays (bfloat16 values stored as float32 that bfloat16 represents exactly)."""
    rng = np.random.default_rng(7)
    data = {}
    for name, dt, shape in LAYOUT:
        if dt == "bool":
            a = rng.integers(0, 2, shape).astype(bool)
        elif dt.startswith(("int", "uint")):
            info = np.iinfo(dt)
            a = rng.integers(max(info.min, -100), min(info.max, 200), shape, endpoint=True).astype(dt)
        elif dt == "bfloat16":
            a = (rng.integers(-64, 64, shape) / 8.0).astype(np.float32)
        else:
            a = rng.standard_normal(shape).astype(dt)
        data[name] = np.asarray(a)
    return data


def torch_tensors(data):
    import torch
    out = {}
    for name, dt, _ in LAYOUT:
        t = torch.from_numpy(np.array(data[name]))  # np.array keeps 0-d arrays 0-d
        out[name] = t.to(torch.bfloat16) if dt == "bfloat16" else t
    return out


def build_cell(data):
    """An ms_compat Cell whose parameters_and_names order and names match MindSpore's net."""
    import ms_compat as ms
    from ms_compat import nn
    t = torch_tensors(data)

    class Holder(nn.Cell):
        def __init__(self, names):
            super().__init__()
            for n in names:
                setattr(self, n, ms.Parameter(t[prefix_of[id(names)] + n].clone(), name=n))

    prefix_of = {}
    groups = {"dense": ["weight", "bias"], "bn": ["moving_mean", "moving_variance", "gamma", "beta"],
              "emb": ["embedding_table"], "ln": ["gamma", "beta"]}

    class Mixed(nn.Cell):
        def __init__(self):
            super().__init__()
            for name, _, _ in LAYOUT:
                if "." not in name:
                    setattr(self, name, ms.Parameter(t[name].clone(), name=name))
            for g, names in groups.items():
                prefix_of[id(names)] = g + "."
                setattr(self, g, Holder(names))

    return Mixed()


def write_all(out_dir, data):
    import ms_compat as ms
    from ms_compat.train import serialization as ser
    out_dir = pathlib.Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    net = build_cell(data)
    ms.save_checkpoint(net, str(out_dir / "mixed.ckpt"))
    ms.save_checkpoint(net, str(out_dir / "mixed_crc.ckpt"), crc_check=True)
    ms.save_checkpoint(net, str(out_dir / "mixed_append.ckpt"), append_dict=dict(APPEND))
    ms.save_checkpoint(net, str(out_dir / "mixed.safetensors"), format="safetensors")
    ms.save_checkpoint(net, str(out_dir / "mixed_crc.safetensors"), format="safetensors", crc_check=True,
                       choice_func=lambda n: n != "pbf")  # as the MindSpore fixture (its CRC fails on bf16)
    ms.save_checkpoint([{"name": "a", "data": ms.Tensor([1.0, 2.0])}, {"name": "b", "data": ms.Parameter(ms.Tensor([3]))}],
                       str(out_dir / "list2.ckpt"))
    # encrypted (random IVs: compared by value, not by bytes)
    ms.save_checkpoint(net, str(out_dir / "enc_gcm.ckpt"), enc_key=KEY, enc_mode="AES-GCM")
    ms.save_checkpoint(net, str(out_dir / "enc_cbc.ckpt"), enc_key=KEY, enc_mode="AES-CBC")
    # large-tensor splitting, scaled down: 16-byte pieces (MindSpore: 512 MiB) with the same tag
    old = ser.SLICE_BYTES
    ser.SLICE_BYTES = 16
    try:
        ms.save_checkpoint(net, str(out_dir / "sliced.ckpt"))
    finally:
        ser.SLICE_BYTES = old
    return net


def main():
    data = make_data()
    OUT.mkdir(parents=True, exist_ok=True)
    np.savez(OUT / "data.npz", **data)
    d = OUT / "ms_compat_written"
    for f in d.glob("*") if d.exists() else []:
        os.chmod(f, 0o600)
    write_all(d, data)
    print("wrote", sorted(p.name for p in d.iterdir()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
