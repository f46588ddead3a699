"""The pure core: metrics on token lists and integer statistics; no JSON, no I/O, no limits."""
