-- The memory check's load: every other request a new card (rendered, then cached, pushing
-- older cards out of the LRU), the others one of the repeated cards (cache hits). Each
-- thread stops after BUDGET answered requests and then creates DONE_DIR/<thread number>, so
-- that run.sh can end wrk (SIGINT) as soon as every thread is done: a run sends a known
-- number of requests.
--   wrk -s mixed.lua URL -- SALT BUDGET_PER_THREAD DONE_DIR
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local common = dofile(dir .. "common.lua")

salt = "0"
budget = 0
done_dir = nil
counter = 0
answered = 0
statuses = {}
local repeated = {}

function setup(thread) common.setup(thread) end

function init(args)
  salt = assert(args[1], "SALT missing")
  budget = assert(tonumber(args[2]), "BUDGET_PER_THREAD missing")
  done_dir = assert(args[3], "DONE_DIR missing")
  for i, path in ipairs(common.repeated_paths(dir)) do repeated[i] = wrk.format("GET", path) end
end

function request()
  counter = counter + 1
  if counter % 2 == 0 then return repeated[(counter / 2) % #repeated + 1] end
  return wrk.format("GET", common.unique_path(salt, thread_id, counter))
end

function response(status, headers, body)
  common.count_status(status)
  answered = answered + 1
  if answered == budget then
    local marker = io.open(done_dir .. "/" .. thread_id, "w")
    if marker then marker:close() end
    wrk.thread:stop()
  end
end

function done(summary, latency, requests) common.done(summary, latency, requests) end
