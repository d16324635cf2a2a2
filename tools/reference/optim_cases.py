"""Optimizer cases shared by tools/reference/gen_optim.py (run under real MindSpore 2.10) and
tests/nn/test_optim.py (run under ms_compat): one definition, so a case added here is generated and
tested. ``nn`` and ``Tensor`` are the framework's; numpy only otherwise (imports under both)."""
import numpy as np

NAMES = ["fc.weight", "bn.gamma", "fc.bias"]   # the parameters every case optimizes, in this order


def groups(ps):
    w, g, b = ps
    return [{"params": [w], "lr": 0.1, "weight_decay": 0.01}, {"params": [g, b]}, {"order_params": [b, w, g]}]


def groups_dyn(ps):
    w, g, b = ps
    return [{"params": [w], "lr": [0.2, 0.1, 0.05, 0.01, 0.005], "weight_decay": 0.02},
            {"params": [g, b], "grad_centralization": True}]


def cases(nn, Tensor):
    """name -> ``make(params) -> optimizer``."""
    return {
        "sgd_default": lambda p: nn.SGD(p),
        "sgd_momentum": lambda p: nn.SGD(p, 0.05, momentum=0.9, dampening=0.1, weight_decay=0.01),
        "sgd_nesterov": lambda p: nn.SGD(p, 0.05, momentum=0.9, nesterov=True, weight_decay=0.01,
                                         loss_scale=2.0),
        "sgd_damp_nomom": lambda p: nn.SGD(p, 0.1, momentum=0.0, dampening=0.3),
        "momentum": lambda p: nn.Momentum(p, 0.05, 0.9, weight_decay=0.01),
        "momentum_nesterov": lambda p: nn.Momentum(p, 0.05, 0.9, use_nesterov=True),
        "momentum_ls": lambda p: nn.Momentum(p, 0.05, 0.9, weight_decay=0.1, loss_scale=4.0),
        "momentum_groups": lambda p: nn.Momentum(groups(p), 0.05, 0.8),
        "adam_default": lambda p: nn.Adam(p),
        "adam_nondefault": lambda p: nn.Adam(p, learning_rate=0.01, beta1=0.8, beta2=0.95, eps=1e-3,
                                             weight_decay=0.05),
        "adam_nesterov": lambda p: nn.Adam(p, learning_rate=0.01, eps=1e-3, use_nesterov=True),
        "adam_amsgrad": lambda p: nn.Adam(p, learning_rate=0.01, beta2=0.9, eps=1e-3, use_amsgrad=True),
        "adam_groups_dynlr": lambda p: nn.Adam(groups_dyn(p), learning_rate=[0.1, 0.05, 0.02, 0.01, 0.01],
                                               eps=1e-3),
        "adam_listlr_short": lambda p: nn.Adam(p, learning_rate=[0.1, 0.05, 0.02], eps=1e-3),
        "adamwd_default": lambda p: nn.AdamWeightDecay(p),
        "adamwd_nondefault": lambda p: nn.AdamWeightDecay(p, learning_rate=0.01, beta1=0.8, beta2=0.95, eps=1e-3,
                                                          weight_decay=0.1),
        "adamwd_groups": lambda p: nn.AdamWeightDecay(groups(p), learning_rate=0.01, weight_decay=0.05),
        "adamwd_dyn_wd": lambda p: nn.AdamWeightDecay(p, learning_rate=nn.CosineDecayLR(0.001, 0.01, 3),
                                                      weight_decay=nn.ExponentialDecayLR(0.1, 0.5, 1)),
        "lamb": lambda p: nn.Lamb(p, 0.01),
        "lamb_nondefault": lambda p: nn.Lamb(p, 0.02, beta1=0.8, beta2=0.95, eps=1e-4, weight_decay=0.1),
        "rmsprop_default": lambda p: nn.RMSProp(p),
        "rmsprop_nondefault": lambda p: nn.RMSProp(p, 0.01, decay=0.8, momentum=0.5, epsilon=1e-3,
                                                   weight_decay=0.01),
        "rmsprop_centered": lambda p: nn.RMSProp(p, 0.01, momentum=0.3, epsilon=1e-3, centered=True,
                                                 loss_scale=2.0),
        "adagrad_default": lambda p: nn.Adagrad(p),
        "adagrad_nondefault": lambda p: nn.Adagrad(p, accum=0.5, learning_rate=0.05, weight_decay=0.01),
        "adagrad_noslots": lambda p: nn.Adagrad(p, accum=0.5, learning_rate=0.05, update_slots=False),
        "lazyadam": lambda p: nn.LazyAdam(p, learning_rate=0.01, beta1=0.8, eps=1e-3, weight_decay=0.01),
        "adamax_default": lambda p: nn.AdaMax(p),
        "adamax_nondefault": lambda p: nn.AdaMax(p, learning_rate=0.01, beta1=0.8, beta2=0.95, eps=1e-3,
                                                 weight_decay=0.01, loss_scale=2.0),
        "sgd_schedule": lambda p: nn.SGD(p, nn.PolynomialDecayLR(0.1, 0.01, 3, 2.0), momentum=0.5),
        "momentum_tensorlr": lambda p: nn.Momentum(p, Tensor(np.array([0.1, 0.05, 0.02, 0.01], np.float32)), 0.9),
    }
