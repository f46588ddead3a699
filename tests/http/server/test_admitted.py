"""A batch's operation whose input is bound from an earlier result is charged its real cost
before it runs, against the worker's gate, and the batch gives it all back when it ends."""

import random
from typing import Any

import anyio
import anyio.to_thread

from mtcompute.contracts.costs import Cost, batch_estimate
from mtcompute.contracts.operation_charge import operation_charges
from mtcompute.http.server.admitted import BatchCharges
from mtcompute.http.server.compute import ComputeGate, ComputeSettings, Ticket
from mtcompute.meta.batch.run import run_batch

MIB = 1024 * 1024


def _binding_batch() -> dict[str, Any]:
    """A cheap step whose result holds two texts of 1,024 brackets (one token each), and a TER
    of them with ``normalized`` (a word per bracket) bound from it: costly only once bound."""
    rng = random.Random(3)
    texts = ["".join(rng.choices("()", k=1024)) for _ in range(2)]
    tokenize = {"hypotheses": texts[:1], "references": [texts[1:]], "tokenizer": "none"}
    bound = {
        "hypotheses": [{"step": 0, "pointer": "/hypotheses/0/0"}],
        # One reference: the tokens of the first (one token, the whole text).
        "references": [{"step": 0, "pointer": "/references/0/0"}],
    }
    return {
        "operations": [
            {"id": "bleu-tokenize", "version": "1.1.0", "input": tokenize},
            {"id": "ter-compute", "version": "1.0.0", "input": {"normalized": True}, "bind": bound},
        ]
    }


def _run(batch: dict[str, Any], charges: BatchCharges) -> dict[str, Any]:
    with operation_charges(charges):
        return run_batch(batch)


async def _run_admitted(gate: ComputeGate, batch: dict[str, Any]) -> tuple[Ticket, Any]:
    ticket = await gate.admit(batch_estimate(batch))
    results = await anyio.to_thread.run_sync(_run, batch, BatchCharges(gate, ticket))
    return ticket, results["results"]


def test_a_bound_operation_takes_a_lane_before_it_runs_and_gives_it_back() -> None:
    async def scenario() -> None:
        gate = ComputeGate(ComputeSettings(lanes=1))
        batch = _binding_batch()
        assert gate.is_small(batch_estimate(batch))  # as written, it costs little
        ticket, results = await _run_admitted(gate, batch)
        assert [result["status"] for result in results] == ["ok", "ok"]
        assert ticket.costly  # the bound TER made it costly before it ran
        assert gate.memory == ticket.cost.memory > 0
        gate.release(ticket)
        assert gate.memory == 0

    anyio.run(scenario)


def test_a_bound_operation_with_no_room_is_an_error_and_the_batch_goes_on() -> None:
    async def scenario() -> None:
        gate = ComputeGate(ComputeSettings(lanes=1, max_wait=0.3))
        busy = await gate.admit(Cost(60.0, MIB))  # the only lane, for a minute
        _, results = await _run_admitted(gate, _binding_batch())
        assert results[0]["status"] == "ok"
        assert results[1]["status"] == "error"
        (error,) = results[1]["errors"]
        assert error["code"] == "service_busy"
        assert error["pointer"] == "/operations/1/input"
        gate.release(busy)

    anyio.run(scenario)
