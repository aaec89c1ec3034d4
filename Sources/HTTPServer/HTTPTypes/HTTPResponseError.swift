/// An error a handler throws to answer with a specific problem (400, 404, 422…).
/// Any other error thrown by a handler becomes a 500 whose detail is not shown.
package protocol HTTPResponseError: Error {
    var problem: ProblemDetails { get }
}
