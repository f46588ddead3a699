from collections.abc import Sequence

def check(
    lists: Sequence[Sequence[str]], max_token_bytes: int | None, /
) -> tuple[int, int] | None: ...
