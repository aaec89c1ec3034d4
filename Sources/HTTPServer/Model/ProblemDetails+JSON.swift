extension ProblemDetails {
    /// The problem as compact JSON, keys in RFC 9457's order.
    public func jsonBytes() -> [UInt8] {
        var json = "{\"type\":\"about:blank\",\"title\":"
        JSONString.append(status.reason, to: &json)
        json += ",\"status\":\(status.code),\"detail\":"
        JSONString.append(detail, to: &json)
        if !errors.isEmpty {
            json += ",\"errors\":["
            for (index, error) in errors.enumerated() {
                json += index == 0 ? "{\"pointer\":" : ",{\"pointer\":"
                JSONString.append(error.pointer, to: &json)
                json += ",\"detail\":"
                JSONString.append(error.detail, to: &json)
                json += "}"
            }
            json += "]"
        }
        json += "}"
        return Array(json.utf8)
    }
}
