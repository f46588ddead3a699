"""Run the JavaScript programs of ``tests/js`` under node: one process, every case on stdin.

Doubles cross between the two sides as the 16 hex digits of their IEEE-754 bits, so that no
decimal formatting can hide a one-ulp difference.
"""

import shutil
import struct
import subprocess
from collections.abc import Sequence
from pathlib import Path

JS_DIR = Path(__file__).resolve().parent / "js"

_DOUBLE = struct.Struct(">d")
_BITS = struct.Struct(">Q")


def to_hex(x: float) -> str:
    """The bits of ``x`` as 16 hex digits."""
    bits: int = _BITS.unpack(_DOUBLE.pack(x))[0]
    return f"{bits:016x}"


def from_hex(text: str) -> float:
    """The double whose bits are the hex digits ``text``."""
    value: float = _DOUBLE.unpack(_BITS.pack(int(text, 16)))[0]
    return value


def run_node(script: str, arguments: Sequence[str], lines: Sequence[str]) -> list[str]:
    """The lines that ``node tests/js/<script> <arguments>`` prints for ``lines`` on stdin,
    one answer per input line."""
    node = shutil.which("node")
    assert node is not None, "node must be on PATH: these tests compare with a JavaScript engine"
    completed = subprocess.run(
        [node, str(JS_DIR / script), *arguments],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    answers = completed.stdout.splitlines()
    assert len(answers) == len(lines), completed.stderr
    return answers
