/// One answered request, for metrics and the access log.
package struct RequestRecord: Sendable {
    /// The method, or `-` when the request line could not be parsed.
    package var method: HTTPMethod
    /// The path, or `-` when the request line could not be parsed.
    package var path: String
    package var status: Int
    /// From the request's first byte to its response being serialized (just before the write);
    /// over HTTP/1.1, for an answer made on the event loop, to that answer being complete (its
    /// serialization and write follow at once).
    package var duration: Duration
    /// Request bytes on the wire (head and body as sent, chunk framing included).
    package var bytesIn: Int
    /// Response bytes written (head and body).
    package var bytesOut: Int
    /// The request ID as text (formatted when read).
    package var requestID: String {
        get { id.description }
        set { id = RequestContext.ID(newValue) }
    }
    /// The request ID, kept unformatted.
    package var id: RequestContext.ID
    package var remoteAddress: String?
    /// `HTTP/1.1`, `HTTP/1.0` or `HTTP/2.0`.
    package var protocolVersion: String
    /// The request's `User-Agent`, when it sent one and its head was read; decoded when read.
    package var userAgent: String? {
        get { userAgentValue?.string }
        set { userAgentValue = newValue.map(HTTPHeaders.Field.Storage.text) }
    }
    /// The `User-Agent` as kept: the request head's bytes until someone reads it as text.
    package var userAgentValue: HTTPHeaders.Field.Storage?
    /// The operationId the router found for the request (`RouteMatch.operationID`), when the
    /// server knows it; nil otherwise (an unknown path, a refusal before routing).
    package var operationID: String?
    /// The event loop that answered the request (0 when not known): observers may keep
    /// per-loop counters with it, uncontended.
    package var loopIndex: Int

    package init(
        method: HTTPMethod, path: String, status: Int, duration: Duration, bytesIn: Int, bytesOut: Int,
        requestID: String, remoteAddress: String?, protocolVersion: String,
        userAgent: String? = nil, operationID: String? = nil, loopIndex: Int = 0
    ) {
        self.init(
            method: method, path: path, status: status, duration: duration, bytesIn: bytesIn, bytesOut: bytesOut,
            id: RequestContext.ID(requestID), remoteAddress: remoteAddress, protocolVersion: protocolVersion,
            userAgent: userAgent, operationID: operationID, loopIndex: loopIndex)
    }

    /// A record whose request ID stays unformatted until read.
    package init(
        method: HTTPMethod, path: String, status: Int, duration: Duration, bytesIn: Int, bytesOut: Int,
        id: RequestContext.ID, remoteAddress: String?, protocolVersion: String,
        userAgent: String? = nil, operationID: String? = nil, loopIndex: Int = 0
    ) {
        self.init(
            method: method, path: path, status: status, duration: duration, bytesIn: bytesIn, bytesOut: bytesOut,
            id: id, remoteAddress: remoteAddress, protocolVersion: protocolVersion,
            userAgentValue: userAgent.map(HTTPHeaders.Field.Storage.text), operationID: operationID,
            loopIndex: loopIndex)
    }

    /// A record whose request ID stays unformatted and whose `User-Agent` stays as kept (the
    /// request head's bytes, decoded only if read).
    package init(
        method: HTTPMethod, path: String, status: Int, duration: Duration, bytesIn: Int, bytesOut: Int,
        id: RequestContext.ID, remoteAddress: String?, protocolVersion: String,
        userAgentValue: HTTPHeaders.Field.Storage?, operationID: String?, loopIndex: Int
    ) {
        self.method = method
        self.path = path
        self.status = status
        self.duration = duration
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.id = id
        self.remoteAddress = remoteAddress
        self.protocolVersion = protocolVersion
        self.userAgentValue = userAgentValue
        self.operationID = operationID
        self.loopIndex = loopIndex
    }
}
