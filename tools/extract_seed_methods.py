"""Extract the method/property names documented in the seed API pages (../shared/seeds) into
tests/conformance/seed_methods.json, so tests can enumerate them without the seeds present.

Usage: python tools/extract_seed_methods.py [SEEDS_DIR]
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def names_in(text):
    found = set(re.findall(r"py:(?:method|attribute|property)::\s*([A-Za-z_]\w*)", text))
    found |= set(re.findall(r"^- (?:property )?([a-z_]\w*)(?:\(|$)", text, re.M))
    found |= set(re.findall(r"^(?:property\s+)?([a-z_]\w*)\([^)]*\)(?:\[source\])?\s*$", text, re.M))
    found |= set(re.findall(r"^property\s+([a-z_]\w*)\s*$", text, re.M))
    return found


def main(seeds=None):
    seeds = pathlib.Path(seeds or ROOT.parent / "shared" / "seeds")
    read = lambda pat: "\n".join(p.read_text() for p in sorted(seeds.glob(pat)))
    out = {
        "cell": sorted(names_in(read("000_*.txt")) | names_in(read("001_*.txt")) | names_in(read("003_*.txt"))),
        "torch_module": sorted(names_in(read("004_*.txt")) - {"reset_parameters"}),
    }
    dest = ROOT / "tests" / "conformance" / "seed_methods.json"
    dest.write_text(json.dumps(out, indent=1) + "\n")
    print(f"{dest}: {len(out['cell'])} Cell names, {len(out['torch_module'])} torch.nn.Module names")


if __name__ == "__main__":
    main(*sys.argv[1:])
