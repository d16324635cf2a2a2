"""Mirrors ``mindspore.mindrecord.MindPage``: rows of a MindRecord file grouped by an index field, read page by
page (queries on the ``.db`` index, as MindSpore's ShardSegment)."""
from __future__ import annotations

import json
import sqlite3

from .filereader import open_shards

__all__ = ["MindPage"]


class MindPage:
    """Mirrors ``mindspore.mindrecord.MindPage(file_name, num_consumer=4)``.

    ``candidate_fields`` are the index fields (``FileWriter.add_index``; all scalar fields without it);
    ``category_field = name`` picks one; ``read_category_info()`` returns MindSpore's JSON string
    ``{"categories": [{"count", "id", "name"}...], "key": "<field>_0"}`` (categories in value order, names as
    SQLite writes the value); ``read_at_page_by_id(category_id, page, num_row)`` /
    ``read_at_page_by_name(category_name, page, num_row)`` return rows ``page * num_row`` onwards of that
    category (row order), as dicts like ``FileReader``'s. Encrypted files are read with ``set_enc_key``.

    Differences: MindSpore raises its ``ParamValueError``/``ParamTypeError``/``MRMDefineCategoryError``
    (``MindRecordException`` subclasses); ms_compat raises ``ValueError``/``TypeError``/``ValueError``. A
    category id or name that does not exist, or a page past the category's end, is a ``RuntimeError`` in both.
    ``num_consumer`` is accepted and unused (reads are synchronous).
    """

    def __init__(self, file_name, num_consumer=4):
        if not isinstance(num_consumer, int) or isinstance(num_consumer, bool):
            raise TypeError("The parameter num_consumer must be int.")
        self._shards = open_shards(file_name)
        header = self._shards[0].header
        self._candidate_fields = [f["index_field"] for f in header["index_fields"]]
        self._category_field = None

    @property
    def candidate_fields(self):
        return self._candidate_fields

    @property
    def category_field(self):
        return self._category_field

    @category_field.setter
    def category_field(self, category_field):
        if not category_field or not isinstance(category_field, str):
            raise TypeError("Invalid parameter type. 'category_fields' expect str type.")
        if category_field not in self._candidate_fields:
            raise ValueError(f"Field '{category_field}' is not a candidate category field.")
        self._category_field = category_field

    def _query(self, sql, args=()):
        out = []
        for k, sh in enumerate(self._shards):
            con = sqlite3.connect(f"file:{sh.db}?mode=ro", uri=True)
            try:
                out += [(k,) + tuple(r) for r in con.execute(sql, args).fetchall()]
            finally:
                con.close()
        return out

    def _categories(self):
        if self._category_field is None:
            raise RuntimeError("Invalid data, category field is not set; set MindPage.category_field first.")
        col = f"{self._category_field}_0"
        counts, names = {}, {}
        for _, value, name, n in self._query(f'SELECT "{col}", CAST("{col}" AS TEXT), COUNT(*) FROM INDEXES '
                                             f'GROUP BY "{col}"'):
            counts[value] = counts.get(value, 0) + n
            names[value] = name
        keys = sorted(counts, key=lambda v: (isinstance(v, str), v))  # SQLite's order: numbers before text
        return col, [(v, names[v], counts[v]) for v in keys]

    def read_category_info(self):
        """Mirrors ``MindPage.read_category_info``: the categories of the category field, a JSON string."""
        col, cats = self._categories()
        return json.dumps({"categories": [{"count": n, "id": i, "name": name} for i, (_, name, n) in enumerate(cats)],
                           "key": col}, separators=(",", ":"), ensure_ascii=False)

    def _page(self, col, cat, page, num_row):
        value, name, count = cat
        if page * num_row >= count:
            raise RuntimeError(f"Invalid data, page no: {page}or page size: {num_row} is invalid.")
        rows = self._query(f'SELECT ROW_ID FROM INDEXES WHERE "{col}" = ? ORDER BY ROW_ID', (value,))
        out = []
        for k, rid in rows[page * num_row:(page + 1) * num_row]:
            sh = self._shards[k]
            pos = next(i for i, r in enumerate(sh.index) if r[0] == rid)
            row = sh.row(pos, None)
            out.append({n: int(v) if isinstance(v, float) and v.is_integer() else v for n, v in row.items()})
        return out

    @staticmethod
    def _check_page(page, num_row):
        if not isinstance(page, int) or page < 0:
            raise ValueError("Page should be int and greater than or equal to 0.")
        if not isinstance(num_row, int) or num_row <= 0:
            raise ValueError("num_row should be int and greater than 0.")

    def read_at_page_by_id(self, category_id, page, num_row):
        """Mirrors ``MindPage.read_at_page_by_id``: rows of category number ``category_id``."""
        if not isinstance(category_id, int) or category_id < 0:
            raise ValueError("Category id should be int and greater than or equal to 0.")
        self._check_page(page, num_row)
        col, cats = self._categories()
        if category_id >= len(cats):
            raise RuntimeError(f"Invalid data, category_id: {category_id} must be in the range [0, {len(cats)}].")
        return self._page(col, cats[category_id], page, num_row)

    def read_at_page_by_name(self, category_name, page, num_row):
        """Mirrors ``MindPage.read_at_page_by_name``: rows of the category named ``category_name``."""
        if not isinstance(category_name, str):
            raise ValueError("Category name should be str.")
        self._check_page(page, num_row)
        col, cats = self._categories()
        for cat in cats:
            if cat[1] == category_name:
                return self._page(col, cat, page, num_row)
        raise RuntimeError(f"Invalid data, category_name: {category_name} could not found.")
