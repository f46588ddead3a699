"""Running the HTTP app under uvicorn: one process or several, one log line per request.

Uvicorn imports the app in each worker process, so the app comes from a factory and its settings
from the environment (``HttpSettings.from_environ``). On SIGTERM uvicorn stops accepting
connections and lets the requests in flight finish before it exits.
"""

import copy
import os
from typing import Any

import uvicorn
from uvicorn.config import LOGGING_CONFIG

from mtcompute.http.addresses import AddressesHandler
from mtcompute.http.app import HttpSettings
from mtcompute.http.log import LOGGER
from mtcompute.http.origins import origins_to_environ
from mtcompute.settings import MAX_BODY_BYTES_ENV

APP_FACTORY = "mtcompute.http.app:app_from_environ"


def log_config() -> dict[str, Any]:
    """Uvicorn's logging, plus the request log at INFO on the same handler, and the addresses
    after uvicorn's "running on" line; each worker process applies it, which a
    ``logging.basicConfig`` in this process would not reach."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"][LOGGER.name] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    config["handlers"]["addresses"] = {"()": AddressesHandler}
    config["loggers"]["uvicorn"]["handlers"] = ["default", "addresses"]  # after its line
    return config


def serve(host: str, port: int, workers: int, settings: HttpSettings) -> None:
    """Serve until SIGTERM or SIGINT; uvicorn's own access log is off (``RequestLog`` logs)."""
    os.environ[MAX_BODY_BYTES_ENV] = str(settings.max_body_bytes)
    os.environ.update(settings.mcp.to_environ())
    os.environ.update(origins_to_environ(settings.cors_origins))
    uvicorn.run(
        APP_FACTORY,
        factory=True,
        host=host,
        port=port,
        workers=workers,
        access_log=False,
        log_config=log_config(),
    )
