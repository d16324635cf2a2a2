"""The porting machinery: what serves the MindSpore API mirror (the rest of ``ms_compat``) to unchanged MindSpore
code. No MindSpore counterpart.

* ``alias`` — ``ms_compat.install()/uninstall()``: ``import mindspore`` resolves to ms_compat; ``_startup`` carries
  the alias into child interpreters; ``_dtype_spelling`` / ``_print_hook`` spell dtypes as MindSpore does for
  MindSpore code while it is installed.
* ``runner``, ``cli`` (``ms-compat`` / ``python -m ms_compat``), ``_script_traceback`` (errors shown as ``python
  script.py`` shows them).
* Name tables generated from real MindSpore 2.10 (``_ms_modules``, ``_api_names``, ``_namespace``, ``_data/``),
  the placeholders built from them (``_missing``: ``MissingAPIError``), and ``api_coverage``.

The mirror imports this package only through the placeholder entry points of ``_missing`` (``module_getattr``,
``MissingAPIError``, ``placeholder``, ``is_placeholder``) and, in ``ms_compat/__init__.py``, ``install`` /
``uninstall``; this package may import the mirror. tests/test_layering.py checks both arrows. Importing this
package imports nothing.
"""
