"""sacreBLEU 2.6's printed forms of scores, byte for byte: one score as a line or as its JSON
object (``Score.format``), one system's scores together (``print_single_results``: a JSON list,
or lines aligned on their "="), and the LaTeX table of several systems.

The JSON is Python's ``json.dumps`` with sacreBLEU's indent, as sacreBLEU writes it, so that a
score rounded to ``width`` decimals (``float(f"{score:.{width}f}")``) reads the same: ``36.4``,
and ``36.0`` at ``-w 0``. The signature's ``key:value`` parts follow as keys, as sacreBLEU adds
them.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from mtcompute.scoring.table import column_widths


@dataclass(frozen=True, slots=True)
class Confidence:
    """A bootstrap mean and half-width of the 95% interval, on the score's scale."""

    mean: float
    ci: float


def score_text(
    name: str,
    score: float,
    verbose: str,
    *,
    width: int,
    signature: str,
    score_only: bool = False,
    confidence: Confidence | None = None,
) -> str:
    """``NAME|SIGNATURE = SCORE [(μ = MEAN ± CI)] VERBOSE``, or the score alone."""
    shown = f"{score:.{width}f}"
    if confidence is not None and confidence.mean > 0:  # sacreBLEU shows a positive mean only
        shown += f" (μ = {confidence.mean:.{width}f} ± {confidence.ci:.{width}f})"
    if score_only:
        return shown
    head = f"{name}|{signature}" if signature else name
    line = f"{head} = {shown}"
    return f"{line} {verbose}" if verbose else line


def score_json(
    name: str,
    score: float,
    verbose: str,
    *,
    width: int,
    signature: str,
    confidence: Confidence | None = None,
) -> str:
    """The score's JSON object, as sacreBLEU indents it."""
    body: dict[str, object] = {
        "name": name,
        "score": float(f"{score:.{width}f}"),
        "signature": signature,
    }
    if confidence is not None and confidence.mean > 0:
        mean, ci = f"{confidence.mean:.{width}f}", f"{confidence.ci:.{width}f}"
        body |= {
            "confidence_mean": float(mean),
            "confidence_var": float(ci),
            "confidence": f"μ = {mean} ± {ci}",
        }
    if verbose:
        body["verbose_score"] = verbose
    for pair in signature.split("|"):
        key, _, value = pair.partition(":")
        body[key] = value
    import json  # noqa: PLC0415 (a text run needs none)

    return json.dumps(body, indent=1, ensure_ascii=False)


def single_results(results: Sequence[str], *, as_json: bool) -> str:
    """One system's scores (each ``score_text`` or ``score_json``) as sacreBLEU prints them
    together: a JSON list, or lines right-aligned on the " = " of the longest."""
    if as_json:
        return results[0] if len(results) == 1 else "[\n" + ",\n".join(results) + "\n]"
    if len(results) == 1:
        return results[0]
    ends = [line.index("=") - 1 for line in results]
    widest = max(ends)
    return "\n".join(
        f"{line[:end]:>{widest}}{line[end:]}" for end, line in zip(ends, results, strict=True)
    )


def as_baseline(name: str) -> str:
    """The first system's name in a paired test against it, as sacreBLEU shows it."""
    return f"Baseline: {name}"


def systems_json(rows: Sequence[dict[str, object]]) -> str:
    """Several systems' rows as sacreBLEU dumps them (indent 4)."""
    import json  # noqa: PLC0415 (a text run needs none)

    return json.dumps(list(rows), indent=4)


# tabulate's LaTeX escapes, applied to each padded line as tabulate does.
_LATEX_ESCAPES = {
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "^": r"\^{}",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "\\": r"\textbackslash{}",
    "<": r"\ensuremath{<}",
    ">": r"\ensuremath{>}",
}
_LATEX = str.maketrans(_LATEX_ESCAPES)


def latex_booktabs(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """tabulate's ``latex_booktabs`` with the first column right-aligned, the others centred:
    sacreBLEU's ``-f latex`` table (lines joined by newlines, no final one)."""
    widths = column_widths(headers, rows)

    def line(cells: Sequence[str]) -> str:
        parts = [
            f" {cell:>{width}} " if column == 0 else f" {cell:^{width}} "
            for column, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        return "&".join(part.translate(_LATEX) for part in parts) + "\\\\"

    spec = "r" + "c" * (len(headers) - 1)
    out = [f"\\begin{{tabular}}{{{spec}}}", "\\toprule", line(headers), "\\midrule"]
    out += [line(row) for row in rows]
    out += ["\\bottomrule", "\\end{tabular}"]
    return "\n".join(out)
