"""gunicorn settings: ``gunicorn -c config/gunicorn.py config.wsgi``.

Every value can be overridden from the environment (``GUNICORN_BIND``,
``GUNICORN_WORKERS``, ``GUNICORN_THREADS``, ``GUNICORN_TIMEOUT``). The app servers are
stateless: sessions and results live in the database, the cache in Redis when
``REDIS_URL`` is set, so more of them can sit behind nginx.
"""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# Result entry waits on the database, not the CPU: a few threads per worker process.
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() * 2 + 1))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# Recycle workers now and then, staggered, so a slow leak never builds up on the day.
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = max_requests // 10
accesslog = os.environ.get("GUNICORN_ACCESSLOG", "-") or None  # "" turns it off
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
# nginx in front on the same machine or the LAN: trust its X-Forwarded-* headers.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")
