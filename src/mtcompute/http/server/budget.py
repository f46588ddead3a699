"""A semaphore counted in bytes, charged as a request's costs become known.

Each request has an ``Account``; ``charge`` adds bytes to it (the body as it arrives, then the
estimated size of its result) and ``release`` gives back all it holds once it is answered.
Charges wait first come first served while the budget is spent, with one exception that keeps
them from waiting on each other for ever: the oldest account holding bytes is never kept
waiting (it may overdraw, by one request at most, so a body or result larger than the whole
budget runs alone once the others are answered).
"""

from collections import deque
from dataclasses import dataclass, field

import anyio


@dataclass(eq=False)
class Account:
    """The bytes one request holds in a ``ByteBudget``."""

    held: int = 0
    _granted: anyio.Event | None = field(default=None, repr=False)
    _wanted: int = 0


class ByteBudget:
    """``budget`` bytes shared by the accounts charged to it."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self._used = 0
        self._waiting: deque[Account] = deque()
        self._holders: dict[Account, None] = {}  # in the order they first held bytes

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    @property
    def used(self) -> int:
        return self._used

    async def charge(self, account: Account, size: int) -> None:
        """Add ``size`` bytes to ``account``, once the budget has room for them (at once for
        the oldest holder)."""
        if size <= 0:
            return
        if self._may_take(account, size):
            self._take(account, size)
            return
        account._granted, account._wanted = anyio.Event(), size
        self._waiting.append(account)
        try:
            await account._granted.wait()
        except BaseException:
            if account in self._waiting:
                self._waiting.remove(account)
            raise
        finally:
            account._granted = None

    def release(self, account: Account) -> None:
        """Give back every byte ``account`` holds, and grant the charges that now fit."""
        if account in self._waiting:
            self._waiting.remove(account)
        self._used -= account.held
        account.held = 0
        self._holders.pop(account, None)
        self._grant()

    def _oldest(self, account: Account) -> bool:
        return next(iter(self._holders), None) is account

    def _may_take(self, account: Account, size: int) -> bool:
        if self._oldest(account) or not self._holders:
            return True
        return not self._waiting and self._used + size <= self.budget

    def _take(self, account: Account, size: int) -> None:
        self._used += size
        account.held += size
        self._holders.setdefault(account, None)

    def _grant(self) -> None:
        oldest = next(iter(self._holders), None)
        if oldest is not None and oldest in self._waiting:
            self._waiting.remove(oldest)
            self._wake(oldest)
        while self._waiting and (
            not self._holders or self._used + self._waiting[0]._wanted <= self.budget
        ):
            self._wake(self._waiting.popleft())

    def _wake(self, account: Account) -> None:
        self._take(account, account._wanted)
        if account._granted is not None:
            account._granted.set()
