"""The transport constants the adapters share, each in one place.

Nothing here imports a transport, so the CLI can read them without loading a web stack.
"""

# Every input within a contract's limits fits, written compactly with every character escaped.
# The worst case is corpus BLEU's ASCII tokens: "\u0061" is 6 bytes per byte of token, so the
# 1 MiB of token bytes takes 6 MiB, plus 3 bytes ('"', '"', ',') for each of the 50,000 tokens
# (150,000 bytes), plus 3 bytes of brackets for each of at most 1,000 + 1,000 x 9 lists (30,000
# bytes) and the keys: 6,291,456 + 150,000 + 30,000 + ~100 = 6,471,556 bytes < 8 MiB. chrF's
# 1 MiB of text escaped is 6 MiB plus its quotes and brackets, less still.
DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024
MAX_BODY_BYTES_ENV = "MTCOMPUTE_MAX_BODY_BYTES"

# How long a client waits for a service to answer.
DEFAULT_TIMEOUT_SECONDS = 60.0
