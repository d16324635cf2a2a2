"""Small MindSpore networks with control flow on tensors, exported to MindIR by gen_mindir_control.py (real
MindSpore writes them as several graphs: ``ModelProto.functions``, joined by ``Switch``/``Partial`` calls) and run
back by tests/train/test_mindir_control_flow.py (ms_compat). ``build(ms)`` runs under both frameworks."""
from __future__ import annotations

import numpy as np


def build(ms):
    """Return {name: (net, [inputs, ...])}: each net with the input sets that take its different branches."""
    nn, ops = ms.nn, ms.ops

    class IfElse(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(4, 4)

        def construct(self, x):
            y = self.dense(x)
            if y.sum() > 0:
                out = ops.relu(y) * 2
            else:
                out = y - 1
            return out + x

    class WhileLoop(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.full((3,), 0.5, np.float32)), name="w")

        def construct(self, x, n):
            i = ms.Tensor(0, ms.int32)
            while i < n:
                x = x * self.w + 1
                i = i + 1
            return x

    class Inner(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(4, 4)

        def construct(self, x):
            if x.max() > 1:
                return self.dense(x)
            return x * 3

    class Nested(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()
            self.out = nn.Dense(4, 2)

        def construct(self, x):
            y = self.inner(x)
            z = y
            if y.mean() < 0:
                z = ops.tanh(y)
            return self.out(z), y

    class LoopWithBranch(nn.Cell):
        def construct(self, x, n):
            i = ms.Tensor(0, ms.int32)
            while i < n:
                if x.sum() > 5:
                    x = x * 0.5
                else:
                    x = x + 1
                i = i + 1
            return x * 2, i

    class BreakLoop(nn.Cell):
        def construct(self, x, limit):
            i = ms.Tensor(0, ms.int32)
            while i < 10:
                x = x + 1
                if x.max() > limit:
                    break
                i = i + 1
            return x - i

    def block_class(lazy):
        class Block(nn.Cell):
            def __init__(self):
                super().__init__()
                self.dense = nn.Dense(4, 4)

            def construct(self, x):
                return ops.tanh(self.dense(x)) + x
        if lazy:  # MindSpore keeps a @lazy_inline cell as one function graph, called once per instance
            Block.__init__ = ms.lazy_inline(Block.__init__)
        return Block

    class Stack(nn.Cell):
        def __init__(self):
            super().__init__()
            block = block_class(lazy=True)
            self.b1, self.b2 = block(), block()

        def construct(self, x):
            return self.b2(self.b1(x))

    rng = np.random.default_rng(0)
    x4 = rng.standard_normal((2, 4)).astype(np.float32)
    nets = {
        "if_else": (IfElse(), [[ms.Tensor(x4)], [ms.Tensor(-x4 - 3)], [ms.Tensor(x4 + 3)]]),
        "while_loop": (WhileLoop(), [[ms.Tensor(np.arange(3, dtype=np.float32)), ms.Tensor(3, ms.int32)],
                                     [ms.Tensor(np.ones(3, np.float32)), ms.Tensor(0, ms.int32)],
                                     [ms.Tensor(np.ones(3, np.float32)), ms.Tensor(7, ms.int32)]]),
        "nested": (Nested(), [[ms.Tensor(x4 * 0.1)], [ms.Tensor(x4 + 2)], [ms.Tensor(-x4 - 2)]]),
        "lazy_inline": (Stack(), [[ms.Tensor(x4)], [ms.Tensor(x4 * 4)]]),
        "loop_with_branch": (LoopWithBranch(), [[ms.Tensor(np.ones(3, np.float32)), ms.Tensor(6, ms.int32)],
                                                [ms.Tensor(np.full(3, 4, np.float32)), ms.Tensor(3, ms.int32)],
                                                [ms.Tensor(np.ones(3, np.float32)), ms.Tensor(0, ms.int32)]]),
        "break_loop": (BreakLoop(), [[ms.Tensor(np.arange(3, dtype=np.float32)), ms.Tensor(4.5, ms.float32)],
                                     [ms.Tensor(np.arange(3, dtype=np.float32)), ms.Tensor(100.0, ms.float32)],
                                     [ms.Tensor(np.arange(3, dtype=np.float32)), ms.Tensor(0.0, ms.float32)]]),
    }
    for net, _ in nets.values():
        net.set_train(False)
        for p in net.get_parameters():  # fixed weights, from the parameter's name
            r = np.random.default_rng(sum(map(ord, p.name)))
            p.set_data(ms.Tensor(r.uniform(-0.5, 0.5, p.shape).astype(np.float32)))
    return nets
