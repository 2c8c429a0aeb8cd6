-- GET over paths picked at random from a file, one path a line (e.g. /v1/spaces/{id}).
-- Arguments (after `--`): <paths file> <bearer token> [Accept header].
-- An empty token sends no Authorization header (a visitor of a published site has none);
-- the Accept header is application/json unless given.
-- done() prints one line `BENCH_JSON {...}` that wrk.ts parses.

local thread_number = 0

function setup(thread)
  thread_number = thread_number + 1
  thread:set("thread_number", thread_number)
end

local requests = {}

function init(args)
  local paths_file, token, accept = args[1], args[2], args[3]
  if token ~= "" then wrk.headers["Authorization"] = "Bearer " .. token end
  wrk.headers["Accept"] = accept or "application/json"
  for path in io.lines(paths_file) do
    if path ~= "" then
      -- Built once: formatting a request per call would load wrk, not the server.
      requests[#requests + 1] = wrk.format("GET", path)
    end
  end
  if #requests == 0 then error("no paths in " .. paths_file) end
  math.randomseed(os.time() * 1000 + (thread_number or 0))
end

function request()
  return requests[math.random(#requests)]
end

function done(summary, latency, requests_stats)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  -- Latency at every 0.1% (µs), so that rounds can be merged (this wrk gives no histogram).
  local quantiles = {}
  for i = 1, 999 do quantiles[i] = string.format("%d", latency:percentile(i / 10)) end
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"seconds":%.6f,"rps":%.3f,"p50Ms":%.4f,"p90Ms":%.4f,"p99Ms":%.4f,"maxMs":%.4f,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"quantilesUs":[%s]}\n',
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    e.connect, e.read, e.write, e.status, e.timeout, table.concat(quantiles, ",")))
end
