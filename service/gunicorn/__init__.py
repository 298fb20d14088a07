"""The web server: gunicorn as dogpark runs it (``gunicorn -c service/gunicorn/conf.py ...``).

- ``conf``: gunicorn's settings and hooks.
- ``balance``: connections spread evenly over the gevent workers.
- ``send``: one send per plain response, dated once a second.
- ``metrics_server``: ``/metrics`` on an address of its own (DOGPARK_METRICS_BIND), a process the master starts.
"""
