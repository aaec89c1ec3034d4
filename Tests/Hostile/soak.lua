-- Mixed load for the soak: timelines (plain and gzip answers), browser and album calls, grids,
-- and bad inputs, in turn.
-- Counts 5xx answers per thread; done() prints "5xx N" and the statuses seen.
local sample_path = os.getenv("SOAK_SAMPLE")
local file = io.open(sample_path, "rb")
local timeline = file:read("*a")
file:close()

local json = { ["Content-Type"] = "application/json" }
local screen = '{"width": 375, "height": 667}'
local photos = '[{"url": "http://ww1.sinaimg.cn/bmiddle/a.jpg", "width": 440, "height": 660},'
    .. ' {"url": "http://ww1.sinaimg.cn/bmiddle/b.gif", "width": 200, "height": 2000}]'
local gzip = { ["Content-Type"] = "application/json", ["Accept-Encoding"] = "gzip" }
local calls = {
    { "POST", "/v1/timeline/layout", json, timeline },
    { "POST", "/v1/timeline/layout", gzip, timeline },
    { "GET", "/v1/grid?count=7&style=adaptive&content_width=355&scale=3" },
    { "POST", "/v1/browser/open", json, '{"screen": ' .. screen .. ', "photos": ' .. photos
        .. ', "index": 1, "grid_origin": {"x": 12, "y": 240}, "transition": {"keyframes": true}}' },
    { "POST", "/v1/browser/close", json, '{"screen": ' .. screen .. ', "photos": ' .. photos
        .. ', "index": 0, "thumbnail_frames": [{"x": 12, "y": 240, "width": 70, "height": 70},'
        .. ' {"x": 92, "y": 240, "width": 70, "height": 70}]}' },
    { "POST", "/v1/album/layout", json, '{"screen": ' .. screen .. ', "count": 30}' },
    { "POST", "/v1/timeline/layout", json, '{"statuses": [{"idstr": "1", "pic_ids": ["a"]}' },
    { "POST", "/v1/timeline/layout", json, '{"statuses": {}}' },
    { "POST", "/v1/timeline/layout", json, '{"statuses": [], "options": {"scale": 1e400}}' },
    { "POST", "/v1/browser/open", { ["Content-Type"] = "text/plain" }, "{}" },
    { "POST", "/v1/browser/open", json, '{"screen": ' .. screen .. ', "photos": [], "index": 3}' },
    { "GET", "/v1/grid?count=%ff" },
    { "GET", "/nowhere" },
    { "GET", "/metrics" },
    { "GET", "/healthz" },
}

local threads = {}
function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    -- Formatted here, not at load time: wrk sets the Host header before init.
    requests = {}
    for i, call in ipairs(calls) do
        requests[i] = wrk.format(call[1], call[2], call[3], call[4])
    end
    index = 0
    fivexx = 0
    statuses = {}
end

function request()
    index = index % #requests + 1
    return requests[index]
end

function response(status, headers, body)
    if status >= 500 then
        fivexx = fivexx + 1
    end
    statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
    local total = 0
    local seen = {}
    for _, thread in ipairs(threads) do
        total = total + thread:get("fivexx")
        for status, count in pairs(thread:get("statuses")) do
            seen[status] = (seen[status] or 0) + count
        end
    end
    io.write(string.format("5xx %d\n", total))
    local parts = {}
    for status, count in pairs(seen) do
        table.insert(parts, string.format("%d=%d", status, count))
    end
    table.sort(parts)
    io.write("statuses " .. table.concat(parts, " ") .. "\n")
end
