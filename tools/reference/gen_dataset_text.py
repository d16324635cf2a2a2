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
    out.update(more())
    return out


def more():
    """AddToken, TruncateSequencePair, NormalizeUTF8, Unicode/Basic/Wordpiece/Bert tokenizers, FilterWikipediaXML,
    Vectors/ToVectors (a small vectors file written here)."""
    import os
    import tempfile
    out = {}
    toks = np.array(["a", "b", "c"])
    out["add_token_begin"] = _lst(text.AddToken("TOKEN", True)(toks))
    out["add_token_end"] = _lst(text.AddToken("END", False)(toks))
    out["truncate_pair"] = _lst(text.TruncateSequencePair(4)(np.array([1, 2, 3]), np.array([4, 5, 6, 7])))
    out["truncate_pair_short"] = _lst(text.TruncateSequencePair(9)(np.array([1, 2]), np.array([4])))
    s = np.array("ﬁ Café ①２ Ａ")
    for form in ("NONE", "NFC", "NFKC", "NFD", "NFKD"):
        out["normalize_" + form] = _lst(text.NormalizeUTF8(getattr(text.NormalizeForm, form))(s))
    sent = np.array("Hello, World! Ünïcödé  naïve café 中文字 [UNK] e.g.\tTab")
    out["basic"] = _lst(text.BasicTokenizer()(sent))
    out["basic_lower"] = _lst(text.BasicTokenizer(lower_case=True)(sent))
    out["basic_lower_offsets"] = _lst(text.BasicTokenizer(lower_case=True, with_offsets=True)(sent))
    out["basic_keep_ws"] = _lst(text.BasicTokenizer(keep_whitespace=True)(sent))
    out["basic_unused"] = _lst(text.BasicTokenizer(lower_case=True, preserve_unused_token=False)(sent))
    vocab = text.Vocab.from_list(["[UNK]", "hello", "world", "un", "##aff", "##able", "wa", "##nt", "!", ",", "[CLS]",
                                  "中", "cafe"])
    out["wordpiece"] = _lst(text.WordpieceTokenizer(vocab)(np.array(["unaffable", "want", "hello", "xyz", "!"])))
    out["wordpiece_offsets"] = _lst(text.WordpieceTokenizer(vocab, with_offsets=True)(np.array(["unaffable", "zz"])))
    out["wordpiece_unknown_empty"] = _lst(text.WordpieceTokenizer(vocab, unknown_token="")(np.array(["unwantx"])))
    out["wordpiece_max_chars"] = _lst(text.WordpieceTokenizer(vocab, max_bytes_per_token=4)(np.array(["unaffable"])))
    out["bert"] = _lst(text.BertTokenizer(vocab, lower_case=True)(np.array("Hello, WORLD! unaffable café 中 [CLS]")))
    out["bert_offsets"] = _lst(text.BertTokenizer(vocab, lower_case=True, with_offsets=True)(np.array("Hello, want!")))
    out["filter_wiki"] = _lst(text.FilterWikipediaXML()(np.array(
        "The <b>quick</b> [[brown fox|fox]] jumps {{cite}} over &amp; 12 lazy dogs. [http://x.org link] Ünï")))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "vectors.txt")
        with open(path, "w") as f:
            f.write("ok 0.1 0.2 0.3\nhello 1 2 3\nworld -1.5 0 2.25\n")
        vec = text.Vectors.from_file(path)
        out["vectors_lookup"] = _lst(text.ToVectors(vec)(np.array(["hello", "world", "nope"])))
        out["vectors_unk"] = _lst(text.ToVectors(vec, unk_init=[9, 9, 9])(np.array(["nope", "ok"])))
        out["vectors_lower"] = _lst(text.ToVectors(vec, lower_case_backup=True)(np.array(["HELLO"])))
        out["vectors_max"] = _lst(text.ToVectors(text.Vectors.from_file(path, max_vectors=2))(np.array(["world"])))
    return out


if __name__ == "__main__":
    import refutil
    refutil.save_json("dataset", "text", run_all())
    print("ok")
