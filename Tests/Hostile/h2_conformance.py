"""RFC 9113 conformance and floods (issue 13, case 7), each on its own connection:
- the stream past MAX_CONCURRENT_STREAMS (the 101st open one) is refused alone with
  RST_STREAM REFUSED_STREAM, and the connection still answers a PING;
- HEADERS on a stream id lower than one already used: GOAWAY PROTOCOL_ERROR;
- a malformed `HTTP2-Settings` (ENABLE_PUSH 2) is refused before any `101`: HTTP/1.1 answers;
- a CONTINUATION flood (20 empty ones for one header block), a SETTINGS flood (frames of 40
  entries, as fast as the socket takes them for up to 5 s) and a PING flood: GOAWAY
  ENHANCE_YOUR_CALM, then the server stops reading and closes (the bytes it took are printed).

Passes when every case gets exactly that, within the hang guard, and descriptors come back."""
import time

from h2_support import CODES, H2, HANG_GUARD, ContinuationFrame, HeadersFrame, PingFrame, SettingsFrame
from hostile_support import (Server, connect, fd_count_returned_to, get_status, raise_fd_limit, read_response,
                             report, settled_fd_count)


def too_many_streams(port):
    client = H2(port)
    # Acknowledge the server's SETTINGS first: the limit is then in force on both sides.
    client.read_until(lambda frames: any(isinstance(f, SettingsFrame) and "ACK" not in f.flags for f in frames))
    client.send(SettingsFrame(0, flags=["ACK"]).serialize())
    client.send(b"".join(client.request(2 * index + 1, "POST", "/v1/timeline/layout", end=False)
                         for index in range(101)))
    client.read_until(lambda frames: 201 in client.resets())
    client.send(PingFrame(0, opaque_data=b"12345678").serialize())
    client.read_until(lambda frames: any(isinstance(f, PingFrame) and "ACK" in f.flags for f in frames))
    alive = any(isinstance(f, PingFrame) and "ACK" in f.flags for f in client.frames) and not client.closed
    refused = client.resets()
    client.close()
    code = client.goaway_code()
    ok = refused == {201: 7} and code is None and alive
    return ok, (f"101st stream: RST {CODES.get(refused.get(201), refused)}, GOAWAY {CODES.get(code, code)}, "
                f"connection alive {alive}")


def lower_stream_id(port):
    client = H2(port)
    client.send(client.request(5) + client.request(3))
    client.read_until(lambda frames: False)
    code = client.goaway_code()
    client.close()
    return code == 1 and client.closed, f"HEADERS 5 then 3: GOAWAY {CODES.get(code, code)}, closed {client.closed}"


def malformed_upgrade_settings(port):
    with connect(port) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings\r\n"
                     b"Upgrade: h2c\r\nHTTP2-Settings: AAIAAAAC\r\n\r\n")
        response = read_response(sock)
    status = response[0] if response else None
    return status == 200, f"HTTP2-Settings ENABLE_PUSH=2: answered {status}"


def continuation_flood(port):
    client = H2(port)
    headers = HeadersFrame(1, client.headers_block())
    data = headers.serialize() + b"".join(ContinuationFrame(1, b"").serialize() for _ in range(20))
    client.send(data)
    client.read_until(lambda frames: False)
    code = client.goaway_code()
    client.close()
    return code == 11 and client.closed, f"CONTINUATION flood: GOAWAY {CODES.get(code, code)}"


def flood(port, name, frame):
    """Sends `frame` as fast as the socket takes it for up to 5 s; returns (ok, figure)."""
    client = H2(port)
    client.sock.setblocking(False)
    batch = frame * 256
    sent = 0
    started = time.monotonic()
    while time.monotonic() - started < 5:
        try:
            sent += client.sock.send(batch)
        except BlockingIOError:
            time.sleep(0.01)
        except OSError:
            break
    client.sock.setblocking(True)
    client.read_until(lambda frames: False, seconds=HANG_GUARD)
    took = time.monotonic() - started
    code = client.goaway_code()
    client.close()
    return (code == 11 and client.closed,
            f"{name} flood: GOAWAY {CODES.get(code, code)}, {sent / 1e6:.1f} MB taken before the close ({took:.1f}s)")


def main():
    raise_fd_limit()
    server = Server()
    results = []
    try:
        pid = server.process.pid
        get_status(server.port)
        fds_before = settled_fd_count(pid)
        results.append(too_many_streams(server.port))
        results.append(lower_stream_id(server.port))
        results.append(malformed_upgrade_settings(server.port))
        results.append(continuation_flood(server.port))
        settings = SettingsFrame(0, settings={0x3: 100})
        many = SettingsFrame(0)
        many.settings = {0x10 + index: index for index in range(40)}  # 40 entries: unknown ids, still counted
        results.append(flood(server.port, "SETTINGS (40 entries)", many.serialize()))
        results.append(flood(server.port, "SETTINGS (1 entry)", settings.serialize()))
        results.append(flood(server.port, "PING", PingFrame(0, opaque_data=b"abcdefgh").serialize()))
        fds_after = fd_count_returned_to(pid, fds_before)
        healthy = get_status(server.port)
    finally:
        server.stop()
    passed = all(ok for ok, _ in results) and fds_after == fds_before and healthy == 200
    figures = "; ".join(figure for _, figure in results) + f"; fds {fds_before} → {fds_after}"
    report("h2-conformance-and-floods", passed, figures)


if __name__ == "__main__":
    main()
