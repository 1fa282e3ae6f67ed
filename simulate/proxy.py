"""nginx in front of gunicorn, as in the deployment (``deploy/nginx-venue.conf``).

An unprivileged child process (``daemon off``) with a config generated in the run's
folder: pid, logs and temp paths there, one worker, a loopback port. It includes the
deployment's own snippets (``deploy/nginx-snippets``): the published pages and API
answers under ``PUBLISH_ROOT`` are served as files, everything else (and any missing
file) goes to gunicorn through a keepalive upstream, and a gunicorn restart answers 503.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = ROOT / "deploy" / "nginx-snippets"


def binary() -> str:
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(found).exists():
        raise RuntimeError("nginx is not installed: scripts/system-packages.sh test")
    return found


def config(
    *,
    folder: Path,
    port: int,
    upstream: str,
    publish_root: str,
    static_root: str | None = None,
) -> str:
    """The nginx.conf of a run: ``upstream`` is gunicorn's ``host:port``."""
    temp = "\n".join(
        f"    {name}_temp_path {folder / name};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    # Run as root (a container), nginx's workers would switch to "nobody", who cannot
    # read the run's private folder: keep them as the user running the simulation.
    user = "user root;\n" if os.geteuid() == 0 else ""
    static = (
        f"        location /static/ {{ alias {static_root.rstrip('/')}/; }}\n"
        if static_root
        else ""
    )
    return (
        f"{user}daemon off;\n"
        "master_process on;\n"
        "worker_processes 1;\n"
        f"pid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 4096; }\n"
        "http {\n"
        "    types { text/html html; application/json json; text/css css;"
        " application/javascript js; image/svg+xml svg; image/png png; }\n"
        "    default_type application/octet-stream;\n"
        "    access_log off;\n"
        "    sendfile on;\n"
        "    keepalive_requests 100000;\n"
        f"{temp}\n"
        f"    include {SNIPPETS / 'torneo-published-maps.conf'};\n"
        f"    upstream torneo_app {{ server {upstream}; keepalive 32; }}\n"
        "    server {\n"
        f"        listen 127.0.0.1:{port};\n"
        f"        root {publish_root};\n"
        "        client_max_body_size 2m;\n"
        f"{static}"
        f"        include {SNIPPETS / 'torneo-published.conf'};\n"
        "    }\n"
        "}\n"
    )


class Nginx:
    def __init__(
        self,
        folder: Path,
        *,
        port: int,
        upstream: str,
        publish_root: str,
        static_root: str | None = None,
    ):
        folder.mkdir(parents=True, exist_ok=True)
        self.url = f"http://127.0.0.1:{port}"
        self.conf = folder / "nginx.conf"
        self.conf.write_text(
            config(
                folder=folder,
                port=port,
                upstream=upstream,
                publish_root=publish_root,
                static_root=static_root,
            )
        )
        self.log = open(folder / "stderr.log", "w")  # noqa: SIM115 - the process's life
        self.proc = subprocess.Popen(
            [binary(), "-c", str(self.conf), "-e", str(folder / "error.log")],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def wait_ready(self, timeout: float = 20) -> None:
        """Until nginx answers (any status: gunicorn may not be up yet)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx exited: see {self.log.name}")
            try:
                with urllib.request.urlopen(self.url + "/", timeout=2):
                    return
            except urllib.error.HTTPError:
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("nginx did not answer in time")

    def cpu_seconds(self) -> float:
        from .cpu import process_tree

        return process_tree(self.proc.pid)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # graceful: finish what is in flight
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
