"""Mirrors ``mindspore.mindrecord.Cifar10ToMR``: the CIFAR-10 python batches to two MindRecord files."""
from __future__ import annotations

import os
import re

import numpy as np

from ..filewriter import FileWriter
from ._common import SUCCESS, check_filename, cv2, restricted_loads

__all__ = ["Cifar10ToMR"]


def load_cifar10(path):
    """(train images NHWC, train labels [N, 1], test images, test labels) as MindSpore's ``Cifar10.load_data``
    with ``one_hot=False``: batches in ``os.listdir`` order, images float64 (MindSpore stacks them onto a
    float64 array, and the JPEG encoder is handed those)."""
    images = np.zeros([10000, 3, 32, 32])
    labels = []
    test_images = test_labels = None
    real = os.path.realpath(path)
    for file in os.listdir(path):
        if re.match("data_batch_*", file):
            with open(os.path.join(real, file), "rb") as f:
                dic = restricted_loads(f.read())
            images = np.r_[images, dic[b"data"].reshape([-1, 3, 32, 32])]
            labels.append(dic[b"labels"])
        elif re.match("test_batch", file):
            with open(os.path.join(real, file), "rb") as f:
                dic = restricted_loads(f.read())
            test_images = np.array(dic[b"data"].reshape([-1, 3, 32, 32]))
            test_labels = np.array(dic[b"labels"])
    return (images[10000:].transpose(0, 2, 3, 1), np.array(labels).reshape([-1, 1]),
            test_images.transpose(0, 2, 3, 1), test_labels.reshape([-1, 1]))


class Cifar10ToMR:
    """Mirrors ``mindspore.mindrecord.Cifar10ToMR(source, destination)``.

    ``transform(fields=None)`` writes ``destination`` (training batches, description ``img_train``) and
    ``destination + "_test"`` (``img_test``), schema ``{id: int64, label: int64, data: bytes}``, each image
    JPEG-encoded by OpenCV as MindSpore does. The batch files are unpickled with a restricted unpickler (numpy
    arrays only, as MindSpore's). Differences: MindSpore warns when a file's MD5 is not the official one
    (ms_compat does not check), runs the work in a thread, and raises its own ``MindRecordException``
    subclasses where ms_compat raises ``ValueError``/``RuntimeError``.
    """

    def __init__(self, source, destination):
        check_filename(source)
        self.source = source
        files = os.listdir(source)
        if not any(f.startswith("data_batch_") for f in files):
            raise ValueError("Invalid path. data_batch_*")
        if not any(f.startswith("test_batch") for f in files):
            raise ValueError("Invalid path. test_batch")
        check_filename(destination)
        self.destination = destination
        self.writer = None

    def run(self, fields=None):
        if fields and not isinstance(fields, list):
            raise ValueError("The parameter fields should be None or list")
        images, labels, test_images, test_labels = load_cifar10(self.source)
        self._write(self.destination, self._rows(images, labels), fields, "img_train")
        self._write(self.destination + "_test", self._rows(test_images, test_labels), fields, "img_test")
        return SUCCESS

    def transform(self, fields=None):
        """Mirrors ``Cifar10ToMR.transform(fields=None)``: ``fields`` are index fields (``FileWriter.add_index``)."""
        self.run(fields)

    @staticmethod
    def _rows(images, labels):
        enc = cv2()
        rows = []
        for i, img in enumerate(images):
            _, jpg = enc.imencode(".jpeg", img[..., [2, 1, 0]])
            rows.append({"id": int(i), "data": jpg.tobytes(), "label": int(labels[i][0])})
        return rows

    @staticmethod
    def _write(file_name, rows, fields, desc):
        writer = FileWriter(file_name, 1)
        writer.add_schema({"id": {"type": "int64"}, "label": {"type": "int64"}, "data": {"type": "bytes"}}, desc)
        if fields and isinstance(fields, list):
            writer.add_index(fields)
        writer.write_raw_data(rows)
        writer.commit()
