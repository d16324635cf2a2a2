"""Mirrors ``mindspore.mindrecord.Cifar100ToMR``: the CIFAR-100 python files to two MindRecord files."""
from __future__ import annotations

import os

import numpy as np

from ..filewriter import FileWriter
from ._common import SUCCESS, check_filename, cv2, restricted_loads

__all__ = ["Cifar100ToMR"]


def load_cifar100(path):
    """(train images NHWC uint8, fine [N, 1], coarse [N, 1], test images, test fine, test coarse) as
    MindSpore's ``Cifar100.load_data`` with ``one_hot=False``."""
    real = os.path.realpath(path)
    out = {}
    for file in os.listdir(path):
        if file in ("train", "test"):
            with open(os.path.join(real, file), "rb") as f:
                dic = restricted_loads(f.read())
            out[file] = (np.array(dic[b"data"].reshape([-1, 3, 32, 32])).transpose(0, 2, 3, 1),
                         np.array(dic[b"fine_labels"]).reshape([-1, 1]),
                         np.array(dic[b"coarse_labels"]).reshape([-1, 1]))
    return out["train"] + out["test"]


class Cifar100ToMR:
    """Mirrors ``mindspore.mindrecord.Cifar100ToMR(source, destination)``.

    ``transform(fields=None)`` writes ``destination`` (file ``train``, description ``img_train``) and
    ``destination + "_test"`` (file ``test``, ``img_test``), schema ``{id, fine_label, coarse_label: int64,
    data: bytes}`` with OpenCV JPEG images, as MindSpore. Same differences as :class:`Cifar10ToMR`.
    """

    def __init__(self, source, destination):
        check_filename(source)
        self.source = source
        files = os.listdir(source)
        if "train" not in files:
            raise ValueError("Invalid path. train")
        if "test" not in files:
            raise ValueError("Invalid path. test")
        check_filename(destination)
        self.destination = destination
        self.writer = None

    def run(self, fields=None):
        if fields and not isinstance(fields, list):
            raise ValueError("The parameter fields should be None or list")
        images, fine, coarse, t_images, t_fine, t_coarse = load_cifar100(self.source)
        self._write(self.destination, self._rows(images, fine, coarse), fields, "img_train")
        self._write(self.destination + "_test", self._rows(t_images, t_fine, t_coarse), fields, "img_test")
        return SUCCESS

    def transform(self, fields=None):
        """Mirrors ``Cifar100ToMR.transform(fields=None)``: ``fields`` are index fields."""
        self.run(fields)

    @staticmethod
    def _rows(images, fine, coarse):
        enc = cv2()
        rows = []
        for i, img in enumerate(images):
            _, jpg = enc.imencode(".jpeg", img[..., [2, 1, 0]])
            rows.append({"id": int(i), "data": jpg.tobytes(), "fine_label": int(fine[i][0]),
                         "coarse_label": int(coarse[i][0])})
        return rows

    @staticmethod
    def _write(file_name, rows, fields, desc):
        writer = FileWriter(file_name, 1)
        writer.add_schema({"id": {"type": "int64"}, "fine_label": {"type": "int64"},
                           "coarse_label": {"type": "int64"}, "data": {"type": "bytes"}}, desc)
        if fields and isinstance(fields, list):
            writer.add_index(fields)
        writer.write_raw_data(rows)
        writer.commit()
