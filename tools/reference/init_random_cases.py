"""Cases for MindSpore's seeded initializer streams (gen_init_random.py, tests/test_init_random.py).

``run(ms, I, nn)`` runs every case with a MindSpore-like package ``ms``, its initializer module ``I`` and
its ``nn``, and returns {case name: float32 array}. Each case seeds with ``ms.set_seed`` first, then
draws in order (several draws per case check the order of seeds taken from numpy's generator).
"""
import math

import numpy as np

SEEDS = (0, 1, 1234)
SHAPES = ((2, 3), (5, 4), (3, 2, 3, 3), (7, 1))

INITS = {
    "Normal()": lambda I: I.Normal(),
    "Normal(0.5,1.0)": lambda I: I.Normal(0.5, 1.0),
    "Uniform()": lambda I: I.Uniform(),
    "Uniform(0.3)": lambda I: I.Uniform(0.3),
    "HeUniform()": lambda I: I.HeUniform(),
    "HeUniform(sqrt5)": lambda I: I.HeUniform(math.sqrt(5)),
    "HeNormal(fan_out,relu)": lambda I: I.HeNormal(mode="fan_out", nonlinearity="relu"),
    "XavierUniform()": lambda I: I.XavierUniform(),
    "XavierNormal(2)": lambda I: I.XavierNormal(2),
    "TruncatedNormal()": lambda I: I.TruncatedNormal(),
    "TruncatedNormal(0.5,0.1,-1,1)": lambda I: I.TruncatedNormal(0.5, 0.1, -1.0, 1.0),
    "Orthogonal()": lambda I: I.Orthogonal(),
    "Orthogonal(2)": lambda I: I.Orthogonal(2.0),
    "VarianceScaling(fan_avg,untruncated_normal)": lambda I: I.VarianceScaling(2.0, "fan_avg", "untruncated_normal"),
    "VarianceScaling(fan_out,uniform)": lambda I: I.VarianceScaling(1.0, "fan_out", "uniform"),
    "'normal'": lambda I: "normal",
    "'he_uniform'": lambda I: "he_uniform",
}


def _init(ms, I, init, shape):
    return I.initializer(init, shape, ms.float32).init_data().asnumpy()


def run(ms, I, nn):
    out = {}
    for seed in SEEDS:
        for name, make in INITS.items():
            ms.set_seed(seed)
            for shape in SHAPES:  # one seed, several draws in a row
                out[f"{name}|{shape}|{seed}"] = _init(ms, I, make(I), shape)
        ms.set_seed(seed)
        out[f"Sparse(0.3,0.1)|(6, 5)|{seed}"] = _init(ms, I, I.Sparse(0.3, 0.1), (6, 5))
        ms.set_seed(seed)
        out[f"Normal()|(2051,)|{seed}"] = _init(ms, I, I.Normal(1.0), (2051,))  # split across threads
        layers = [("Dense(3,2)", lambda: nn.Dense(3, 2)),
                  ("Dense(4,5,no bias)", lambda: nn.Dense(4, 5, has_bias=False)),
                  ("Conv2d(2,3,3,bias)", lambda: nn.Conv2d(2, 3, 3, has_bias=True)),
                  ("Conv1d(2,4,3,bias)", lambda: nn.Conv1d(2, 4, 3, has_bias=True)),
                  ("Conv2dTranspose(3,2,2,bias)", lambda: nn.Conv2dTranspose(3, 2, 2, has_bias=True)),
                  ("Embedding(10,4)", lambda: nn.Embedding(10, 4)),
                  ("LSTM(3,2,2 layers,bidirectional)", lambda: nn.LSTM(3, 2, num_layers=2, bidirectional=True)),
                  ("GRU(2,2)", lambda: nn.GRU(2, 2)),
                  ("RNN(2,3,no bias)", lambda: nn.RNN(2, 3, has_bias=False)),
                  ("LSTMCell(3,2)", lambda: nn.LSTMCell(3, 2)),
                  ("GRUCell(2,2,no bias)", lambda: nn.GRUCell(2, 2, has_bias=False)),
                  ("RNNCell(2,3)", lambda: nn.RNNCell(2, 3))]
        ms.set_seed(seed)
        for lname, make in layers:  # one seed for the whole sequence: MindSpore's creation order
            for pname, p in make().parameters_and_names():
                out[f"{lname}.{pname}|{seed}"] = p.asnumpy()
    return {k: np.asarray(v, np.float32) for k, v in out.items()}
