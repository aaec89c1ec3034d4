"""Shared helpers of the HTTP/2 hostile clients (and the gzip one): raw HTTP/2 frames written
with the `hyperframe`/`hpack` packages (a client library would refuse to misbehave), a frame
reader, the server's CPU time and RSS, and a probe client that measures a normal client's
latency meanwhile. Figures are printed; checks judge invariants only."""
import gzip
import json
import os
import socket
import statistics
import subprocess
import threading
import time

from hpack import Decoder, Encoder
from hyperframe.frame import (ContinuationFrame, DataFrame, Frame, GoAwayFrame, HeadersFrame, PingFrame,
                              RstStreamFrame, SettingsFrame, WindowUpdateFrame)

from hostile_support import BINARY, connect, read_response, request_bytes, rss_kib

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
HANG_GUARD = 30  # seconds: ten times and more what any step should take
CODES = {0: "NO_ERROR", 1: "PROTOCOL_ERROR", 2: "INTERNAL_ERROR", 7: "REFUSED_STREAM", 8: "CANCEL",
         11: "ENHANCE_YOUR_CALM"}

__all__ = ["known_flags", "PREFACE", "HANG_GUARD", "CODES", "H2", "GreedyH2", "cpu_seconds", "RssSampler", "Probe", "layout_body",
           "gzip_layout_body", "ContinuationFrame", "DataFrame", "GoAwayFrame", "HeadersFrame", "PingFrame",
           "RstStreamFrame", "SettingsFrame", "WindowUpdateFrame"]


def known_flags(*arguments):
    """`arguments` (flag, value pairs) without the flags the binary under test does not have, so
    that the same check replays against an older build for a before → after figure."""
    usage = subprocess.run([BINARY, "serve", "--help"], capture_output=True, text=True).stdout
    pairs = zip(arguments[::2], arguments[1::2])
    return [word for flag, value in pairs if f"{flag} " in usage for word in (flag, value)]


def cpu_seconds(pid):
    """User + system CPU seconds the process has used."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def layout_body(statuses=800, pictures=9):
    """A timeline of `statuses` statuses with `pictures` pictures each (about 1 KB each, highly
    repetitive): under the 1 MiB body and 1 000-status limits, with a layout about three times
    its size."""
    urls = [{"thumbnail_pic": f"http://wx1.sinaimg.cn/thumbnail/{'a' * 24}{index:08d}.jpg"}
            for index in range(pictures)]
    return json.dumps({"statuses": [{"idstr": str(index), "pic_urls": urls} for index in range(statuses)]}).encode()


def gzip_layout_body(statuses=800):
    return gzip.compress(layout_body(statuses), 9)


class H2:
    """A raw HTTP/2 client connection over a blocking socket."""

    def __init__(self, port, settings=None, timeout=HANG_GUARD):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.encoder = Encoder()
        self.decoder = Decoder()
        self.decoder.max_allowed_table_size = 65536
        self.statuses = {}  # stream → the :status the server answered
        self.buffer = b""
        self.frames = []
        self.closed = False
        opening = SettingsFrame(0, settings=settings or {})
        self.sock.sendall(PREFACE + opening.serialize())

    def headers_block(self, method="GET", path="/healthz", extra=()):
        fields = [(":method", method), (":scheme", "http"), (":path", path), (":authority", "127.0.0.1")]
        return self.encoder.encode(fields + list(extra))

    def request(self, stream, method="GET", path="/healthz", extra=(), body=None, end=True):
        """HEADERS (and one DATA with the body); END_STREAM on the last frame when `end`."""
        headers = HeadersFrame(stream, self.headers_block(method, path, extra))
        headers.flags.add("END_HEADERS")
        frames = [headers]
        if body is not None:
            frames.append(DataFrame(stream, body))
        if end:
            frames[-1].flags.add("END_STREAM")
        return b"".join(frame.serialize() for frame in frames)

    def send(self, data):
        try:
            self.sock.sendall(data)
            return True
        except OSError:
            self.closed = True
            return False

    def read(self, seconds):
        """Reads frames for up to `seconds` (or until EOF); returns the new ones."""
        deadline = time.monotonic() + seconds
        new = []
        while not self.closed and time.monotonic() < deadline:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                chunk = self.sock.recv(1 << 20)
            except socket.timeout:
                break
            except OSError:
                self.closed = True
                break
            if not chunk:
                self.closed = True
                break
            self.buffer += chunk
            new += self._parse()
        return new

    def read_until(self, predicate, seconds=HANG_GUARD):
        """Reads until `predicate(frames so far)` holds, EOF, or the hang guard; returns the time taken."""
        started = time.monotonic()
        while not predicate(self.frames) and not self.closed and time.monotonic() - started < seconds:
            self.read(min(0.5, seconds))
        return time.monotonic() - started

    def _parse(self):
        new = []
        while len(self.buffer) >= 9:
            frame, length = Frame.parse_frame_header(memoryview(self.buffer[:9]))
            if len(self.buffer) < 9 + length:
                break
            frame.parse_body(memoryview(self.buffer[9:9 + length]))
            self.buffer = self.buffer[9 + length:]
            if isinstance(frame, HeadersFrame):  # the server sends no CONTINUATION: its blocks are small
                fields = dict(self.decoder.decode(frame.data, raw=True))
                if b":status" in fields:
                    self.statuses[frame.stream_id] = int(fields[b":status"])
            new.append(frame)
        self.frames += new
        return new

    def goaway_code(self):
        codes = [frame.error_code for frame in self.frames if isinstance(frame, GoAwayFrame)]
        return codes[0] if codes else None

    def resets(self):
        return {frame.stream_id: frame.error_code for frame in self.frames if isinstance(frame, RstStreamFrame)}

    def close(self):
        self.sock.close()


class GreedyH2(H2):
    """An HTTP/2 client that opens `streams` POST streams and sends as much of each body as the
    server's flow-control windows allow (a client that broke flow control would only be cut off)."""

    def __init__(self, port, streams, body_size):
        super().__init__(port)
        self.sock.setblocking(False)
        self.connection_window = 65535
        self.initial_stream_window = 65535
        self.stream_windows = {}
        self.left = {}
        self.sent = 0
        self.body_size = body_size
        for index in range(streams):
            stream = 2 * index + 1
            self.stream_windows[stream] = None  # the server's initial window, once its SETTINGS came
            self.left[stream] = body_size
            self.send_all(self.request(stream, "POST", "/v1/timeline/layout",
                                       [("content-type", "application/json")], end=False))

    def send_all(self, data):
        self.sock.setblocking(True)
        ok = self.send(data)
        self.sock.setblocking(False)
        return ok

    def pump(self, seconds):
        """Reads frames and sends DATA while windows allow, for `seconds`."""
        deadline = time.monotonic() + seconds
        while not self.closed and time.monotonic() < deadline:
            self.sock.setblocking(False)
            try:
                chunk = self.sock.recv(1 << 20)
                if not chunk:
                    self.closed = True
                    break
                self.buffer += chunk
                for frame in self._parse():
                    self.account(frame)
            except (BlockingIOError, socket.timeout):
                pass
            except OSError:
                self.closed = True
                break
            progressed = self.send_data()
            if not progressed:
                time.sleep(0.01)

    def account(self, frame):
        if isinstance(frame, SettingsFrame) and "ACK" not in frame.flags:
            window = frame.settings.get(SettingsFrame.INITIAL_WINDOW_SIZE)
            if window is not None:
                self.initial_stream_window = window
            self.send_all(SettingsFrame(0, flags=["ACK"]).serialize())
        elif isinstance(frame, WindowUpdateFrame):
            if frame.stream_id == 0:
                self.connection_window += frame.window_increment
            elif frame.stream_id in self.stream_windows:
                current = self.stream_windows[frame.stream_id]
                base = self.initial_stream_window if current is None else current
                self.stream_windows[frame.stream_id] = base + frame.window_increment
        elif isinstance(frame, RstStreamFrame) or frame.stream_id in self.statuses:
            self.left.pop(frame.stream_id, None)

    def send_data(self):
        progressed = False
        for stream in list(self.left):
            window = self.stream_windows[stream]
            if window is None:
                window = self.initial_stream_window
            size = min(16384, self.left[stream] - 1, window, self.connection_window)  # never the last byte
            if size <= 0:
                continue
            try:
                self.sock.setblocking(True)
                self.sock.settimeout(0.05)
                self.sock.sendall(DataFrame(stream, b"x" * size).serialize())
            except (socket.timeout, BlockingIOError):
                return progressed
            except OSError:
                self.closed = True
                return progressed
            self.stream_windows[stream] = window - size
            self.connection_window -= size
            self.left[stream] -= size
            self.sent += size
            progressed = True
        return progressed


class RssSampler:
    """Samples the server's RSS every 20 ms in a thread; `peak` in KiB."""

    def __init__(self, pid):
        self.pid = pid
        self.peak = rss_kib(pid)
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while self.running:
            try:
                self.peak = max(self.peak, rss_kib(self.pid))
            except (OSError, RuntimeError):
                return
            time.sleep(0.02)

    def stop(self):
        self.running = False
        self.thread.join()
        return self.peak


class Probe:
    """A normal client: GET /v1/grid?count=9 over keep-alive HTTP/1.1 in a loop, in a thread;
    its latencies in ms, and whether every request was answered within the hang guard."""

    def __init__(self, port, path="/v1/grid?count=9"):
        self.port = port
        self.path = path
        self.latencies = []
        self.failures = 0
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        sock = None
        while self.running:
            try:
                if sock is None:
                    sock = connect(self.port, timeout=HANG_GUARD)
                started = time.monotonic()
                sock.sendall(request_bytes("GET", self.path))
                response = read_response(sock)
                if response is None or response[0] != 200:
                    raise OSError("no answer")
                self.latencies.append((time.monotonic() - started) * 1000)
            except OSError:
                self.failures += 1
                if sock is not None:
                    sock.close()
                sock = None
            time.sleep(0.05)
        if sock is not None:
            sock.close()

    def stop(self):
        self.running = False
        self.thread.join(HANG_GUARD + 5)
        return self

    def figures(self):
        if not self.latencies:
            return "probe: no answer"
        ordered = sorted(self.latencies)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        return (f"probe {len(ordered)} requests, p50 {statistics.median(ordered):.2f} ms, p99 {p99:.1f} ms, "
                f"{self.failures} failed")
