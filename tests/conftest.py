"""Settings for the whole suite."""

from hypothesis import HealthCheck, settings

# No property test has a time limit: speed is measured in bench/, and a shared machine can take
# any example well past Hypothesis's default 200 ms deadline, or generate data slowly.
settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")
