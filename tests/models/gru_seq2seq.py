import mindspore.nn as nn
from mindspore import ops


class Seq2Seq(nn.Cell):
    """GRU encoder-decoder with teacher forcing."""

    def __init__(self, src_vocab=20, tgt_vocab=22, emb=12, hidden=16):
        super().__init__()
        self.src_embed = nn.Embedding(src_vocab, emb)
        self.tgt_embed = nn.Embedding(tgt_vocab, emb)
        self.encoder = nn.GRU(emb, hidden, num_layers=1, batch_first=True)
        self.decoder = nn.GRU(emb, hidden, num_layers=1, batch_first=True)
        self.out = nn.Dense(hidden, tgt_vocab)

    def construct(self, src, tgt):
        _, h = self.encoder(self.src_embed(src))
        dec, _ = self.decoder(self.tgt_embed(tgt), h)
        return self.out(dec)


def build():
    return Seq2Seq(), [((2, 6), "int32:20"), ((2, 5), "int32:22")]
