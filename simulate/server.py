"""The processes under test: a gunicorn server on loopback, the background worker that
ranks the standings, and the PostgreSQL cluster."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def production_env(static_root: str, publish_root: str) -> dict[str, str]:
    """Production settings, minus HTTPS (plain HTTP on loopback), behind nginx, with
    the public pages published as files in ``publish_root`` (nginx serves them)."""
    return {
        **os.environ,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SSL_REDIRECT": "0",
        "DJANGO_SECURE_COOKIES": "0",
        "DJANGO_HSTS_SECONDS": "0",
        "DJANGO_CONN_MAX_AGE": "60",
        "DJANGO_STATIC_ROOT": static_root,
        "DJANGO_PUBLISH_ROOT": publish_root,
        "DJANGO_BEHIND_PROXY": "1",
        "DJANGO_LOGIN_FAILURE_LIMIT": "50",
    }


class Gunicorn:
    def __init__(self, env: dict[str, str], *, port: int, workers: int, threads: int):
        self.url = f"http://127.0.0.1:{port}"
        self.log = open(  # noqa: SIM115 - kept open for the server's life
            Path(env["DJANGO_STATIC_ROOT"]).parent / "gunicorn.log", "w"
        )
        self.proc = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "-c",
                "config/gunicorn.py",
                "config.wsgi",
            ],
            cwd=ROOT,
            env={
                **env,
                "GUNICORN_BIND": f"127.0.0.1:{port}",
                "GUNICORN_WORKERS": str(workers),
                "GUNICORN_THREADS": str(threads),
                "GUNICORN_ACCESSLOG": "",
                "GUNICORN_MAX_REQUESTS": "0",
            },
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/login/", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer in time; see gunicorn.log")

    def workers(self) -> list[int]:
        """Process ids of the master's live workers."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid and fields[0] != "Z":
                found.append(int(stat.parent.name))
        return found

    def cpu_seconds(self) -> float:
        """CPU seconds of gunicorn: master, live workers, workers that exited."""
        from .cpu import process_tree

        return process_tree(self.proc.pid)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


class Worker:
    """``manage.py worker`` (core/pipeline.py: ranking, publishing), restarted when it
    exits (as systemd's ``Restart=always`` does); work it held when it died is taken
    over when its lease runs out. Its log says each step and its delay."""

    def __init__(self, env: dict[str, str], log_path: Path):
        self.env, self.log = env, open(log_path, "w")  # noqa: SIM115
        self.starts = 0
        self.cpu = 0.0  # CPU seconds of the worker processes that exited
        self.proc: subprocess.Popen | None = None
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._supervise, daemon=True)
        self.thread.start()

    def _manage(self, *args: str) -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def _supervise(self) -> None:
        while not self.stopping.is_set():
            self.starts += 1
            self.proc = self._manage("worker", "--idle", "0.1")
            _pid, _status, usage = os.wait4(self.proc.pid, 0)
            self.proc.returncode = _status
            self.cpu += usage.ru_utime + usage.ru_stime
            if not self.stopping.is_set():
                time.sleep(1)

    def cpu_seconds(self) -> float:
        """CPU seconds of the worker so far (live process included)."""
        from .cpu import process_tree

        proc = self.proc
        live = (
            process_tree(proc.pid)
            if proc is not None and proc.returncode is None
            else 0
        )
        return self.cpu + live

    def stop(self) -> None:
        self.stopping.set()
        if self.proc is not None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.thread.join(timeout=35)
        self.log.close()


def _data_dir() -> Path:
    """The data folder of the throwaway cluster (scripts/with-postgres.sh)."""
    url = urllib.parse.urlparse(os.environ["DATABASE_URL"])
    socket_dir = urllib.parse.unquote(url.hostname or "")
    if not socket_dir.startswith("/"):
        socket_dir = urllib.parse.unquote(url.netloc.split("@")[-1].rsplit(":", 1)[0])
    return Path(socket_dir) / "data"


#: CPU seconds of the cluster's servers stopped by a restart (postgres_restart).
_stopped_cpu = [0.0]


def postgres_cpu_seconds() -> float:
    """CPU seconds of PostgreSQL (its postmaster, the backends it reaped and the live
    ones), restarts included: on a shared machine the rest is other people's work."""
    from .cpu import process_tree

    try:
        pid = int((_data_dir() / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return _stopped_cpu[0]
    return _stopped_cpu[0] + process_tree(pid)


def postgres_restart() -> float:
    """Restart the throwaway cluster of scripts/with-postgres.sh; seconds it took."""
    data = _data_dir()
    before = postgres_cpu_seconds() - _stopped_cpu[0]
    pgbin = sorted(Path("/usr/lib/postgresql").glob("*/bin"))[-1]
    command = [str(pgbin / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "restart"]
    if os.geteuid() == 0:
        command = ["runuser", "-u", "postgres", "--", *command]
    started = time.monotonic()
    subprocess.run(
        command,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _stopped_cpu[0] += before
    return time.monotonic() - started
