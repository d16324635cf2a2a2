"""Write ms_compat/_data/unicode_scripts.json: the Unicode Script property of every code point, as runs
``[[first code point, script index], ...]`` plus the script names, for text.UnicodeScriptTokenizer (which needs
ICU's ``uscript_getScript`` and so the Script table; Python's unicodedata has none). Generated from the
``regex`` package's Unicode database (``pip install regex``); ms_compat itself does not need ``regex``.

Usage: python tools/gen_unicode_scripts.py
"""
from __future__ import annotations

import json
import pathlib

try:  # a generator's own tool, not a dependency of ms_compat or its tests
    import regex
    from regex import _regex_core
except ImportError as e:  # pragma: no cover
    raise SystemExit("tools/gen_unicode_scripts.py needs the regex package: pip install regex") from e

OUT = pathlib.Path(__file__).resolve().parent.parent / "ms_compat" / "_data" / "unicode_scripts.json"


def main():
    by_id = {}
    for name, value in _regex_core.PROPERTIES["SCRIPT"][1].items():
        by_id.setdefault(value, []).append(name)
    names = [max(v, key=len) for _, v in sorted(by_id.items())]
    pattern = regex.compile("|".join(f"(?P<s{i}>\\p{{Script={n}}})" for i, n in enumerate(names)))
    runs, last = [], None
    for cp in range(0x110000):
        m = pattern.match(chr(cp))
        k = int(m.lastgroup[1:]) if m else 0
        if k != last:
            runs.append([cp, k])
            last = k
    data = {"regex_version": regex.__version__, "names": names, "runs": runs}
    OUT.write_text(json.dumps(data, separators=(",", ":")))
    print(OUT, len(runs), "runs,", len(names), "scripts")


if __name__ == "__main__":
    main()
