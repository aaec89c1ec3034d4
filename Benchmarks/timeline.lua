-- wrk script: POST the client-API sample timeline to /v1/timeline/layout.
--   wrk -t1 -c64 -d10s -s Benchmarks/timeline.lua http://127.0.0.1:8080/v1/timeline/layout
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = io.open("Sources/LayoutService/Resources/samples/client-api-timeline.json", "rb")
wrk.body = file:read("*a")
file:close()
