"""Mirrors ``mindspore.dataset.TedliumDataset``: TED-LIUM talks (NIST SPHERE audio + STM transcripts).

One row per line of ``<usage>/stm/*.stm`` (release 1/2: ``train``, ``test``, ``dev``; release 3: ``data``):
``talk_id _ speaker_id start end identifier transcript...``. Row order as MindSpore 2.10's ``TedliumOp``: the
rows sorted by (line number as a string, talk file name, usage folder), so line 10 comes before line 2.
Columns ``waveform`` (1, samples) float32, ``sample_rate`` int32 (the header's ``sample_rate``), ``transcript``,
``talk_id``, ``speaker_id``, ``identifier`` (numpy strings).

Difference: MindSpore 2.10's waveform is all zeros of the right length (its reader fills a buffer it then does
not use), which carries no audio; ms_compat returns the samples ``int(start * rate)`` to ``int(end * rate)`` of
the SPHERE data (16-bit PCM after the header, byte order from the header's ``sample_byte_format``, ``01``
little-endian by default), divided by 32767 as MindSpore's code intends. Shapes, dtypes and the other columns
are MindSpore's (tests/dataset/test_dataset_extra.py).
"""
from __future__ import annotations

import os

import numpy as np

from .datasets_vision import _FileListDataset

__all__ = ["TedliumDataset", "read_sph"]


def read_sph(path):
    """``(int16 samples, sample_rate)`` of a NIST SPHERE file with 16-bit PCM samples."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(b"NIST_1A"):
        raise RuntimeError(f"Invalid data, {path} is not a NIST SPHERE file.")
    lines = data[:1024].split(b"\n")
    try:
        head = int(lines[1].strip())
    except (IndexError, ValueError):
        raise RuntimeError(f"Invalid data, failed to read head part from sph file: {path}.") from None
    fields = {}
    for ln in data[:head].split(b"\n")[2:]:
        parts = ln.split()
        if parts and parts[0] == b"end_head":
            break
        if len(parts) >= 3:
            fields[parts[0].decode()] = parts[2].decode()
    if fields.get("sample_n_bytes", "2") != "2":
        raise RuntimeError(f"Invalid data, only 16-bit SPHERE samples are supported: {path}.")
    order = ">i2" if fields.get("sample_byte_format", "01") == "10" else "<i2"
    body = data[head:]
    return np.frombuffer(body[:len(body) // 2 * 2], order).astype(np.int16), int(fields.get("sample_rate", 16000))


class TedliumDataset(_FileListDataset):
    """Mirrors ``mindspore.dataset.TedliumDataset(dataset_dir, release, usage=None, extensions=None,
    num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None,
    cache=None)``: ``release`` ``release1``/``release2`` (``usage`` ``train``, ``test``, ``dev`` or ``all``) or
    ``release3`` (``usage`` ``all`` only); ``extensions`` must be ``.sph`` (RuntimeError otherwise, as
    MindSpore). See the module docstring for rows and the waveform difference."""

    def __init__(self, dataset_dir, release, usage=None, extensions=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        if release not in ("release1", "release2", "release3"):
            raise ValueError("Input release is not within the valid set of ['release1', 'release2', 'release3'].")
        usage = usage or "all"
        allowed = ["all"] if release == "release3" else ["train", "test", "dev", "all"]
        if usage not in allowed:
            raise ValueError(f"Input usage is not within the valid set of {allowed}.")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.release, self.usage, self.extensions = release, usage, extensions or ".sph"
        self._columns = ["waveform", "sample_rate", "transcript", "talk_id", "speaker_id", "identifier"]
        self._audio = {}

    def _load(self):
        if self.extensions != ".sph":
            raise RuntimeError(f"TedliumNode: extension {self.extensions} is not supported.")
        parts = ["data"] if self.release == "release3" else (["train", "test", "dev"] if self.usage == "all"
                                                                else [self.usage])
        items = []
        for part in parts:
            folder = os.path.join(self.dataset_dir, part, "stm")
            if not os.path.isdir(folder):
                raise RuntimeError(f"Invalid file, failed to open folder: {folder}")
            for f in os.listdir(folder):
                if not f.endswith(".stm"):
                    continue
                with open(os.path.join(folder, f), encoding="utf-8") as fh:
                    lines = fh.read().split("\n")
                if lines and lines[-1] == "":
                    lines.pop()
                for k, ln in enumerate(lines):
                    items.append((str(k), ln.split(" ", 1)[0], part, ln))
        items.sort(key=lambda t: t[:3])
        if not items:
            raise RuntimeError("Invalid data, no valid data matching the dataset API TedliumDataset. Please check file "
                               "path or dataset API.")
        self._items = items
        return len(items)

    def _read(self, i):
        _, name, part, line = self._items[i]
        fields = line.split(" ", 6)
        if len(fields) != 7:
            raise RuntimeError("Invalid data, stm data was broken.")
        talk_id, _, speaker_id, start, end, identifier, transcript = fields
        path = os.path.join(self.dataset_dir, part, "sph", name + self.extensions)
        if path not in self._audio:
            if not os.path.isfile(path):
                raise RuntimeError(f"Invalid file, failed to open file: {path}")
            if len(self._audio) >= 8:  # a few talks cached: the rows go line by line across the talks
                self._audio.clear()
            self._audio[path] = read_sph(path)
        samples, rate = self._audio[path]
        a, b = int(float(start) * rate), int(float(end) * rate)
        wave = np.zeros(max(b - a, 0), np.float32)
        seg = samples[a:b].astype(np.float32) / np.float32(32767.0)
        wave[:len(seg)] = seg
        return (wave[None, :], np.int32(rate), np.array(transcript), np.array(talk_id), np.array(speaker_id),
                np.array(identifier))
