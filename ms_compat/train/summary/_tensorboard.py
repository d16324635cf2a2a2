"""The TensorBoard side of ``SummaryRecord``: PyTorch's ``torch.utils.tensorboard.SummaryWriter`` (needs the
``tensorboard`` package: ``pip install 'ms-compat[summary]'``) and MindSpore's image conversion."""
from __future__ import annotations

import numpy as np


def summary_writer(log_dir, filename_suffix, max_queue=10, flush_secs=120):
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError as e:
        raise ImportError("SummaryRecord/SummaryCollector write TensorBoard event files with PyTorch's "
                          "torch.utils.tensorboard, which needs the 'tensorboard' package: "
                          "pip install 'ms-compat[summary]' (or pip install tensorboard).") from e
    return SummaryWriter(log_dir=log_dir, max_queue=max_queue, flush_secs=flush_secs, filename_suffix=filename_suffix)


def image_chw_uint8(np_value):
    """MindSpore's image summary conversion: NCHW (1 or 3 channels) laid out on a grid of up to 8 columns,
    grey expanded to RGB, then to uint8 (values in [0, 1] times 255; otherwise mapped linearly
    from [min, max] with MindSpore's ``255 / (max - min + 1)`` factor). Returns CHW uint8, or None (with
    MindSpore's reason) when the value is not an image."""
    if np_value.ndim != 4 or np_value.shape[1] not in (1, 3):
        return None, ("The dimension of Summary tensor should be 4 or second dimension should be 1 or 3, "
                      f"but got ndim = {np_value.ndim}, shape={np_value.shape}, which means Summary tensor is not "
                      "Image.")
    if 0 in np_value.shape:
        return None, f"The tensor with shape({np_value.shape}) is not a valid image because the shape contains zero."
    t = np_value
    if t.shape[1] == 1:
        t = np.concatenate([t, t, t], 1)
    n, _, h, w = t.shape
    cols = min(n, 8)
    rows = int(np.ceil(float(n) / cols))
    canvas = np.zeros((3, h * rows, w * cols))
    for i in range(n):
        y, x = divmod(i, cols)
        canvas[:, y * h:(y + 1) * h, x * w:(x + 1) * w] = t[i]
    hwc = canvas.transpose(1, 2, 0)
    scale, shift = 1, 0
    mx, mn = np.max(hwc), np.min(hwc)
    if hwc.dtype == np.uint8:   # as in MindSpore; the canvas is float64, so uint8 input is mapped linearly too
        scale = 1
    elif mx <= 1 and mn >= 0:
        scale = 255
    else:
        if mx != mn:
            scale = 255 / (mx - mn + 1)
        shift = mn
    out = ((hwc.astype(np.float32) - shift) * scale).astype(np.uint8)
    return out.transpose(2, 0, 1), None
