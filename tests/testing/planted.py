"""Factories for the comparison-toolkit tests: the corpus LeNet, and the same with a planted divergence
in one inner cell (fc2's output shifted by 0.01) — the reference recording has no such shift."""


def lenet():
    from models.lenet import LeNet5
    return LeNet5()


def lenet_planted():
    net = lenet()
    net.fc2.register_forward_hook(lambda cell, args, out: out + 0.01)
    return net


def lenet_gelu():
    """The corpus LeNet with its shared activation swapped for GELU: the port's class differs."""
    import mindspore.nn as nn
    net = lenet()
    net.relu = nn.GELU()
    return net
