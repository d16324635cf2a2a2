"""CSVDataset / TextFileDataset on files that are not UTF-8: MindSpore 2.10's error types (measured on the same
files: a UTF-16 CSV header -> UnicodeDecodeError from its Python header read; rows -> RuntimeError "Failed to
cast to Unicode string: UnicodeDecodeError: ..."), each naming the file."""
import pytest

import ms_compat.dataset as ds

TEXT = "a,b\n1,x\n2,\u00e9\n"


def _rows(d):
    return list(d.create_tuple_iterator(output_numpy=True))


def test_utf16_csv_header_is_a_unicode_error_naming_the_file(tmp_path):
    path = tmp_path / "u16.csv"
    path.write_bytes(TEXT.encode("utf-16"))
    with pytest.raises(UnicodeDecodeError, match="in the header of .*u16.csv"):
        ds.CSVDataset(str(path), shuffle=False)


@pytest.mark.parametrize("encoding", ["utf-16", "latin-1"])
def test_non_utf8_csv_rows_raise_naming_the_file(tmp_path, encoding):
    path = tmp_path / "rows.csv"
    path.write_bytes(TEXT.encode(encoding))
    names = ["a", "b"] if encoding == "utf-16" else None  # latin-1: the header line is plain ASCII, as MindSpore
    d = ds.CSVDataset(str(path), column_names=names, shuffle=False)
    with pytest.raises(RuntimeError, match=r"Failed to cast to Unicode string: UnicodeDecodeError: .*rows\.csv"):
        _rows(d)


@pytest.mark.parametrize("encoding", ["utf-16", "latin-1"])
def test_non_utf8_text_file_raises_naming_the_file(tmp_path, encoding):
    path = tmp_path / "lines.txt"
    path.write_bytes("hello\ncaf\u00e9\n".encode(encoding))
    with pytest.raises(RuntimeError, match=r"Failed to cast to Unicode string: UnicodeDecodeError: .*lines\.txt"):
        _rows(ds.TextFileDataset(str(path), shuffle=False))
