"""Reference for mindspore.parallel.restore_group_info_list: a group information file written with MindSpore
2.10's own node_strategy_pb2 (the ParallelGroupMap message its graph compiler saves), and what
restore_group_info_list returns / raises on it under real MindSpore.

Writes tests/reference_data/parallel/group_info.pb and group_info.json.
"""
import json
import os
import pathlib

os.environ.setdefault("GLOG_v", "3")
import mindspore as ms  # noqa: E402
from mindspore.parallel import restore_group_info_list  # noqa: E402
from mindspore.train import node_strategy_pb2 as pb  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parents[2] / "tests" / "reference_data" / "parallel"


def _err(fn):
    try:
        return ["ok", fn()]
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e)]


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    m = pb.ParallelGroupMap()
    for name, ranks in (("2-5004544844489628105", [0, 2, 4, 6]), ("4-6301172352641561019", [0, 1])):
        item = m.parallel_group_item.add()
        item.group_name = name
        item.parallel_group_ranks.dim.extend(ranks)
    m.ckpt_restore_rank_list.dim.extend([0, 2, 4, 6])
    path = OUT / "group_info.pb"
    path.write_bytes(m.SerializeToString())
    empty = OUT / "group_info_empty.tmp"
    empty.write_bytes(b"")
    res = {"restore": _err(lambda: restore_group_info_list(str(path))),
           "empty": _err(lambda: restore_group_info_list(str(empty))),
           "type": _err(lambda: restore_group_info_list(1)),
           "version": ms.__version__}
    empty.unlink()
    (OUT / "group_info.json").write_text(json.dumps(res, indent=1) + "\n")


if __name__ == "__main__":
    main()
