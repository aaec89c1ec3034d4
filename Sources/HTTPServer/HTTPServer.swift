// Module HTTPServer: a generic HTTP/1.1 server (parser, serializer, connection state
// machine, listener). It knows nothing of photos. See the type docs for the pieces.
