"""mindspore.dataset.text UnicodeScriptTokenizer (and SentencePieceVocab when the sentencepiece package is
installed) under MindSpore 2.10. tests/dataset/test_text_extra.py runs run_all() through the ms_compat alias."""
import numpy as np

import mindspore.dataset.text as T

TEXTS = ["Chinese中国 abc", "  hello, world!  ", "Ünïcödé\u0301 test 123.45", "Привет мир", "日本語のテキストです。カタカナ",
         "a\u00a0b\u3000c\td", "", "   ", "x1y2", "عربي text", "e\u0301a \U0001F600 ok", "Ελληνικά-English_mix",
         "한국어 텍스트", "हिन्दी पाठ", "tab\tnew\nline\r\n"]


def _plain(r):
    return [np.asarray(x).tolist() for x in r] if isinstance(r, (tuple, list)) else np.asarray(r).tolist()


def unicode_script():
    out = {}
    for kw in (dict(), dict(keep_whitespace=True), dict(with_offsets=True),
               dict(keep_whitespace=True, with_offsets=True)):
        op = T.UnicodeScriptTokenizer(**kw)
        key = ",".join(f"{k}={v}" for k, v in kw.items()) or "default"
        out[key] = [_plain(op(np.array(s))) for s in TEXTS]
    return out


WORDS = ("the quick brown fox jumps over lazy dog model data set train test token piece vocab sentence word "
         "machine learning deep network layer tensor shape value mind spore torch").split()
SENTENCES = ["the quick brown fox jumps over the lazy dog", "Tokenize this sentence, please!",
             "mindspore torch tensors", "unseen wordz like xylophone", "data"]


def corpus(path):
    rng = np.random.RandomState(11)
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(400):
            f.write(" ".join(rng.choice(WORDS, rng.randint(3, 12))) + "\n")
    return path


def sentencepiece():
    import os
    import tempfile

    import mindspore.dataset as ds
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        path = corpus(os.path.join(tmp, "corpus.txt"))
        vocabs = {
            "unigram": T.SentencePieceVocab.from_file([path], 60, 1.0, T.SentencePieceModel.UNIGRAM, {}),
            "bpe": T.SentencePieceVocab.from_file([path], 70, 0.9995, T.SentencePieceModel.BPE, {}),
            "char": T.SentencePieceVocab.from_file([path], 30, 1.0, T.SentencePieceModel.CHAR, {}),
            "word": T.SentencePieceVocab.from_file([path], 25, 1.0, T.SentencePieceModel.WORD, {}),
            "params": T.SentencePieceVocab.from_file([path], 50, 1.0, T.SentencePieceModel.UNIGRAM,
                                                     {"split_by_whitespace": "false", "vocab_size": "9"}),
            "dataset": T.SentencePieceVocab.from_dataset(ds.TextFileDataset(path, shuffle=False), ["text"], 60, 1.0,
                                                         T.SentencePieceModel.UNIGRAM, {}),
        }
        for name, vocab in vocabs.items():
            for out_type in (T.SPieceTokenizerOutType.STRING, T.SPieceTokenizerOutType.INT):
                tok = T.SentencePieceTokenizer(vocab, out_type=out_type)
                out[f"{name}_{int(out_type)}"] = [np.asarray(tok(np.array(s))).tolist() for s in SENTENCES]
        T.SentencePieceVocab.save_model(vocabs["bpe"], tmp, "m.model")
        tok = T.SentencePieceTokenizer(os.path.join(tmp, "m.model"), out_type=T.SPieceTokenizerOutType.STRING)
        out["saved_bpe"] = [np.asarray(tok(np.array(s))).tolist() for s in SENTENCES]
    return out


def errors():
    cases = {"keep_whitespace_type": lambda: T.UnicodeScriptTokenizer(keep_whitespace=1),
             "with_offsets_type": lambda: T.UnicodeScriptTokenizer(with_offsets="yes"),
             "numeric_input": lambda: T.UnicodeScriptTokenizer()(np.array([1, 2])),
             "spv_file_path_str": lambda: T.SentencePieceVocab.from_file("a.txt", 10, 1.0,
                                                                         T.SentencePieceModel.UNIGRAM, {}),
             "spv_coverage_int": lambda: T.SentencePieceVocab.from_file(["a.txt"], 10, 1,
                                                                        T.SentencePieceModel.UNIGRAM, {}),
             "spv_params_list": lambda: T.SentencePieceVocab.from_file(["a.txt"], 10, 1.0,
                                                                       T.SentencePieceModel.UNIGRAM, []),
             "spv_save_not_vocab": lambda: T.SentencePieceVocab.save_model("v", "./", "m.model")}
    out = {}
    for name, f in cases.items():
        try:
            f()
            out[name] = None
        except Exception as e:  # noqa: BLE001 - recorded
            out[name] = type(e).__name__
    return out


def run_all():
    return {"unicode_script": unicode_script(), "errors": errors(), "sentencepiece": sentencepiece()}


if __name__ == "__main__":
    import refutil
    refutil.save_json("dataset", "text_extra", run_all())
    print("ok")
