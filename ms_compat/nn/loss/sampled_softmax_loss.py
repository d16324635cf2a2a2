"""``mindspore.nn.SampledSoftmaxLoss``: softmax cross-entropy over the true classes and a random sample of the
others (drawn by ``ops.UniformCandidateSampler``, MindSpore's draws for a nonzero ``seed``)."""
from __future__ import annotations

import torch

from ...common.tensor import as_ms, to_torch
from .loss import LossBase

__all__ = ["SampledSoftmaxLoss"]


class SampledSoftmaxLoss(LossBase):
    """Mirrors ``mindspore.nn.SampledSoftmaxLoss(num_sampled, num_classes, num_true=1, sampled_values=None,
    remove_accidental_hits=True, seed=0, reduction='none')``: ``(weights (num_classes, dim), biases (num_classes,),
    labels (batch, num_true) int, logits (batch, dim))`` → per-example loss ``(batch,)``. As MindSpore, the
    candidates come from one ``UniformCandidateSampler(num_true, num_sampled, True, num_classes, seed,
    remove_accidental_hits)`` kept by the cell (its draws continue call after call; MindSpore's numbers for a
    nonzero ``seed``, torch's generator for ``seed=0``, which MindSpore seeds from the clock); the true and
    sampled logits lose the log of their expected counts; ``reduction`` is stored and, as in MindSpore's
    ``construct``, not applied."""

    def __init__(self, num_sampled, num_classes, num_true=1, sampled_values=None, remove_accidental_hits=True,
                 seed=0, reduction="none"):
        super().__init__(reduction)
        cls = type(self).__name__
        if num_true < 1:
            raise ValueError(f"For '{cls}', the 'num_true' must be greater than or equal to 1, but got {num_true}.")
        if seed < 0:
            raise ValueError(f"For '{cls}', the 'seed' must be greater than or equal to 0, but got {seed}.")
        if num_sampled > num_classes:
            raise ValueError(f"For '{cls}', the 'num_sampled' must be smaller than or equal to 'num_classes', but "
                             f"got 'num_sampled': {num_sampled} and 'num_classes': {num_classes}.")
        if num_true > num_classes:
            raise ValueError(f"For '{cls}', the 'num_true' must be smaller than or equal to 'num_classes', but got "
                             f"'num_true': {num_true} amd 'num_classes': {num_classes}.")
        if sampled_values is not None:
            if not isinstance(sampled_values, (list, tuple)):
                raise TypeError(f"For '{cls}', the type of 'sampled_values' must be a list or tuple, but got "
                                f"{type(sampled_values).__name__}.")
            if len(sampled_values) != 3:
                raise ValueError(f"For '{cls}', the length of 'sampled_values' must be equal to 3,but got "
                                 f"{len(sampled_values)}.")
        from ...ops.operations.candidate_sampler_ops import UniformCandidateSampler
        self.num_sampled, self.num_classes, self.num_true = num_sampled, num_classes, num_true
        self.sampled_values, self.remove_accidental_hits, self.seed = sampled_values, remove_accidental_hits, seed
        self.sampler = UniformCandidateSampler(num_true, num_sampled, True, num_classes, seed, remove_accidental_hits)

    def construct(self, weights, biases, labels, logits):
        labels = to_torch(labels).to(torch.int32).reshape(-1, self.num_true)
        sampled_values = self.sampled_values
        if sampled_values is None:
            sampled_values = self.sampler(as_ms(labels))
        sampled, true_expected, sampled_expected = (to_torch(v) for v in sampled_values)
        w, b, x = to_torch(weights), to_torch(biases), to_torch(logits)
        ids = torch.cat([labels.reshape(-1), sampled.to(torch.int32)]).long()
        all_w, all_b = w[ids], b[ids]
        n_true = labels.numel()
        true_w, sampled_w = all_w[:n_true], all_w[n_true:]
        true_logits = (x.unsqueeze(1) * true_w.reshape(-1, self.num_true, w.shape[1])).sum(-1)
        true_logits = true_logits + all_b[:n_true].reshape(-1, self.num_true) - torch.log(true_expected)
        sampled_logits = x @ sampled_w.T + all_b[n_true:] - torch.log(sampled_expected)
        out_logits = torch.cat([true_logits, sampled_logits], 1)
        targets = torch.cat([torch.ones_like(true_logits) / self.num_true, torch.zeros_like(sampled_logits)], 1)
        stable = torch.exp(out_logits - out_logits.amax(1, keepdim=True))
        pred = stable / stable.sum(1, keepdim=True)
        return as_ms(-(targets * torch.log(pred + 1.0e-20)).sum(1))
