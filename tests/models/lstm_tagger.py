import mindspore.nn as nn
from mindspore import ops


class LSTMTagger(nn.Cell):
    def __init__(self, vocab=30, emb=16, hidden=12, tags=5):
        super().__init__()
        self.embedding = nn.Embedding(vocab, emb)
        self.lstm = nn.LSTM(emb, hidden, num_layers=2, has_bias=True, batch_first=True, bidirectional=True)
        self.fc = nn.Dense(2 * hidden, tags)
        self.log_softmax = nn.LogSoftmax(axis=-1)

    def construct(self, tokens):
        x = self.embedding(tokens)
        out, _ = self.lstm(x)
        return self.log_softmax(self.fc(out))


def build():
    return LSTMTagger(), [((2, 7), "int32:30")]
