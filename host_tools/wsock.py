"""WebSocket's server side in the standard library (RFC 6455: the opening handshake, text
frames, ping, close), one message a line, for two uses (issue 29):

- tests/bgammon_server.py's WebSocket endpoint: bgammon.org serves its protocol over
  WebSocket too (wss://ws.bgammon.org: one command or event a text message, no newline),
  which the companion page speaks;
- the companion page's board seam: `python -m host_tools.wsock PTY [PORT]` relays a board's
  serial line (the simulator's `sim --serial` pty, or a real board's port) to WebSocket
  clients on 127.0.0.1:PORT, a line a message, so that companion.html?board=ws://... plays
  with it where Web Serial cannot be used (a headless browser, a test).
"""
import base64
import hashlib
import select
import socket
import struct
import sys
import threading

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, CLOSE, PING, PONG = 1, 8, 9, 10


class HandshakeError(OSError):
    """Not a WebSocket opening handshake."""


def handshake(conn):
    """Read the client's HTTP upgrade request on `conn` and answer it (101)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(4096)
        if not chunk or len(data) > 16384:
            raise HandshakeError("no WebSocket handshake")
        data += chunk
    key = None
    for line in data.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"sec-websocket-key":
            key = value.strip()
    if key is None:
        conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        raise HandshakeError("no Sec-WebSocket-Key")
    accept = base64.b64encode(hashlib.sha1(key + GUID.encode()).digest())
    conn.sendall(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                 b"Connection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n")
    return data[data.index(b"\r\n\r\n") + 4:]         # (frames sent at once after it)


def frame(opcode, payload):
    """One unmasked frame, as a server sends it."""
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, n)
    elif n < 65536:
        head = struct.pack("!BBH", 0x80 | opcode, 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 127, n)
    return head + payload


def parse(buf):
    """(opcode, payload, rest) for the first whole frame in buf (unmasked), else None."""
    if len(buf) < 2:
        return None
    opcode, n = buf[0] & 0x0F, buf[1] & 0x7F
    masked, i = buf[1] & 0x80, 2
    if n == 126:
        if len(buf) < 4:
            return None
        n, i = struct.unpack("!H", buf[2:4])[0], 4
    elif n == 127:
        if len(buf) < 10:
            return None
        n, i = struct.unpack("!Q", buf[2:10])[0], 10
    mask = b""
    if masked:
        mask, i = buf[i:i + 4], i + 4
    if len(buf) < i + n:
        return None
    payload = buf[i:i + n]
    if masked:
        payload = bytes(b ^ mask[k % 4] for k, b in enumerate(payload))
    return opcode, payload, buf[i + n:]


class WsConn:
    """A WebSocket connection that looks like the line socket the callers use: sendall()
    sends each line as a text message, recv() gives the messages received as lines (b""
    once closed). Pings are answered; fragmented messages are not used by either side."""

    def __init__(self, sock, rest=b""):
        self.sock = sock
        self.buf = rest
        self.lock = threading.Lock()

    def settimeout(self, t):
        self.sock.settimeout(t)

    def fileno(self):
        return self.sock.fileno()

    def sendall(self, data):
        with self.lock:
            for line in data.decode("utf-8", "replace").split("\n"):
                if line:
                    self.sock.sendall(frame(TEXT, line.encode("utf-8")))

    def pending(self):
        """The lines in the frames already received (without reading the socket)."""
        out = b""
        while True:
            got = parse(self.buf)
            if got is None:
                return out
            opcode, payload, self.buf = got
            if opcode == TEXT or opcode == 0:
                out += payload + b"\n"
            elif opcode == PING:
                with self.lock:
                    self.sock.sendall(frame(PONG, payload))
            elif opcode == CLOSE:
                raise EOFError

    def recv(self, n=4096):
        while True:
            try:
                out = self.pending()
            except EOFError:
                return b""
            if out:
                return out
            data = self.sock.recv(n)          # (socket.timeout goes to the caller)
            if not data:
                return b""
            self.buf += data

    def close(self):
        try:
            with self.lock:
                self.sock.sendall(frame(CLOSE, b""))
        except OSError:
            pass
        try:
            self.sock.close()
        except OSError:
            pass


def relay_board(path, port=0, say=print):
    """Serve the board's serial line `path` to WebSocket clients on 127.0.0.1:port (0: a
    free one), in a thread; returns (port, stop). One client at a time; the line is opened
    when a client comes and closed when it goes."""
    from host_tools.cmd_online import BoardPort
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(2)
    listener.settimeout(0.2)
    stopped = []

    def client(sock):
        sock.settimeout(5)
        ws = WsConn(sock, handshake(sock))
        sock.settimeout(None)
        board = BoardPort(path)
        say("board %s relayed to a WebSocket client" % path)
        try:
            while not stopped:
                ready = select.select([board.fd, sock], [], [], 0.1)[0]
                if board.fd in ready:
                    for line in board.lines():
                        ws.sendall((line.rstrip("\r") + "\n").encode("utf-8"))
                if sock in ready or ws.buf:
                    data = ws.recv()
                    if not data:
                        break
                    for line in data.decode("utf-8", "replace").splitlines():
                        board.write(line)
        except OSError:
            pass
        finally:
            board.close()
            ws.close()

    def serve():
        while not stopped:
            try:
                sock, _ = listener.accept()
            except (socket.timeout, OSError):
                continue
            threading.Thread(target=client, args=(sock,), daemon=True).start()
        listener.close()

    threading.Thread(target=serve, daemon=True).start()
    return listener.getsockname()[1], lambda: stopped.append(1)


def main(argv):
    if not 1 <= len(argv) <= 2 or (len(argv) == 2 and not argv[1].isdigit()):
        print("usage: python -m host_tools.wsock PTY [PORT]   (the board's serial line to "
              "ws://127.0.0.1:PORT, for companion.html?board=ws://127.0.0.1:PORT)", file=sys.stderr)
        return 2
    port, stop = relay_board(argv[0], int(argv[1]) if len(argv) == 2 else 8765)
    print("the board on %s at ws://127.0.0.1:%d (Ctrl-C stops)" % (argv[0], port), flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
