#!/usr/bin/env python3
"""Fuzzes the running API with schemathesis, once per role.

Starts `playtrack serve --demo` on a fresh SQLite database in a temporary folder, signs in
as the demo super admin, a company admin and a trainee (accepting the licence agreement the
way the UI does), and runs every operation of `openapi/openapi.json` as each of them with
all of schemathesis' checks. Exits non-zero on any 5xx or spec violation.

Usage: scripts/fuzz.py BINARY SCHEMATHESIS [--max-examples N]
"""

import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "openapi" / "openapi.json"
# Operations that end the very session the run uses, or that would lock its account.
SESSION_ENDERS = ["logout", "changePassword", "signOutEverywhere"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base: str, path: str, body: dict, headers: dict | None = None) -> dict:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **(headers or {})},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"{}")


def sign_in(base: str, email: str, password: str) -> str:
    """A bearer token for someone who needs no e-mailed code."""
    step = call(base, "/api/v1/auth/login", {"email": email, "password": password})
    if step.get("status") == "eula_required":
        step = call(base, "/api/v1/auth/eula/accept", {}, {"session-token": step["challenge"]})
    if "token" not in step:
        raise SystemExit(f"signing in {email} did not open a session: {step}")
    return step["token"]


def wait_until_up(base: str, server: subprocess.Popen) -> None:
    for _ in range(600):
        if server.poll() is not None:
            raise SystemExit("the server stopped while starting")
        try:
            urllib.request.urlopen(base + "/api/v1/healthz", timeout=2)
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def main() -> int:
    # Absolute: schemathesis runs in the temporary folder.
    binary, schemathesis = (str(Path(arg).resolve()) for arg in sys.argv[1:3])
    max_examples = sys.argv[sys.argv.index("--max-examples") + 1] if "--max-examples" in sys.argv else "25"
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {"PLAYTRACK_DATA_DIR": data, "PLAYTRACK_BIND": f"127.0.0.1:{port}", "PLAYTRACK_LOG": "warn", "PATH": "/usr/bin:/bin"}
        log = open(Path(data) / "server.log", "w")
        server = subprocess.Popen([binary, "serve", "--demo"], env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            wait_until_up(base, server)
            logins = [line.split("\t") for line in (Path(data) / "demo-logins.txt").read_text().splitlines() if not line.startswith("#")]
            # The first of each role whose company asks for no e-mailed code (the demo's first company).
            accounts = {}
            for role, company, email, password in logins:
                accounts.setdefault(role, (email, password))
            failed = False
            for role in ["SUPER_ADMIN", "COMPANY_ADMIN", "USER"]:
                email, password = accounts[role]
                token = sign_in(base, email, password)
                print(f"\n==> schemathesis as {role} ({email}), {max_examples} examples per operation", flush=True)
                command = [
                    schemathesis, "--no-color", "--config-file", str(ROOT / "openapi" / "schemathesis.toml"), "run", str(SPEC),
                    "--url", base,
                    "--header", f"Authorization: Bearer {token}",
                    "--checks", "all",
                    "--max-examples", max_examples,
                    "--seed", "1",
                    "--workers", "2",
                    "--suppress-health-check", "all",
                ]
                for operation in SESSION_ENDERS:
                    command += ["--exclude-operation-id", operation]
                # Run in the temporary folder: schemathesis keeps a cache in `.schemathesis/`.
                result = subprocess.run(command, env={"PATH": "/usr/bin:/bin"}, cwd=data, check=False)
                failed |= result.returncode != 0
            if server.poll() is not None:
                print("the server stopped during the run", file=sys.stderr)
                failed = True
            return 1 if failed else 0
        finally:
            server.terminate()
            server.wait(timeout=30)
            log.close()
            if "--show-log" in sys.argv:
                print((Path(data) / "server.log").read_text())


if __name__ == "__main__":
    sys.exit(main())
