"""Messages ms_compat raises, warns or logs must not send the user to ``migration_guides/*.md`` or other
repository files: the wheel installs none of them. They point at ``ms-compat coverage`` or a URL instead.
The family is every string constant in the package that is not a docstring."""
import ast
import pathlib
import re

import ms_compat

PKG = pathlib.Path(ms_compat.__file__).parent
REPO_FILE = re.compile(r"migration_guides/|\b[\w-]+\.md\b")


def _message_strings(path):
    tree = ast.parse(path.read_text())
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_no_message_points_at_a_file_the_wheel_does_not_install():
    bad = [f"{p.relative_to(PKG.parent)}:{line}: {text[:100]!r}" for p in sorted(PKG.rglob("*.py"))
           for line, text in _message_strings(p) if REPO_FILE.search(text)]
    assert bad == [], "\n".join(bad)
