"""``mindspore.parallel.restore_group_info_list``: the checkpoint-restore rank list from a MindSpore group
information file.

MindSpore's graph compiler writes that file (``GROUP_INFO_FILE`` / ``set_group_ckpt_save_file``, the
``ParallelGroupMap`` message of ``node_strategy.proto``) during a parallel run; ms_compat reads such a file
written by MindSpore (the message is rebuilt here with the ``protobuf`` package, in a private descriptor pool,
as ``train/ckpt_format.py`` does for checkpoints). ms_compat itself writes no group information file
(``AutoParallel.set_group_ckpt_save_file`` is stored without effect), since its communication groups are
``torch.distributed`` groups created by the program.
"""
from __future__ import annotations

import os

__all__ = ["restore_group_info_list"]

_cls = None


def _group_map_class():
    """``ParallelGroupMap { repeated ParallelGroupItem parallel_group_item = 1;
    required ParallelGroupRanks ckpt_restore_rank_list = 2; }`` (package ``mindspore.straspb``, proto2)."""
    global _cls
    if _cls is None:
        from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
        F = descriptor_pb2.FieldDescriptorProto
        fdp = descriptor_pb2.FileDescriptorProto(name="node_strategy_group.proto", package="mindspore.straspb",
                                                 syntax="proto2")
        ranks = fdp.message_type.add(name="ParallelGroupRanks")
        ranks.field.add(name="dim", number=1, label=F.LABEL_REPEATED, type=F.TYPE_UINT32)
        item = fdp.message_type.add(name="ParallelGroupItem")
        item.field.add(name="group_name", number=1, label=F.LABEL_REQUIRED, type=F.TYPE_STRING)
        item.field.add(name="parallel_group_ranks", number=2, label=F.LABEL_REQUIRED, type=F.TYPE_MESSAGE,
                       type_name=".mindspore.straspb.ParallelGroupRanks")
        gmap = fdp.message_type.add(name="ParallelGroupMap")
        gmap.field.add(name="parallel_group_item", number=1, label=F.LABEL_REPEATED, type=F.TYPE_MESSAGE,
                       type_name=".mindspore.straspb.ParallelGroupItem")
        gmap.field.add(name="ckpt_restore_rank_list", number=2, label=F.LABEL_REQUIRED, type=F.TYPE_MESSAGE,
                       type_name=".mindspore.straspb.ParallelGroupRanks")
        pool = descriptor_pool.DescriptorPool()
        pool.Add(fdp)
        _cls = message_factory.GetMessageClass(pool.FindMessageTypeByName("mindspore.straspb.ParallelGroupMap"))
    return _cls


def restore_group_info_list(group_info_file_name):
    """Mirrors ``mindspore.parallel.restore_group_info_list(group_info_file_name)``: the list of ranks of the
    file's ``ckpt_restore_rank_list``."""
    if not isinstance(group_info_file_name, str):
        raise TypeError("For 'restore_group_info_list', the argument 'group_info_file_name' should be str, "
                        f"but got {type(group_info_file_name)}.")
    if not os.path.isfile(group_info_file_name):
        raise ValueError(f"For 'restore_group_info_list', no such group information file: {group_info_file_name}.")
    if os.path.getsize(group_info_file_name) == 0:
        raise ValueError("For 'restore_group_info_list', the group information file should not be empty.")
    from google.protobuf.message import DecodeError
    msg = _group_map_class()()
    with open(group_info_file_name, "rb") as f:
        try:
            msg.ParseFromString(f.read())
        except DecodeError as e:
            raise ValueError(f"For 'restore_group_info_list', the group information file {group_info_file_name} is "
                             f"not a MindSpore group information file: {e}") from None
    restore_list = msg.ckpt_restore_rank_list
    if not restore_list.dim:
        raise ValueError("For 'restore_group_info_list', the group information file has no restore rank list.")
    return list(restore_list.dim)
