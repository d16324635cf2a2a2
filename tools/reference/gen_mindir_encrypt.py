"""Encrypted MindIR (issue 35) with real MindSpore 2.10: ``mindspore.export(..., enc_key=, enc_mode=)`` for
AES-GCM, AES-CBC and SM4-CBC of the small "mixer" network (mindir_nets.py), stored in
tests/reference_data/mindir/encrypted/<mode>.mindir with the key and MindSpore's GraphCell outputs; the errors of
``mindspore.load`` on such files (no key, a wrong key, a wrong mode); and the proof of the other direction: ms_compat
(the .venv interpreter) encrypts the same network in each mode (ms_compat_<mode>.mindir, stored), MindSpore loads
those files with ``dec_key``/``dec_mode`` and runs them (outputs stored in verified.npz/json)."""
from __future__ import annotations

import os
import subprocess

import numpy as np
import mindspore as ms
from mindspore import nn

import mindir_nets
import refutil

AREA = "mindir/encrypted"
KEY = bytes(range(1, 17))
MODES = ("AES-GCM", "AES-CBC", "SM4-CBC")

_WRITE = """
import sys
sys.path.insert(0, {tools!r})
import ms_compat as ms, mindir_nets
net, inputs = mindir_nets.build(ms)["mixer"]
for mode in {modes!r}:
    ms.export(net, *inputs, file_name={out!r} + "/ms_compat_" + mode, file_format="MINDIR", enc_key={key!r},
              enc_mode=mode)
"""


def _fresh(path):
    if path.exists():
        path.chmod(0o600)
        path.unlink()


def main():
    d = refutil.out_dir(AREA)
    net, inputs = mindir_nets.build(ms)["mixer"]
    arrays = {f"input{i}": x.asnumpy() for i, x in enumerate(inputs)}
    summary = {"key": KEY.hex(), "modes": list(MODES)}
    for mode in MODES:
        target = d / f"{mode}.mindir"
        _fresh(target)
        ms.export(net, *inputs, file_name=str(target), file_format="MINDIR", enc_key=KEY, enc_mode=mode)
        out = nn.GraphCell(ms.load(str(target), dec_key=KEY, dec_mode=mode))(*inputs)
        arrays.update({f"{mode}/output{i}": o.asnumpy() for i, o in enumerate(out)})
    gcm = str(d / "AES-GCM.mindir")
    summary["errors"] = {
        "no_key": refutil.error_of(lambda: ms.load(gcm)),
        "wrong_key": refutil.error_of(lambda: ms.load(gcm, dec_key=bytes(16))),
        "wrong_mode": refutil.error_of(lambda: ms.load(gcm, dec_key=KEY, dec_mode="AES-CBC")),
        "key_not_bytes": refutil.error_of(lambda: ms.load(gcm, dec_key="0123456789abcdef")),
        "export_bad_mode": refutil.error_of(lambda: ms.export(net, *inputs, file_name=str(d / "x"),
                                                              file_format="MINDIR", enc_key=KEY, enc_mode="DES")),
    }
    for mode in MODES:
        _fresh(d / f"ms_compat_{mode}.mindir")
    env = dict(os.environ, PYTHONPATH=str(refutil.ROOT))
    subprocess.run([str(refutil.ROOT / ".venv" / "bin" / "python"), "-c",
                    _WRITE.format(tools=str(refutil.ROOT / "tools" / "reference"), modes=MODES, out=str(d), key=KEY)],
                   check=True, env=env)
    verified = {}
    for mode in MODES:
        out = nn.GraphCell(ms.load(str(d / f"ms_compat_{mode}.mindir"), dec_key=KEY, dec_mode=mode))(*inputs)
        arrays.update({f"ms_compat_{mode}/output{i}": o.asnumpy() for i, o in enumerate(out)})
        verified[mode] = f"mindspore {ms.__version__}"
    summary["ms_compat_written_loaded_by"] = verified
    refutil.save_npz(AREA, "outputs", **arrays)
    refutil.save_json(AREA, "summary", summary)


if __name__ == "__main__":
    main()
