import HTTPServer
import Testing

@testable import LayoutService

/// `/metrics` shows the server's memory budget (docs/API.md §8 "Memory bounded by the pod"): the
/// limit, the bytes held by kind and the refusals by reason, with closed label sets.
struct MemoryMetricsTests {
    /// The budget the server was given, nothing held when idle, a series per kind and reason.
    @Test func budgetSeries() throws {
        let service = try RunningService { $0.memoryBudget = 64 << 20 }
        let text = try service.client().request("GET", "/metrics").text
        #expect(
            MetricsTests.series(text, "timeline_layout_memory_budget_bytes") == [
                "timeline_layout_memory_budget_bytes 67108864"
            ])
        #expect(
            MetricsTests.series(text, "timeline_layout_memory_held_bytes") == [
                #"timeline_layout_memory_held_bytes{kind="bodies"} 0"#,
                #"timeline_layout_memory_held_bytes{kind="responses"} 0"#,
            ])
        #expect(
            MetricsTests.series(text, "timeline_layout_memory_refused_total") == [
                #"timeline_layout_memory_refused_total{reason="http1_body"} 0"#,
                #"timeline_layout_memory_refused_total{reason="http2_body"} 0"#,
                #"timeline_layout_memory_refused_total{reason="http2_stream"} 0"#,
                #"timeline_layout_memory_refused_total{reason="inflated_body"} 0"#,
            ])
    }

    /// A refusal and held bytes as the budget counts them are what the exposition says.
    @Test func heldAndRefusedAreRendered() {
        let budget = MemoryBudget(limit: 4096)
        let metrics = ServiceMetrics()
        metrics.track(budget)
        let text = ServiceMetrics.exposition(of: budget)
        #expect(text.contains("timeline_layout_memory_budget_bytes 4096\n"))
        #expect(metrics.render().contains("timeline_layout_memory_held_bytes{kind=\"bodies\"} 0\n"))
    }
}
