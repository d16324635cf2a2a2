"""Mirrors ``mindspore.mindrecord.CsvToMR``: a CSV file (read by pandas, as MindSpore) to MindRecord."""
from __future__ import annotations

import os

from ..filewriter import FileWriter
from ._common import SUCCESS, check_filename, check_partition, write_batched

__all__ = ["CsvToMR"]


def _pandas():
    try:
        import pandas  # noqa: PLC0415
    except ImportError:
        raise ImportError("CsvToMR reads the CSV file with pandas, as MindSpore does: pip install pandas") from None
    return pandas


class CsvToMR:
    """Mirrors ``mindspore.mindrecord.CsvToMR(source, destination, columns_list=None, partition_number=1)``.

    The file is read with ``pandas.read_csv`` (pandas is needed, as in MindSpore); a column pandas types int64
    becomes ``int64``, float64 ``float64``, bool ``int32`` (0/1), anything else ``string``; every column is an
    index field; description ``csv_schema``; 256 rows per write. Errors are ``ValueError``/``RuntimeError``.
    """

    def __init__(self, source, destination, columns_list=None, partition_number=1):
        self.pd = _pandas()
        if not isinstance(source, str):
            raise ValueError("The parameter source must be str.")
        check_filename(source)
        self.source = source
        if columns_list:
            if not isinstance(columns_list, list) or not all(isinstance(c, str) for c in columns_list):
                raise ValueError("The parameter columns_list must be list of str.")
        self.columns_list = columns_list
        if not isinstance(destination, str):
            raise ValueError("The parameter destination must be str.")
        check_filename(destination)
        self.destination = destination
        self.partition_number = check_partition(partition_number)
        self.writer = FileWriter(destination, self.partition_number)

    def _schema(self, df):
        if self.columns_list:
            for col in self.columns_list:
                if col not in df.columns:
                    raise RuntimeError(f"The parameter columns_list is illegal, column {col} does not exist.")
        else:
            self.columns_list = df.columns
        kinds = {"int64": "int64", "float64": "float64", "bool": "int32"}
        schema = {col: {"type": kinds.get(str(df[col].dtype), "string")} for col in self.columns_list}
        if not schema:
            raise RuntimeError("Failed to generate schema from csv file.")
        return schema

    def _rows(self, df):
        cols = list(self.columns_list)
        for _, r in df.iterrows():
            yield {c: int(r[c]) if str(df[c].dtype) == "bool" else r[c] for c in cols}

    def run(self):
        if not os.path.exists(self.source):
            raise IOError(f"Csv file {self.source} do not exist.")
        df = self.pd.read_csv(self.source)
        schema = self._schema(df)
        self.writer.set_header_size(1 << 24)
        self.writer.set_page_size(1 << 26)
        self.writer.add_schema(schema, "csv_schema")
        for name in list(self.columns_list):
            if str(name).isdigit():
                raise ValueError(f"The first line content: {name} of the CSV file is used as a column name and "
                                 "does not allow starting with a number.")
        self.writer.add_index(list(self.columns_list))
        write_batched(self.writer, self._rows(df))
        return SUCCESS

    def transform(self):
        """Mirrors ``CsvToMR.transform()``."""
        self.run()
