# Playtrack's tasks. `./just <recipe>` works on a fresh machine (it installs `just` first).

set shell := ["bash", "-euo", "pipefail", "-c"]

frontend := "frontend"

# List the recipes.
default:
    @{{just_executable()}} --list

# Bring the portal up on embedded SQLite with demo data (./data), and print where to sign in.
run: ui
    cargo run --bin playtrack -- serve --demo

# Every check and test: lints, spec drift, Rust on SQLite + PostgreSQL, Vitest, Playwright.
test: deps postgres
    #!/usr/bin/env bash
    set -euo pipefail
    just={{just_executable()}}
    mkdir -p target
    # Chromium and schemathesis install (waiting on the network) while the checks compile; an
    # install that would ask for a sudo password runs first, where it can ask.
    if [ "$(id -u)" != 0 ] && ! sudo -n true 2>/dev/null; then "$just" chromium; fi
    # nginx before Chromium's install starts beside the build: apt takes one install at a time.
    "$just" nginx
    "$just" chromium > target/install-chromium.log 2>&1 & chromium=$!
    "$just" fuzz-venv > target/install-fuzz-venv.log 2>&1 & venv=$!
    "$just" lint ui
    (cd {{frontend}} && npm run --silent api:check && npm test)
    "$just" test-rust
    wait "$venv" || { cat target/install-fuzz-venv.log; exit 1; }
    "$just" fuzz
    wait "$chromium" || { cat target/install-chromium.log; exit 1; }
    "$just" journeys

# Rust tests (SQLite and PostgreSQL; in CI an unreachable PostgreSQL fails them).
test-rust: deps
    #!/usr/bin/env bash
    set -euo pipefail
    # Most tests wait on PostgreSQL or on server processes of their own, so one test more than
    # there are cores keeps the cores busy (on 2 cores: 278 s -> 205 s).
    threads=$(( $(nproc) + 1 ))
    if command -v cargo-nextest >/dev/null; then
      cargo nextest run --workspace --no-fail-fast --test-threads "$threads"
    else
      cargo test --workspace --no-fail-fast -- --test-threads "$threads"
    fi

# Every operation of the spec fuzzed by schemathesis as super admin, company admin and
# trainee, all checks on; fails on any 5xx or answer the spec does not describe.
fuzz examples="20": fuzz-venv
    cargo build --quiet --bin playtrack
    python3 scripts/fuzz.py target/debug/playtrack target/fuzz-venv/bin/st --max-examples {{examples}}

# schemathesis, for `fuzz`, in a virtual environment of its own under target/.
fuzz-venv:
    #!/usr/bin/env bash
    set -euo pipefail
    venv=target/fuzz-venv
    [ -x "$venv/bin/st" ] && exit 0
    echo "==> installing schemathesis into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==4.32.5"

# Browser journeys in Debian's Chromium against the real server binary.
e2e: deps chromium ui journeys

# The browser journeys against what is built, installing and building nothing but the server.
journeys:
    cargo build --bin playtrack
    cd {{frontend}} && npm run --silent e2e

# Every report screen for each role in all eight looks (light/dark × en/ar × 1280/390 px), a
# screenshot of each in frontend/test-results/report-views/ (the test run sees one look a view).
report-views: deps chromium ui
    cargo build --bin playtrack
    cd {{frontend}} && REPORT_VIEWS_LOOKS=all npx playwright test e2e/report-views.spec.ts

# Formatting, clippy (warnings are errors), ESLint and the TypeScript type-check.
lint: deps
    cargo fmt --all --check
    cargo clippy --workspace --all-targets --quiet -- -D warnings
    cd {{frontend}} && npm run --silent lint && npm run --silent typecheck

# Regenerate the published OpenAPI spec and the frontend's generated client from the code.
openapi: deps
    cargo run --quiet --bin playtrack -- openapi > openapi/openapi.json
    cd {{frontend}} && npm run --silent api:gen

# Sign-in latency and throughput, /healthz while sign-ins saturate the hashing pool, the
# trainee import, attempt ingestion on SQLite and PostgreSQL, reports, /login's initial
# JavaScript, and the first load of /login and a dashboard in Chromium on a slow phone network.
bench: release chromium
    cargo bench -p server --bench login
    cargo bench -p server --bench import
    cargo bench -p server --bench ingest
    cargo bench -p server --bench reports
    cd {{frontend}} && node bench/initial-js.mjs
    cd {{frontend}} && node bench/first-load.mjs

# A busy hour (games reporting, report views, exports, sign-ins) against three release-build
# processes on PostgreSQL over TLS behind nginx: throughput, p50/p99 and failures per kind.
# Prometheus reads the Grafana dashboard's panels after it. PLAYTRACK_LOAD_SECONDS sets its
# length (60). See docs/operations.md.
load: release postgres nginx prometheus
    cargo bench -p server --bench load

# Debian's Prometheus, which `load` points at the processes to read the Grafana dashboard's
# queries (Grafana itself is in no package source the project uses).
prometheus:
    #!/usr/bin/env bash
    set -euo pipefail
    [ -x /usr/bin/prometheus ] && exit 0
    echo "==> installing Debian's prometheus"
    as_root=(); [ "$(id -u)" = 0 ] || as_root=(sudo)
    "${as_root[@]}" apt-get update -qq
    # RUNLEVEL=1: the package's scripts leave the system service stopped.
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y -qq prometheus >/dev/null

# Format the Rust code.
fmt:
    cargo fmt --all

# Backend on :8080 and Vite's dev server (hot reload, proxies /api) on :5173.
dev: deps
    trap 'kill 0' EXIT; cargo run --bin playtrack -- serve --demo & (cd {{frontend}} && npm run dev) & wait

# An optimised binary with the UI embedded: target/release/playtrack.
release: ui
    cargo build --release --bin playtrack

# Build the web UI into frontend/dist, which the binary serves (`lint` type-checks it).
ui: deps
    cd {{frontend}} && npm run --silent build

# Install the frontend's packages and the test identity provider's (tools/oidc) when their
# package-lock.json changed since the last install.
deps:
    #!/usr/bin/env bash
    set -euo pipefail
    for dir in {{frontend}} tools/oidc; do
      if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
        (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
      fi
    done

# Debian's Chromium for the browser tests (Playwright never downloads a browser here).
chromium:
    #!/usr/bin/env bash
    set -euo pipefail
    command -v chromium >/dev/null && exit 0
    echo "==> installing Debian's chromium"
    # As root there is no sudo to prefix; `env` sets the variable either way (a bare
    # `VAR=value` after an empty "$sudo" expansion would be run as a command).
    as_root=(); [ "$(id -u)" = 0 ] || as_root=(sudo)
    "${as_root[@]}" apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null

# Debian's nginx, for the cluster test and `just cluster` (installed, not started as a service).
nginx:
    #!/usr/bin/env bash
    set -euo pipefail
    { command -v nginx || [ -x /usr/sbin/nginx ]; } >/dev/null && exit 0
    echo "==> installing Debian's nginx"
    as_root=(); [ "$(id -u)" = 0 ] || as_root=(sudo)
    "${as_root[@]}" apt-get update -qq
    # RUNLEVEL=1: the package's scripts leave the system service stopped.
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get install -y -qq nginx >/dev/null

# Three processes on one PostgreSQL database behind nginx on :8080 (deploy/nginx.conf), with
# demo data the first time; Ctrl+C stops them with SIGTERM. See docs/operations.md.
cluster: deps postgres nginx ui
    scripts/cluster.sh

# Start the machine's PostgreSQL cluster when it is installed but down.
postgres:
    #!/usr/bin/env bash
    command -v pg_isready >/dev/null || exit 0
    pg_isready -q -h 127.0.0.1 -p 5432 && exit 0
    [ -d /etc/postgresql ] && pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | tail -n1)" main start || true
