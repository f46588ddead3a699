"""Every error mtcompute raises on purpose, in one tree.

    MtcomputeError                  base class; ``exit_code`` is what the CLI exits with
    ├── InputError                  the input breaks the contract; ``.errors`` lists every violation
    │   │                           (also a ``ValueError``, for ``except ValueError`` callers)
    │   └── MalformedJsonError      the bytes are not JSON (or not UTF-8): nothing to validate yet
    ├── UnknownToolError            no tool with that id, or no such version of it
    ├── InvalidBaseUrlError         a remote service's base URL is malformed (also a ValueError)
    └── ServiceError                a remote service could not be reached or answered badly

Each violation in ``InputError.errors`` is a ``{code, pointer, message}`` dict: ``code`` is a stable
machine-readable name, ``pointer`` an RFC 6901 JSON Pointer into the input (``/hypotheses/3/7``) and
``message`` says what was expected, what arrived and where.
"""

from typing import Any, TypedDict


class Violation(TypedDict):
    code: str
    pointer: str
    message: str


class MtcomputeError(Exception):
    """Base of every error mtcompute raises on purpose."""

    exit_code = 1

    @property
    def errors(self) -> list[Violation]:
        return [Violation(code="error", pointer="", message=str(self))]

    def __reduce__(self) -> tuple[Any, ...]:
        # The default rebuilds with cls(*args), but args hold the message, not what __init__
        # takes: rebuild from the message and the attributes instead, so errors cross processes.
        return _rebuild, (type(self), self.args, dict(self.__dict__))


class InputError(MtcomputeError, ValueError):
    """The input breaks the tool's contract; ``errors`` lists the violations. A ``ValueError``
    too, as Python's own functions raise for a bad argument."""

    exit_code = 2

    def __init__(self, errors: list[Violation]) -> None:
        self._errors = list(errors)
        first = self._errors[0]["message"] if self._errors else "invalid input"
        more = len(self._errors) - 1
        super().__init__(first if more == 0 else f"{first} (and {more} more)")

    @property
    def errors(self) -> list[Violation]:
        return list(self._errors)


class MalformedJsonError(InputError):
    """The input is not a JSON document (or not UTF-8)."""

    def __init__(self, message: str) -> None:
        super().__init__([Violation(code="invalid_json", pointer="", message=message)])


class UnknownToolError(MtcomputeError):
    """No tool is registered under that id, or not in that version."""

    exit_code = 2

    def __init__(self, message: str, *, code: str = "unknown_tool") -> None:
        super().__init__(message)
        self.code = code

    @property
    def errors(self) -> list[Violation]:
        return [Violation(code=self.code, pointer="", message=str(self))]


class InvalidBaseUrlError(MtcomputeError, ValueError):
    """A remote service's base URL is malformed; the message says how to fix it."""

    exit_code = 2

    @property
    def errors(self) -> list[Violation]:
        return [Violation(code="invalid_base_url", pointer="", message=str(self))]


class ServiceError(MtcomputeError):
    """A remote mtcompute service could not be reached, timed out or answered badly."""


def _rebuild(
    cls: type[MtcomputeError], args: tuple[object, ...], state: dict[str, object]
) -> MtcomputeError:
    error = cls.__new__(cls, *args)
    error.__dict__.update(state)
    return error
