"""Mirrors ``mindspore.dataset.engine.datasets_audio``: ``YesNoDataset``, ``LJSpeechDataset``,
``SpeechCommandsDataset``, ``CMUArcticDataset``, ``GTZANDataset``, ``LibriTTSDataset``.

WAV files are read with the standard library (PCM 8/16/24/32-bit), the waveform as MindSpore gives it:
float32 of shape (channels, samples), integer samples divided by ``2**(bits-1) - 1`` (measured: 16-bit
samples read ``x / 32767``). Row order, columns and dtypes
as MindSpore 2.10 (tests/dataset/test_dataset_more.py compares with MindSpore's output on the same files).
"""
from __future__ import annotations

import os
import wave

import numpy as np

from .datasets_vision import _FileListDataset

__all__ = ["YesNoDataset", "LJSpeechDataset", "SpeechCommandsDataset", "CMUArcticDataset", "GTZANDataset",
           "LibriTTSDataset", "read_wav"]


def read_wav(path):
    """``(waveform float32 (channels, samples), sample_rate)`` of a PCM WAV file."""
    try:
        with wave.open(path, "rb") as w:
            ch, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
            raw = w.readframes(n)
    except (OSError, EOFError, wave.Error) as e:
        raise RuntimeError(f"Invalid file, failed to read the wav file {path}: {e}") from None
    if width == 1:
        x = (np.frombuffer(raw, np.uint8).astype(np.float32) - 128.0) / 127.0
    elif width == 2:
        x = np.frombuffer(raw, "<i2").astype(np.float32) / np.float32(32767.0)
    elif width == 3:
        b = np.frombuffer(raw, np.uint8).reshape(-1, 3).astype(np.int32)
        v = b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16)
        x = np.where(v >= 1 << 23, v - (1 << 24), v).astype(np.float32) / np.float32((1 << 23) - 1)
    elif width == 4:
        x = (np.frombuffer(raw, "<i4").astype(np.float64) / ((1 << 31) - 1)).astype(np.float32)
    else:
        raise RuntimeError(f"Invalid file, unsupported sample width {width} in {path}.")
    return np.ascontiguousarray(x.reshape(-1, ch).T.astype(np.float32)), rate


def _need(path, what):
    if not os.path.exists(path):
        raise RuntimeError(f"Invalid file, failed to find {what}: {path}")
    return path


class _AudioDataset(_FileListDataset):
    def __init__(self, dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, columns):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self._columns = columns

    def _items_(self):
        raise NotImplementedError

    def _load(self):
        self._items = self._items_()
        if not self._items:
            raise RuntimeError(f"Invalid data, no valid data found in path:{self.dataset_dir}")
        return len(self._items)


class YesNoDataset(_AudioDataset):
    """Mirrors ``mindspore.dataset.YesNoDataset(dataset_dir, num_samples=None, ...)``: the ``*.wav`` files in the order
    the directory lists them (MindSpore does not sort: the file system's order, as ``os.listdir``); columns
    ``waveform`` (1, n) float32, ``sample_rate`` int32, ``label`` (8,) int32 (the digits of the file name)."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         ["waveform", "sample_rate", "label"])

    def _items_(self):
        return [f for f in os.listdir(self.dataset_dir) if f.endswith(".wav")]

    def _read(self, i):
        name = self._items[i]
        wav, rate = read_wav(os.path.join(self.dataset_dir, name))
        return wav, np.int32(rate), np.array([int(v) for v in name[:-4].split("_")], np.int32)


class LJSpeechDataset(_AudioDataset):
    """Mirrors ``mindspore.dataset.LJSpeechDataset(dataset_dir, num_samples=None, ...)``: ``metadata.csv``
    (``id|transcription|normalized``) in file order, ``wavs/<id>.wav``; columns ``waveform``, ``sample_rate``
    int32, ``transcription``, ``normalized_transcription``."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         ["waveform", "sample_rate", "transcription", "normalized_transcription"])

    def _items_(self):
        meta = _need(os.path.join(self.dataset_dir, "metadata.csv"), "LJSpeech metadata file")
        out = []
        for ln in open(meta, encoding="utf-8").read().splitlines():
            parts = ln.split("|")
            if len(parts) >= 3:
                out.append((parts[0], parts[1], parts[2]))
        return out

    def _read(self, i):
        uid, text, norm = self._items[i]
        wav, rate = read_wav(_need(os.path.join(self.dataset_dir, "wavs", uid + ".wav"), "LJSpeech wav file"))
        return wav, np.int32(rate), np.array(text), np.array(norm)


class SpeechCommandsDataset(_AudioDataset):
    """Mirrors ``mindspore.dataset.SpeechCommandsDataset(dataset_dir, usage=None, ...)``: ``<label>/<speaker>_nohash_
    <n>.wav`` in path order (``_background_noise_`` left out); ``usage`` ``valid``/``test`` are the files of
    ``validation_list.txt``/``testing_list.txt``, ``train`` the others, ``all`` every file. Columns
    ``waveform``, ``sample_rate`` int32, ``label``, ``speaker_id``, ``utterance_number`` int32. As MindSpore,
    ``get_dataset_size`` counts every file whatever ``usage`` is."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        if usage not in (None, "train", "valid", "test", "all"):
            raise ValueError("Input usage is not within the valid set of ['train', 'valid', 'test', 'all'].")
        self.usage = usage or "all"
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         ["waveform", "sample_rate", "label", "speaker_id", "utterance_number"])

    def _list_file(self, name):
        path = os.path.join(self.dataset_dir, name)
        if not os.path.isfile(path):
            return set()
        return {ln.strip() for ln in open(path, encoding="utf-8").read().splitlines() if ln.strip()}

    def _items_(self):
        found = []
        for label in sorted(os.listdir(self.dataset_dir)):
            folder = os.path.join(self.dataset_dir, label)
            if label == "_background_noise_" or not os.path.isdir(folder):
                continue
            found += [f"{label}/{f}" for f in sorted(os.listdir(folder)) if f.endswith(".wav")]
        self._all_count = len(found)
        if self.usage == "all":
            return found
        valid, test = self._list_file("validation_list.txt"), self._list_file("testing_list.txt")
        if self.usage == "valid":
            return [f for f in found if f in valid]
        if self.usage == "test":
            return [f for f in found if f in test]
        return [f for f in found if f not in valid and f not in test]

    def _size(self):
        self._n()
        return self.sampler._count(self._all_count, None)

    def _read(self, i):
        rel = self._items[i]
        wav, rate = read_wav(os.path.join(self.dataset_dir, rel))
        label, name = rel.split("/")
        speaker, _, number = name[:-4].partition("_nohash_")
        return wav, np.int32(rate), np.array(label), np.array(speaker), np.int32(int(number or 0))


class CMUArcticDataset(_AudioDataset):
    """Mirrors ``mindspore.dataset.CMUArcticDataset(dataset_dir, name=None, ...)``: ``cmu_us_<name>_arctic/etc/
    txt.done.data`` lines ``( arctic_a0001 "text" )`` in file order and ``wav/<id>.wav``; ``name`` defaults to
    ``aew``. Columns ``waveform``, ``sample_rate`` uint32, ``transcript``, ``utterance_id`` (``a0001``)."""

    _NAMES = ("aew", "ahw", "aup", "awb", "axb", "bdl", "clb", "eey", "fem", "gka", "jmk", "ksp", "ljm", "lnh", "rms",
              "rxr", "slp", "slt")

    def __init__(self, dataset_dir, name=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        name = name or "aew"
        if name not in self._NAMES:
            raise ValueError(f"Input name is not within the valid set of {list(self._NAMES)}.")
        self.name = name
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         ["waveform", "sample_rate", "transcript", "utterance_id"])

    def _items_(self):
        base = os.path.join(self.dataset_dir, f"cmu_us_{self.name}_arctic")
        labels = _need(os.path.join(base, "etc", "txt.done.data"), "label file")
        out = []
        for ln in open(labels, encoding="utf-8").read().splitlines():
            ln = ln.strip()
            if not ln.startswith("("):
                continue
            body = ln[1:].rstrip(")").strip()
            uid, _, rest = body.partition(" ")
            text = rest.strip()
            if text.startswith('"') and text.endswith('"'):
                text = text[1:-1]
            out.append((os.path.join(base, "wav", uid + ".wav"), text, uid.split("_", 1)[-1]))
        return out

    def _read(self, i):
        path, text, uid = self._items[i]
        wav, rate = read_wav(path)
        return wav, np.uint32(rate), np.array(text), np.array(uid)


class GTZANDataset(_AudioDataset):
    """Mirrors ``mindspore.dataset.GTZANDataset(dataset_dir, usage=None, ...)`` for ``usage='all'`` (the default):
    ``<genre>/<genre>.NNNNN.wav`` in path order; columns ``waveform``, ``sample_rate`` uint32, ``label`` (the
    genre). The ``train``/``valid``/``test`` splits are MindSpore's built-in file lists, not provided
    (``NotImplementedError``)."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        if usage not in (None, "all"):
            if usage in ("train", "valid", "test"):
                raise NotImplementedError("GTZANDataset(usage='train'/'valid'/'test') uses MindSpore's built-in "
                                          "split lists, which ms_compat does not ship; use usage='all'.")
            raise ValueError("Input usage is not within the valid set of ['train', 'valid', 'test', 'all'].")
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         ["waveform", "sample_rate", "label"])

    _GENRES = ("blues", "classical", "country", "disco", "hiphop", "jazz", "metal", "pop", "reggae", "rock")

    def _items_(self):
        out = []
        for g in self._GENRES:
            folder = os.path.join(self.dataset_dir, g)
            if os.path.isdir(folder):
                out += [(os.path.join(folder, f), g) for f in sorted(os.listdir(folder)) if f.endswith(".wav")]
        return out

    def _read(self, i):
        path, genre = self._items[i]
        wav, rate = read_wav(path)
        return wav, np.uint32(rate), np.array(genre)


class LibriTTSDataset(_AudioDataset):
    """Mirrors ``mindspore.dataset.LibriTTSDataset(dataset_dir, usage=None, ...)``: ``<usage>/<speaker>/<chapter>/
    <speaker>_<chapter>.trans.tsv`` (``utterance\\toriginal\\tnormalized``) and ``<utterance>.wav``; ``usage``
    one of the LibriTTS parts or ``all`` (default). Columns ``waveform``, ``sample_rate`` uint32,
    ``original_text``, ``normalized_text``, ``speaker_id`` uint32, ``chapter_id`` uint32, ``utterance_id``."""

    _PARTS = ("dev-clean", "dev-other", "test-clean", "test-other", "train-clean-100", "train-clean-360",
              "train-other-500")

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        if usage not in (None, "all") + self._PARTS:
            raise ValueError(f"Input usage is not within the valid set of {list(self._PARTS) + ['all']}.")
        self.usage = usage or "all"
        super().__init__(dataset_dir, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         ["waveform", "sample_rate", "original_text", "normalized_text", "speaker_id", "chapter_id",
                          "utterance_id"])

    def _items_(self):
        out = []
        for part in (self._PARTS if self.usage == "all" else (self.usage,)):
            root = os.path.join(self.dataset_dir, part)
            if not os.path.isdir(root):
                continue
            for spk in sorted(os.listdir(root)):
                for chap in sorted(os.listdir(os.path.join(root, spk))):
                    folder = os.path.join(root, spk, chap)
                    tsv = os.path.join(folder, f"{spk}_{chap}.trans.tsv")
                    if not os.path.isfile(tsv):
                        continue
                    for ln in open(tsv, encoding="utf-8").read().splitlines():
                        parts = ln.split("\t")
                        if len(parts) >= 3:
                            out.append((os.path.join(folder, parts[0] + ".wav"), parts[1], parts[2], int(spk),
                                        int(chap), parts[0]))
        return out

    def _read(self, i):
        path, orig, norm, spk, chap, uid = self._items[i]
        wav, rate = read_wav(path)
        return wav, np.uint32(rate), np.array(orig), np.array(norm), np.uint32(spk), np.uint32(chap), np.array(uid)
