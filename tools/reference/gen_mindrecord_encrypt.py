"""MindRecord file encryption under MindSpore 2.10 (set_enc_key / set_enc_mode / set_dec_mode): a small file
written with a key (stored whole: AES-GCM uses a random IV, so bytes differ run to run) and the rows MindSpore
reads back; the same file unencrypted (its sha1). tests/dataset/test_mindrecord_encrypt.py reads the stored files
with ms_compat, and checks ms_compat's encrypted files decrypt to MindSpore's plaintext."""
import base64
import hashlib
import os
import sys
import tempfile

import numpy as np

from mindspore.mindrecord import FileReader, FileWriter, set_dec_mode, set_enc_key, set_enc_mode

KEY = "0123456789abcdef0123456789abcdef"


def write(path):
    w = FileWriter(path, overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    # scalar fields only (no blob page): the stored encrypted file stays ~17 KB
    w.add_schema({"label": {"type": "int32"}, "name": {"type": "string"}, "x": {"type": "float64"}}, "enc")
    w.add_index(["label"])
    w.write_raw_data([{"label": i, "name": f"r{i}", "x": i / 4} for i in range(5)])
    w.commit()


def read(path):
    r = FileReader(path)
    rows = [{k: (v.hex() if isinstance(v, bytes) else np.asarray(v).tolist()) for k, v in sorted(row.items())}
            for row in r.get_next()]
    r.close()
    return rows


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import refutil
    with tempfile.TemporaryDirectory() as tmp:
        plain = os.path.join(tmp, "plain.mindrecord")
        write(plain)
        out = {"plain_sha1": hashlib.sha1(open(plain, "rb").read()).hexdigest(),
               "plain_db_size": os.path.getsize(plain + ".db"), "rows": read(plain)}
        set_enc_key(KEY)
        set_enc_mode("AES-GCM")
        set_dec_mode("AES-GCM")
        enc = os.path.join(tmp, "enc.mindrecord")
        write(enc)
        out["enc_rows"] = read(enc)
        out["enc_file"] = base64.b64encode(open(enc, "rb").read()).decode()
        out["enc_db"] = base64.b64encode(open(enc + ".db", "rb").read()).decode()
        out["key"] = KEY
    refutil.save_json("dataset", "mindrecord_encrypt", out)
    print("ok")
