"""Settings for the whole suite."""

import pytest
from hypothesis import HealthCheck, settings

from mtcompute.fast import compiled

# No property test has a time limit: speed is measured in bench/, and a shared machine can take
# any example well past Hypothesis's default 200 ms deadline, or generate data slowly.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")


@pytest.fixture
def pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The package as installed without a C compiler: every compiled fast path absent, so that
    the pure-Python paths that stand in for them are tested too."""
    for name in ("segment_statistics", "sentence_score", "token_check", "ter_edits"):
        monkeypatch.setattr(compiled, name, None)
