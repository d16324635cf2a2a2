"""Import every module of each package of tests/thirdparty/whole_packages.py (mindocr, mindaudio, mindone,
mindarmour, mindpet, mindspore-gs) under real MindSpore 2.10, one process per package (the packages and their
pinned third-party dependencies go into a temporary directory with ``pip install --no-deps --target``). Writes tests/reference_data/package_imports/<pkg>.json:
the modules that import, the ones that fail with MindSpore's error, and the third-party packages each module needs.

The reference interpreter lacks OpenCV and sentencepiece (ms_compat's core dependency and test extra, so every test
venv has them): ``REF_ONLY`` is added to the reference side's path only, so the modules importing them are compared.
    python gen_package_imports.py [pkg ...]
"""
import sys
import tempfile

import refutil

sys.path.insert(0, str(refutil.ROOT / "tests"))
from thirdparty import whole_packages as wp  # noqa: E402

AREA = "package_imports"
# numpy<2 in the reference venv: the last cv2 built for numpy 1; sentencepiece as pinned in the test extra
REF_ONLY = ["opencv-python-headless==4.10.0.84", "sentencepiece==0.1.98"]


def main(pkgs):
    import subprocess
    with tempfile.TemporaryDirectory() as site, tempfile.TemporaryDirectory() as extra:
        r = wp.install(site)
        assert r.returncode == 0, r.stderr[-2000:]
        r = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", extra, *REF_ONLY],
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr[-2000:]
        for pkg in pkgs or wp.PACKAGES:
            out = wp.import_all(pkg, False, [site, extra], timeout=3000)
            refutil.save_json(AREA, pkg, {"package": wp.PACKAGES[pkg], "deps": wp.deps(pkg), "ok": sorted(out["ok"]),
                                          "failed": out["failed"], "needs": out["needs"]})
            print(f"{pkg}: {len(out['ok'])} modules import, {len(out['failed'])} fail", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
