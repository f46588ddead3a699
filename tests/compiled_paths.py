"""The compiled fast paths, read from ``mtcompute.fast.compiled`` rather than listed by hand, so
that ``pure_python`` takes away every one of them, a new one included."""

from types import BuiltinFunctionType

from mtcompute.fast import compiled


def compiled_paths() -> tuple[str, ...]:
    """Every compiled fast path ``compiled`` offers: each public name bound to a function of a
    built extension, or to None where the package was built without it."""
    return tuple(
        name
        for name, value in vars(compiled).items()
        if not name.startswith("_") and (value is None or isinstance(value, BuiltinFunctionType))
    )
