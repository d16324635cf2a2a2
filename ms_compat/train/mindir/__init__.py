"""MindIR, MindSpore's graph file format, read and written on PyTorch (issue 35): :func:`load.load` reads a
``.mindir`` file into a graph that :class:`graph_cell.GraphCell` runs with ms_compat's primitives."""
