"""The resampling modes, apart from the draws that need numpy: what a command line offers."""

from typing import Literal

Resampling = Literal["sacrebleu", "portable"]
RESAMPLINGS: tuple[Resampling, ...] = ("sacrebleu", "portable")
