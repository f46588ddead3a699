"""Running the HTTP app under uvicorn: one process or several, one log line per request.

Uvicorn imports the app in each worker process, so the app comes from a factory and its settings
from the environment (``HttpSettings.from_environ``, ``ProtocolSettings.from_environ``). Each
connection runs ``DeadlineProtocol``, uvicorn's h11 with a deadline per request. On SIGTERM
uvicorn stops accepting connections and lets the requests in flight finish, for at most
``graceful_timeout`` seconds, before it exits with status 0.
"""

import copy
import os
import signal
from types import FrameType
from typing import Any

import uvicorn
from uvicorn.config import LOGGING_CONFIG

from mtcompute.http.app import HttpSettings
from mtcompute.http.server.addresses import AddressesHandler
from mtcompute.http.server.listening import check_can_listen, raise_open_files_limit
from mtcompute.http.server.log import LOGGER
from mtcompute.http.server.protocol import DeadlineProtocol, ProtocolSettings

APP_FACTORY = "mtcompute.http.app:app_from_environ"
DEFAULT_GRACEFUL_TIMEOUT_SECONDS = 30


def log_config() -> dict[str, Any]:
    """Uvicorn's logging, plus the request log at INFO on the same handler, and the addresses
    after uvicorn's "running on" line; each worker process applies it, which a
    ``logging.basicConfig`` in this process would not reach."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"][LOGGER.name] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    config["handlers"]["addresses"] = {"()": AddressesHandler}
    config["loggers"]["uvicorn"]["handlers"] = ["default", "addresses"]  # after its line
    return config


def _stopped(_: int, __: FrameType | None) -> None:
    # Uvicorn re-raises the SIGTERM it handled once it has stopped: a stop asked for, status 0.
    raise SystemExit(0)


def serve(
    host: str,
    port: int,
    workers: int,
    settings: HttpSettings,
    *,
    protocol: ProtocolSettings | None = None,
    graceful_timeout: int = DEFAULT_GRACEFUL_TIMEOUT_SECONDS,
) -> None:
    """Serve until SIGTERM or SIGINT; uvicorn's own access log is off (``RequestLog`` logs).
    ``ListenError`` if ``host``:``port`` cannot be listened on."""
    check_can_listen(host, port)
    raise_open_files_limit()
    os.environ.update(settings.to_environ())
    os.environ.update(settings.mcp.to_environ())
    os.environ.update((protocol or ProtocolSettings()).to_environ())
    signal.signal(signal.SIGTERM, _stopped)
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=host,
        port=port,
        workers=workers,
        http=DeadlineProtocol,
        access_log=False,
        log_config=log_config(),
        timeout_graceful_shutdown=graceful_timeout,
    )
