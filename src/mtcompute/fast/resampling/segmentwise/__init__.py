"""One module per resampled metric, each calling ``registry.register`` (see ``registry``)."""
