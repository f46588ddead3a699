"""sacreBLEU's multi-system table: ``tabulate``'s ``fancy_grid`` with the first column aligned
right and the others centred, a cell's lines each aligned on its own."""

from collections.abc import Sequence

_MIN_PADDING = 2  # tabulate's: a header is at least this narrower than its column


def _aligned(text: str, width: int, right: bool) -> str:
    return f"{text:>{width}}" if right else f"{text:^{width}}"


def _rule(left: str, fill: str, middle: str, right: str, widths: Sequence[int]) -> str:
    return left + middle.join(fill * (width + 2) for width in widths) + right


def _row(cells: Sequence[str], widths: Sequence[int]) -> list[str]:
    lines = [cell.split("\n") for cell in cells]
    height = max(len(cell) for cell in lines)
    out = []
    for k in range(height):
        parts = [
            _aligned(cell[k] if k < len(cell) else "", width, column == 0)
            for column, (cell, width) in enumerate(zip(lines, widths, strict=True))
        ]
        out.append("│ " + " │ ".join(parts) + " │")
    return out


def column_widths(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    """Each column's width, as tabulate makes it: its longest cell line, or its header and the
    minimum padding."""
    return [
        max(
            len(header) + _MIN_PADDING,
            *(len(line) for row in rows for line in row[column].split("\n")),
        )
        for column, header in enumerate(headers)
    ]


def fancy_grid(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """The table, lines joined by newlines (no final one)."""
    widths = column_widths(headers, rows)
    lines = [_rule("╒", "═", "╤", "╕", widths), *_row(headers, widths)]
    lines.append(_rule("╞", "═", "╪", "╡", widths))
    for k, row in enumerate(rows):
        if k:
            lines.append(_rule("├", "─", "┼", "┤", widths))
        lines.extend(_row(row, widths))
    lines.append(_rule("╘", "═", "╧", "╛", widths))
    return "\n".join(lines)
