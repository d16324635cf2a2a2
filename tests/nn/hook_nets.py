"""The hook test networks, defined once and built for either framework: real MindSpore 2.10 in
tools/reference/gen_hooks.py (which records what each hook receives) and ms_compat in
tests/nn/test_hooks.py (which compares). Same code on both sides, so the comparison cannot drift."""
from types import SimpleNamespace


def define(nn, Parameter, arr, val):
    """Return the networks as a namespace; ``nn``/``Parameter`` come from the framework under test,
    ``arr`` builds its float32 tensors and ``val`` turns hook arguments into JSON-able values."""
    class Scale(nn.Cell):
        def construct(self, x):
            return x * 3

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.s = Scale()

        def construct(self, x):
            return self.s(x * 2) * 5

    class KW(nn.Cell):
        def construct(self, x, y=1.0):
            return x * y

    class KWNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.k = KW()

        def construct(self, x):
            return self.k(x, y=arr([2.0, 3.0, 4.0]))

    class Inner(nn.Cell):
        def construct(self, x):
            return x * x

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()

        def construct(self, x):
            return self.inner(x + 1) * 2

    class Top(nn.Cell):
        def __init__(self):
            super().__init__()
            self.outer = Outer()

        def construct(self, x):
            return self.outer(x) - 1

    class Reuse(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()

        def construct(self, x):
            return self.inner(self.inner(x) + 1)

    def all_hooks(cell, tag, log):
        cell.register_forward_pre_hook(lambda c, a: log.append([tag, "pre", val(a)]))
        cell.register_forward_hook(lambda c, a, o: log.append([tag, "fwd", val(a), val(o)]))
        cell.register_backward_pre_hook(lambda c, go: log.append([tag, "bwd_pre", val(go)]))
        cell.register_backward_hook(lambda c, gi, go: log.append([tag, "bwd", val(gi), val(go)]))

    class Mul2(nn.Cell):
        def construct(self, a, b):
            return a * b

    class MulNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.m = Mul2()

        def construct(self, a, b):
            return self.m(a, b) * 3

    class TwoOut(nn.Cell):
        def construct(self, a, b):
            return a + b, a * b

    class TwoOutNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.t = TwoOut()

        def construct(self, a, b):
            s, p = self.t(a, b)
            return s * 2 + p * 5

    class ScaleBy(nn.Cell):
        def construct(self, x, k):
            return x * k

    class ScaleByNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.s = ScaleBy()

        def construct(self, x):
            return self.s(x, 4.0) + 1

    class RegInside(nn.Cell):
        def __init__(self, log):
            super().__init__()
            self.s = Scale()
            self.log = log

        def construct(self, x):
            self.s.register_forward_hook(lambda c, a, o: self.log.append(1))
            return self.s(x)

    class SD(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(arr([1.0, 2.0]), name="p")
            self.sub = Scale()
            self.sub.w = Parameter(arr([3.0]), name="w")

    return SimpleNamespace(**{k: v for k, v in locals().items() if k not in ("nn", "Parameter", "arr", "val")})
