"""64 costly requests at once beside a small one, on ``mtcompute serve``: the small one is
answered within 2 s every time, each costly one is answered right or refused 503 at once, and
the server grows by no more than its compute memory budget and its body budgets."""

import asyncio
import json
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from mtcompute import api, jsonio
from tests.http.served import Served

pytestmark = pytest.mark.slow

COSTLY_AT_ONCE = 64
MEMORY_MIB = 700
# The bound of the issue, on a machine other jobs share: the small request needs a millisecond.
SMALL_WITHIN_SECONDS = 2.0
SMALL_TIMES = 6
# The body budgets (one MiB per thread of 40, the small lane's 4 MiB) and the bodies and parsed
# inputs they bound, besides the computations' own working memory.
BODIES_MIB = 2 * (40 + 4)
OPTIONS = ["--compute-memory", str(MEMORY_MIB), "--max-wait", "3"]
SMALL = {"hypotheses": [["this", "is", "a", "test"]], "references": [[["this", "is", "a", "test"]]]}
SMALL_PATH = "/v1/tools/bleu-corpus-compute/versions/1.0.0/execute"
HEADERS = {"content-type": "application/json"}


def _ter_input() -> dict[str, Any]:
    # The dearest ter-compute: 8 pairs of 4,096 brackets, each a word with ``normalized``.
    rng = random.Random(8)
    texts = ["".join(rng.choices("()", k=4096)) for _ in range(16)]
    return {"hypotheses": texts[:8], "references": [[t] for t in texts[8:]], "normalized": True}


def _pairwise_input() -> dict[str, Any]:
    # 512 x 512 texts of 1 KiB (the 1 MiB of text it accepts), orders 10 + 2.
    rng = random.Random(512)

    def texts() -> list[str]:
        return ["".join(rng.choices("abcdefghij ", k=1024)) for _ in range(512)]

    options = {"char_order": 10, "word_order": 2, "include_whitespace": True}
    return {"hypotheses": texts(), "references": texts(), **options}


COSTLY = {
    "ter-compute": _ter_input,
    "chrf-pairwise-compute": _pairwise_input,
}


@dataclass
class Answer:
    status: int
    seconds: float
    body: bytes
    retry_after: str | None


async def _post(client: httpx.AsyncClient, url: str, body: bytes) -> Answer:
    started = time.perf_counter()
    response = await client.post(url, content=body, headers=HEADERS)
    seconds = time.perf_counter() - started
    return Answer(
        response.status_code, seconds, response.content, response.headers.get("retry-after")
    )


def _small_ones(base: str, started: threading.Event) -> list[Answer]:
    """The small request, asked several times while the costly ones are served, from a client
    of its own (the flood's keeps its event loop busy)."""
    answers: list[Answer] = []
    with httpx.Client(base_url=base, timeout=60) as client:
        started.wait(60)
        time.sleep(1.0)  # the costly ones are being read and admitted
        for _ in range(SMALL_TIMES):
            began = time.perf_counter()
            response = client.post(SMALL_PATH, content=jsonio.dumps(SMALL), headers=HEADERS)
            seconds = time.perf_counter() - began
            answers.append(Answer(response.status_code, seconds, response.content, None))
            time.sleep(0.5)
    return answers


async def _costly_ones(base: str, tool: str, body: bytes, started: threading.Event) -> list[Answer]:
    limits = httpx.Limits(max_connections=COSTLY_AT_ONCE)
    async with httpx.AsyncClient(base_url=base, timeout=180, limits=limits) as client:
        path = f"/v1/tools/{tool}/versions/1.0.0/execute"
        costly = [asyncio.create_task(_post(client, path, body)) for _ in range(COSTLY_AT_ONCE)]
        started.set()
        return list(await asyncio.gather(*costly))


def _flood(base: str, tool: str, body: bytes) -> tuple[list[Answer], list[Answer]]:
    """The costly answers, and the small ones asked for while they are served."""
    started = threading.Event()
    with ThreadPoolExecutor(1) as pool:
        small = pool.submit(_small_ones, base, started)
        costly = asyncio.run(_costly_ones(base, tool, body, started))
        return costly, small.result()


def _kib(served: Served, field: str) -> int:
    status = Path(f"/proc/{served.process.pid}/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith(field + ":"))
    return int(line.split()[1])


@pytest.mark.parametrize("serve", [OPTIONS], indirect=True)
@pytest.mark.parametrize("tool", sorted(COSTLY))
def test_a_small_request_is_answered_at_once_beside_64_costly_ones(
    serve: Served, tool: str
) -> None:
    raw = COSTLY[tool]()
    body = jsonio.dumps(raw)
    before_kib = _kib(serve, "VmRSS")
    costly, small = _flood(f"http://127.0.0.1:{serve.port}", tool, body)
    grown_mib = (_kib(serve, "VmHWM") - before_kib) / 1024
    expected_small = jsonio.dumps(api.execute_answer("bleu-corpus-compute", "1.0.0", SMALL))
    for answer in small:
        assert (answer.status, answer.body) == (200, expected_small)
        assert answer.seconds < SMALL_WITHIN_SECONDS, [round(a.seconds, 2) for a in small]
    answered = [answer for answer in costly if answer.status == 200]
    refused = [answer for answer in costly if answer.status == 503]
    assert len(answered) + len(refused) == COSTLY_AT_ONCE, {a.status for a in costly}
    assert answered, "expected some of the costly requests to be computed"
    expected = jsonio.dumps(api.execute_answer(tool, "1.0.0", raw))
    assert all(answer.body == expected for answer in answered)
    for answer in refused:
        assert int(answer.retry_after or "0") >= 1
        assert json.loads(answer.body)["errors"][0]["code"] == "service_busy"
    assert grown_mib <= MEMORY_MIB + BODIES_MIB
    print(
        f"{tool}: {len(answered)} answered, {len(refused)} refused "
        f"(slowest refusal {max((a.seconds for a in refused), default=0):.2f} s), "
        f"small in {[round(a.seconds, 3) for a in small]} s, grown {grown_mib:.0f} MiB"
    )
