"""The companion page plays online (issue 29), in headless Chromium against the local
bgammon server (tests/bgammon_server.py) over WebSocket: the page's relay is the command's
own Python (host_tools/online_bridge.py, bgmap.py, the rules core) on MicroPython's
WebAssembly port. Web Serial cannot be driven headless: the board is the simulator (the
real firmware on the physical board model) with its serial line on a pty, relayed to the
page over a WebSocket (host_tools/wsock.py: the board seam, companion.html?board=ws://...).

The page logs in, lists the matches and joins Bob's (player 2 on the server: the flipped
view); the opening, Bob's play shown and made at the board, a network cut (the page
reconnects and joins the match again), White's double and Bob's pass, scored 3 by the
server (from the position) and so by the board: the 3-point match ends on both sides.
No Chromium, node or web/node_modules: skipped with the reason, or failed under CI=true."""
import json
import os
import subprocess

from host_tools import wsock
from tools import ROOT
from test_web import CHROMIUM, site  # noqa: F401 (site: the built page served, a fixture)
from test_online_match import Board, _online_seat, _opening, _to_whites_cube
from bgammon_server import Server, Script

DRIVE = os.path.join(ROOT, "web", "tests", "online.mjs")


def test_the_local_server_speaks_the_protocol_over_websocket_too():
    """The endpoint the page uses, read with a minimal client here: a text message a line,
    masked from the client, no `hello` (bgammon sends it to TCP clients only)."""
    import base64
    import socket
    srv = Server(ws=True)
    s = socket.create_connection(("127.0.0.1", srv.ws_port), timeout=5)
    try:
        key = base64.b64encode(os.urandom(16))
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  b"Sec-WebSocket-Key: " + key + b"\r\nSec-WebSocket-Version: 13\r\n\r\n")
        data = b""
        while b"\r\n\r\n" not in data:
            data += s.recv(4096)
        assert data.startswith(b"HTTP/1.1 101"), data
        import hashlib
        assert base64.b64encode(hashlib.sha1(key + wsock.GUID.encode()).digest()) in data
        rest = data[data.index(b"\r\n\r\n") + 4:]
        msg = b"loginjson test-v1/en alice"
        mask = os.urandom(4)
        s.sendall(bytes([0x81, 0x80 | len(msg)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(msg)))
        got = None
        while got is None:
            got = wsock.parse(rest)
            if got is None:
                rest += s.recv(4096)
        opcode, payload, rest = got
        ev = json.loads(payload)
        assert opcode == wsock.TEXT and ev["Type"] == "welcome" and ev["PlayerName"] == "guest_alice", payload
        assert b"\n" not in payload
    finally:
        s.close()
        srv.stop()


def test_the_companion_page_plays_a_whole_match_online(site, tmp_path):  # noqa: F811 (the fixture)
    srv = Server(dice=[2, 6, 4, 1, 5, 3, 6, 2, 3, 3, 5, 1] * 4, ping_s=100, ws=True,
                 pass_scoring="position")
    b = Board(tmp_path)
    bob = proc = stop_relay = failed = None
    out = {}
    try:
        _online_seat(b)
        b.do("setup")
        relay_port, stop_relay = wsock.relay_board(b.port.path, say=lambda text: None)
        bob = Script(srv.port, "Bob")
        b.others.append(bob)
        bob.send("create public 3 0")
        bob.wait("joined")
        page = site[0] + "companion.html?board=ws://127.0.0.1:%d" % relay_port
        proc = subprocess.Popen(["node", DRIVE, page, "ws://127.0.0.1:%d" % srv.ws_port, "Tablier", "join"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, cwd=os.path.join(ROOT, "web"), env=dict(os.environ, CHROMIUM=CHROMIUM))
        b.until(lambda: bob.board() and bob.board()["Player2"]["Name"] == "guest_tablier",
                "the page in Bob's match", timeout=180)
        _opening(b, bob)                                   # Bob 2, White 6 (the page: player 2)
        b.until(lambda: b.t.on_roll == 0 and b.t.phase == 5, "White to play the opening")
        # the network cut: the page reconnects and joins the match again
        srv.cut("guest_tablier")
        b.until(lambda: srv.client("guest_tablier") is not None and srv.games[0].clients[1] is not None,
                "the page back in the match", timeout=120)
        _to_whites_cube(b, bob)
        b.do("d")
        b.until(lambda: bob.board()["DoubleOffered"], "White's double on the server")
        bob.send("resign")                                                # Bob passes
        b.until(lambda: bob.board()["Player2"]["Points"] == 3, "the pass scored 3 on the server")
        b.until(lambda: b.t.match.score == [3, 0] and b.t.phase == 8, "the match over at the board")
    except AssertionError as e:
        failed = e
    finally:
        if proc is not None:
            try:
                stdout, stderr = proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                stdout, stderr = proc.communicate()
            lines = stdout.strip().splitlines()
            out = json.loads(lines[-1]) if lines else {"error": stderr[-3000:]}
        if stop_relay is not None:
            stop_relay()
        if bob is not None:
            bob.close()
        srv.stop()
        b.port.close()
    if failed is not None:           # the page's side of the story too: what it said and heard
        page = out.get("online") or {}
        raise AssertionError("%s\nthe page said: %s\nthe page heard last: %s\nthe server heard last: %s\n%s" % (
            failed, page.get("said", [])[-25:], page.get("last_received"), srv.log[-25:],
            out.get("error") or "")) from failed
    assert "error" not in out, (out.get("error"), out.get("console", [])[-10:], out.get("steps"))
    assert not [c for c in out["console"] if c.startswith("pageerror")], out["console"]
    said = out["online"]["said"]
    sent = out["online"]["sent"]
    assert "logged in as guest_tablier" in said and "list" in sent and "join 1" in sent, (said, sent)
    assert [x for x in said if x.startswith("guest_bob played ")], said
    assert "you double: sent" in said and "joining match 1 again" in said, said
    assert out["online"]["connects"] >= 2 and [x for x in said if "reconnecting" in x], said
    assert [x for x in said if "the board takes the server's score" in x], said
    assert not [x for x in said if x.startswith("?")], said            # nothing it could not read
    assert [c for n, c in srv.log if n == "guest_tablier" and c.startswith("move")], srv.log
    assert out["online"]["score"] == [3, 0], (out["online"], out["steps"])        # the page's mirror
