"""Gunicorn settings for dogpark.

The worker class is gevent: a Server-Sent Events client waiting on its game's
stream holds a greenlet and one Redis connection of a pool kept for streams
(DOGPARK_STREAM_CONNECTIONS per process), not a worker process, so a few
processes serve open streams and ordinary requests alike, and requests never
wait behind streams.
"""

import logging
import multiprocessing
import os
import resource

from service import logs
from service.config import Settings

bind = os.environ.get("DOGPARK_BIND", "127.0.0.1:8000")
worker_class = "gevent"
workers = int(os.environ.get("DOGPARK_WEB_WORKERS", multiprocessing.cpu_count()))
# Room for requests beside the most streams a process may hold.
_streams = Settings.from_env().stream_connections
worker_connections = max(2000, _streams + 1000)
# A client's socket is a file, and so is each Redis connection (a stream holds one): lift the soft limit on
# open files (often 1024) towards what those limits need, as far as the hard limit allows.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
_needed = worker_connections + _streams + 256
if _soft != resource.RLIM_INFINITY and _soft < _needed:
    _lifted = _needed if _hard == resource.RLIM_INFINITY else min(_needed, _hard)
    resource.setrlimit(resource.RLIMIT_NOFILE, (_lifted, _hard))
# An SSE response streams for as long as the game runs; keep-alive comments keep it alive.
timeout = 60
graceful_timeout = 10
# gunicorn's own limits, spelled out because it refuses a request past them itself (414, 431) with an HTML
# page the API cannot turn into a problem document; the OpenAPI document's info names them.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# Off unless asked for ("-": the terminal, or a file): a line per request floods a terminal watching a game.
# The default format logs the request line, never headers, so seat tokens stay out of the log.
accesslog = os.environ.get("DOGPARK_ACCESS_LOG") or None
errorlog = "-"
# gunicorn's own lines follow the libraries' level (service/logs.py); the app's lines go through the root logger,
# set up here in the master so that every worker forked from it inherits it.
loglevel = logging.getLevelName(logs.library_level()).lower()
logs.configure()
