"""MindIR files with sub-graphs (issue 35): the control-flow networks of mindir_control_nets.py exported by real
MindSpore 2.10 (an ``if`` and a ``while`` on tensors, a cell with an ``if`` called from another, a ``@lazy_inline``
cell, which MindSpore 2.10 CPU cannot run eagerly but exports and runs from the file), stored small in
tests/reference_data/mindir/control/<name>.mindir, with MindSpore's ``nn.GraphCell`` outputs for each input set
(<name>.npz) — what ms_compat's GraphCell must reproduce."""
from __future__ import annotations

import mindspore as ms
from mindspore import nn

import mindir_control_nets
import refutil

AREA = "mindir/control"


def main():
    d = refutil.out_dir(AREA)
    nets = mindir_control_nets.build(ms)
    summary = {}
    for name, (net, sets) in nets.items():
        target = d / f"{name}.mindir"
        if target.exists():
            target.chmod(0o600)
            target.unlink()
        ms.export(net, *sets[0], file_name=str(target), file_format="MINDIR")
        runner = nn.GraphCell(ms.load(str(target)))
        arrays = {}
        for k, inputs in enumerate(sets):
            out = runner(*inputs)
            outs = out if isinstance(out, tuple) else (out,)
            arrays.update({f"set{k}/input{i}": x.asnumpy() for i, x in enumerate(inputs)})
            arrays.update({f"set{k}/output{i}": o.asnumpy() for i, o in enumerate(outs)})
        refutil.save_npz(AREA, name, **arrays)
        summary[name] = {"sets": len(sets), "n_outputs": len(outs),
                         "functions": len(ms.load_mindir(str(target)).functions)}
    refutil.save_json(AREA, "nets", summary)


if __name__ == "__main__":
    main()
