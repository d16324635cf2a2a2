"""Mirrors ``mindspore.dataset.text.UnicodeScriptTokenizer``: split a string where the Unicode script changes.

MindSpore's kernel walks the characters and starts a token whenever ICU's ``uscript_getScript`` (the Script
property: Latin, Han, Common for digits and punctuation, Inherited for combining marks, ...) or the
``White_Space`` property changes; whitespace tokens are dropped unless ``keep_whitespace``. The Script table
comes from ms_compat/_data/unicode_scripts.json (written by tools/gen_unicode_scripts.py from the ``regex``
package's Unicode database, as Python's unicodedata has no Script property). Difference: characters assigned
after the Unicode version of MindSpore's ICU may get a script where MindSpore sees Unknown.
"""
from __future__ import annotations

import bisect
import functools
import json
import pathlib

import numpy as np

from ..transforms.transforms import TensorOperation
from .transforms import _str

__all__ = ["UnicodeScriptTokenizer"]

# the White_Space property (PropList.txt), which ICU's u_isUWhiteSpace reads
_WHITE = frozenset([*range(0x09, 0x0E), 0x20, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F,
                    0x205F, 0x3000])


@functools.lru_cache(maxsize=None)
def _table():
    data = json.loads((pathlib.Path(__file__).resolve().parents[2] / "_data" / "unicode_scripts.json").read_text())
    return [r[0] for r in data["runs"]], [r[1] for r in data["runs"]], data["names"]


def script_of(ch: str) -> str:
    """The Unicode Script property value of one character (``LATIN``, ``HAN``, ``COMMON`` ...)."""
    starts, ids, names = _table()
    return names[ids[bisect.bisect_right(starts, ord(ch)) - 1]]


class UnicodeScriptTokenizer(TensorOperation):
    """Mirrors ``mindspore.dataset.text.UnicodeScriptTokenizer(keep_whitespace=False, with_offsets=False)``:
    tokens are runs of one script and one whitespace-ness (``"Chinese中国"`` -> ``["Chinese", "中国"]``,
    ``" ."`` -> ``[" ", "."]``); whitespace runs are kept only with ``keep_whitespace``. With ``with_offsets``
    also the tokens' start and end byte offsets (uint32) in the UTF-8 string. An empty result is ``[""]`` (offsets
    ``[0]``, ``[0]``), as MindSpore's."""

    def __init__(self, keep_whitespace=False, with_offsets=False):
        for name, v in (("keep_whitespace", keep_whitespace), ("with_offsets", with_offsets)):
            if not isinstance(v, bool):
                raise TypeError(f"Wrong input type for {name}, should be boolean.")
        self.keep_whitespace, self.with_offsets = keep_whitespace, with_offsets

    def _tokens(self, text):
        starts, ids, _ = _table()
        out = []
        tok, tok_start, pos = "", 0, 0
        last = was_space = None
        for ch in text:
            cp = ord(ch)
            script = ids[bisect.bisect_right(starts, cp) - 1]
            space = cp in _WHITE
            if tok and (script != last or space != was_space):
                if self.keep_whitespace or not was_space:
                    out.append((tok, tok_start))
                tok, tok_start = "", pos
            tok += ch
            pos += len(ch.encode("utf-8"))
            last, was_space = script, space
        if tok and (self.keep_whitespace or not was_space):
            out.append((tok, tok_start))
        return out

    def __call__(self, text):
        a = _str(text)
        if a.ndim != 0:
            raise RuntimeError(f"UnicodeScriptTokenizer: the input should be a scalar string tensor, got shape "
                               f"{list(a.shape)}.")
        toks = self._tokens(str(a))
        arr = np.array([t for t, _ in toks] if toks else [""], dtype=str)
        if not self.with_offsets:
            return arr
        begin = np.array([s for _, s in toks] or [0], np.uint32)
        end = np.array([s + len(t.encode("utf-8")) for t, s in toks] or [0], np.uint32)
        return arr, begin, end
