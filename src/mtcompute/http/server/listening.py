"""What ``serve`` checks and sets before it listens: a free port, and enough file descriptors.

Uvicorn reports a port in use with lines of its own startup and shutdown around the error, and
exits 3; here it is one line, before anything starts, and the CLI's exit code for a failure.
The soft limit on open files is raised to the hard one, since each connection holds a descriptor
and a server that runs out of them logs a traceback for every connection it cannot accept.
"""

import errno
import resource
import socket


class ListenError(Exception):
    """The address cannot be listened on; the message says which and why."""


def check_can_listen(host: str, port: int) -> None:
    """Bind ``host``:``port`` as uvicorn will, and let go; ``ListenError`` if that fails. Port 0
    is bound too (the OS picks a free one): the host may still be no address of this machine."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            reason = "address already in use" if error.errno == errno.EADDRINUSE else error.strerror
            shown = f"[{host}]" if family == socket.AF_INET6 else host
            raise ListenError(f"cannot listen on {shown}:{port}: {reason}") from None


def raise_open_files_limit() -> int:
    """Raise the soft limit on open files to the hard limit; the soft limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        return hard
    return soft
