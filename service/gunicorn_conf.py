"""Gunicorn settings for dogpark.

The worker class is gevent: a Server-Sent Events client waiting on its game's
stream holds a greenlet, not a worker process, so a few processes serve
thousands of idle streams and ordinary requests alike.
"""

import multiprocessing
import os

bind = os.environ.get("DOGPARK_BIND", "127.0.0.1:8000")
worker_class = "gevent"
workers = int(os.environ.get("DOGPARK_WEB_WORKERS", multiprocessing.cpu_count()))
worker_connections = 2000
# An SSE response streams for as long as the game runs; keep-alive comments keep it alive.
timeout = 60
graceful_timeout = 10
accesslog = os.environ.get("DOGPARK_ACCESS_LOG", "-")
# The default format logs the request line, never headers, so seat tokens stay out of the log.
errorlog = "-"
