-- The same few card URLs over and over, as a timeline does: after the first request of each
-- the server answers from its in-memory PNG cache (200 with the PNG). In "etag" mode each
-- request carries the card's ETag in If-None-Match and is answered 304 without a body.
--   wrk -s repeated.lua URL -- png [count]
--   wrk -s repeated.lua URL -- etag ETAGS_FILE [count]     (lines: "PATH ETAG", from run.sh)
-- The paths are in repeated-paths.txt beside this script.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local common = dofile(dir .. "common.lua")

requests_text = {}
counter = 0
statuses = {}

function setup(thread) common.setup(thread) end

function init(args)
  local mode, count, etags = "png", false, {}
  for i, a in ipairs(args) do
    if a == "count" then count = true
    elseif i == 1 then mode = a
    elseif i == 2 and mode == "etag" then
      for line in io.lines(a) do
        local path, etag = line:match("^(%S+)%s+(%S+)$")
        if path then etags[path] = etag end
      end
    end
  end
  for _, path in ipairs(common.repeated_paths(dir)) do
    local headers = {}
    if mode == "etag" then
      assert(etags[path], "no ETag for " .. path)
      headers["If-None-Match"] = etags[path]
    end
    table.insert(requests_text, wrk.format("GET", path, headers))
  end
  if not count then response = nil end
end

function request()
  counter = counter + 1
  return requests_text[counter % #requests_text + 1]
end

function response(status, headers, body) common.count_status(status) end

function done(summary, latency, requests) common.done(summary, latency, requests) end
