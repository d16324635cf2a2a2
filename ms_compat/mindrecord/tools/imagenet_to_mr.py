"""Mirrors ``mindspore.mindrecord.ImageNetToMR``: an ImageNet-style folder tree and label map to MindRecord."""
from __future__ import annotations

import os
import warnings

from ..filewriter import FileWriter
from ._common import SUCCESS, check_filename, check_partition, write_batched

__all__ = ["ImageNetToMR"]


class ImageNetToMR:
    """Mirrors ``mindspore.mindrecord.ImageNetToMR(map_file, image_dir, destination, partition_number=1)``.

    ``map_file`` lines are ``<folder> <label>``; ``transform()`` writes one row per ``*.JPEG``/``*.jpg`` file of
    each listed folder (``os.listdir`` order, folders in map-file order), schema ``{label: int32, image: bytes,
    file_name: string}`` (the file bytes unchanged, the path as joined), description ``imagenet_schema``, index
    ``label``, ``file_name``, 256 rows per write in ``FileWriter``'s ``parallel_writer`` mode, as MindSpore (each
write goes whole to the next shard; each shard a stand-alone file). A missing folder or a skipped file is a Python
    warning (MindSpore logs it). Errors are ``ValueError``/``RuntimeError``/``IOError``.
    """

    def __init__(self, map_file, image_dir, destination, partition_number=1):
        check_filename(map_file)
        self.map_file = map_file
        check_filename(image_dir)
        self.image_dir = image_dir
        check_filename(destination)
        self.destination = destination
        self.partition_number = check_partition(partition_number)
        self.writer = FileWriter(destination, self.partition_number)

    def _rows(self):
        real = os.path.realpath(self.map_file)
        if not os.path.exists(real):
            raise IOError(f"map file {self.map_file} not exists")
        label_dict = {}
        with open(real, "r") as fp:
            for line in fp:
                parts = line.split(" ")
                label_dict[parts[1]] = parts[0]
        dir_paths = {}
        for label, folder in label_dict.items():
            path = os.path.join(self.image_dir, folder)
            if not os.path.isdir(path):
                warnings.warn(f"{path} dir is not exist", stacklevel=3)
                continue
            dir_paths[label] = path
        if not dir_paths:
            raise ValueError(f"Invalid path. not valid image dir in {self.image_dir}")
        for label, path in dir_paths.items():
            for item in os.listdir(path):
                file_name = os.path.join(path, item)
                if not item.endswith("JPEG") and not item.endswith("jpg"):
                    warnings.warn(f"{file_name} file is not suffix with JPEG/jpg, skip it.", stacklevel=3)
                    continue
                with open(os.path.realpath(file_name), "rb") as f:
                    image = f.read()
                if not image:
                    warnings.warn(f"The image file: {file_name} is invalid.", stacklevel=3)
                    continue
                yield {"file_name": str(file_name), "label": int(label), "image": image}

    def run(self):
        self.writer.set_header_size(1 << 24)
        self.writer.set_page_size(1 << 26)
        self.writer.add_schema({"label": {"type": "int32"}, "image": {"type": "bytes"},
                                "file_name": {"type": "string"}}, "imagenet_schema")
        self.writer.add_index(["label", "file_name"])
        write_batched(self.writer, self._rows(), parallel_writer=True)  # as MindSpore
        return SUCCESS

    def transform(self):
        """Mirrors ``ImageNetToMR.transform()``."""
        self.run()
