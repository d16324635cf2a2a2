"""``mindspore.nn.layer.rnn_cells`` path: the single-step cells live in ``rnns.py``."""
from .rnns import GRUCell, LSTMCell, RNNCell

__all__ = ["RNNCell", "LSTMCell", "GRUCell"]
