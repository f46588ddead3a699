"""Computations admitted by their cost: small ones at once, a few costly ones at once within
the memory budget, the rest waiting in order or refused at once when the wait would be long."""

import anyio
import pytest

from mtcompute.contracts.costs import Cost
from mtcompute.http.server.compute import BusyError, ComputeGate, ComputeSettings

MIB = 1024 * 1024
COSTLY = Cost(1.0, 100 * MIB)


def _gate(max_wait: float = 5.0) -> ComputeGate:
    return ComputeGate(ComputeSettings(lanes=2, memory_bytes=1000 * MIB, max_wait=max_wait))


def test_a_small_computation_never_waits_for_costly_ones() -> None:
    async def scenario() -> None:
        gate = _gate()
        for _ in range(2):
            await gate.admit(COSTLY)
        small = await gate.admit(Cost(0.001, MIB))
        assert not small.costly
        assert gate.memory == 200 * MIB

    anyio.run(scenario)


def test_costly_ones_take_the_lanes_and_the_next_waits_for_one() -> None:
    async def scenario() -> list[str]:
        gate = _gate()
        first, _ = await gate.admit(COSTLY), await gate.admit(COSTLY)
        order: list[str] = []

        async def third() -> None:
            await gate.admit(COSTLY)
            order.append("third")

        async with anyio.create_task_group() as group:
            group.start_soon(third)
            await anyio.wait_all_tasks_blocked()
            assert order == []
            gate.release(first)
        return order

    assert anyio.run(scenario) == ["third"]


def test_a_wait_past_the_bound_is_refused_at_once_with_when_to_retry() -> None:
    async def scenario() -> BusyError:
        gate = _gate(max_wait=1.0)
        await gate.admit(Cost(10.0, MIB))
        await gate.admit(Cost(10.0, MIB))
        with pytest.raises(BusyError) as refused:
            await gate.admit(COSTLY)
        return refused.value

    refused = anyio.run(scenario)
    assert refused.retry_after >= 10
    assert "expected a computation to wait at most 1 s" in str(refused)


def test_the_memory_budget_keeps_a_second_large_computation_waiting() -> None:
    async def scenario() -> None:
        gate = _gate(max_wait=0.2)
        await gate.admit(Cost(0.1, 700 * MIB))
        with pytest.raises(BusyError):
            await gate.admit(Cost(0.1, 700 * MIB))  # a lane is free, the memory is not
        assert gate.memory == 700 * MIB

    anyio.run(scenario)


def test_a_computation_larger_than_the_budget_runs_alone() -> None:
    async def scenario() -> None:
        gate = _gate()
        ticket = await gate.admit(Cost(1.0, 5000 * MIB))
        assert ticket.costly
        gate.release(ticket)
        assert gate.memory == 0

    anyio.run(scenario)


def test_a_growing_batch_waits_for_memory_and_gives_it_all_back() -> None:
    async def scenario() -> None:
        gate = _gate(max_wait=5.0)
        batch, other = await gate.admit(COSTLY), await gate.admit(Cost(1.0, 800 * MIB))
        async with anyio.create_task_group() as group:
            group.start_soon(gate.grow, batch, Cost(1.0, 500 * MIB))
            await anyio.wait_all_tasks_blocked()
            assert gate.memory == 900 * MIB  # the growth waits
            gate.release(other)
        assert gate.memory == 600 * MIB
        gate.release(batch)
        assert gate.memory == 0

    anyio.run(scenario)


def test_a_small_ticket_that_grows_costly_takes_a_lane() -> None:
    async def scenario() -> None:
        gate = _gate()
        ticket = await gate.admit(Cost(0.001, MIB))
        await gate.grow(ticket, COSTLY)
        assert ticket.costly
        assert gate.memory == COSTLY.memory + MIB

    anyio.run(scenario)


def test_the_settings_go_through_the_environment_unchanged() -> None:
    settings = ComputeSettings(lanes=3, memory_bytes=5 * MIB, max_wait=2.5, deadline=9.0)
    assert ComputeSettings.from_environ(settings.to_environ()) == settings
    assert ComputeSettings.from_environ({}) == ComputeSettings()
