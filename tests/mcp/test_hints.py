"""Every fix-it hint reaches an MCP tool error, through ``execute`` and through the tool called
by its id, with the SDK's own client against a live server."""

from tests.hint_cases import HintCase, carrying, every_hint
from tests.mcp.clients import STATELESS, call, text_of


@every_hint
def test_execute_answers_an_error_result_carrying_the_fix(mcp_url: str, case: HintCase) -> None:
    arguments = {"id": case.tool_id, "version": case.version, "input": case.input}
    result = call(mcp_url, STATELESS, "execute", arguments)
    assert result.is_error
    carrying(text_of(result)["errors"], case)


@every_hint
def test_the_tool_called_by_its_id_answers_the_same_fix(mcp_url: str, case: HintCase) -> None:
    result = call(mcp_url, STATELESS, case.tool_id, case.input)
    assert result.is_error
    carrying(text_of(result)["errors"], case)
