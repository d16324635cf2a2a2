"""OpenCV access for the vision transforms and decoding datasets (imported when first used).

MindSpore's C++ image kernels are OpenCV's (resize, warpAffine, cvtColor, copyMakeBorder, imdecode);
calling the same OpenCV functions with the same flags gives pixel-equal results, which no other
image library does (Pillow and torchvision round interpolations differently).
"""
from __future__ import annotations

import numpy as np

_cv2 = None


def cv2():
    global _cv2
    if _cv2 is None:
        try:
            import cv2 as mod
        except ImportError as e:  # pragma: no cover - a core dependency, present in any normal install
            raise ImportError("mindspore.dataset.vision needs OpenCV: pip install opencv-python-headless") from e
        mod.setNumThreads(1)  # parallelism comes from the pipeline's workers
        _cv2 = mod
    return _cv2


def decode(data, where="image"):
    """Encoded image bytes (JPEG/PNG/BMP/...) -> HWC uint8 RGB, as ``mindspore.dataset.vision.Decode``."""
    buf = np.frombuffer(data, np.uint8) if isinstance(data, (bytes, bytearray)) else np.asarray(data, np.uint8).ravel()
    img = None
    if buf.size:
        img = cv2().imdecode(buf, cv2().IMREAD_COLOR)
    if img is None:
        raise RuntimeError(f"Invalid image, {where} decode failed, the image is broken or permission denied.")
    return cv2().cvtColor(img, cv2().COLOR_BGR2RGB)
