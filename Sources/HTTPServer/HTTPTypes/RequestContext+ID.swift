extension RequestContext {
    /// A request's ID as the server keeps it: the client's sane `X-Request-Id`, or the
    /// connection's prefix and the request's number, formatted (`<prefix>-<number>`) only when
    /// someone reads it as text; the HTTP/1.1 serializer writes its digits straight into the
    /// response head. Two words and a number: no String is made per request.
    package struct ID: Sendable, CustomStringConvertible {
        /// The whole ID (a client's), or the generated one's prefix.
        let text: String
        /// The generated ID's number, or -1 for a client's ID.
        let number: Int

        /// An ID given as text (a client's `X-Request-Id`).
        package init(_ text: String) {
            self.text = text
            number = -1
        }

        /// The ID `<prefix>-<number>`, not formatted yet.
        init(prefix: String, number: Int) {
            text = prefix
            self.number = max(0, number)
        }

        /// The ID as text.
        package var description: String {
            number < 0 ? text : RequestContext.generatedID(prefix: text, number: number)
        }

        /// The most bytes `write(to:)` writes: the text, and the dash and digits of a number.
        var byteCountBound: Int {
            text.utf8.count + (number < 0 ? 0 : 1 + HTTP1HeadWriter.maxDigits)
        }

        /// Writes the ID's bytes into a response head, formatting nothing.
        func write(to head: inout HTTP1HeadWriter) {
            head.write(text)
            guard number >= 0 else { return }
            head.write(byte: UInt8(ascii: "-"))
            head.write(digitsOf: number)
        }

        /// Appends the ID's bytes to `buffer`, formatting nothing.
        func append(to buffer: inout [UInt8]) {
            HTTP1Serializer.append(text, to: &buffer)
            guard number >= 0 else { return }
            buffer.append(UInt8(ascii: "-"))
            HTTP1Serializer.appendDigits(of: number, to: &buffer)
        }
    }
}
