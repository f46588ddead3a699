"""A tool whose largest valid input needs more than the default body gets its own by default;
a limit the operator set is kept for every tool."""

from mtcompute.meta.bodies import largest_body_limit, tool_body_limit
from mtcompute.scoring.tools.score_texts_1_0_0 import MAX_BODY_BYTES
from mtcompute.settings import DEFAULT_MAX_BODY_BYTES


def test_score_texts_takes_its_own_body_when_the_server_s_is_the_default() -> None:
    assert tool_body_limit("score-texts", "1.0.0", DEFAULT_MAX_BODY_BYTES) == MAX_BODY_BYTES
    assert tool_body_limit("score-texts", "latest", DEFAULT_MAX_BODY_BYTES) == MAX_BODY_BYTES


def test_other_tools_and_unknown_ones_keep_the_server_s() -> None:
    assert (
        tool_body_limit("chrf-compute", "1.0.0", DEFAULT_MAX_BODY_BYTES) == DEFAULT_MAX_BODY_BYTES
    )
    assert (
        tool_body_limit("no-such-tool", "1.0.0", DEFAULT_MAX_BODY_BYTES) == DEFAULT_MAX_BODY_BYTES
    )


def test_a_limit_the_operator_set_is_kept_for_every_tool() -> None:
    assert tool_body_limit("score-texts", "1.0.0", 1000) == 1000
    assert largest_body_limit(1000) == 1000


def test_an_endpoint_that_runs_any_tool_takes_the_largest_default() -> None:
    assert largest_body_limit(DEFAULT_MAX_BODY_BYTES) == MAX_BODY_BYTES
