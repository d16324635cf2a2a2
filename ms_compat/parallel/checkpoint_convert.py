"""``mindspore.parallel.checkpoint_convert``: ``rank_list_for_convert``, ``convert_checkpoint_by_rank`` and
``convert_checkpoints``.

In MindSpore 2.10 these are the same functions as ``rank_list_for_transform``, ``transform_checkpoint_by_rank``
and ``transform_checkpoints`` under newer names (``mindspore/parallel/checkpoint_convert.py`` calls them with the
same arguments), so here they call ms_compat's versions in :mod:`ms_compat.parallel.checkpoint_transform`, with
the same strategy files (JSON, see ``strategy_file.py``) and the same differences.
"""
from __future__ import annotations

from .checkpoint_transform import rank_list_for_transform, transform_checkpoint_by_rank, transform_checkpoints

__all__ = ["rank_list_for_convert", "convert_checkpoint_by_rank", "convert_checkpoints"]


def rank_list_for_convert(rank_id, src_strategy_file=None, dst_strategy_file=None):
    """Mirrors ``mindspore.parallel.rank_list_for_convert`` (= ``rank_list_for_transform``): the source ranks
    whose checkpoints rank ``rank_id`` needs."""
    return rank_list_for_transform(rank_id, src_strategy_file, dst_strategy_file)


def convert_checkpoint_by_rank(rank_id, checkpoint_files_map, save_checkpoint_file_name, src_strategy_file=None,
                               dst_strategy_file=None):
    """Mirrors ``mindspore.parallel.convert_checkpoint_by_rank`` (= ``transform_checkpoint_by_rank``)."""
    transform_checkpoint_by_rank(rank_id, checkpoint_files_map, save_checkpoint_file_name, src_strategy_file,
                                 dst_strategy_file)


def convert_checkpoints(src_checkpoints_dir, dst_checkpoints_dir, ckpt_prefix, src_strategy_file=None,
                        dst_strategy_file=None, process_num=1, output_format="ckpt"):
    """Mirrors ``mindspore.parallel.convert_checkpoints`` (= ``transform_checkpoints``)."""
    transform_checkpoints(src_checkpoints_dir, dst_checkpoints_dir, ckpt_prefix, src_strategy_file,
                          dst_strategy_file, process_num, output_format)
