-- A slow probe, as a load balancer's health check or a Prometheus scrape: one request every
-- INTERVAL milliseconds on each connection, to PATH (default /healthz), statuses counted.
--   wrk -t1 -c1 -s probe.lua URL -- PATH INTERVAL_MS
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local common = dofile(dir .. "common.lua")

path = "/healthz"
interval = 50
statuses = {}

function setup(thread) common.setup(thread) end

function init(args)
  path = args[1] or path
  interval = tonumber(args[2] or interval)
end

function request() return wrk.format("GET", path) end

function delay() return interval end

function response(status, headers, body) common.count_status(status) end

function done(summary, latency, requests) common.done(summary, latency, requests) end
