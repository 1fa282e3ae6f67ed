"""The nginx configurations in deploy/ stay valid: ``nginx -t`` parses each one.

Each config is included in a minimal wrapper (pid, logs and temp paths in a temporary
folder, so no root is needed), with the snippets where Debian and the nginx image keep
them (``snippets/`` next to the main config). What nginx checks at parse time and only
exists on the real machine is replaced: the certificates (a throwaway self-signed pair),
the compose service names (loopback) and the ports (``nginx -t`` binds them: free
ports on loopback, so that no root is needed).
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

pytestmark = pytest.mark.skipif(
    not Path(NGINX).exists(),
    reason="nginx is not installed (scripts/system-packages.sh test)",
)

CONFIGS = ("nginx-venue.conf", "nginx-scaled.conf", "nginx-compose.conf")


@pytest.fixture(scope="module")
def certificate(tmp_path_factory) -> tuple[Path, Path]:
    where = tmp_path_factory.mktemp("tls")
    cert, key = where / "cert.pem", where / "key.pem"
    subject = ["-subj", "/CN=torneo.lan", "-keyout", str(key), "-out", str(cert)]
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            *subject,
        ],
        check=True,
        capture_output=True,
    )
    return cert, key


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def local(text: str, certificate: tuple[Path, Path]) -> str:
    """The config with this machine's certificate, upstreams and ports."""
    cert, key = certificate
    text = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {cert};", text)
    text = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};", text)
    text = re.sub(r"server web\d+:", "server 127.0.0.1:", text)
    return re.sub(r"listen \d+", lambda _m: f"listen 127.0.0.1:{free_port()}", text)


def wrapper(tmp_path: Path, body: str) -> Path:
    shutil.copytree(DEPLOY / "nginx-snippets", tmp_path / "snippets")
    (tmp_path / "site.conf").write_text(body)
    temp = "\n".join(
        f"    {name}_temp_path {tmp_path / name};"
        for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    main = tmp_path / "nginx.conf"
    main.write_text(
        f"pid {tmp_path / 'nginx.pid'};\n"
        f"error_log {tmp_path / 'error.log'};\n"
        "events {}\n"
        "http {\n"
        f"    access_log off;\n{temp}\n"
        f"    include {tmp_path / 'site.conf'};\n"
        "}\n"
    )
    return main


def nginx_test(main: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [NGINX, "-t", "-q", "-c", str(main), "-e", str(main.parent / "error.log")],
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize("name", CONFIGS)
def test_deploy_config_parses(name, tmp_path, certificate):
    text = local((DEPLOY / name).read_text(), certificate)
    result = nginx_test(wrapper(tmp_path, text))
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("name", CONFIGS)
def test_deploy_config_serves_published_files(name):
    """Every deployment answers the public pages from the files and turns a gunicorn
    restart into a 503 (the offline queue's cue to send the sheet again)."""
    text = (DEPLOY / name).read_text()
    assert "include snippets/torneo-published-maps.conf;" in text
    assert "include snippets/torneo-published.conf;" in text
    assert re.search(r"^\s*root /srv/torneo/published;", text, re.M)


def test_the_wrapper_catches_a_broken_config(tmp_path, certificate):
    """The check is not a rubber stamp: a directive nginx does not know fails it (as
    ``http2 on;`` did on Debian 12's nginx 1.22 before this test)."""
    text = (DEPLOY / "nginx-venue.conf").read_text()
    text = text.replace(
        "client_max_body_size 2m;",
        "client_max_body_size 2m;\n    no_such_directive on;",
    )
    result = nginx_test(wrapper(tmp_path, local(text, certificate)))
    assert result.returncode != 0
    assert "no_such_directive" in result.stderr
