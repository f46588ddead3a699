"""How large a call's answer can be, estimated from its raw input before anything runs.

A server charges each request for its body as it arrives; a tool whose answer can be much larger
than its input (``bleu-ngrams-count``'s clipping tables: 4.5 MiB from a 0.29 MiB body) declares
an upper bound of the extra bytes (``Tool.answer_bytes``), which the server charges too before
computing, so that what the requests in progress hold stays a bounded multiple of what they
were charged. An input the estimate cannot read is estimated 0: its tool refuses it anyway.

    answer_bytes(id, version, input)   one execute
    batch_answer_bytes(batch)          the sum over a batch's operations
"""

from mtcompute.contracts.registry import get_tool
from mtcompute.errors import UnknownToolError


def answer_bytes(tool_id: object, version: object, raw: object) -> int:
    """The extra answer bytes of executing ``tool_id`` at ``version`` on ``raw``."""
    if not isinstance(tool_id, str) or not isinstance(version, str):
        return 0
    try:
        tool = get_tool(tool_id, version)
    except UnknownToolError:
        return 0
    return tool.answer_bytes(raw)


def batch_answer_bytes(batch: object) -> int:
    """The extra answer bytes of a raw batch ``{"operations": [...]}``, operation by operation
    (a bound key is not known yet, and counts 0)."""
    operations = batch.get("operations") if isinstance(batch, dict) else None
    if not isinstance(operations, list):
        return 0
    return sum(
        answer_bytes(op.get("id"), op.get("version"), op.get("input"))
        for op in operations
        if isinstance(op, dict)
    )
