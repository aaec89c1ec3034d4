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

/// JSON string literal escaping (RFC 8259 §7).
enum JSONString {
    static func append(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }
}
