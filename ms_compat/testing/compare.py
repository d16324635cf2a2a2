"""Layer-by-layer comparison of two recordings (see recorder.py): per-cell max abs/rel differences of
inputs and outputs, and the first cell whose output diverges while its inputs still agree."""
from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import numpy as np

__all__ = ["CellDiff", "ComparisonReport", "compare_recordings", "assert_cells_close"]


@dataclasses.dataclass
class CellDiff:
    call: str
    cell: str
    cls: str
    max_abs_in: float
    max_abs_out: float
    max_rel_out: float
    inputs_ok: bool
    outputs_ok: bool
    missing: str = ""
    port_cls: str = ""  # the class ms_compat ran under this name ("" when it did not run it)

    @property
    def status(self):
        if self.missing:
            return "MISSING"
        return "ok" if self.outputs_ok else ("DIVERGES" if self.inputs_ok else "inherits")


@dataclasses.dataclass
class ComparisonReport:
    cells: list
    grads: list  # (param name, max abs, max rel, ok)
    rtol: float
    atol: float

    @property
    def first_divergent(self):
        for c in self.cells:
            if c.status in ("DIVERGES", "MISSING"):
                return c
        return None

    @property
    def ok(self):
        return all(c.outputs_ok and not c.missing for c in self.cells) and all(g[3] for g in self.grads)

    def table(self) -> str:
        first = self.first_divergent
        w = max([len(c.call) for c in self.cells] + [4])
        wc = max([len(c.cls) for c in self.cells] + [len("MindSpore")])
        wp = max([len(c.port_cls or "-") for c in self.cells] + [len("ms_compat")])
        lines = [f"{'cell':<{w}}  {'MindSpore':<{wc}}  {'ms_compat':<{wp}} {'max|Δin|':>10} {'max|Δout|':>10} "
                 f"{'max rel':>10}  status"]
        for c in self.cells:
            mark = "  <-- first divergence" if c is first else ""
            if c.port_cls and c.port_cls != c.cls:
                mark += f" (class differs: {c.cls} vs {c.port_cls})"
            lines.append(f"{c.call:<{w}}  {c.cls:<{wc}}  {c.port_cls or '-':<{wp}} {c.max_abs_in:>10.3g} "
                         f"{c.max_abs_out:>10.3g} {c.max_rel_out:>10.3g}  {c.status}{mark}")
        if self.grads:
            bad = [g for g in self.grads if not g[3]]
            lines.append(f"gradients: {len(self.grads) - len(bad)}/{len(self.grads)} parameters within tolerance")
            for name, a, r, _ in bad:
                lines.append(f"  grad {name}: max|Δ|={a:.3g} max rel={r:.3g}")
        n_inherit = len(self._consequences())
        lines.append("RESULT: " + ("match" if self.ok else f"DIVERGENCE (first: {first.call if first else 'grads'}"
                                   + (f"; {n_inherit} other cells follow from it" if n_inherit else "") + ")")
                     + f" (rtol={self.rtol}, atol={self.atol})")
        return "\n".join(lines)

    def _consequences(self):
        """Rows that follow from the first divergence: the "inherits" rows after it (their inputs differ
        because of it) and the cells that contain it (their outputs differ because a child's did)."""
        first = self.first_divergent
        if first is None:
            return set()
        after = self.cells[self.cells.index(first) + 1:]
        name = first.cell if first.cell != "<root>" else ""

        def contains(c):
            outer = c.cell if c.cell != "<root>" else ""
            return c is not first and (outer == "" or name.startswith(outer + ".")) and c.status == "DIVERGES"
        return {id(c) for c in after if c.status == "inherits" or contains(c)}

    def junit_xml(self, path, suite="ms_compat.compare"):
        """JUnit XML: one test case per cell and per gradient. The first divergence (and any other cell
        that diverges on agreeing inputs) is a failure; a cell that only inherits a difference after it
        is *skipped*, naming the divergence it follows, so one bug reads as one failure."""
        first = self.first_divergent
        consequences = self._consequences()
        failed = [c for c in self.cells if (not c.outputs_ok or c.missing) and id(c) not in consequences]
        ts = ET.Element("testsuite", name=suite, tests=str(len(self.cells) + len(self.grads)),
                        failures=str(len(failed) + sum(1 for g in self.grads if not g[3])),
                        skipped=str(len(consequences)))
        for c in self.cells:
            tc = ET.SubElement(ts, "testcase", classname=f"{suite}.{c.cls}", name=c.call)
            if id(c) in consequences:
                why = (f"inherits the divergence of {first.call}: its inputs already differ "
                       f"(max|Δin|={c.max_abs_in:.3g})" if c.status == "inherits"
                       else f"contains the divergence of {first.call}")
                ET.SubElement(tc, "skipped", message=why)
            elif not c.outputs_ok or c.missing:
                msg = ("FIRST DIVERGENCE: " if c is first else "") + \
                      (c.missing or f"max|Δout|={c.max_abs_out:.3g} max rel={c.max_rel_out:.3g} "
                                    f"(inputs {'agree' if c.inputs_ok else 'already differ'})")
                ET.SubElement(tc, "failure", message=msg, type="first_divergence" if c is first else "divergence")
        for name, a, r, ok in self.grads:
            tc = ET.SubElement(ts, "testcase", classname=f"{suite}.grad", name=name)
            if not ok:
                ET.SubElement(tc, "failure", message=f"max|Δ|={a:.3g} max rel={r:.3g}", type="gradient")
        ET.ElementTree(ts).write(path, encoding="utf-8", xml_declaration=True)


def _diff(a, b):
    if a.shape != b.shape:
        return float("inf"), float("inf")
    if a.size == 0:
        return 0.0, 0.0
    a = a.astype(np.float64)
    b = b.astype(np.float64)
    d = np.abs(a - b)
    rel = d / np.maximum(np.abs(b), 1e-12)
    return float(d.max()), float(rel.max())


def _close(a, b, rtol, atol):
    return a.shape == b.shape and bool(np.allclose(a.astype(np.float64), b.astype(np.float64), rtol=rtol, atol=atol))


def compare_recordings(actual, expected, rtol=1e-4, atol=1e-5) -> ComparisonReport:
    """``actual``/``expected`` are ``(arrays, calls)`` from recorder.record or load_recording."""
    a_arr, a_calls = actual[0], actual[1]
    e_arr, e_calls = expected[0], expected[1]
    a_cls = {c[0]: c[2] for c in a_calls}
    a_keys = set(a_cls)
    cells = []
    for key, name, cls in e_calls:
        if key not in a_keys:
            cells.append(CellDiff(key, name, cls, 0.0, 0.0, 0.0, True, False, missing="not called in ms_compat"))
            continue
        max_in, in_ok = 0.0, True
        i = 0
        while f"in|{key}|{i}" in e_arr:
            ea, aa = e_arr[f"in|{key}|{i}"], a_arr.get(f"in|{key}|{i}")
            if aa is None:
                in_ok = False
                max_in = float("inf")
            else:
                max_in = max(max_in, _diff(aa, ea)[0])
                in_ok &= _close(aa, ea, rtol, atol)
            i += 1
        max_out, max_rel, out_ok = 0.0, 0.0, True
        i = 0
        while f"out|{key}|{i}" in e_arr:
            eo, ao = e_arr[f"out|{key}|{i}"], a_arr.get(f"out|{key}|{i}")
            if ao is None:
                out_ok, max_out, max_rel = False, float("inf"), float("inf")
            else:
                d, r = _diff(ao, eo)
                max_out, max_rel = max(max_out, d), max(max_rel, r)
                out_ok &= _close(ao, eo, rtol, atol)
            i += 1
        cells.append(CellDiff(key, name, cls, max_in, max_out, max_rel, in_ok, out_ok, port_cls=a_cls[key]))
    grads = []
    for k in e_arr:
        if k.startswith("grad|"):
            g = a_arr.get(k)
            if g is None:
                grads.append((k[5:], float("inf"), float("inf"), False))
            else:
                d, r = _diff(g, e_arr[k])
                grads.append((k[5:], d, r, _close(g, e_arr[k], rtol * 10, atol)))
    return ComparisonReport(cells, grads, rtol, atol)


def assert_cells_close(actual, expected, rtol=1e-4, atol=1e-5, inputs=None, train=False):
    """Assert two models (or two recordings) agree cell by cell; raises ``AssertionError`` with the table.

    ``actual`` and ``expected`` are Cells run on ``inputs`` (numpy arrays) in this process — e.g. a
    ported Cell and a reference implementation — or recordings ``(arrays, calls)``. Cells are matched by
    their names from ``cells_and_names``."""
    from .recorder import record
    import ms_compat as ms

    def as_rec(x):
        if isinstance(x, tuple):
            return x
        return record(ms, x, inputs, train=train)

    rep = compare_recordings(as_rec(actual), as_rec(expected), rtol, atol)
    if not rep.ok:
        raise AssertionError("cells differ:\n" + rep.table())
    return rep
