"""Peak memory of one computation, measured in a fresh subprocess so that native peers count too.

``tracemalloc`` sees only Python's allocator and misses what a Rust or C peer allocates, so each
measurement runs ``python -m bench.memory PEER CORPUS_FILE [RACE]`` in its own process: it builds
the peer's input, starts what the peer starts before computing (mtcompute's helper process), resets
the kernel's high-water mark of resident memory (``/proc/PID/clear_refs``) of the process and
its children, computes once, and prints how far the high-water marks (VmHWM) rose above the
resident sizes (VmRSS) just before the computation, summed over the processes (an upper bound:
their peaks need not coincide). Where the reset is not allowed it falls back to the rise of
``getrusage``'s ``ru_maxrss`` of this process, which can only under-report.
"""

import gc
import importlib
import resource
import subprocess
import sys
from pathlib import Path

from bench import procfs
from bench.races import BLEU_RACE, peer_named

KIB = 1024


def peak_rise_kib(peer_name: str, corpus_file: Path, race: str = BLEU_RACE) -> int:
    """How many KiB the computation's peak resident memory rose above the input-holding process."""
    peer = peer_named(race, peer_name)
    importlib.import_module(peer.module)  # its import is not part of its computation
    inputs = peer.prepare(corpus_file.read_bytes())
    peer.start()
    gc.collect()
    before_max = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    processes: list[int | str] = ["self", *procfs.children()]
    resets = [procfs.reset_high_water_mark(pid) for pid in processes]  # every one, none skipped
    exact = all(resets)
    before = sum(procfs.status_kib(pid, "VmRSS") for pid in processes)
    peer.compute(inputs)
    if exact:
        return sum(procfs.status_kib(pid, "VmHWM") for pid in processes) - before
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before_max


def measure_in_subprocess(peer_name: str, corpus_file: Path, race: str = BLEU_RACE) -> int:
    """``peak_rise_kib`` of ``race``'s ``peer_name``, run in a fresh interpreter."""
    command = [sys.executable, "-W", "ignore", "-m", "bench.memory", peer_name, str(corpus_file)]
    command.append(race)
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=root)
    return int(done.stdout.strip())


if __name__ == "__main__":
    print(peak_rise_kib(sys.argv[1], Path(sys.argv[2]), *sys.argv[3:]))
