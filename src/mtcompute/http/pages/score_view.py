"""What the ``/score`` page shows, as data: text files scored as ``mtcompute score`` scores them,
by the ``score-texts`` tool the page calls. Its metrics, their options and its bounds are read
from the tool's contract, so the page offers what the tool takes and refuses, before sending,
what the tool would refuse; the page computes no score."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mtcompute.contracts.contract import Contract
from mtcompute.contracts.inputs import resampling
from mtcompute.contracts.registry import latest

PAGE = "/score"
TOOL_ID = "score-texts"
# sacreBLEU's default metrics (``sacrebleu -m``), checked when the page opens.
PRESELECTED = ("bleu", "chrf", "ter")
# The metrics as people write them; a name missing here is shown as the tool names it.
_LABELS = {
    "bleu": "BLEU",
    "chrf": "chrF",
    "chrf++": "chrF++",
    "ter": "TER",
    "wer": "WER",
    "cer": "CER",
    "rouge": "ROUGE",
}


@dataclass(frozen=True)
class Control:
    """One option of the input as a form control: its kind says which (``select``,
    ``checkbox``, ``number``, ``text``, ``choices``: a checkbox per allowed item)."""

    metric: str  # the option object's name; "" for a top-level field such as width
    name: str
    label: str
    kind: str
    default: str
    choices: tuple[str, ...] = ()
    chosen: tuple[str, ...] = ()
    minimum: str = ""
    maximum: str = ""
    step: str = ""

    @property
    def id(self) -> str:
        """The control's element id, unique on the page."""
        safe = self.metric.replace("+", "p")
        return f"opt-{safe}-{self.name}" if safe else f"opt-{self.name}"


@dataclass(frozen=True)
class MetricChoice:
    name: str
    label: str
    checked: bool
    controls: tuple[Control, ...]


@dataclass(frozen=True)
class ScorePage:
    """Everything on the page: where it sends, what it offers, the bounds it checks first."""

    tool_id: str
    version: str
    execute_url: str
    metrics: tuple[MetricChoice, ...]
    width: Control
    resampling: tuple[Control, ...]  # paired tests and intervals: every system in one call
    max_segments: int
    max_references: int
    max_line_bytes: int
    max_total_bytes: int
    limits: tuple[tuple[str, str], ...]


def _number(value: object) -> str:
    return "" if value is None else str(value)


def control(metric: str, name: str, schema: Mapping[str, Any]) -> Control:
    """The control for option ``name`` of ``metric`` (``""``: a top-level field)."""
    label = str(schema.get("description", name))
    default = schema.get("default")
    kind = schema.get("type")
    if kind == "array":
        choices = tuple(schema["items"]["enum"])
        return Control(metric, name, label, "choices", "", choices, tuple(default or ()))
    if "enum" in schema:
        return Control(metric, name, label, "select", str(default), tuple(schema["enum"]))
    if kind == "boolean":
        return Control(metric, name, label, "checkbox", "true" if default else "")
    if kind in ("integer", "number"):
        return Control(
            metric,
            name,
            label,
            "number",
            _number(default),
            minimum=_number(schema.get("minimum")),
            maximum=_number(schema.get("maximum")),
            step="1" if kind == "integer" else "any",
        )
    return Control(metric, name, label, "text", _number(default))


def _metric_choices(properties: Mapping[str, Any]) -> tuple[MetricChoice, ...]:
    names = properties["metrics"]["items"]["enum"]
    return tuple(
        MetricChoice(
            name,
            _LABELS.get(name, name),
            name in PRESELECTED,
            tuple(
                control(name, option, schema)
                for option, schema in properties.get(name, {}).get("properties", {}).items()
            ),
        )
        for name in names
    )


def _limit_rows(limits: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((name.replace("_", " "), f"{value:,}") for name, value in limits.items())


def score_page(contract: Contract | None = None) -> ScorePage:
    """The page for ``contract`` (the tool's latest version by default)."""
    contract = contract or latest(TOOL_ID).contract
    properties = contract.input_schema["properties"]
    limits = contract.limits
    return ScorePage(
        tool_id=contract.id,
        version=contract.version,
        execute_url=f"/v1/tools/{contract.id}/versions/{contract.version}/execute",
        metrics=_metric_choices(properties),
        width=control("", "width", properties["width"]),
        resampling=tuple(
            control("", name, properties[name])
            for name in resampling.properties()
            if name in properties
        ),
        max_segments=int(limits["max_segments"]),
        max_references=int(limits["max_references_per_segment"]),
        max_line_bytes=int(limits["max_string_bytes"]),
        max_total_bytes=int(limits["max_total_string_bytes"]),
        limits=_limit_rows(limits),
    )
