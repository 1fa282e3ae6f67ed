"""``python -m simulate.probe URL SECONDS``: a phone's standings, asked from outside
the load generator's process at a fixed rate (2 a second), timed with a monotonic
clock; prints the latencies (milliseconds) as one JSON list when it stops.

Issue 25, item 6: the phones' figures of the load generator measure the generator as
much as the server (one Python process on the same two cores, thousands of asyncio
tasks); this probe is a process of its own that sends few requests, so its figures are
the server's (nginx and the published files) as far as one machine allows.
"""

from __future__ import annotations

import http.client
import json
import signal
import sys
import time
from urllib.parse import urlsplit

RATE = 2.0  # requests a second


def main() -> None:
    url, seconds = sys.argv[1], float(sys.argv[2])
    parts = urlsplit(url)
    stop_at = time.monotonic() + seconds
    latencies: list[float] = []
    stopping = False

    def stop(*_args) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    tag = ""
    next_at = time.monotonic()
    while not stopping and time.monotonic() < stop_at:
        headers = {"Accept-Encoding": "gzip"}
        if tag:
            headers["If-None-Match"] = tag
        started = time.monotonic()
        try:
            connection.request("GET", parts.path, headers=headers)
            response = connection.getresponse()
            response.read()
            tag = response.getheader("ETag") or tag
            latencies.append(1000 * (time.monotonic() - started))
        except (OSError, http.client.HTTPException):
            connection.close()
            connection = http.client.HTTPConnection(
                parts.hostname, parts.port, timeout=30
            )
        next_at += 1 / RATE
        time.sleep(max(0.0, next_at - time.monotonic()))
    print(json.dumps(latencies), flush=True)


if __name__ == "__main__":
    main()
