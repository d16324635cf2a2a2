"""Render the real-code corpus results (migration_guides/real-code.md, benchmarks/thirdparty.md) from
tests/reference_data/thirdparty/summary.json and a pytest JUnit XML of tests/thirdparty:

    python3 -m pytest tests/thirdparty -m "" --junitxml=/tmp/tp.xml; python3 tools/corpus_table.py /tmp/tp.xml

(`-m ""` also runs the gradient passes marked corpus_full.)
"""
import json
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from thirdparty import cases  # noqa: E402


def main(xml_path):
    summary = json.loads((ROOT / "tests/reference_data/thirdparty/summary.json").read_text())
    results = {}
    for tc in ET.parse(xml_path).getroot().iter("testcase"):
        m = re.search(r"\[(.+)\]$", tc.get("name", ""))
        if not m:
            continue
        fail = tc.find("failure")
        skip = tc.find("skipped")
        if fail is not None:
            msg = (fail.get("message") or "").splitlines()[0][:140]
            res = f"FAIL: {msg}"
        elif skip is not None:
            res = "xfail: " + (skip.get("message") or "")[:140] if skip.get("type") == "pytest.xfail" else "skip"
        else:
            res = "pass"
        part = "gradients" if "gradients" in tc.get("name", "") else "eval"
        results.setdefault(m.group(1), {})[part] = (res, float(tc.get("time", 0)))
    rows = ["| package | family | model | input | params | names + checkpoint + eval | train gradients |"
            " ms_compat test time (s) |",
            "|---|---|---|---|---|---|---|---|"]
    total = 0.0
    for key, (package, name) in cases.CORPUS.items():
        s = summary.get(key, {})
        if s.get("status") == "ok":
            r = results.get(key, {})
            ev, gr = r.get("eval", ("not run", 0.0)), r.get("gradients", ("not run", 0.0))
            t = ev[1] + gr[1]
            total += t
            hw = s["size"] if isinstance(s["size"], list) else [s["size"]] * 2
            size = f"{cases.BATCH}x3x{hw[0]}x{hw[1]}"
            rows.append(f"| {package} | {name} | {s['model']} | {size} | {s['n_elements'] / 1e6:.1f} M | {ev[0]} | "
                        f"{gr[0]} | {t:.1f} |")
        else:
            err = "; ".join(sorted(set(s.get("errors", {}).values())))[:300].replace("|", "/")
            rows.append(f"| {package} | {name} | {s.get('model', cases.model_name(key))} | — | — | "
                        f"MindSpore 2.10 CPU cannot run it: `{err}` | — | — |")
    print("\n".join(rows))
    print(f"\nTotal ms_compat test time: {total:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1])
