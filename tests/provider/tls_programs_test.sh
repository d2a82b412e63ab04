#!/usr/bin/env bash
# tls_programs_test.sh — real TLS through the aeskit provider, on 127.0.0.1, with real
# programs (issue 39, item 5). One case per run, so each is its own ctest:
#
#   tls_programs_test.sh <openssl> <dir of aeskit.so> <case>
#
# s_server-* cases: `openssl s_server -rev -naccept 1` and `openssl s_client`, both with
#   -provider-path <dir> -provider aeskit -provider default -propquery '?provider=aeskit'
#   (a preference, not a requirement: libssl fetches its digests, key exchange and signatures
#   with the same query, and aeskit has none of them), one protocol version and suite forced
#   on both sides. The client sends a few MiB of base64 lines and a CLOSE line; the server
#   sends every line back reversed, so the SHA-256 of what comes back equals that of the
#   reversed input only if both directions arrived intact.
# nginx-* cases: nginx (unprivileged: as nobody when the test runs as root) serves a 256 MiB
#   random file over TLS on a free loopback port, curl downloads it; both run with
#   OPENSSL_CONF naming an openssl.cnf that loads aeskit from the build tree with
#   default_properties = ?provider=aeskit (docs/openssl-provider.md). SHA-256 compared; the
#   access log must show the forced protocol and suite.
#
# Proof that aeskit did the records (a silent fallback to the default provider fails): every
# process runs with AESKIT_PROVIDER_STATS=<its own file>, and the provider appends one line
# of bytes sealed/opened per algorithm at teardown. Each side must have sealed and opened at
# least the payload with the suite's algorithm (nginx: its worker sealed >= 256 MiB, curl
# opened >= 256 MiB).
#
# Bounded: every program runs under `timeout`; everything started is killed by the EXIT trap;
# the temporary directory is removed. The bounds are generous (a loaded 2-core CI machine,
# other builds compiling, made s_server cases fail now and then with the earlier ones) and
# the waits poll: on an idle machine a case takes what its work takes, not its bound. The
# output files of a program started in the background are created before it starts.
# TLS_TEST_SCALE=<n> multiplies every bound (default 1). Needs nginx and curl (scripts/install-deps.sh): when
# one is missing the case is skipped (exit 77), unless AESKIT_REQUIRE_TLS_PROGRAMS=1 (CI),
# which makes it fail.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 <openssl> <dir of aeskit.so> <case>" >&2
  exit 2
fi
openssl=$1
dir=$(cd "$2" && pwd)
case_name=$3

# case -> protocol, suite, the provider's name for its cipher.
case $case_name in
  s_server-tls13-aes128gcm) proto=1.3 suite=TLS_AES_128_GCM_SHA256 alg=AES-128-GCM ;;
  s_server-tls13-aes256gcm) proto=1.3 suite=TLS_AES_256_GCM_SHA384 alg=AES-256-GCM ;;
  s_server-tls13-aes128ccm) proto=1.3 suite=TLS_AES_128_CCM_SHA256 alg=AES-128-CCM ;;
  s_server-tls12-aes128gcm) proto=1.2 suite=ECDHE-RSA-AES128-GCM-SHA256 alg=AES-128-GCM ;;
  s_server-tls12-aes256gcm) proto=1.2 suite=ECDHE-RSA-AES256-GCM-SHA384 alg=AES-256-GCM ;;
  # Without encrypt-then-MAC (-no_etm), libssl asks for the stitched cipher.
  s_server-tls12-aes128sha) proto=1.2 suite=ECDHE-RSA-AES128-SHA alg=AES-128-CBC-HMAC-SHA1 ;;
  nginx-tls13) proto=1.3 suite=TLS_AES_128_GCM_SHA256 alg=AES-128-GCM ;;
  nginx-tls12) proto=1.2 suite=ECDHE-RSA-AES256-GCM-SHA384 alg=AES-256-GCM ;;
  *)
    echo "unknown case $case_name" >&2
    exit 2
    ;;
esac

tmp=$(mktemp -d)
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
t0=$(date +%s%N)
elapsed() { echo "$(( ($(date +%s%N) - t0) / 1000000 )) ms"; }
scale=${TLS_TEST_SCALE:-1}
# bound SECONDS: a time bound scaled by TLS_TEST_SCALE.
bound() { echo $(($1 * scale)); }
fail() {
  echo "FAIL ($case_name): $*" >&2
  exit 1
}

# counter FILE ALG DIR: the sum of ALG.DIR over the lines of FILE (0 if none).
counter() {
  [ -f "$1" ] || { echo 0; return; }
  awk -v key="$2.$3" '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); if (kv[1] == key) s += kv[2] } }
                      END { printf "%d\n", s }' "$1"
}
# need_counter LABEL FILE DIR MIN: the stats of FILE show at least MIN bytes of $alg in DIR.
need_counter() {
  local got
  got=$(counter "$2" "$alg" "$3")
  echo "   $1: $alg.$3 = $got (needs >= $4)"
  [ "$got" -ge "$4" ] ||
    fail "$1: aeskit $3 $got bytes of $alg, fewer than $4: the records did not go through aeskit (stats: $(cat "$2" 2>/dev/null || echo none))"
}
# port_busy PORT: something accepts connections on 127.0.0.1:PORT.
port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A throwaway self-signed RSA certificate for localhost, made with the default provider only.
timeout "$(bound 60)" "$openssl" req -x509 -newkey rsa:2048 -nodes -keyout "$tmp/key.pem" -out "$tmp/cert.pem" \
  -subj /CN=localhost -addext subjectAltName=DNS:localhost -days 2 2>"$tmp/req.log" ||
  { cat "$tmp/req.log"; fail "openssl req"; }

if [[ $case_name == s_server-* ]]; then
  prov=(-provider-path "$dir" -provider aeskit -provider default -propquery '?provider=aeskit')
  if [ "$proto" = 1.3 ]; then
    tls=(-tls1_3 -ciphersuites "$suite")
  else
    tls=(-tls1_2 -cipher "$suite" -no_etm)
  fi
  # The payload: 3 MiB of random bytes as 4000-character base64 lines, then CLOSE (which
  # makes s_server -rev end the connection; it is not echoed).
  head -c 3145728 /dev/urandom | base64 -w 4000 >"$tmp/lines"
  { cat "$tmp/lines"; echo CLOSE; } >"$tmp/payload"
  sent=$(wc -c <"$tmp/payload")
  back=$(wc -c <"$tmp/lines")
  want=$(perl -ne 'chomp; print scalar reverse($_), "\n"' "$tmp/lines" | sha256sum | cut -d' ' -f1)

  # The files exist before s_server starts: its redirections are made in the background job,
  # which a loaded machine may not have run yet when the loop below first reads server.out
  # (that race, "sed: can't read .../server.out", was the failure seen under load).
  : >"$tmp/server.out"
  : >"$tmp/server.err"
  AESKIT_PROVIDER_STATS=$tmp/server.stats timeout "$(bound 120)" "$openssl" s_server -accept 127.0.0.1:0 \
    -naccept 1 -rev -cert "$tmp/cert.pem" -key "$tmp/key.pem" "${tls[@]}" "${prov[@]}" \
    >"$tmp/server.out" 2>"$tmp/server.err" &
  server=$!
  pids+=("$server")
  # Ready when it prints ACCEPT (after listen(2); not probed with a connection, which would
  # be its one -naccept). Polled every 50 ms up to a time bound (not a count of polls, which
  # a loaded machine stretches unevenly).
  port=
  deadline=$(($(date +%s) + $(bound 45)))
  while :; do
    port=$(sed -n 's/^ACCEPT 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' "$tmp/server.out")
    [ -n "$port" ] && break
    kill -0 "$server" 2>/dev/null || break
    [ "$(date +%s)" -lt "$deadline" ] || break
    sleep 0.05
  done
  [ -n "$port" ] || { cat "$tmp/server.out" "$tmp/server.err"; fail "s_server did not start ($(elapsed))"; }
  echo "-- $case_name: s_server on 127.0.0.1:$port, TLS $proto $suite, $sent bytes each way"
  AESKIT_PROVIDER_STATS=$tmp/client.stats timeout "$(bound 100)" "$openssl" s_client -connect "127.0.0.1:$port" \
    -quiet -verify_return_error -CAfile "$tmp/cert.pem" -servername localhost "${tls[@]}" \
    "${prov[@]}" <"$tmp/payload" >"$tmp/received" 2>"$tmp/client.err" ||
    { cat "$tmp/client.err" "$tmp/server.err"; fail "s_client failed ($(elapsed))"; }
  rc=0
  wait "$server" || rc=$?
  pids=()
  [ $rc = 0 ] || { cat "$tmp/server.err"; fail "s_server exited with $rc ($(elapsed))"; }
  grep -q "^Protocol version: TLSv$proto\$" "$tmp/server.err" || { cat "$tmp/server.err"; fail "not TLS $proto"; }
  grep -q "^Ciphersuite: $suite\$" "$tmp/server.err" || { cat "$tmp/server.err"; fail "not $suite"; }
  got=$(sha256sum <"$tmp/received" | cut -d' ' -f1)
  [ "$got" = "$want" ] || fail "the reversed lines differ ($(wc -c <"$tmp/received") bytes back, $back expected)"
  echo "   SHA-256 of the $back bytes back: equal"
  need_counter "s_client" "$tmp/client.stats" sealed "$sent"
  need_counter "s_client" "$tmp/client.stats" opened "$back"
  need_counter "s_server" "$tmp/server.stats" opened "$sent"
  need_counter "s_server" "$tmp/server.stats" sealed "$back"
  echo "$case_name: ok ($(elapsed))"
  exit 0
fi

# nginx and curl.
nginx=$(command -v nginx || true)
[ -n "$nginx" ] || [ ! -x /usr/sbin/nginx ] || nginx=/usr/sbin/nginx
curl=$(command -v curl || true)
if [ -z "$nginx" ] || [ -z "$curl" ]; then
  msg="needs nginx and curl (scripts/install-deps.sh installs them)"
  [ "${AESKIT_REQUIRE_TLS_PROGRAMS:-0}" = 1 ] && fail "$msg"
  echo "SKIPPED ($case_name): $msg"
  exit 77
fi
"$curl" -V | head -n1 | grep -q ' OpenSSL/3\.' || fail "curl is not built with OpenSSL 3: $("$curl" -V | head -n1)"

size=$((256 * 1024 * 1024))
ndir=$tmp/nginx
mkdir -p "$ndir/www" "$ndir/temp" "$ndir/logs"
head -c $size /dev/urandom >"$ndir/www/file.bin"
want=$(sha256sum <"$ndir/www/file.bin" | cut -d' ' -f1)
cp "$tmp/cert.pem" "$tmp/key.pem" "$ndir/"
cat >"$tmp/openssl.cnf" <<CNF
openssl_conf = openssl_init

[openssl_init]
providers = provider_sect
alg_section = algorithm_sect

[provider_sect]
default = default_sect
aeskit = aeskit_sect

[default_sect]
activate = 1

[aeskit_sect]
module = $dir/aeskit.so
activate = 1

[algorithm_sect]
default_properties = ?provider=aeskit
CNF
chmod 644 "$tmp/openssl.cnf"
# As root, nginx runs as nobody: its directory becomes nobody's, the rest stays traversable.
as_user=()
if [ "$(id -u)" = 0 ]; then
  chmod 711 "$tmp"
  chown -R "$(id -u nobody):$(id -g nobody)" "$ndir"
  as_user=(setpriv "--reuid=$(id -u nobody)" "--regid=$(id -g nobody)" --clear-groups --)
fi

start_nginx() {
  local port=$1
  cat >"$ndir/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $ndir/nginx.pid;
error_log $ndir/logs/error.log info;
events { worker_connections 64; }
http {
  log_format tls '\$request \$status \$body_bytes_sent \$ssl_protocol \$ssl_cipher';
  access_log $ndir/logs/access.log tls;
  client_body_temp_path $ndir/temp/body;
  proxy_temp_path $ndir/temp/proxy;
  fastcgi_temp_path $ndir/temp/fastcgi;
  uwsgi_temp_path $ndir/temp/uwsgi;
  scgi_temp_path $ndir/temp/scgi;
  types { application/octet-stream bin; }
  server {
    listen 127.0.0.1:$port ssl;
    server_name localhost;
    ssl_certificate $ndir/cert.pem;
    ssl_certificate_key $ndir/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    ssl_ciphers ECDHE-RSA-AES256-GCM-SHA384:ECDHE-RSA-AES128-GCM-SHA256;
    root $ndir/www;
  }
}
CONF
  [ "$(id -u)" != 0 ] || chown "$(id -u nobody):$(id -g nobody)" "$ndir/nginx.conf"
  OPENSSL_CONF=$tmp/openssl.cnf AESKIT_PROVIDER_STATS=$ndir/logs/server.stats \
    "${as_user[@]}" timeout 120 "$nginx" -p "$ndir" -c "$ndir/nginx.conf" -e "$ndir/logs/error.log" \
    >"$tmp/nginx.out" 2>&1 &
  nginx_pid=$!
  pids+=("$nginx_pid")
  # Ready when the port accepts (nginx serves many connections, so probing costs nothing);
  # polled every 50 ms up to a time bound.
  local deadline=$(($(date +%s) + $(bound 45)))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    if port_busy "$port"; then return 0; fi
    kill -0 "$nginx_pid" 2>/dev/null || return 1
    sleep 0.05
  done
  return 1
}

# A free port: random in 20000-59999, not accepting connections now; retried if nginx still
# cannot bind it (another process took it in between).
port=
for attempt in 1 2 3 4 5; do
  candidate=$((20000 + RANDOM % 40000))
  port_busy "$candidate" && continue
  if start_nginx "$candidate"; then
    port=$candidate
    break
  fi
  wait "$nginx_pid" 2>/dev/null || true
  pids=()
  grep -q "Address already in use" "$ndir/logs/error.log" "$tmp/nginx.out" 2>/dev/null ||
    { cat "$tmp/nginx.out" "$ndir/logs/error.log" 2>/dev/null; fail "nginx did not start (attempt $attempt)"; }
done
[ -n "$port" ] || fail "no free port for nginx after 5 attempts"
echo "-- $case_name: nginx $("$nginx" -v 2>&1 | sed 's/.*: //') on 127.0.0.1:$port, curl downloads 256 MiB over TLS $proto $suite"

if [ "$proto" = 1.3 ]; then
  curl_tls=(--tlsv1.3 --tls-max 1.3 --tls13-ciphers "$suite")
else
  curl_tls=(--tlsv1.2 --tls-max 1.2 --ciphers "$suite")
fi
t_get=$(date +%s%N)
got=$(OPENSSL_CONF=$tmp/openssl.cnf AESKIT_PROVIDER_STATS=$tmp/client.stats timeout 100 "$curl" -sS --fail \
  --cacert "$tmp/cert.pem" --resolve "localhost:$port:127.0.0.1" "${curl_tls[@]}" \
  "https://localhost:$port/file.bin" -o - | sha256sum | cut -d' ' -f1) ||
  { cat "$ndir/logs/error.log"; fail "curl failed"; }
ms=$(( ($(date +%s%N) - t_get) / 1000000 ))
echo "   download: $ms ms ($(( size * 1000 / 1048576 / (ms > 0 ? ms : 1) )) MiB/s, both ends on aeskit)"
# Graceful stop: the worker and the master exit through exit(), so OpenSSL's cleanup runs
# the provider's teardown and each appends its stats line.
kill -QUIT "$(cat "$ndir/nginx.pid")"
rc=0
wait "$nginx_pid" || rc=$?
pids=()
[ $rc = 0 ] || { cat "$ndir/logs/error.log"; fail "nginx exited with $rc"; }
[ "$got" = "$want" ] || fail "SHA-256 of the download differs"
echo "   SHA-256 of the 256 MiB: equal"
grep -q "^GET /file.bin HTTP/1.1 200 $size TLSv$proto $suite\$" "$ndir/logs/access.log" ||
  { cat "$ndir/logs/access.log"; fail "access log: not a full GET over TLS $proto $suite"; }
echo "   nginx stats lines: $(wc -l <"$ndir/logs/server.stats") (master and worker)"
need_counter "nginx" "$ndir/logs/server.stats" sealed "$size"
need_counter "curl" "$tmp/client.stats" opened "$size"
echo "$case_name: ok ($(elapsed))"
