"""Calling a running mtcompute service: the library's ``Client`` and the checked base URL."""
