"""The README's Python examples, run in order as one session, print what their comments say."""

import contextlib
import io
import re
from pathlib import Path

_README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
_BLOCKS = re.findall(r"```python\n(.*?)```", _README, re.S)
_PRINTED = re.compile(r"^print\(.*\)  # (.*)$", re.M)


def test_every_readme_python_example_prints_something() -> None:
    assert _BLOCKS
    assert all(_PRINTED.search(block) for block in _BLOCKS)


def test_the_readme_python_examples_print_what_their_comments_say() -> None:
    session: dict[str, object] = {}
    for block in _BLOCKS:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block, "README.md", "exec"), session)
        assert printed.getvalue().splitlines() == _PRINTED.findall(block)
