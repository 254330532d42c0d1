"""`--tls-cert/--tls-key`: the server speaks wss:// with a certificate, and the client checks
it (a certificate made for the test with openssl; skipped where openssl is missing)."""

from __future__ import annotations

import shutil
import ssl
import subprocess

import pytest

from engine.net.client import Connection
from netplay import running_server


def test_the_server_speaks_tls(tmp_path):
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    with running_server(tmp_path, tls_cert=str(cert), tls_key=str(key)) as server:
        trusting = ssl.create_default_context(cafile=str(cert))
        conn = Connection(f"wss://127.0.0.1:{server.port}", tls=trusting).start(wait=30)
        try:
            assert conn.connected
            assert conn.call({"type": "games", "tokens": []}, 30)["games"] == []
        finally:
            conn.close()
        stranger = Connection(f"wss://127.0.0.1:{server.port}",
                              backoff=(5.0, 5.0)).start(wait=30)
        try:
            assert not stranger.connected  # the default trust store does not know it
            assert "cannot reach" in stranger.status
        finally:
            stranger.close()
