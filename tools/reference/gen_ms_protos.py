"""Record the protobuf schemas of real MindSpore 2.10's generated ``*_pb2`` modules into
ms_compat/_data/mindspore_protos.json, from which ms_compat builds the same modules (ms_compat/train/_pb2.py); and, for tests/test_pb2_modules.py,
each module's public names and each message's fields (tests/reference_data/namespace/pb2_modules.json).

The family is derived, not listed: every module of the namespace inventory
(ms_compat/porting/_data/mindspore_namespace.json.gz) that holds a protobuf ``DESCRIPTOR`` (a
``FileDescriptor``). For each: the ``.proto`` file name, the files it imports, and the serialized
``FileDescriptorProto`` (base64), in dependency order. The message classes themselves are not in the inventory
(their ``__module__`` is the bare ``mind_ir_pb2``, not a ``mindspore.`` path), so packages importing them
(``from mindspore.train.mind_ir_pb2 import ModelProto``: mindspore_gs) stopped at an ImportError.
Run: ``python tools/make_references.py ms_protos``.
"""
import base64
import gzip
import importlib
import json
import os
import tempfile
import warnings

warnings.filterwarnings("ignore")
os.chdir(tempfile.mkdtemp())
import mindspore  # noqa: E402
from google.protobuf.descriptor import FileDescriptor  # noqa: E402

import refutil  # noqa: E402

NAMESPACE = refutil.ROOT / "ms_compat" / "porting" / "_data" / "mindspore_namespace.json.gz"
DEST = refutil.ROOT / "ms_compat" / "_data" / "mindspore_protos.json"


def main():
    ns = json.loads(gzip.decompress(NAMESPACE.read_bytes()))
    files, modules = {}, {}
    for name in sorted(ns["modules"]):
        try:
            mod = importlib.import_module(name)
        except BaseException:  # noqa: BLE001
            continue
        d = mod.__dict__.get("DESCRIPTOR")
        if isinstance(d, FileDescriptor):
            modules[name] = d.name
            stack = [d]
            while stack:
                f = stack.pop()
                if f.name not in files:
                    files[f.name] = {"deps": [x.name for x in f.dependencies],
                                     "pb": base64.b64encode(f.serialized_pb).decode()}
                    stack.extend(f.dependencies)
    order, done = [], set()

    def visit(n):
        if n not in done:
            done.add(n)
            for dep in files[n]["deps"]:
                visit(dep)
            order.append(n)

    for n in sorted(files):
        visit(n)
    data = {"mindspore_version": mindspore.__version__, "modules": modules,
            "files": [{"name": n, **files[n]} for n in order]}
    DEST.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    # for tests/test_pb2_modules.py: each module's public names and each message's fields, as MindSpore has them
    ref = {}
    for name in modules:
        mod = importlib.import_module(name)
        msgs = {}
        for n, d in mod.DESCRIPTOR.message_types_by_name.items():
            stack = [(n, d)]
            while stack:
                path, m = stack.pop()
                msgs[path] = sorted([f.name, f.number, f.type, f.is_repeated] for f in m.fields)
                stack.extend((f"{path}.{k}", v) for k, v in m.nested_types_by_name.items())
        ref[name] = {"names": sorted(n for n in vars(mod) if not n.startswith("_")), "messages": msgs}
    refutil.save_json("namespace", "pb2_modules", ref)
    print(f"{len(modules)} modules, {len(order)} .proto files -> {DEST}")


main()
