"""`wargames serve`'s options (engine.cli adds this parser; the server's modules, websockets
and the games are imported only when the command runs)."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import Any

from engine.net.protocol import MAX_MESSAGE

DESCRIPTION = """\
Serve games across machines: an authoritative server that holds every game, rolls the dice,
checks every action with the rules and sends each player only what their side may see
(docs/online.md). Players connect from the launcher's "Play online..." with this computer's
address, e.g. ws://192.168.1.20:8765 (wss:// with TLS).

Every action is committed to the database before anyone is told of it: a server stopped or
killed at any moment starts again with every game as it was.
"""

EPILOG = """\
examples:
  wargames serve                                  # this computer only, SQLite in the data folder
  wargames serve --host 0.0.0.0 --port 8765       # the local network
  wargames serve --host 0.0.0.0 --tls-cert cert.pem --tls-key key.pem
  wargames serve --db postgresql://games:secret@db.example/wargames   # several processes

behind a reverse proxy (nginx with TLS, docs/online.md): keep --host 127.0.0.1 and add
--forwarded so the limits per address see the players' addresses, not the proxy's.
"""


def add_serve_parser(sub: Any) -> None:
    serve = sub.add_parser("serve", help="serve games across machines",
                           description=DESCRIPTION, epilog=EPILOG,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    where = serve.add_argument_group("where")
    where.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1, this computer only; "
                       "0.0.0.0 for every network)")
    where.add_argument("--port", type=int, default=8765,
                       help="TCP port (default 8765; 0 picks a free one and prints it)")
    where.add_argument("--db", default="", metavar="ADDRESS",
                       help="sqlite:///PATH (relative), sqlite:////PATH (absolute), or "
                       "postgresql://USER:PASSWORD@HOST/NAME (needs wargames[online]); "
                       "default: server.sqlite3 in the user data folder")
    tls = serve.add_argument_group("TLS (or a reverse proxy in front, see docs/online.md)")
    tls.add_argument("--tls-cert", metavar="PEM", help="certificate chain; serves wss://")
    tls.add_argument("--tls-key", metavar="PEM", help="private key of the certificate")
    tls.add_argument("--forwarded", action="store_true",
                     help="take the client's address from X-Forwarded-For (only behind a "
                     "proxy that sets it)")
    limits = serve.add_argument_group("limits")
    limits.add_argument("--max-message", type=int, default=MAX_MESSAGE, metavar="BYTES",
                        help=f"largest message a client may send (default {MAX_MESSAGE}); "
                        "a larger one closes its connection")
    limits.add_argument("--rate", type=float, default=20.0, metavar="N",
                        help="messages a second per connection (default 20, bursts of 2x)")
    limits.add_argument("--address-rate", type=float, default=60.0, metavar="N",
                        help="messages a second per address, all its connections (default 60)")
    limits.add_argument("--max-connections", type=int, default=16, metavar="N",
                        help="connections at once from one address (default 16)")
    limits.add_argument("--creates-per-hour", type=int, default=60, metavar="N",
                        help="games one address may create in an hour (default 60)")
    limits.add_argument("--idle", type=float, default=600.0, metavar="SECONDS",
                        help="a game nobody watches leaves memory after this long (default "
                        "600); it is rebuilt from its log when opened")
    limits.add_argument("--ping", type=float, default=20.0, metavar="SECONDS",
                        help="ping every connection this often and close it when no answer "
                        "comes as long after (default 20)")
    limits.add_argument("--computer-seconds", type=float, default=None, metavar="SECONDS",
                        help="thinking time of a Normal computer seat (default: the level's)")
    logs = serve.add_argument_group("logging")
    logs.add_argument("--log-level", default="info",
                      choices=("debug", "info", "warning", "error"),
                      help="what goes to the log (default info: start, games created, "
                      "connections refused, failures)")
    logs.add_argument("--log-file", metavar="PATH", help="log here instead of standard error")


def serve(args: argparse.Namespace, user_error: type[Exception]) -> int:
    from engine.net.config import ServerConfig
    from engine.net.hosting import run
    from engine.net.store import StoreError

    if not 0 <= args.port <= 65535:
        raise user_error(f"--port {args.port} is not a TCP port")
    if bool(args.tls_cert) != bool(args.tls_key):
        raise user_error("--tls-cert and --tls-key go together")
    for name in ("tls_cert", "tls_key"):
        value = getattr(args, name)
        if value and not Path(value).is_file():
            raise user_error(f"--{name.replace('_', '-')} {value}: no such file")
    if args.max_message < 1024 or args.rate <= 0 or args.address_rate <= 0 \
            or args.max_connections < 1 or args.idle <= 0 or args.ping <= 0 \
            or args.creates_per_hour < 1:
        raise user_error("the limits must be positive (--max-message at least 1024)")
    logging.basicConfig(level=args.log_level.upper(), filename=args.log_file,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = ServerConfig(
        host=args.host, port=args.port, db=args.db, tls_cert=args.tls_cert,
        tls_key=args.tls_key, max_message=args.max_message, rate=args.rate,
        burst=max(1, int(args.rate * 2)), address_rate=args.address_rate,
        address_burst=max(1, int(args.address_rate * 2)), max_connections=args.max_connections,
        creates_per_hour=args.creates_per_hour, idle_evict=args.idle,
        ping_interval=args.ping, ping_timeout=args.ping,
        forwarded=args.forwarded, computer_budget=args.computer_seconds)
    try:
        return run(config)
    except StoreError as err:
        raise user_error(str(err)) from None
    except OSError as err:
        raise user_error(f"cannot listen on {args.host}:{args.port} ({err.strerror or err})"
                         ) from None
