"""The released tools declared in the scoring layer, whose metrics they run; the package's top
hands them to the contracts' registry (``contracts.declared``)."""

from typing import Any

from mtcompute.contracts.contract import Tool
from mtcompute.scoring.tools import score_texts_1_0_0

TOOLS: tuple[Tool[Any], ...] = (score_texts_1_0_0.TOOL,)
