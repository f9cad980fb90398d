-- Every request a card nobody asked for before (see common.unique_path), so each one is
-- rendered and PNG-encoded by the server: the uncached cost.
--   wrk -s unique.lua URL -- SALT [count]
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local common = dofile(dir .. "common.lua")

salt = "0"
counter = 0
statuses = {}

function setup(thread) common.setup(thread) end

function init(args)
  salt = args[1] or tostring(os.time())
  local count = false
  for _, a in ipairs(args) do if a == "count" then count = true end end
  if not count then response = nil end
end

function request()
  counter = counter + 1
  return wrk.format("GET", common.unique_path(salt, thread_id, counter))
end

function response(status, headers, body) common.count_status(status) end

function done(summary, latency, requests) common.done(summary, latency, requests) end
