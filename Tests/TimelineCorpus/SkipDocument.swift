import JSONBytes

/// Skips the whole of `bytes` as one value and checks that nothing follows: with stage 1's
/// token masks, or byte by byte. The position after the document, or the syntax error.
package func skipDocument(_ bytes: [UInt8], withTokens: Bool) -> Result<Int, JSONSyntaxError> {
    bytes.withUnsafeBufferPointer { buffer in
        Result { () throws(JSONSyntaxError) -> Int in
            func skip(_ scanner: inout JSONScanner) throws(JSONSyntaxError) -> Int {
                try scanner.skipValue()
                try scanner.finish()
                return scanner.position
            }
            if withTokens {
                return try JSONScanner.withTokens(buffer) { scanner throws(JSONSyntaxError) in try skip(&scanner) }
            }
            var scanner = try JSONScanner(buffer)
            return try skip(&scanner)
        }
    }
}
