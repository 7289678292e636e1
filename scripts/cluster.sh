#!/usr/bin/env bash
# `just cluster`: three `playtrack serve` processes on one PostgreSQL database behind nginx
# (deploy/nginx.conf), with demo data the first time. Ctrl+C stops them all with SIGTERM, as a
# service manager would. Everything it writes is under target/cluster/.
set -euo pipefail

port=${PLAYTRACK_CLUSTER_PORT:-8080}
database=${PLAYTRACK_CLUSTER_DATABASE:-playtrack_cluster}
server=postgres://postgres@127.0.0.1:5432
nginx=$(command -v nginx || echo /usr/sbin/nginx)
dir=$(pwd)/target/cluster
mkdir -p "$dir/data"

psql -q "$server/postgres" -tAc "SELECT 1 FROM pg_database WHERE datname = '$database'" | grep -q 1 \
  || psql -q "$server/postgres" -c "CREATE DATABASE $database"
cargo build --quiet --bin playtrack
bin=target/debug/playtrack
export PLAYTRACK_DATABASE_URL="$server/$database?sslmode=prefer"
export PLAYTRACK_DATA_DIR="$dir/data" PLAYTRACK_TRUSTED_PROXIES=127.0.0.1 PLAYTRACK_PUBLIC_URL="http://127.0.0.1:$port"
"$bin" migrate
# Demo data goes only into an empty database: a second start keeps what the first made.
"$bin" demo seed 2>/dev/null || echo "The database already holds data: kept."

upstreams=""
pids=()
trap 'kill -TERM "${pids[@]}" 2>/dev/null || true; wait' EXIT
trap 'exit 0' INT TERM
for n in 1 2 3; do
  process_port=$((port + n))
  upstreams+="server 127.0.0.1:$process_port max_fails=0;"$'\n        '
  PLAYTRACK_BIND="127.0.0.1:$process_port" "$bin" serve > "$dir/process-$n.log" 2>&1 &
  pids+=($!)
done
conf=$(<deploy/nginx.conf)
conf=${conf//@prefix@/$dir}
conf=${conf//@listen@/127.0.0.1:$port}
conf=${conf//@upstreams@/$upstreams}
printf '%s\n' "$conf" > "$dir/nginx.conf"
"$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/nginx-error.log" -g 'daemon off;' &
pids+=($!)
echo "Playtrack cluster: http://127.0.0.1:$port (nginx) in front of 127.0.0.1:$((port + 1))-$((port + 3)); logs in $dir"
echo "Stop with Ctrl+C."
wait
