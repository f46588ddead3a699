"""Serving the app: uvicorn, its protocol and limits, admission, CORS, host checks, the log."""
