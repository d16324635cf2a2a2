"""Mirrors ``mindspore.mindrecord.MnistToMR``: the gzipped MNIST idx files to MindRecord files."""
from __future__ import annotations

import gzip
import os

import numpy as np

from ..filewriter import FileWriter
from ._common import SUCCESS, check_filename, check_partition, cv2, write_batched

__all__ = ["MnistToMR"]

_SCHEMA = {"label": {"type": "int64"}, "data": {"type": "bytes"}}


class MnistToMR:
    """Mirrors ``mindspore.mindrecord.MnistToMR(source, destination, partition_number=1)``.

    ``source`` holds ``train-images-idx3-ubyte.gz``, ``train-labels-idx1-ubyte.gz``, ``t10k-images-idx3-ubyte.gz``
    and ``t10k-labels-idx1-ubyte.gz``; ``transform()`` writes ``<destination>_train.mindrecord`` and
    ``<destination>_test.mindrecord`` (``partition_number`` shards each), schema ``{label: int64, data: bytes}``
    (OpenCV JPEG), description ``mnist_schema``, index ``label``, rows written 256 per call as MindSpore.
    Differences: with several shards MindSpore gives the leftover rows of a call to random shards, ms_compat to
    the first ones (see ``FileWriter``); errors are ``ValueError``/``RuntimeError``.
    """

    def __init__(self, source, destination, partition_number=1):
        check_filename(source)
        self.source = source
        self.train_data_filename_ = os.path.join(source, "train-images-idx3-ubyte.gz")
        self.train_labels_filename_ = os.path.join(source, "train-labels-idx1-ubyte.gz")
        self.test_data_filename_ = os.path.join(source, "t10k-images-idx3-ubyte.gz")
        self.test_labels_filename_ = os.path.join(source, "t10k-labels-idx1-ubyte.gz")
        for f in (self.train_data_filename_, self.train_labels_filename_, self.test_data_filename_,
                  self.test_labels_filename_):
            check_filename(f)
        check_filename(destination)
        self.partition_number = check_partition(partition_number)
        self.writer_train = FileWriter(f"{destination}_train.mindrecord", self.partition_number)
        self.writer_test = FileWriter(f"{destination}_test.mindrecord", self.partition_number)
        self.mnist_schema_json = dict(_SCHEMA)

    @staticmethod
    def _images(filename):
        with gzip.open(os.path.realpath(filename), "rb") as f:
            f.read(16)
            return np.frombuffer(f.read(), dtype=np.uint8).reshape(-1, 28, 28, 1)

    @staticmethod
    def _labels(filename):
        with gzip.open(os.path.realpath(filename), "rb") as f:
            f.read(8)
            return np.frombuffer(f.read(), dtype=np.uint8).astype(np.int64)

    def _iter(self, images, labels):
        enc = cv2()
        for data, label in zip(self._images(images), self._labels(labels)):
            _, jpg = enc.imencode(".jpeg", data)
            yield {"label": int(label), "data": jpg.tobytes()}

    def _transform(self, writer, images, labels):
        writer.set_header_size(1 << 24)
        writer.set_page_size(1 << 26)
        writer.add_schema(self.mnist_schema_json, "mnist_schema")
        writer.add_index(["label"])
        write_batched(writer, self._iter(images, labels))
        return SUCCESS

    def run(self):
        self._transform(self.writer_train, self.train_data_filename_, self.train_labels_filename_)
        self._transform(self.writer_test, self.test_data_filename_, self.test_labels_filename_)
        return SUCCESS

    def transform(self):
        """Mirrors ``MnistToMR.transform()``."""
        self.run()
