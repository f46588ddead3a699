"""``McpSettings``: which Host and Origin headers reach ``/mcp``."""

import pytest

from mtcompute.mcp.transport import McpSettings


def test_by_default_only_loopback_hosts_on_any_port_are_allowed() -> None:
    assert McpSettings().host_patterns() == [
        "127.0.0.1",
        "127.0.0.1:*",
        "localhost",
        "localhost:*",
        "[::1]",
        "[::1]:*",
    ]


def test_by_default_only_loopback_http_origins_are_allowed() -> None:
    origins = McpSettings().origin_patterns()
    assert "http://localhost:*" in origins
    assert all(origin.startswith("http://") for origin in origins)


@pytest.mark.parametrize(
    ("bind_host", "added"),
    [("10.0.0.5", ["10.0.0.5", "10.0.0.5:*"]), ("fd00::5", ["[fd00::5]", "[fd00::5]:*"])],
)
def test_the_bound_address_is_allowed_too(bind_host: str, added: list[str]) -> None:
    assert McpSettings(bind_host=bind_host).host_patterns()[-2:] == added


@pytest.mark.parametrize("wildcard", ["0.0.0.0", "::"])
def test_a_wildcard_bind_address_allows_nothing_more(wildcard: str) -> None:
    assert McpSettings(bind_host=wildcard).host_patterns() == McpSettings().host_patterns()


def test_an_allowed_host_without_a_port_is_allowed_on_any_port_and_with_one_on_that_only() -> None:
    patterns = McpSettings(allowed_hosts=("mcp.example.org", "proxy:8443")).host_patterns()
    assert patterns[-3:] == ["mcp.example.org", "mcp.example.org:*", "proxy:8443"]


def test_an_allowed_origin_is_allowed_exactly() -> None:
    origins = McpSettings(allowed_origins=("https://agents.example.org",)).origin_patterns()
    assert origins[-1] == "https://agents.example.org"


def test_settings_survive_the_trip_through_the_environment_to_a_worker() -> None:
    settings = McpSettings("10.0.0.5", ("a.example", "b.example:80"), ("https://c.example",))
    assert McpSettings.from_environ(settings.to_environ()) == settings


def test_an_empty_environment_means_the_defaults() -> None:
    assert McpSettings.from_environ({}) == McpSettings()
