"""Files by path for a local agent: ``mtcompute mcp --files-root DIR`` lets ``score-texts``
take ``hypotheses_file`` and ``references_files`` (paths relative to DIR) in place of its texts,
so that an agent passes two paths instead of megabytes.

Only regular files under DIR are read: an absolute path, ``..``, a symbolic link that leads out,
a device, a FIFO or a directory is refused with an error naming the path. A file is read as
``mtcompute score`` reads it (UTF-8, "\\n"-separated lines, every reference file as long as the
hypotheses), never past the tool's bytes of text, and its lines then go through the tool's
contract like any texts. The HTTP server has no such root: it never reads a path.
"""

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from mtcompute.errors import InputError, Violation
from mtcompute.scoring.textfiles import TextFile, check_same_length, split_lines
from mtcompute.scoring.tools.score_texts_1_0_0 import LIMITS

TOOL = "score-texts"
HYPOTHESES_FILE, REFERENCES_FILES = "hypotheses_file", "references_files"
# A file is refused unread past the tool's bytes of text (its newlines and a CR per line are
# not text, so a valid set's file is a little larger: twice the text bounds it).
MAX_FILE_BYTES = 2 * (LIMITS.max_total_string_bytes or 0)
_PATH = {"type": "string", "minLength": 1, "maxLength": 4096}
FILE_PROPERTIES = {
    HYPOTHESES_FILE: {
        **_PATH,
        "description": "In place of hypotheses: a file under the server's --files-root, one "
        "segment a line (UTF-8), its path relative to that root.",
    },
    REFERENCES_FILES: {
        "type": "array",
        "items": _PATH,
        "minItems": 1,
        "maxItems": 8,
        "description": "In place of references: 1 to 8 reference files under --files-root, "
        "each as many lines as the hypotheses.",
    },
}


def _refused(pointer: str, message: str, code: str = "file_refused") -> InputError:
    return InputError([Violation(code=code, pointer=pointer, message=message)])


def with_file_fields(schema: Mapping[str, Any]) -> dict[str, Any]:
    """score-texts's input schema with the file fields beside the texts, none required (the
    texts or the files: which is checked when the call is read)."""
    return {
        **schema,
        "properties": {**schema["properties"], **FILE_PROPERTIES},
        "required": [],
    }


@dataclass(frozen=True)
class FilesRoot:
    """The folder whose regular files a call may name."""

    root: Path

    def arguments(self, name: str, arguments: Mapping[str, Any]) -> Mapping[str, Any]:
        """A call's arguments with its files read into texts; others as they are."""
        if name == TOOL:
            return self.read_into(arguments, "")
        if name == "execute" and arguments.get("id") == TOOL:
            given = arguments.get("input")
            if isinstance(given, Mapping):
                return {**arguments, "input": self.read_into(given, "/input")}
        return arguments

    def read_into(self, given: Mapping[str, Any], at: str) -> Mapping[str, Any]:
        """``given`` with ``hypotheses_file`` and ``references_files`` read into
        ``hypotheses`` and ``references``."""
        if HYPOTHESES_FILE not in given and REFERENCES_FILES not in given:
            return given
        for field, texts in ((HYPOTHESES_FILE, "hypotheses"), (REFERENCES_FILES, "references")):
            if field not in given:
                raise _refused(
                    f"{at}/{field}",
                    f"expected {field} with the other file field, got none at {at}/{field}",
                    "required",
                )
            if texts in given:
                raise _refused(
                    f"{at}/{texts}",
                    f"expected {texts} or {field}, not both, got both at {at}",
                    "not_allowed",
                )
        named = given[REFERENCES_FILES]
        if not isinstance(given[HYPOTHESES_FILE], str) or not isinstance(named, list):
            raise _refused(f"{at}/{HYPOTHESES_FILE}", "expected a path and a list of paths", "type")
        hypotheses = self._read(given[HYPOTHESES_FILE], f"{at}/{HYPOTHESES_FILE}")
        references = [
            self._read(path, f"{at}/{REFERENCES_FILES}/{k}") for k, path in enumerate(named)
        ]
        check_same_length(hypotheses, references)
        rest = {k: v for k, v in given.items() if k not in (HYPOTHESES_FILE, REFERENCES_FILES)}
        segments = [list(refs) for refs in zip(*(r.lines for r in references), strict=True)]
        return {**rest, "hypotheses": list(hypotheses.lines), "references": segments}

    def _read(self, given: object, pointer: str) -> TextFile:
        if not isinstance(given, str):
            raise _refused(
                pointer, f"expected a path (a string), got {type(given).__name__}", "type"
            )
        path = self._inside(given, pointer)
        try:
            descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
        except OSError as error:
            raise _refused(pointer, f"{given}: cannot be read ({error.strerror})") from None
        try:
            status = os.fstat(descriptor)
            if not stat.S_ISREG(status.st_mode):
                message = (
                    f"{given}: is not a regular file (a device, FIFO, socket or directory), "
                    "expected a text file"
                )
                raise _refused(pointer, message)
            if status.st_size > MAX_FILE_BYTES:
                message = f"{given}: has {status.st_size} bytes, expected at most {MAX_FILE_BYTES}"
                raise _refused(pointer, message, "too_many_string_bytes")
            with os.fdopen(os.dup(descriptor), "rb") as file:
                data = file.read(MAX_FILE_BYTES + 1)
        finally:
            os.close(descriptor)
        return TextFile(given, split_lines(given, data))

    def _inside(self, given: str, pointer: str) -> Path:
        """The real path of ``given`` under the root, or a refusal naming it."""
        relative = PurePath(given)
        if relative.is_absolute() or ".." in relative.parts:
            raise _refused(
                pointer, f"{given}: expected a path relative to the files root, without '..'"
            )
        root = self.root.resolve()
        try:
            real = (root / relative).resolve(strict=True)
        except (OSError, RuntimeError):
            raise _refused(
                pointer, f"{given}: no such file under the files root", "file_not_found"
            ) from None
        if not real.is_relative_to(root):
            raise _refused(
                pointer,
                f"{given}: leads out of the files root (a symbolic link to "
                "a path outside it), expected a file under it",
            )
        return real
