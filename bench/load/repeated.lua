-- The same few card URLs over and over, as a timeline does: after the first request of each
-- the server answers from its in-memory PNG cache (200 with the PNG).
--   wrk -s repeated.lua URL -- png [count]
-- The paths are in repeated-paths.txt beside this script. Their revalidations (If-None-Match,
-- answered 304) are driven by h2load in run.sh: wrk waits on a 304's Content-Length.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local common = dofile(dir .. "common.lua")

requests_text = {}
counter = 0
statuses = {}

function setup(thread) common.setup(thread) end

function init(args)
  local count = false
  for _, a in ipairs(args) do
    if a == "count" then count = true end
  end
  for _, path in ipairs(common.repeated_paths(dir)) do
    table.insert(requests_text, wrk.format("GET", path, {}))
  end
  if not count then response = nil end
end

function request()
  counter = counter + 1
  return requests_text[counter % #requests_text + 1]
end

function response(status, headers, body) common.count_status(status) end

function done(summary, latency, requests) common.done(summary, latency, requests) end
