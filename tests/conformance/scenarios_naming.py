"""Parameter-naming scenarios (issue 21 item 3): the container patterns real MindSpore model code uses, run
unchanged under real MindSpore 2.10 (tools/reference/gen_naming.py stores the results) and under ms_compat
(test_naming_conformance.py compares). Each returns the parameter names (``get_parameters``), the
``parameters_and_names`` keys and the ``cells_and_names`` names; errors are recorded as ``[type, message]``."""
import numpy as np

SCENARIOS = {}


def scenario(fn):
    SCENARIOS[fn.__name__] = fn
    return fn


def names(net):
    return {"params": [p.name for p in net.get_parameters()],
            "keys": [k for k, _ in net.parameters_and_names()],
            "cells": [n for n, _ in net.cells_and_names()]}


def err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        return [type(e).__name__, str(e).strip().splitlines()[0] if str(e).strip() else ""]
    return None


def _blk(ms):
    nn = ms.nn
    return nn.SequentialCell(nn.Dense(2, 2), nn.BatchNorm1d(2))


def _x(ms):
    return ms.Tensor(np.ones((2, 2), np.float32))


@scenario
def celllist_empty_then_append(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = nn.CellList()  # assigned empty, filled afterwards (edgenext, convnext)
            for _ in range(3):
                self.layers.append(_blk(ms))

    return names(Net())


@scenario
def celllist_empty_then_extend_insert_setitem(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = nn.CellList()
            self.layers.extend([_blk(ms), nn.Dense(2, 2)])
            self.layers.insert(1, nn.Dense(2, 3))
            self.layers[0] = nn.Dense(2, 4)
            self.layers.append(nn.Dense(2, 5))

    return names(Net())


@scenario
def celllist_of_leaf_cells_appended(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.heads = nn.CellList()
            for i in range(3):
                self.heads.append(nn.Dense(2, i + 1))

    return names(Net())


@scenario
def sequential_empty_then_append_setitem(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.body = nn.SequentialCell()
            self.body.append(_blk(ms))
            self.body.append(_blk(ms))
            self.body.append(nn.Dense(2, 2))
            self.body[2] = nn.Dense(2, 3)

    return names(Net())


@scenario
def celldict_empty_then_setitem(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.heads = nn.CellDict()
            self.heads["a"] = nn.Dense(2, 2)
            self.heads["b"] = nn.Dense(2, 3)
            self.heads.update({"c": nn.Dense(2, 4)})

    return names(Net())


@scenario
def list_of_containers_built_then_assigned(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            stages = []
            for _ in range(2):
                blocks = []
                for _ in range(2):
                    blocks.append(_blk(ms))
                stages.append(nn.SequentialCell(*blocks))
            self.stages = nn.CellList(stages)  # assigned only after being filled

    return names(Net())


@scenario
def celllist_of_celllists_appended(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.outer = nn.CellList()
            for _ in range(2):
                inner = nn.CellList()
                for _ in range(2):
                    inner.append(_blk(ms))
                self.outer.append(inner)  # crossvit pattern

    return names(Net())


@scenario
def sequential_of_sequentials_nested(ms):
    nn = ms.nn
    return names(nn.SequentialCell([nn.SequentialCell([nn.Dense(2, 2), _blk(ms)]), _blk(ms)]))


@scenario
def empty_container_child_is_skipped(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = nn.SequentialCell(nn.Dense(2, 2), nn.SequentialCell())  # ghostnet: ReLU or empty
            self.b = nn.CellList()

    return names(Net())


@scenario
def cell_reassigned_under_another_attribute(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            d = nn.Dense(2, 2)
            self.first = d
            self.second = d
            self.blocks = nn.CellList([nn.Dense(2, 2)])
            self.head = self.blocks[0]

    return names(Net())


@scenario
def auto_prefix_false_ancestor(ms):
    nn = ms.nn

    class Body(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = nn.CellList()
            self.layers.append(_blk(ms))
            self.layers.append(_blk(ms))

    class Wrapper(nn.Cell):
        def __init__(self):
            super().__init__(auto_prefix=False)
            self.net = Body()

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.wrap = Wrapper()

    return {"wrapper": names(Wrapper()), "outer": names(Outer()),
            "celllist_no_prefix": names(nn.CellList([nn.Dense(2, 2), nn.Dense(2, 2)], auto_prefix=False))}


@scenario
def duplicate_names_renamed_on_first_call(ms):
    nn = ms.nn

    class Leaf(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.ones((2,), np.float32)), name="w")

        def construct(self, x):
            return x * self.w

    class Net(nn.Cell):
        def __init__(self):
            super().__init__(auto_prefix=False)
            self.a = Leaf()
            self.b = Leaf()

        def construct(self, x):
            return self.b(self.a(x))

    net = Net()
    before = names(net)
    check = err(net.check_names)
    net(_x(ms))
    after = names(net)
    return {"before": before, "check_before": check, "after": after, "check_after": err(net.check_names)}


@scenario
def explicit_names_in_top_cell_kept_until_called(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor(np.ones((2,), np.float32)), name="x")
            self.q = ms.Parameter(ms.Tensor(np.ones((2,), np.float32)), name="x")
            self.r = ms.Parameter(ms.Tensor(np.ones((2,), np.float32)), name="unique")

        def construct(self, x):
            return x * self.p * self.q * self.r

    net = Net()
    before = names(net)
    net(_x(ms))
    return {"before": before, "after": names(net)}
