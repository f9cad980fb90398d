#!/usr/bin/env bash
# Checks the deployment files against real tools, using an install made by scripts/install:
#   tests/deploy/run.sh PREFIX
#
# 1. systemd: `systemd-analyze verify` on the installed unit, and its offline security score.
# 2. nginx: scripts/nginx-conf for 4 instances passes `nginx -t`; with 4 installed instances
#    behind two nginx fronts (instances listed in different orders, separate caches), every
#    card URL reaches exactly one instance, the same through both fronts.
# 3. Kubernetes: every manifest and the generated ConfigMaps pass kubernetes-validate
#    (offline schemas, strict), and tests/deploy/check_kubernetes.py (they fit together).
# Only 127.0.0.1 is used; every wait is bounded; everything started is stopped on exit.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
prefix=${1:?usage: tests/deploy/run.sh PREFIX (an install made by scripts/install)}
binary="$prefix/bin/sharecard"
[[ -x "$binary" ]] || { echo "deploy checks: no $binary" >&2; exit 1; }
work=$(mktemp -d /tmp/sharecard-deploy-checks.XXXXXX)
pids=()
stop() { kill -TERM "$1" 2>/dev/null || return 0; for _ in $(seq 1 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done; kill -KILL "$1" 2>/dev/null || true; }
cleanup() { for pid in "${pids[@]}"; do stop "$pid"; done; rm -rf "$work"; }
trap cleanup EXIT
failed=()
say() { echo "deploy checks: $*" >&2; }

# 1. systemd
unit="$prefix/lib/systemd/system/sharecard.service"
if MANPATH="$prefix/share/man:" systemd-analyze verify "$unit" >"$work/verify.log" 2>&1; then
  say "systemd-analyze verify: passed"
else
  cat "$work/verify.log" >&2; failed+=("systemd-analyze verify")
fi
if systemd-analyze security --offline=yes --threshold=25 "$unit" >"$work/security.log" 2>&1; then
  say "systemd-analyze security: $(grep -o 'Overall exposure level.*' "$work/security.log")"
else
  tail -5 "$work/security.log" >&2; failed+=("systemd-analyze security")
fi

# 2. nginx with consistent hashing
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
ports=()
for i in 0 1 2 3; do
  # Created here, not by the background job's redirection, which may not have run yet when
  # the first `sed` reads it (under `set -e` a missing file would end the script).
  : >"$work/instance-$i.log"
  "$binary" serve --host 127.0.0.1 --port 0 --workers 1 2>>"$work/instance-$i.log" &
  pids+=($!)
  port=""
  for _ in $(seq 1 100); do
    port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$work/instance-$i.log")
    [[ -n "$port" ]] && break
    sleep 0.1
  done
  [[ -n "$port" ]] || { cat "$work/instance-$i.log" >&2; say "instance $i did not start"; exit 1; }
  ports+=("$port")
done
fronts=()
for front in a b; do
  mkdir -p "$work/nginx-$front"
  if [[ $front == a ]]; then order=(0 1 2 3); else order=(3 1 0 2); fi
  # A port found free can still be taken before nginx binds it: up to three ports are tried.
  for attempt in 1 2 3; do
    listen=$(scripts/free-port)
    scripts/nginx-conf --runtime "$work/nginx-$front" --listen "127.0.0.1:$listen" \
      $(for i in "${order[@]}"; do echo "127.0.0.1:${ports[$i]}"; done) >"$work/nginx-$front/nginx.conf"
    args=(-c "$work/nginx-$front/nginx.conf" -p "$work/nginx-$front" -e "$work/nginx-$front/error.log" -g "daemon off; user $(id -un) $(id -gn);")
    "$nginx_bin" -t "${args[@]}" >"$work/nginx-$front/test.log" 2>&1 || { cat "$work/nginx-$front/test.log" >&2; failed+=("nginx -t"); break 2; }
    "$nginx_bin" "${args[@]}" 2>>"$work/nginx-$front/error.log" &
    pid=$!
    answered=""
    for _ in $(seq 1 50); do
      curl -sf --max-time 2 "http://127.0.0.1:$listen/healthz" >/dev/null && { answered=yes; break; }
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if [[ -n $answered ]]; then
      pids+=("$pid")
      fronts+=("$listen")
      break
    fi
    stop "$pid"
    say "nginx front $front did not answer on :$listen (attempt $attempt of 3)"
  done
  [[ -n $answered ]] || { cat "$work/nginx-$front/error.log" >&2; failed+=("nginx front $front"); break; }
done
if ((${#fronts[@]} == 2)); then
  say "nginx -t: passed for 4 instances"
  for n in $(seq 1 24); do
    for listen in "${fronts[@]}"; do
      status=$(curl -s --max-time 20 -o /dev/null -w "%{http_code}" "http://127.0.0.1:$listen/v1/cards/classic.png?title=Card%20$n&color=user_blue") || true
      [[ $status == 200 ]] || { say "card $n through :$listen answered $status"; failed+=("nginx card $n"); }
    done
  done
  # Which instance rendered each card URL (from the instances' access logs). The log is
  # written by its own thread in batches, so the instances are stopped first: that flushes it.
  for pid in "${pids[@]}"; do stop "$pid"; done
  pids=()
  for i in 0 1 2 3; do
    grep -o '"target":"/v1/cards/[^"]*"' "$work/instance-$i.log" | sed "s/^/$i /" || true
  done | sort -u >"$work/routes"
  urls=$(cut -d' ' -f2 "$work/routes" | sort -u | wc -l)
  split=$(cut -d' ' -f2 "$work/routes" | sort | uniq -d | wc -l)
  used=$(cut -d' ' -f1 "$work/routes" | sort -u | wc -l)
  say "nginx: $urls card URLs over 2 fronts reached $used of 4 instances; URLs rendered by more than one instance: $split"
  [[ $urls -eq 24 && $split -eq 0 && $used -ge 2 ]] || failed+=("consistent hashing")
fi

# 3. Kubernetes
venv=$(scripts/python-venv tests/deploy/requirements.txt)
scripts/k8s-catalog >"$work/catalog.yaml"
manifests=(deploy/kubernetes/deployment.yaml deploy/kubernetes/service.yaml deploy/kubernetes/hpa.yaml
  deploy/kubernetes/ingress.yaml deploy/kubernetes/batch-job.yaml deploy/kubernetes/batch-data.yaml "$work/catalog.yaml")
for version in 1.31.0 1.37.0; do
  if "$venv/bin/kubernetes-validate" --strict --quiet -k "$version" "${manifests[@]}" >"$work/k8s.log" 2>&1; then
    say "kubernetes-validate --strict (Kubernetes $version): ${#manifests[@]} files passed"
  else
    cat "$work/k8s.log" >&2; failed+=("kubernetes-validate $version")
  fi
done
"$venv/bin/python" tests/deploy/check_kubernetes.py deploy/kubernetes "$work/catalog.yaml" palettes templates || failed+=("check_kubernetes")

if ((${#failed[@]})); then
  say "FAILED: ${failed[*]}"
  exit 1
fi
say "all passed"
