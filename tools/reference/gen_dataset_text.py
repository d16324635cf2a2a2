"""mindspore.dataset.text basics under MindSpore 2.10 (Vocab, Lookup, ToNumber, simple tokenizers).
tests/dataset/test_text.py runs this same file's run_all() through the ms_compat alias."""
import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.text as text


def _lst(x):
    if isinstance(x, tuple):
        return [_lst(v) for v in x]
    a = np.asarray(x)
    return [str(a.dtype) if a.dtype.kind not in "US" else "str", a.tolist()]


def run_all():
    words = np.array(["b", "a", "c", "a", "b", "a", "d"])
    out = {}
    d = ds.NumpySlicesDataset({"w": words}, shuffle=False)
    vocab = text.Vocab.from_dataset(d, columns=["w"], special_tokens=["<pad>", "<unk>"], special_first=True)
    out["from_dataset"] = vocab.vocab()
    out["from_dataset_topk"] = text.Vocab.from_dataset(d, top_k=2).vocab()
    out["from_dataset_freq"] = text.Vocab.from_dataset(d, freq_range=(2, 3), special_tokens=["<unk>"],
                                                       special_first=False).vocab()
    out["from_list"] = text.Vocab.from_list(["x", "y"], ["<s>"], special_first=False).vocab()
    out["tokens_to_ids"] = vocab.tokens_to_ids(["a", "zz", "d"])
    out["ids_to_tokens"] = vocab.ids_to_tokens([0, 3, 99])
    out["lookup"] = _lst(text.Lookup(vocab, "<unk>")(np.array(["a", "zz", "d"])))
    out["lookup_i64"] = _lst(text.Lookup(vocab, "<unk>", ms.int64)(np.array(["c"])))
    out["to_number"] = _lst(text.ToNumber(ms.int32)(np.array(["1", "-22", "7"])))
    out["to_number_f"] = _lst(text.ToNumber(ms.float32)(np.array(["1.5", "2"])))
    out["whitespace"] = _lst(text.WhitespaceTokenizer()(np.array("hello  big world")))
    out["whitespace_offsets"] = _lst(text.WhitespaceTokenizer(True)(np.array("hello  big world")))
    out["unicode_char"] = _lst(text.UnicodeCharTokenizer(True)(np.array("héllo")))
    out["sliding"] = _lst(text.SlidingWindow(2)(np.array([1, 2, 3, 4])))
    out["ngram"] = _lst(text.Ngram([2, 3])(np.array(["a", "b", "c", "d"])))
    out["truncate"] = _lst(text.Truncate(2)(np.array([5, 6, 7])))
    pipe = ds.NumpySlicesDataset({"t": np.array(["a b", "c a"])}, shuffle=False).map(
        text.WhitespaceTokenizer(), "t").map(text.Lookup(vocab, "<unk>"), "t")
    out["pipeline"] = [_lst(r[0]) for r in pipe.create_tuple_iterator(output_numpy=True)]
    return out


if __name__ == "__main__":
    import refutil
    refutil.save_json("dataset", "text", run_all())
    print("ok")
