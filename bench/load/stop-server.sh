# Sourced by the load scripts. stop_server ends the server whose pid is in $server_pid:
# TERM (graceful), up to 5 s, then KILL; then clears server_pid.
stop_server() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
