"""What Linux's /proc tells of this process and its children (mtcompute's helper process among
them): their CPU time, resident memory and its high-water mark. Elsewhere, or where a file
cannot be read, the figures cover this process alone, as far as the standard library can tell.
"""

import os
import time
from pathlib import Path

_PROC = Path("/proc")
_TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def children() -> list[int]:
    """The process ids of this process's live children."""
    pids: list[int] = []
    for task in _read_dir(_PROC / "self" / "task"):
        pids += [int(pid) for pid in _read_text(task / "children").split()]
    return pids


def cpu_seconds() -> float:
    """CPU time, user and system, of this process and its live children, in all their threads."""
    return time.process_time() + sum(_child_cpu_seconds(pid) for pid in children())


def status_kib(pid: int | str, field: str) -> int:
    """A memory figure (VmRSS, VmHWM, ...) of a process, in KiB; 0 when it cannot be read."""
    for line in _read_text(_PROC / str(pid) / "status").splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def reset_high_water_mark(pid: int | str) -> bool:
    """Set a process's VmHWM back to its VmRSS; False where that is not allowed."""
    try:
        (_PROC / str(pid) / "clear_refs").write_text("5")
    except OSError:
        return False
    return True


def _child_cpu_seconds(pid: int) -> float:
    # Fields 14 and 15 of /proc/PID/stat, counted after the parenthesised command name.
    fields = _read_text(_PROC / str(pid) / "stat").rpartition(")")[2].split()
    if len(fields) < 13:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICKS_PER_SECOND


def _read_dir(path: Path) -> list[Path]:
    try:
        return list(path.iterdir())
    except OSError:
        return []


def _read_text(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""
