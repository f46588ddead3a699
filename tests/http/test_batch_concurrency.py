"""A large batch runs off the event loop: while it computes, another client's small request is
answered, without waiting for the batch to finish."""

import random
import threading
import time
from itertools import pairwise
from typing import Any

import httpx

from mtcompute import jsonio
from tests.http.inputs import JSON_HEADERS

SMALL_PATH = "/v1/tools/chrf-compute/versions/1.0.0/execute"
SMALL = {"hypotheses": ["a cat"], "references": [["the cat"]]}
# Three of TER's dearest inputs (8 pairs of 4,096 brackets, each a word when normalized):
# seconds of compute in a small body, so that a hiccup of the machine is no gap near its time.
LARGE_OPERATIONS = 3


def _ter_maximum() -> dict[str, Any]:
    rng = random.Random(8)
    texts = ["".join(rng.choices("()", k=4096)) for _ in range(16)]
    return {"hypotheses": texts[:8], "references": [[t] for t in texts[8:]], "normalized": True}


def _post_batch(base_url: str, body: bytes, finished: dict[str, Any]) -> None:
    with httpx.Client(base_url=base_url, timeout=120) as client:
        response = client.post("/v1/batch", content=body, headers=JSON_HEADERS)
    finished["status"], finished["at"] = response.status_code, time.monotonic()


def test_a_small_request_is_answered_while_a_large_batch_computes(base_url: str) -> None:
    operation = {"id": "ter-compute", "version": "1.0.0", "input": _ter_maximum()}
    body = jsonio.dumps({"operations": [operation] * LARGE_OPERATIONS})
    finished: dict[str, Any] = {}
    batch = threading.Thread(target=_post_batch, args=(base_url, body, finished))
    started = time.monotonic()
    batch.start()
    answered: list[float] = []
    with httpx.Client(base_url=base_url, timeout=60) as client:
        while batch.is_alive():
            response = client.post(SMALL_PATH, content=jsonio.dumps(SMALL), headers=JSON_HEADERS)
            assert response.status_code == 200
            answered.append(time.monotonic())
            time.sleep(0.02)
    batch.join()
    assert finished["status"] == 200
    during = [started, *(at for at in answered if at < finished["at"]), finished["at"]]
    # Small answers kept coming back while the batch ran: no wait between two of them, nor
    # before the first, came near the batch's own time.
    gaps = [later - earlier for earlier, later in pairwise(during)]
    assert len(during) >= 5
    assert max(gaps) < (finished["at"] - started) / 2
