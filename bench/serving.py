"""Serving a page the way a deployment does, for the benchmarks: gunicorn on a free
loopback port (``DEBUG=0``, collected static files), warmed, then loaded by ``wrk``
(:mod:`bench.bench_public`)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_STATIC_ROOT = tempfile.mkdtemp(prefix="torneo-bench-static-")


def server_env(settings_module: str) -> dict[str, str]:
    """Production-like: DEBUG off, collected static files, persistent connections."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": settings_module,
        "DJANGO_STATIC_ROOT": _STATIC_ROOT,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "bench-only-secret-key-not-for-production",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_CONN_MAX_AGE": "600",
        "DJANGO_SECURE_COOKIES": "0",
        "DJANGO_SSL_REDIRECT": "0",  # plain HTTP on loopback
        # The views themselves (no published files): what these figures have always
        # measured; the files are public.publish.* below, and nginx's `make simulate`.
        "DJANGO_PUBLISH_ROOT": "",
    }


def collectstatic() -> None:
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=server_env("config.settings"),
        check=True,
    )


def serve(settings_module: str, port: int, ready_path: str) -> subprocess.Popen:
    env = server_env(settings_module)
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    log = tempfile.NamedTemporaryFile(prefix="gunicorn-", suffix=".log")  # noqa: SIM115 - kept open as long as the server
    proc = subprocess.Popen(  # a file, not a pipe: a full pipe would block the workers
        [gunicorn, "config.wsgi", "-w", "3", "-b", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}{ready_path}"
    for _ in range(150):
        try:
            with urllib.request.urlopen(url, timeout=5) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.2)
    proc.terminate()
    log.seek(0)
    raise RuntimeError(f"gunicorn did not serve {url}: {log.read()[-2000:]!r}")


def warm(url: str) -> None:
    """A few requests one at a time: templates compiled, connections opened. (A short
    wrk run would leave dozens of abandoned requests queued in front of the real one.)"""
    for _ in range(6):
        with urllib.request.urlopen(url, timeout=60) as r:
            r.read()


def wrk(url: str, seconds: int) -> tuple[float, float]:
    """Requests per second and p99 latency (ms) from ``wrk --latency``."""
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            "-c32",
            f"-d{seconds}s",
            "--latency",
            "--timeout",
            "30s",
            "-H",
            "Accept-Encoding: gzip",
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    if "Non-2xx" in out:
        raise RuntimeError(f"wrk saw errors:\n{out}")
    errors = re.search(r"Socket errors:.*", out)
    if errors:
        print(f"# wrk {errors.group(0)}")
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", out).groups()
    p99 = float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
    return rps, p99
