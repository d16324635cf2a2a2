"""``mindspore.train.BleuScore`` (also ``nn.BleuScore``): corpus BLEU over token lists."""
from __future__ import annotations

from collections import Counter

import numpy as np

from .metrics import Metric
from .metrics_extra import rearrange_inputs

__all__ = ["BleuScore"]


def _ngrams(tokens, n_max):
    counts = Counter()
    for n in range(1, n_max + 1):
        for j in range(len(tokens) - n + 1):
            counts[tuple(tokens[j:j + n])] += 1
    return counts


class BleuScore(Metric):
    """Mirrors ``mindspore.train.BleuScore(n_gram=4, smooth=False)``: ``update(candidate_corpus,
    reference_corpus)`` with a list of token lists and a list of lists of reference token lists; ``eval()``
    → clipped n-gram precision geometric mean times the brevity penalty (0 when some order has no match;
    ``smooth`` adds one to every count)."""

    def __init__(self, n_gram=4, smooth=False):
        super().__init__()
        if not isinstance(n_gram, int) or isinstance(n_gram, bool):
            raise TypeError(f"For 'BleuScore', 'n_gram' must be int, but got {type(n_gram)}.")
        if not 1 <= n_gram <= 4:
            raise ValueError(f"For 'BleuScore', the argument 'n_gram' should range from 1 to 4, but got {n_gram}.")
        if not isinstance(smooth, bool):
            raise TypeError(f"For 'BleuScore', 'smooth' must be bool, but got {type(smooth)}.")
        self.n_gram, self.smooth = n_gram, smooth
        self.clear()

    def clear(self):
        self._numerator = np.zeros(self.n_gram)
        self._denominator = np.zeros(self.n_gram)
        self._c = 0.0
        self._r = 0.0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'BleuScore.update', it needs 2 inputs (candidate_corpus, reference_corpus), but "
                             f"got {len(inputs)}.")
        cands, refs = inputs
        if len(cands) != len(refs):
            raise ValueError("For 'BleuScore.update', 'translate_corpus' (inputs[0]) and 'reference_corpus' "
                             f"(inputs[1]) should be equal in length, but got {len(cands)} {len(refs)}.")
        for cand, references in zip(cands, refs):
            self._c += len(cand)
            lens = [len(r) for r in references]
            diffs = [abs(len(cand) - n) for n in lens]
            self._r += lens[diffs.index(min(diffs))]
            cand_counts = _ngrams(cand, self.n_gram)
            ref_counts = Counter()
            for r in references:
                ref_counts |= _ngrams(r, self.n_gram)
            for gram, k in (cand_counts & ref_counts).items():
                self._numerator[len(gram) - 1] += k
            for gram, k in cand_counts.items():
                self._denominator[len(gram) - 1] += k
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if min(self._numerator) == 0.0:
            return np.array(0.0)
        if self.smooth:
            prec = (self._numerator + 1) / (self._denominator + 1)
        else:
            prec = self._numerator / self._denominator
        geo = np.exp(np.sum(np.full(self.n_gram, 1.0 / self.n_gram) * np.log(prec)))
        bp = np.array(1.0) if self._c > self._r else np.exp(1 - (np.array(self._r) / np.array(self._c)))
        return bp * geo
