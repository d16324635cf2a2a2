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


def errors():
    cases = {"keep_whitespace_type": lambda: T.UnicodeScriptTokenizer(keep_whitespace=1),
             "with_offsets_type": lambda: T.UnicodeScriptTokenizer(with_offsets="yes"),
             "numeric_input": lambda: T.UnicodeScriptTokenizer()(np.array([1, 2]))}
    out = {}
    for name, f in cases.items():
        try:
            f()
            out[name] = None
        except Exception as e:  # noqa: BLE001 - recorded
            out[name] = type(e).__name__
    return out


def run_all():
    return {"unicode_script": unicode_script(), "errors": errors()}


if __name__ == "__main__":
    import refutil
    refutil.save_json("dataset", "text_extra", run_all())
    print("ok")
