"""The registry of tools: each released contract version, its schemas, limits and runner."""
