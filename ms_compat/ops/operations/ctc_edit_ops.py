"""``ops.CTCLossV2`` and ``ops.EditDistance``, following MindSpore 2.10's CPU kernels."""
from __future__ import annotations

import torch

from ..primitive import Primitive
from .._utils import wrap

__all__ = ["CTCLossV2", "EditDistance"]


def _plain(x):
    return torch.Tensor.as_subclass(torch.as_tensor(x), torch.Tensor)


class CTCLossV2(Primitive):
    """Mirrors ``ops.CTCLossV2(blank=0, reduction="none", zero_infinity=False)``: ``(log_probs (T, N, C), targets
    (N, S), input_lengths (N,), target_lengths (N,))`` → ``(neg_log_likelihood (N,), log_alpha (N, T, 2S+1))``.
    As MindSpore 2.10: only ``reduction="none"`` is accepted; the forward loss stays ``inf`` for impossible
    alignments even with ``zero_infinity=True`` (which only zeroes their gradient); the gradient w.r.t.
    ``log_probs`` is the CTC one that assumes log-softmax inputs (``exp(log_probs) - posterior``, as PyTorch's);
    ``log_alpha`` carries no gradient. ``log_alpha`` is ``-inf`` past each input length and target lane."""

    def __init__(self, blank=0, reduction="none", zero_infinity=False):
        super().__init__("CTCLossV2")
        if reduction != "none":
            raise ValueError(f"For 'CTCLossV2', the 'reduction' must be str and must be in '['none']', but got "
                             f"'{reduction}'.")
        self.blank, self.reduction, self.zero_infinity = int(blank), reduction, bool(zero_infinity)

    def __call__(self, log_probs, targets, input_lengths, target_lengths):
        lp = _plain(log_probs)
        tg = _plain(targets).long()
        il = _plain(input_lengths).long()
        tl = _plain(target_lengths).long()
        t_max, n, _ = lp.shape
        s = tg.shape[1]
        lanes = 2 * s + 1
        with torch.no_grad():
            lpd = lp.detach().to(torch.float64)
            ext = torch.full((n, lanes), self.blank, dtype=torch.long)
            ext[:, 1::2] = tg
            lane = torch.arange(lanes)
            valid_lane = lane[None] < (2 * tl[:, None] + 1)
            skip = torch.zeros((n, lanes), dtype=torch.bool)
            skip[:, 2:] = (ext[:, 2:] != self.blank) & (ext[:, 2:] != ext[:, :-2])
            ninf = torch.tensor(float("-inf"), dtype=torch.float64)
            alpha = torch.full((n, t_max, lanes), float("-inf"), dtype=torch.float64)
            emit = torch.gather(lpd.permute(1, 0, 2), 2, ext[:, None, :].expand(n, t_max, lanes))  # (N, T, lanes)
            a = torch.full((n, lanes), float("-inf"), dtype=torch.float64)
            a[:, 0] = emit[:, 0, 0]
            a[:, 1] = torch.where(tl > 0, emit[:, 0, 1], ninf)
            a = torch.where(valid_lane, a, ninf)
            for t in range(t_max):
                if t > 0:
                    prev1 = torch.cat([ninf.expand(n, 1), a[:, :-1]], 1)
                    prev2 = torch.where(skip, torch.cat([ninf.expand(n, 2), a[:, :-2]], 1), ninf)
                    a = torch.logsumexp(torch.stack([a, prev1, prev2]), 0) + emit[:, t]
                    a = torch.where(valid_lane, a, ninf)
                live = (t < il)[:, None]
                alpha[:, t] = torch.where(live, a, ninf)
            last = alpha[torch.arange(n), (il - 1).clamp(min=0)]
            end = last[torch.arange(n), 2 * tl]
            end2 = torch.where(tl > 0, last[torch.arange(n), (2 * tl - 1).clamp(min=0)], ninf)
            nll = -torch.logaddexp(end, end2)
        loss = torch.nn.functional.ctc_loss(lp, tg, il, tl, blank=self.blank, reduction="none",
                                            zero_infinity=self.zero_infinity)
        nll = nll.to(loss.dtype)
        fin = torch.isfinite(nll)  # the value is MindSpore's (inf stays inf), the gradient PyTorch's CTC one
        loss = torch.where(fin, loss + torch.where(fin, nll - loss.detach(), torch.zeros_like(nll)), nll)
        return wrap(loss), wrap(alpha.to(lp.dtype))


def _levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
        prev = cur
    return prev[-1]


class EditDistance(Primitive):
    """Mirrors ``ops.EditDistance(normalize=True)``: ``(hypothesis_indices, hypothesis_values, hypothesis_shape,
    truth_indices, truth_values, truth_shape)`` — two sparse tensors whose last dimension holds the sequences → the
    float32 Levenshtein distance per leading index, shape ``max(hypothesis_shape, truth_shape)[:-1]``; with
    ``normalize`` divided by the truth length (empty truth: ``inf``, or 0 when the hypothesis is empty too, as
    MindSpore's CPU kernel). Sequence elements are taken in the order the indices list them."""

    def __init__(self, normalize=True):
        super().__init__("EditDistance")
        self.normalize = bool(normalize)

    def __call__(self, hypothesis_indices, hypothesis_values, hypothesis_shape, truth_indices, truth_values,
                 truth_shape):
        hs = [int(v) for v in _plain(hypothesis_shape).tolist()]
        ts = [int(v) for v in _plain(truth_shape).tolist()]
        out_shape = [max(a, b) for a, b in zip(hs[:-1], ts[:-1])]

        def groups(idx, vals):
            g = {}
            for i, v in zip(_plain(idx).tolist(), _plain(vals).tolist()):
                g.setdefault(tuple(int(k) for k in i[:-1]), []).append(v)
            return g
        hg, tg = groups(hypothesis_indices, hypothesis_values), groups(truth_indices, truth_values)
        out = torch.zeros(out_shape, dtype=torch.float32)
        flat = out.view(-1)
        for pos in range(flat.numel()):
            key, rem = [], pos
            for d in reversed(out_shape):
                key.append(rem % d)
                rem //= d
            key = tuple(reversed(key))
            h, t = hg.get(key, []), tg.get(key, [])
            d = float(_levenshtein(h, t))
            if self.normalize:
                d = d / len(t) if t else (float("inf") if d else 0.0)
            flat[pos] = d
        return wrap(out)
