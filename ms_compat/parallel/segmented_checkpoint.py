"""``mindspore.parallel.load_segmented_checkpoints``: every ``*.ckpt`` file of a directory loaded with
``load_checkpoint`` (same arguments) into one dictionary, as MindSpore 2.10 does (the files are taken in
``glob`` order, a later file's parameter replacing an earlier one of the same name)."""
from __future__ import annotations

import glob
import os

__all__ = ["load_segmented_checkpoints"]


def load_segmented_checkpoints(ckpt_file_dir, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                               dec_mode="AES-GCM", specify_prefix=None, choice_func=None):
    """Mirrors ``mindspore.parallel.load_segmented_checkpoints``: ``{name: Parameter}`` of all the checkpoint
    files in ``ckpt_file_dir`` (loaded into ``net`` when given)."""
    from ..train.serialization import load_checkpoint
    if not isinstance(ckpt_file_dir, str):
        raise TypeError("The ckpt_file_dir should be a str.")
    if not os.path.isdir(ckpt_file_dir):
        raise ValueError("The dst_strategy_file: {} doesn't exist. Or it's not a directory".format(ckpt_file_dir))
    parameter_dict = {}
    for checkpoint_file in glob.glob(os.path.join(ckpt_file_dir, "*.ckpt")):
        parameter_dict.update(load_checkpoint(checkpoint_file, net, strict_load, filter_prefix, dec_key, dec_mode,
                                              specify_prefix, choice_func))
    return parameter_dict
