"""``mindspore.parallel.merge_pipeline_strategys``: the strategy files of the pipeline stages of a run merged
into one file.

MindSpore 2.10 merges the per-stage files found in ``src_strategy_dirs`` (all ``*.ckpt`` protobuf files or all
``*.json`` files) into ``dst_strategy_file``. ms_compat's strategy files are JSON (``strategy_file.py``); each
stage's file lists the parameters laid out on that stage (other stages' are released there) and a parameter's
layout is the same wherever it is held, so merging is the union
of the files' parameters (a parameter with two different layouts is a ``ValueError``). The merged file is an
ms_compat strategy file, read by ``build_searched_strategy`` and the checkpoint transforms. MindSpore's protobuf
(``*.ckpt``) strategy files are not read (``ValueError``), as everywhere in ms_compat.
"""
from __future__ import annotations

import glob
import os

from .strategy_file import read_strategy_file, write_strategy_file

__all__ = ["merge_pipeline_strategys"]


def merge_pipeline_strategys(src_strategy_dirs, dst_strategy_file):
    """Mirrors ``mindspore.parallel.merge_pipeline_strategys(src_strategy_dirs, dst_strategy_file)``."""
    dst_strategy_file = os.path.abspath(os.path.normpath(dst_strategy_file))
    os.makedirs(os.path.dirname(dst_strategy_file), exist_ok=True)
    if not os.path.isdir(src_strategy_dirs):
        raise NotADirectoryError("src_strategy_dirs {} is not a directory.".format(src_strategy_dirs))
    protobuf = glob.glob(os.path.join(src_strategy_dirs, "*.ckpt"))
    files = sorted(glob.glob(os.path.join(src_strategy_dirs, "*.json")))
    if protobuf and files:
        raise ValueError("The strategys format should be all '.ckpt' or all '.json'")
    if protobuf:
        raise ValueError(f"The strategy files in {src_strategy_dirs} are MindSpore's protobuf strategy files, which "
                         "ms_compat does not read: merge the JSON strategy files ms_compat writes "
                         "(strategy_ckpt_config save_file).")
    merged = {}
    for f in files:
        for name, entry in read_strategy_file(f).items():
            if name in merged and merged[name] != entry:
                raise ValueError(f"The parameter '{name}' has different layouts in the strategy files of "
                                 f"{src_strategy_dirs}: {merged[name]} and {entry} ({f}).")
            merged[name] = entry
    write_strategy_file(dst_strategy_file, dict(sorted(merged.items())))
