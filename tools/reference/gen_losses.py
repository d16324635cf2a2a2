"""Reference values and gradients (w.r.t. the first input) of nn losses under real MindSpore 2.10.

Writes tests/reference_data/losses/{losses.npz, losses.json}."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

import refutil

ms.set_context(mode=ms.PYNATIVE_MODE)
rng = np.random.default_rng(1)
f32 = np.float32
N, C = 4, 5
logits = rng.standard_normal((N, C)).astype(f32)
target = rng.standard_normal((N, C)).astype(f32)
idx = rng.integers(0, C, N).astype(np.int32)
idx_ign = idx.copy()
idx_ign[1] = 2
onehot = np.eye(C, dtype=f32)[idx]
probs = np.exp(target) / np.exp(target).sum(1, keepdims=True)
probs = probs.astype(f32)
sig = (1 / (1 + np.exp(-logits))).astype(f32)
bin_t = rng.integers(0, 2, (N, C)).astype(f32)
w_c = np.abs(rng.standard_normal(C)).astype(f32)
w_nc = np.abs(rng.standard_normal((N, C))).astype(f32)
logp = (logits - np.log(np.exp(logits).sum(1, keepdims=True))).astype(f32)
logits3 = rng.standard_normal((N, C, 3)).astype(f32)
idx3 = rng.integers(0, C, (N, 3)).astype(np.int32)
x2 = rng.standard_normal((N, C)).astype(f32)
cos_lab = np.array([1, -1, 1, -1], np.int32)


class Weighted(nn.LossBase):
    def __init__(self, reduction):
        super().__init__(reduction)

    def construct(self, logits, labels):
        return self.get_loss(ms.ops.abs(logits - labels), Tensor(w_nc))


CASES = {
    "mse_default": (lambda: nn.MSELoss(), [logits, target]),
    "mse_sum": (lambda: nn.MSELoss(reduction="sum"), [logits, target]),
    "mse_none": (lambda: nn.MSELoss(reduction="none"), [logits, target]),
    "mse_broadcast": (lambda: nn.MSELoss(), [logits, target[:1]]),
    "l1_default": (lambda: nn.L1Loss(), [logits, target]),
    "l1_none": (lambda: nn.L1Loss(reduction="none"), [logits, target]),
    "l1_sum": (lambda: nn.L1Loss(reduction="sum"), [logits, target]),
    "smoothl1_default": (lambda: nn.SmoothL1Loss(), [logits, target]),
    "smoothl1_beta_mean": (lambda: nn.SmoothL1Loss(beta=0.5, reduction="mean"), [logits, target]),
    "sce_default": (lambda: nn.SoftmaxCrossEntropyWithLogits(), [logits, onehot]),
    "sce_probs_sum": (lambda: nn.SoftmaxCrossEntropyWithLogits(reduction="sum"), [logits, probs]),
    "sce_sparse_mean": (lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"), [logits, idx]),
    "sce_sparse_none": (lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True), [logits, idx]),
    "ce_default": (lambda: nn.CrossEntropyLoss(), [logits, idx]),
    "ce_nondefault": (lambda: nn.CrossEntropyLoss(weight=Tensor(w_c), ignore_index=2, label_smoothing=0.1),
                      [logits, idx_ign]),
    "ce_probs": (lambda: nn.CrossEntropyLoss(), [logits, probs]),
    "ce_probs_smooth_none": (lambda: nn.CrossEntropyLoss(reduction="none", label_smoothing=0.2), [logits, probs]),
    "ce_sum": (lambda: nn.CrossEntropyLoss(reduction="sum"), [logits, idx]),
    "ce_none_3d": (lambda: nn.CrossEntropyLoss(reduction="none"), [logits3, idx3]),
    "bcelogits_default": (lambda: nn.BCEWithLogitsLoss(), [logits, bin_t]),
    "bcelogits_nondefault": (lambda: nn.BCEWithLogitsLoss(reduction="sum", weight=Tensor(w_nc),
                                                          pos_weight=Tensor(w_c)), [logits, bin_t]),
    "bce_default": (lambda: nn.BCELoss(), [sig, bin_t]),
    "bce_weight_none": (lambda: nn.BCELoss(weight=Tensor(w_nc), reduction="none"), [sig, bin_t]),
    "nll_default": (lambda: nn.NLLLoss(), [logp, idx]),
    "nll_nondefault": (lambda: nn.NLLLoss(weight=Tensor(w_c), ignore_index=2, reduction="sum"), [logp, idx_ign]),
    "nll_mean_weight": (lambda: nn.NLLLoss(weight=Tensor(w_c)), [logp, idx]),
    "kldiv_default": (lambda: nn.KLDivLoss(), [logp, probs]),
    "kldiv_batchmean": (lambda: nn.KLDivLoss(reduction="batchmean"), [logp, probs]),
    "kldiv_sum": (lambda: nn.KLDivLoss(reduction="sum"), [logp, probs]),
    "kldiv_none": (lambda: nn.KLDivLoss(reduction="none"), [logp, probs]),
    "huber_default": (lambda: nn.HuberLoss(), [logits * 2, target]),
    "huber_delta_sum": (lambda: nn.HuberLoss(reduction="sum", delta=0.5), [logits * 2, target]),
    "cosemb_default": (lambda: nn.CosineEmbeddingLoss(), [logits, x2, cos_lab]),
    "cosemb_margin_none": (lambda: nn.CosineEmbeddingLoss(margin=0.2, reduction="none"), [logits, x2, cos_lab]),
    "rmse": (lambda: nn.RMSELoss(), [logits, target]),
    "mae_default": (lambda: nn.MAELoss(), [logits, target]),
    "mae_none": (lambda: nn.MAELoss(reduction="none"), [logits, target]),
    "marginrank_default": (lambda: nn.MarginRankingLoss(), [logits, x2, np.sign(target).astype(f32)]),
    "marginrank_nondefault": (lambda: nn.MarginRankingLoss(margin=0.3, reduction="sum"),
                              [logits, x2, np.sign(target).astype(f32)]),
    "softmargin_default": (lambda: nn.SoftMarginLoss(), [logits, np.sign(target).astype(f32)]),
    "softmargin_none": (lambda: nn.SoftMarginLoss(reduction="none"), [logits, np.sign(target).astype(f32)]),
    "dice_default": (lambda: nn.DiceLoss(), [sig, bin_t]),
    "dice_smooth": (lambda: nn.DiceLoss(smooth=0.5), [sig, bin_t]),
    "poisson_default": (lambda: nn.PoissonNLLLoss(), [logits, np.abs(target) * 3]),
    "poisson_nondefault": (lambda: nn.PoissonNLLLoss(log_input=False, full=True, eps=1e-4, reduction="sum"),
                           [np.abs(logits) + 0.1, np.abs(target) * 3]),
    "mlsoftmargin_default": (lambda: nn.MultiLabelSoftMarginLoss(), [logits, bin_t]),
    "mlsoftmargin_weight_none": (lambda: nn.MultiLabelSoftMarginLoss(weight=Tensor(w_c), reduction="none"),
                                 [logits, bin_t]),
    "multimargin_default": (lambda: nn.MultiMarginLoss(), [logits, idx.astype(np.int64)]),
    "multimargin_nondefault": (lambda: nn.MultiMarginLoss(p=2, margin=0.5, reduction="sum", weight=Tensor(w_c)),
                               [logits, idx.astype(np.int64)]),
    "focal_index": (lambda: nn.FocalLoss(), [logits, idx[:, None]]),
    "focal_onehot_weight": (lambda: nn.FocalLoss(weight=Tensor(w_c), gamma=1.5, reduction="sum"), [logits, onehot]),
    "triplet_default": (lambda: nn.TripletMarginLoss(), [logits, x2, target]),
    "triplet_nondefault": (lambda: nn.TripletMarginLoss(p=1, swap=True, eps=1e-4, reduction="none", margin=0.5),
                           [logits, x2, target]),
    "gaussnll_default": (lambda: nn.GaussianNLLLoss(), [logits, target, np.abs(x2) + 0.1]),
    "gaussnll_nondefault": (lambda: nn.GaussianNLLLoss(full=True, eps=1e-3, reduction="sum"),
                            [logits, target, np.abs(x2) + 0.1]),
    "hinge_default": (lambda: nn.HingeEmbeddingLoss(), [logits, np.sign(target).astype(f32)]),
    "hinge_nondefault": (lambda: nn.HingeEmbeddingLoss(margin=0.5, reduction="none"), [logits, np.sign(target).astype(f32)]),
    "lossbase_weights_mean": (lambda: Weighted("mean"), [logits, target]),
    "lossbase_weights_none": (lambda: Weighted("none"), [logits, target]),
}

arrays, meta = {}, {}
for name, (mk, inputs) in CASES.items():
    loss = mk()
    ts = [Tensor(x) for x in inputs]
    try:
        out = loss(*ts)
        g = ms.grad(lambda *a: loss(*a), grad_position=0)(*ts)
        out.asnumpy(), g.asnumpy()
    except RuntimeError as e:  # no CPU kernel in MindSpore 2.10
        meta[name] = {"unsupported": str(e).strip().splitlines()[0]}
        continue
    arrays[f"{name}/out"] = out.asnumpy()
    arrays[f"{name}/grad"] = g.asnumpy()
    for i, x in enumerate(inputs):
        arrays[f"{name}/in{i}"] = x
    meta[name] = {"shape": list(out.shape), "dtype": str(out.dtype)}

E = refutil.error_of
meta["_errors"] = {
    "reduction_bad": E(lambda: nn.MSELoss(reduction="foo")),
    "ce_int64_labels": E(lambda: nn.CrossEntropyLoss()(Tensor(logits), Tensor(idx.astype(np.int64)))),
    "ce_smoothing_range": E(lambda: nn.CrossEntropyLoss(label_smoothing=1.5)),
    "ce_smoothing_int": E(lambda: nn.CrossEntropyLoss(label_smoothing=1)),
    "ce_rank": E(lambda: nn.CrossEntropyLoss()(Tensor(logits), Tensor(idx3[:, :, None]))),
    "ce_shape": E(lambda: nn.CrossEntropyLoss()(Tensor(logits), Tensor(idx[:3]))),
    "ce_weight_list": E(lambda: nn.CrossEntropyLoss(weight=[1.0, 2.0])),
    "sce_int_labels": E(lambda: nn.SoftmaxCrossEntropyWithLogits()(Tensor(logits), Tensor(idx))),
    "sce_sparse_int": E(lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=1)),
    "nll_ignore_float": E(lambda: nn.NLLLoss(ignore_index=1.0)),
    "bcelogits_param_weight": E(lambda: nn.BCEWithLogitsLoss(weight=ms.Parameter(Tensor(w_c), name="w"))),
    "cosemb_margin_range": E(lambda: nn.CosineEmbeddingLoss(margin=2.0)),
    "cosemb_margin_int": E(lambda: nn.CosineEmbeddingLoss(margin=0)),
    "mse_not_tensor": E(lambda: nn.MSELoss()(logits, Tensor(target))),
}
refutil.save_npz("losses", "losses", **arrays)
refutil.save_json("losses", "losses", meta)
print("ok")
