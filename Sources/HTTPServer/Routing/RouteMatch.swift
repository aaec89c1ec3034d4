/// What a router found for a request, looked up once and kept on the request (`HTTPRequest.route`)
/// so that deciding where it runs, answering it and labelling its metrics do not look it up again.
package struct RouteMatch: Sendable {
    /// The router that made the match: another router looks the request up itself.
    let owner: ObjectIdentifier
    /// The entry that serves the request, or nil (404, 405, or a method the front answers).
    let entryIndex: Int?
    /// Whether answering costs so little that it runs on the I/O queue (a trivial route, a 404, a 405).
    package let isTrivial: Bool
    /// The largest body with which the serving handler runs on the I/O queue too (see
    /// `Router.add(_:_:operationID:trivial:inlineBodyBytes:_:)`); 0 when it never does.
    package let inlineBodyBytes: Int
    /// The operationId that labels the request in metrics: the serving operation's (HEAD: GET's),
    /// or for another method on a routed path the path's first operation by method name; nil for
    /// an unknown path.
    package let operationID: String?
}
