"""A real Redis server for the tests: Debian's ``redis-server`` on a free loopback port.

Skips with the reason when the binary or the ``redis`` client is missing, and fails under
``CI=true`` (``.ci/run`` installs both).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RedisServer:
    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        missing = None
        if binary is None:
            missing = "redis-server is not installed (Debian package redis-server)"
        else:
            try:
                import redis  # noqa: F401
            except ImportError:
                missing = "the redis client is not installed (pip install 'multihorizon[redis]')"
        if missing is not None:
            if os.environ.get("CI") == "true":
                pytest.fail(missing + " (CI=true requires it)")
            pytest.skip(missing)
        self.binary = str(binary)
        self.folder = folder
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        # Another test process (CI runs two backends side by side) may take the port between
        # the probe and the server's bind: then this server exits, and the port answers with
        # the other process's server. Only a server that reports this process's pid is ours.
        for _ in range(5):
            self.process = subprocess.Popen(
                [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir",
                 str(self.folder), "--appendonly", "yes", "--save", "", "--protected-mode", "no"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            if self._answers():
                return
            self.stop()
            self.port = _free_port()
            self.url = f"redis://127.0.0.1:{self.port}/0"
        raise RuntimeError("redis-server did not start")

    def _answers(self) -> bool:
        import redis

        assert self.process is not None
        client = redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=1)
        deadline = time.monotonic() + 10
        try:
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    return bool(client.info("server")["process_id"] == self.process.pid)
                except redis.RedisError:  # not listening yet, or slow to answer on a busy runner
                    time.sleep(0.05)
            return False
        finally:
            client.close()

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None
