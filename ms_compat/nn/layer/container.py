"""Containers mirroring ``mindspore.nn``: SequentialCell, CellList, CellDict.

Children are keyed ``'0'``, ``'1'``, ... (OrderedDict keys for SequentialCell/CellDict) and their
parameters renamed ``'<key>.<name>'`` as MindSpore does. Truthiness follows MindSpore 2.10:
an empty SequentialCell/CellList is falsy, a CellDict is always truthy.
"""
from __future__ import annotations

import torch

from collections import OrderedDict, abc

from ..cell import Cell

__all__ = ["SequentialCell", "CellList", "CellDict"]


def _valid_index(n, index, op_name):
    if isinstance(index, bool) or not isinstance(index, int):
        raise TypeError(f"For '{op_name}', the type of 'index' must be int, but got {type(index).__name__}.")
    if not -n <= index < n:
        raise IndexError(f"For '{op_name}', the value of 'index' must be a number in range [{-n}, {n}), "
                         f"but got {index}.")
    return index % n


def _valid_insert_index(n, index, op_name):
    if isinstance(index, bool) or not isinstance(index, int):
        raise TypeError(f"For '{op_name}', the type of 'index' must be int, but got {type(index).__name__}.")
    if not -n <= index <= n:
        raise IndexError(f"For '{op_name}', the value of 'index' must be a number in range [{-n}, {n}], "
                         f"but got {index}.")
    return index % n if (n != 0 and index != n) else index


def _valid_cell(cell, op_name):
    if isinstance(cell, Cell):
        return True
    if isinstance(cell, torch.nn.Module):  # ms_compat extension: plain torch modules (gradual porting)
        from ..torch_bridge import bridge_torch_module
        bridge_torch_module(cell)
        return True
    raise TypeError(f"For '{op_name}', each cell must be subclass of Cell, but got {type(cell).__name__}.")


def _prefix_and_index(cells):
    """The name prefix the container's parameters already carry (``'seq.'`` when nested) and the
    position of the child key inside a parameter name — MindSpore 2.10's ``_get_prefix_and_index``
    exactly: the first parameter of the first child with parameters decides; its name is scanned for
    that child's key and the LAST match wins unless the second child's first parameter confirms an
    earlier one (so a first child named ``'0.0.weight'`` gives the prefix ``'0.'``, as in MindSpore)."""
    first = second = None
    for key, cell in cells.items():
        if cell is None:
            continue
        p = next((q for _, q in cell.parameters_and_names()), None)
        if p is None:
            continue
        if first is None:
            first = (key, p)
            continue
        second = (key, p)
        break
    prefix, index = "", 0
    if first is None:
        return prefix, index
    parts = first[1].name.split(".")
    for idx, name in enumerate(parts):
        if name == first[0]:
            prefix = ".".join(parts[:idx])
            prefix = prefix + "." if prefix else prefix
            index = idx
            if second is not None:
                sparts = second[1].name.split(".")
                if idx < len(sparts) and sparts[idx] == second[0]:
                    break
    return prefix, index


def _rename(cell, prefix):
    if isinstance(cell, Cell):
        cell.update_parameters_name(prefix)


class SequentialCell(Cell):
    """Mirrors ``nn.SequentialCell(*args)``: cells, one list of cells, or one OrderedDict (its keys
    become the child names). Supports indexing, slicing (a new SequentialCell with the same keys),
    assignment, ``del``, ``len``, ``append`` and MindSpore 2.10's truthiness (empty → False)."""

    def __init__(self, *args):
        super().__init__()
        self._is_dynamic_name = []
        cells = self._modules
        if len(args) == 1:
            a = args[0]
            if isinstance(a, Cell):
                cells["0"] = a
                _rename(a, "0.")
                self._is_dynamic_name.append(True)
            elif isinstance(a, list):
                for i, c in enumerate(a):
                    _valid_cell(c, "SequentialCell")
                    cells[str(i)] = c
                    _rename(c, f"{i}.")
                    self._is_dynamic_name.append(True)
            elif isinstance(a, OrderedDict):
                for name, c in a.items():
                    _valid_cell(c, "SequentialCell")
                    cells[name] = c
                    _rename(c, f"{name}.")
                    self._is_dynamic_name.append(False)
            else:
                raise TypeError(f"For '{type(self).__name__}', the 'args[0]' must be Cell, list or orderedDict, "
                                f"but got {type(a).__name__}")
        else:
            for i, c in enumerate(args):
                if not isinstance(c, Cell):
                    raise TypeError(f"For '{type(self).__name__}', the 'args[{i}]' must be Cell, but got "
                                    f"{type(c).__name__}")
                cells[str(i)] = c
                _rename(c, f"{i}.")
                self._is_dynamic_name.append(True)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return type(self)(OrderedDict(list(self._modules.items())[index]))
        index = _valid_index(len(self), index, type(self).__name__)
        return list(self._modules.values())[index]

    def __setitem__(self, index, cell):
        name = type(self).__name__
        _valid_cell(cell, name)
        prefix, _ = _prefix_and_index(self._modules)
        index = _valid_index(len(self), index, name)
        key = list(self._modules.keys())[index]
        self._modules[key] = cell
        _rename(cell, prefix + key + ".")

    def __delitem__(self, index):
        name = type(self).__name__
        if isinstance(index, int) and not isinstance(index, bool):
            index = _valid_index(len(self), index, name)
            del self._modules[list(self._modules.keys())[index]]
            del self._is_dynamic_name[index]
        elif isinstance(index, slice):
            for key in list(self._modules.keys())[index]:
                del self._modules[key]
            del self._is_dynamic_name[index]
        else:
            raise TypeError(f"For '{name}', the type of index must be int type or slice type, but got "
                            f"{type(index).__name__}")
        prefix, key_index = _prefix_and_index(self._modules)
        items = list(self._modules.items())
        self._modules.clear()
        for idx, (key, cell) in enumerate(items):
            if self._is_dynamic_name[idx]:
                for _, p in cell.parameters_and_names():
                    p.name = prefix + str(idx) + "." + ".".join(p.name.split(".")[key_index + 1:])
                self._modules[str(idx)] = cell
            else:
                self._modules[key] = cell

    def __bool__(self):
        return len(self._modules) != 0

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def set_grad(self, flag=True):
        self.requires_grad = flag
        for cell in self._modules.values():
            cell.set_grad(flag)
        return self

    def append(self, cell):
        """Append ``cell`` under the next index key."""
        _valid_cell(cell, type(self).__name__)
        prefix, _ = _prefix_and_index(self._modules)
        _rename(cell, prefix + str(len(self)) + ".")
        self._is_dynamic_name.append(True)
        self._modules[str(len(self))] = cell
        return self

    def _insert(self, index, cell):
        name = type(self).__name__
        idx = _valid_insert_index(len(self), index, name)
        _valid_cell(cell, name)
        prefix, _ = _prefix_and_index(self._modules)
        items = list(self._modules.values())
        items.insert(idx, cell)
        self._modules.clear()
        for i, c in enumerate(items):
            self._modules[str(i)] = c
            if i >= idx:  # the inserted cell and every shifted one get their new index in their names
                _rename(c, prefix + str(i) + ".")
        self._is_dynamic_name.insert(idx, True)

    def construct(self, input_data):
        for cell in self._modules.values():
            input_data = cell(input_data)
        return input_data


class CellList(Cell):
    """Mirrors ``nn.CellList(args=None)`` (like ``torch.nn.ModuleList``): ``append``, ``extend``,
    ``insert``, indexing, ``del``, ``len``, iteration; calling it raises ``NotImplementedError``;
    empty → falsy."""

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs.pop("auto_prefix", True)
        super().__init__(auto_prefix)
        if len(args) == 1 and args[0] is not None:
            self.extend(args[0])

    def __getitem__(self, index):
        if isinstance(index, slice):
            return type(self)(list(self._modules.values())[index])
        if isinstance(index, int) and not isinstance(index, bool):
            index = _valid_index(len(self), index, type(self).__name__)
            return self._modules[str(index)]
        raise TypeError(f"For '{type(self).__name__}', the type of 'index' must be int or slice, but got "
                        f"{type(index).__name__}.")

    def __setitem__(self, index, cell):
        name = type(self).__name__
        if not isinstance(index, int) and _valid_cell(cell, name):
            raise TypeError(f"For '{name}', the type of 'index' must be int, but got {type(index).__name__}.")
        index = _valid_index(len(self), index, name)
        if self._auto_prefix:
            prefix, _ = _prefix_and_index(self._modules)
            _rename(cell, prefix + str(index) + ".")
        self._modules[str(index)] = cell

    def __delitem__(self, index):
        name = type(self).__name__
        if isinstance(index, int) and not isinstance(index, bool):
            index = _valid_index(len(self), index, name)
            del self._modules[str(index)]
        elif isinstance(index, slice):
            for key in list(self._modules.keys())[index]:
                del self._modules[key]
        else:
            raise TypeError(f"For '{name}', the type of 'index' must be int or slice, but got "
                            f"{type(index).__name__}.")
        prefix, key_index = _prefix_and_index(self._modules)
        cells = list(self._modules.values())
        self._modules.clear()
        for idx, cell in enumerate(cells):
            if self._auto_prefix:
                for _, p in cell.parameters_and_names():
                    p.name = prefix + str(idx) + "." + ".".join(p.name.split(".")[key_index + 1:])
            self._modules[str(idx)] = cell

    def __bool__(self):
        return len(self._modules) != 0

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, cells):
        self.extend(cells)
        return self

    def insert(self, index, cell):
        """Insert ``cell`` before ``index`` (later cells are re-keyed)."""
        name = type(self).__name__
        idx = _valid_insert_index(len(self), index, name)
        _valid_cell(cell, name)
        prefix, _ = _prefix_and_index(self._modules)
        cells = list(self._modules.values())
        cells.insert(idx, cell)
        self._modules.clear()
        for i, c in enumerate(cells):
            self._modules[str(i)] = c
            if self._auto_prefix and i >= idx:  # inserted and shifted cells are renamed to their new index
                _rename(c, prefix + str(i) + ".")

    def extend(self, cells):
        """Append every cell of an iterable."""
        name = type(self).__name__
        if not isinstance(cells, list):
            raise TypeError(f"For '{name}', the new cells wanted to append should be instance of list, but got "
                            f"{type(cells).__name__}.")
        prefix, _ = _prefix_and_index(self._modules)
        for cell in cells:
            if isinstance(cell, CellDict):
                raise TypeError(f"For '{name}', the type of cell can not be CellDict, but got "
                                f"{type(cell).__name__}.")
            _valid_cell(cell, name)
            if self._auto_prefix:
                _rename(cell, prefix + str(len(self)) + ".")
            self._modules[str(len(self))] = cell
        return self

    def append(self, cell):
        """Append one cell."""
        _valid_cell(cell, type(self).__name__)
        if self._auto_prefix:
            prefix, _ = _prefix_and_index(self._modules)
            _rename(cell, prefix + str(len(self)) + ".")
        self._modules[str(len(self))] = cell

    def set_grad(self, flag=True):
        self.requires_grad = flag
        for cell in self._modules.values():
            cell.set_grad(flag)
        return self

    def construct(self, *inputs):
        raise NotImplementedError


class CellDict(Cell):
    """Mirrors ``nn.CellDict(*args, auto_prefix=True)`` (like ``torch.nn.ModuleDict``): keys/values/
    items/pop/update/clear, ``in``, ``len``; keys must be strings without '.'; always truthy."""

    def __init__(self, *args, **kwargs):
        super().__init__(kwargs.get("auto_prefix", True))
        if len(args) == 1:
            self.update(args[0])

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, cell):
        self._validate_key(key)
        self._validate_cell_type(cell)
        if self._auto_prefix:
            prefix, _ = _prefix_and_index(self._modules)
            _rename(cell, prefix + key + ".")
        self._modules[key] = cell

    def __delitem__(self, key):
        del self._modules[key]

    def __len__(self):
        return len(self._modules)

    def __bool__(self):
        return True

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def _validate_key(self, key):
        name = type(self).__name__
        if not isinstance(key, str):
            raise TypeError(f"For '{name}', the type of key should be string but got {type(key).__name__}.")
        if key not in self._modules and (key in self.__dict__ or hasattr(type(self), key)):
            raise KeyError(f"For '{name}', the key can not be same with the attributes of Cell, but got key {key}.")
        if "." in key:
            raise KeyError(f"For '{name}', key can not contain \".\", but got key {key}")
        if key == "":
            raise KeyError(f"For '{name}', key can not be empty string \"\", but got key {key}")

    def _validate_cell_type(self, cell):
        name = type(self).__name__
        if cell is None:
            raise TypeError(f"For '{name}', cell can not be None.")
        if not isinstance(cell, Cell):
            raise TypeError(f"For '{name}', the type of cell should be Cell, but got {type(cell).__name__}.")
        if isinstance(cell, (CellDict, CellList, SequentialCell)):
            raise TypeError(f"For '{name}', the type of cell can not be CellDict, CellList or SequentialCell, "
                            f"but got {type(cell).__name__}.")

    def clear(self):
        """Remove all cells."""
        self._modules.clear()

    def pop(self, key):
        """Remove ``key`` and return its cell."""
        value = self[key]
        del self[key]
        return value

    def keys(self):
        return self._modules.keys()

    def values(self):
        return self._modules.values()

    def items(self):
        return self._modules.items()

    def update(self, cells):
        """Add (key, cell) pairs from a mapping or an iterable of pairs."""
        if not isinstance(cells, abc.Iterable):
            raise TypeError("CellDict.update() should be called with an iterable of key-value pairs, but got "
                            + type(cells).__name__)
        if isinstance(cells, abc.Mapping) or isinstance(cells, CellDict):
            for key, cell in cells.items():
                self[key] = cell
        else:
            for i, kv in enumerate(cells):
                if not isinstance(kv, abc.Iterable):
                    raise TypeError(f"CellDict update sequence element #{i} should be Iterable; but got "
                                    f"{type(kv).__name__}")
                if len(kv) != 2:
                    raise ValueError(f"CellDict update sequence element #{i}, length should be 2; but has length "
                                     f"{len(kv)}")
                self[kv[0]] = kv[1]

    def construct(self, *inputs):
        raise NotImplementedError
