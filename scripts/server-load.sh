#!/usr/bin/env bash
# The server under load (issue 12): measures a built courtier binary on the
# loopback and prints Markdown tables.
#   static   the home page, the main script and a missing file (404), wrk
#            against courtier and against nginx serving the same built
#            files with the same headers, interleaved: medians, ratios
#   session  GET /api/session with a session cookie and without, with wrk
#   chat     50 clients sending chat messages, each waiting for the answer
#   signin   sign-ins with 20 and with 50,000 live sessions in the database
#   idle     time from spawn to « serveur prêt » and to the first /healthz
#            answered, resident memory at rest
# wrk and nginx (Debian's wrk and nginx-light) are installed when missing
# (apt-get, as root). Everything listens on 127.0.0.1, every step has a
# hard timeout, the servers are stopped and the temporary directory is
# removed at the end. About 5 minutes and a half with the defaults.
#
#   bash scripts/server-load.sh [--binary bin/courtier] [--rounds 3] [--duration 10s]
#                               [--only static,session,chat,signin,idle] [--vs OTHER]
#
# --vs names another build that the idle step starts in turn with
# --binary (a start of one, a start of the other, 10 times), each on its
# own database, and compares: medians and ratios of the same minutes.
# --binary may be an older build (to compare two commits); the site's
# files for nginx come from --dist (default site/dist), which should be the
# build the binary embeds. --rounds and --duration are wrk's (chat: 20 s,
# sign-in: 15 s per run, whatever they say).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=bin/courtier
dist=site/dist
rounds=3
duration=10s
only=static,session,chat,signin,idle
vs=
usage() { sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$2; shift 2 ;;
    --dist) dist=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --vs) vs=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "server-load: unknown argument $1" >&2; usage ;;
  esac
done
for part in ${only//,/ }; do
  case "$part" in static|session|chat|signin|idle) ;; *) echo "server-load: --only takes static, session, chat, signin, idle" >&2; exit 2 ;; esac
done
case "$rounds" in [1-9]) ;; *) echo "server-load: --rounds 1 to 9" >&2; exit 2 ;; esac
case "$duration" in [1-9]s|[12][0-9]s|30s) ;; *) echo "server-load: --duration in seconds, 1s to 30s" >&2; exit 2 ;; esac
wants() { case ",$only," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
[ -x "$binary" ] || { echo "server-load: no binary at $binary (make build)" >&2; exit 2; }
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
if [ -n "$vs" ]; then
  [ -x "$vs" ] || { echo "server-load: no binary at $vs (--vs)" >&2; exit 2; }
  vs=$(cd "$(dirname "$vs")" && pwd)/$(basename "$vs")
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/courtier-serverload-XXXXXX")
server_pid=
nginx_pid=
made_policy=
cleanup() {
  for pid in "$server_pid" "$nginx_pid"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  [ -z "$made_policy" ] || rm -f /usr/sbin/policy-rc.d
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- tools

need=()
if wants static || wants session; then
  command -v wrk >/dev/null || need+=(wrk)
fi
if wants static && ! [ -x /usr/sbin/nginx ]; then need+=(nginx-light); fi
if [ ${#need[@]} -gt 0 ]; then
  echo "server-load: installing ${need[*]} (apt-get)" >&2
  # The package would start nginx on port 80: policy-rc.d (exit 101) tells
  # its installer not to start any service, as in containers.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && made_policy=1
  fi
  timeout 300 apt-get update -qq
  DEBIAN_FRONTEND=noninteractive timeout 300 apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  [ -z "$made_policy" ] || { rm -f /usr/sbin/policy-rc.d; made_policy=; }
fi

echo "server-load: building the load generator in $tmp" >&2
timeout 300 go build -o "$tmp/serverload" ./scripts/serverload
load() { timeout --kill-after=5 "$1" "$tmp/serverload" "${@:2}"; }
results=$tmp/results.jsonl

# ---------------------------------------------------------------- servers

db=$tmp/load.db
log=$tmp/server.log
kept=$tmp/server-kept.log
url=
# start_server: serves $db on a free loopback port, every request logged
# to $log (appended to, so it can be emptied between measures).
start_server() {
  : >"$log"
  "$binary" serve --db "$db" --addr 127.0.0.1:0 --trusted-proxies 127.0.0.1/32 2>>"$log" >/dev/null &
  server_pid=$!
  url=
  for _ in $(seq 1 150); do
    url=$(sed -n 's/.*serveur prêt"\{0,1\} url=\(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$log" | head -1)
    [ -n "$url" ] && break
    kill -0 "$server_pid" 2>/dev/null || { echo "server-load: the server stopped:"; cat "$log"; exit 1; }
    sleep 0.1
  done
  [ -n "$url" ] || { echo "server-load: the server did not start in 15 s:"; cat "$log"; exit 1; }
}
stop_server() {
  kill -TERM "$server_pid"
  timeout 15 tail --pid="$server_pid" -f /dev/null || kill -KILL "$server_pid"
  wait "$server_pid" || true
  server_pid=
  keep_log
}
# keep_log moves what matters of the server's log (5xx, warnings, errors)
# aside and empties it: a wrk run logs millions of requests.
keep_log() {
  grep -E 'msg=requête.* status=5[0-9][0-9]|level=(WARN|ERROR)' "$log" | grep -v 'binaire compilé sans le site' >>"$kept" || true
  : >"$log"
}
free_port() {
  local p
  for _ in $(seq 1 50); do
    p=$((20000 + RANDOM % 30000))
    ss -ltnH "sport = :$p" | grep -q . || { echo "$p"; return; }
  done
  echo "server-load: no free port" >&2; exit 1
}

echo "# Server under load: $binary ($("$binary" version 2>/dev/null | head -1 || echo 'version unknown'))"
echo
echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, wrk rounds $rounds × $duration; $(uname -r)"

if wants idle; then
  echo
  echo "## Idle"
  mkdir -p "$tmp/idle"
  load 360 idle --binary "$binary" ${vs:+--vs "$vs"} --dir "$tmp/idle" --runs "$([ -n "$vs" ] && echo 10 || echo 5)" --results "$results"
fi

password="charge-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
export SERVERLOAD_PASSWORD=$password
if wants static || wants session || wants chat || wants signin; then
  start_server
  for who in session $(seq -f 'client%g' 1 8); do
    printf '%s\n' "$password" | timeout 30 "$binary" users create --db "$db" --email "$who@charge.test" --name "Charge $who" --role client >/dev/null
  done
fi

# ---------------------------------------------------------------- static

# nginx_headers URL: courtier's own headers for URL (security headers and
# Cache-Control) as nginx add_header lines, so both send the same ones.
nginx_headers() {
  timeout 10 curl -s -D - -o /dev/null -H 'Accept-Encoding: gzip' "$1" | tr -d '\r' |
    grep -iE '^(content-security-policy|x-content-type-options|referrer-policy|x-frame-options|cross-origin-opener-policy|permissions-policy|cache-control):' |
    sed -E 's/\\/\\\\/g; s/"/\\"/g; s/^([^:]+): (.*)$/    add_header \1 "\2" always;/'
}

start_nginx() {
  local root=$tmp/nginx port
  mkdir -p "$root/home" "$root/temp"
  # The home page: the prerendered document courtier serves at /, without
  # the head tags and the session block courtier puts in (a few hundred
  # bytes), gzipped like courtier's copy.
  cp "$dist/prerender/home.visitor.html" "$root/home/home.html"
  gzip -9 -n -k "$root/home/home.html"
  port=$(free_port)
  nginx_url=http://127.0.0.1:$port
  # Run as root, nginx's workers would be « nobody » and could not read the
  # temporary directory (mode 0700) nor maybe the work tree: they keep the
  # user that starts them.
  local user=
  [ "$(id -u)" != 0 ] || user="user root;"
  cat >"$root/nginx.conf" <<CONF
daemon off;
$user
worker_processes auto;
pid $root/nginx.pid;
error_log $root/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css application/javascript text/plain application/json image/svg+xml;
  # Every request logged, as courtier does (emptied between runs).
  access_log $root/access.log;
  client_body_temp_path $root/temp;
  proxy_temp_path $root/temp;
  fastcgi_temp_path $root/temp;
  uwsgi_temp_path $root/temp;
  scgi_temp_path $root/temp;
  sendfile on;
  tcp_nopush on;
  server_tokens off;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:$port;
    root $(cd "$dist" && pwd);
    location = / {
      root $root/home;
      rewrite ^ /home.html break;
$(nginx_headers "$url/")
    }
    location /assets/ {
$(nginx_headers "$url$script")
    }
    location / {
$(nginx_headers "$url/favicon.svg")
    }
    error_page 404 /404.txt;
    location = /404.txt {
      internal;
      root $root;
$(nginx_headers "$url$missing")
    }
  }
}
CONF
  printf 'Fichier introuvable.\n' >"$root/404.txt"
  /usr/sbin/nginx -p "$root" -c "$root/nginx.conf" -t -q 2>"$root/check.log" || { cat "$root/check.log"; exit 1; }
  /usr/sbin/nginx -p "$root" -c "$root/nginx.conf" 2>>"$root/error.log" &
  nginx_pid=$!
  for _ in $(seq 1 50); do
    timeout 2 curl -s -o /dev/null "$nginx_url/favicon.svg" && return
    kill -0 "$nginx_pid" 2>/dev/null || { echo "server-load: nginx stopped:"; cat "$root/error.log"; exit 1; }
    sleep 0.1
  done
  echo "server-load: nginx did not start"; cat "$root/error.log"; exit 1
}
stop_nginx() {
  kill -QUIT "$nginx_pid"
  timeout 15 tail --pid="$nginx_pid" -f /dev/null || kill -KILL "$nginx_pid"
  wait "$nginx_pid" || true
  nginx_pid=
}

script=$("$tmp/serverload" entry --dist "$dist")
missing=/assets/absent-0000000.js
if wants static; then
  echo
  echo "## Static files: courtier and nginx"
  start_nginx
  echo
  echo "nginx $(/usr/sbin/nginx -v 2>&1 | sed 's/.*nginx\///') on $nginx_url serves $dist with gzip_static (the .gz copies made at build time) and courtier's headers;"
  echo "both log every request. Requests ask for gzip only (nginx-light has no brotli), so both send the same .gz bytes,"
  echo "except the home page: nginx sends the prerendered file, courtier adds its head tags and session block (a few hundred bytes)."
  load $((rounds * 3 * 2 * (${duration%s} + 20) + 60)) wrk --a-name courtier --a-url "$url" --b-name nginx --b-url "$nginx_url" \
    --header 'Accept-Encoding: gzip' --target home=/ --target "script=$script" --target "404=$missing" \
    --rounds "$rounds" --duration "$duration" --key static --results "$results"
  stop_nginx
  keep_log
fi

# ---------------------------------------------------------------- session

if wants session; then
  echo
  echo "## Session check"
  cookie=$(load 20 login --url "$url" --email session@charge.test)
  load $((rounds * 2 * (${duration%s} + 20) + 60)) wrk --a-name "with cookie" --a-url "$url" --b-name "without" \
    --a-header "Cookie: $cookie" --target session=/api/session \
    --rounds "$rounds" --duration "$duration" --key session --results "$results"
  keep_log
fi

# ---------------------------------------------------------------- chat

if wants chat; then
  echo
  echo "## Chat messages"
  load 90 chat --url "$url" --clients 50 --duration 20s --results "$results"
  keep_log
fi

# ---------------------------------------------------------------- sign-in

if wants signin; then
  echo
  echo "## Sign-in and live sessions"
  for live in 20 50000; do
    stop_server
    load 120 seed --db "$db" --live "$live" >&2
    start_server
    load 60 signin --url "$url" --accounts 8 --clients 4 --duration 15s --label "$live" --results "$results"
  done
fi
[ -z "$server_pid" ] || stop_server

# ---------------------------------------------------------------- summary

echo
echo "## Summary"
[ -s "$results" ] && load 10 report --results "$results"
echo
if [ -s "$kept" ]; then
  echo "server log: $(grep -c 'status=5' "$kept" || true) answers 5xx, $(grep -c 'level=WARN' "$kept" || true) warnings, $(grep -c 'level=ERROR' "$kept" || true) errors; the first:"
  head -10 "$kept"
  if grep -q 'status=5' "$kept"; then exit 1; fi
else
  echo "server log: no 5xx, no warning, no error"
fi
