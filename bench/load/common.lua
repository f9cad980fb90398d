-- Shared by the wrk scripts in this folder: URL encoding, per-thread status counts, and a
-- done() that prints one machine-readable RESULT line (run.sh parses it).

local M = {}

-- RFC 3986: everything but unreserved characters is percent-encoded (UTF-8 bytes).
function M.encode(text)
  return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", c:byte()) end))
end

-- A card nobody asked for before: the title carries a run salt, the thread number and a
-- per-thread counter, so the server's PNG cache never has it. Titles, templates and colours
-- rotate through a small realistic mix (Latin, accented, an emoji, one to three lines).
local titles = {
  "Biscuit's adoption day",
  "Quarterly planning offsite",
  "Fête de la musique à Montréal",
  "The day we adopted Biscuit, the scruffiest little terrier in the shelter, and took him home in the rain",
}
local templates = { "classic", "dated", "classic", "classic" }
local colors = { "user_purple", "user_blue", "user_green", "user_orange", "user_red" }
local extras = { "", "&date=2026-06-21&emoji=" .. M.encode("🐶"), "", "" }

function M.unique_path(salt, thread, n)
  local i = n % #titles + 1
  local title = titles[i] .. " " .. salt .. "." .. thread .. "." .. n
  return "/v1/cards/" .. templates[i] .. ".png?title=" .. M.encode(title)
    .. "&color=" .. colors[n % #colors + 1] .. extras[i]
end

-- The repeated cards: repeated-paths.txt beside this file, one encoded path per line.
function M.repeated_paths(dir)
  local paths = {}
  for line in io.lines(dir .. "repeated-paths.txt") do
    if line ~= "" then table.insert(paths, line) end
  end
  assert(#paths > 0, "repeated-paths.txt is empty")
  return paths
end

-- Threads in creation order, so done() can read their counters.
M.threads = {}
local next_id = 0

function M.setup(thread)
  next_id = next_id + 1
  thread:set("thread_id", next_id)
  table.insert(M.threads, thread)
end

-- Counting statuses needs wrk's response() hook, which makes wrk hand every header and body
-- to Lua; scripts enable it only when asked ("count" argument), since it costs throughput.
function M.count_status(status)
  statuses[status] = (statuses[status] or 0) + 1
end

function M.done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(M.threads) do
    local s = thread:get("statuses")
    if s then
      for code, n in pairs(s) do counts[code] = (counts[code] or 0) + n end
    end
  end
  local codes = {}
  for code, n in pairs(counts) do table.insert(codes, code .. ":" .. n) end
  table.sort(codes)
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "RESULT requests=%d seconds=%.2f rps=%.1f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f p999_ms=%.2f max_ms=%.2f "
      .. "connect_errors=%d read_errors=%d write_errors=%d timeouts=%d status_errors=%d bytes=%d statuses=%s\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000,
    e.connect, e.read, e.write, e.timeout, e.status, summary.bytes,
    #codes > 0 and table.concat(codes, ",") or "not-counted"))
end

return M
