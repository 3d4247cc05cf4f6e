"""A small deterministic two-layer grid router (A*), enough for these boards' sparse layouts.

The grid pitch is track + clearance, so tracks on neighbouring cells keep the clearance.
Pads reserve the cells within (clearance + half a track) of their copper for their own net;
vias reserve their 3 x 3 neighbourhood on both layers. F.Cu prefers horizontal runs, B.Cu
vertical ones (crossing costs a via). Nets are routed pad by pad onto the growing tree
(Prim's order). Same input, same output: no randomness, ties broken by insertion order.
"""
import heapq
import math

FREE, BLOCK = 0, -1


class Grid:
    def __init__(self, w, h, rules, pitch=0.635):
        # 0.635 = 2.54 / 4: THT rows and SOIC pins fall on it and a track passes between
        # 2.54 mm pins; 0.5 suits the sparse sensor boards
        self.pitch = pitch
        assert self.pitch >= rules["track"] + rules["clearance"]
        self.r = rules
        self.nx = int(w / self.pitch) + 1
        self.ny = int(h / self.pitch) + 1
        self.n = self.nx * self.ny
        self.owner = [[FREE] * self.n for _ in range(2)]              # per layer: 0 F, 1 B
        self.vowner = [FREE] * self.n                                 # where a via may go
        self.term = {}                                                # pad key -> cells
        self.stubs = {}             # pad key -> (layer, pad centre, cell centre) for narrow pads
        m_edge = rules["edge_clearance"] + rules["track"] / 2
        v_edge = rules["edge_clearance"] + rules["via_diameter"] / 2
        for iy in range(self.ny):
            for ix in range(self.nx):
                x, y = ix * self.pitch, iy * self.pitch
                d = min(x, y, w - x, h - y)
                i = iy * self.nx + ix
                if d < m_edge:
                    self.owner[0][i] = self.owner[1][i] = BLOCK
                if d < v_edge:
                    self.vowner[i] = BLOCK

    def cell(self, x, y):
        return int(round(x / self.pitch)), int(round(y / self.pitch))

    def _mark(self, grid, net, x0, y0, x1, y1, m, force=False):
        p = self.pitch
        for iy in range(max(0, math.ceil((y0 - m) / p)), min(self.ny - 1, math.floor((y1 + m) / p)) + 1):
            for ix in range(max(0, math.ceil((x0 - m) / p)), min(self.nx - 1, math.floor((x1 + m) / p)) + 1):
                i = iy * self.nx + ix
                cur = grid[i]
                if force or cur == FREE:
                    grid[i] = net
                elif cur != net:
                    grid[i] = BLOCK

    def add_pad(self, key, net, layers, rect, inner=None):
        """rect: copper bounding box (x0, y0, x1, y1); inner: where a track may end in it.
        net 0: no net (blocks everyone)."""
        x0, y0, x1, y1 = rect
        own = net if net else BLOCK
        m = self.r["clearance"] + self.r["track"] / 2
        for L in layers:
            self._mark(self.owner[L], own, x0, y0, x1, y1, m)
        self._mark(self.vowner, own, x0, y0, x1, y1, self.r["clearance"] + self.r["via_diameter"] / 2)
        if net:
            self.term[key] = (net, layers, inner or rect)

    def keepout(self, L, rect):
        """No other route through rect on layer L (under an IC, between its pin rows)."""
        x0, y0, x1, y1 = rect
        p = self.pitch
        for iy in range(max(0, math.ceil(y0 / p)), min(self.ny - 1, math.floor(y1 / p)) + 1):
            for ix in range(max(0, math.ceil(x0 / p)), min(self.nx - 1, math.floor(x1 / p)) + 1):
                i = iy * self.nx + ix
                if self.owner[L][i] == FREE:
                    self.owner[L][i] = BLOCK

    def block_vias(self, x, y, drill):
        """No via of any net near a plated hole (hole-to-hole rule)."""
        m = drill / 2 + self.r["hole_to_hole"] + self.r["via_drill"] / 2 + 0.05
        self._mark(self.vowner, BLOCK, x, y, x, y, m, force=True)

    def add_hole(self, x, y, d):
        m = d / 2 + self.r["clearance"] + self.r["track"] / 2
        for L in (0, 1):
            self._mark(self.owner[L], BLOCK, x - d / 2, y - d / 2, x + d / 2, y + d / 2, m - d / 2)
        self._mark(self.vowner, BLOCK, x - d / 2, y - d / 2, x + d / 2, y + d / 2,
                   self.r["hole_to_hole"] + self.r["via_diameter"] / 2)

    def terminals(self, key):
        """Cells where a route may start or end in the pad: the cells inside it, or for a
        pad narrower than the grid the nearest cell, joined to the pad centre by a stub."""
        net, layers, (x0, y0, x1, y1) = self.term[key]
        p = self.pitch
        out = []
        for L in layers:
            for iy in range(math.ceil(y0 / p), math.floor(y1 / p) + 1):
                for ix in range(math.ceil(x0 / p), math.floor(x1 / p) + 1):
                    i = iy * self.nx + ix
                    if self.owner[L][i] == net:
                        out.append(L * self.n + i)
        if not out:
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            ix, iy = self.cell(cx, cy)
            i = iy * self.nx + ix
            for L in layers:
                if self.owner[L][i] == net:
                    out.append(L * self.n + i)
                    self.stubs[key] = (L, (round(cx, 4), round(cy, 4)),
                                       (round(ix * p, 4), round(iy * p, 4)))
                    break
        return out

    def via_ok(self, i, net):
        if self.vowner[i] not in (FREE, net):
            return False
        ix, iy = i % self.nx, i // self.nx
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                jx, jy = ix + dx, iy + dy
                if not (0 <= jx < self.nx and 0 <= jy < self.ny):
                    return False
                j = jy * self.nx + jx
                for L in (0, 1):
                    o = self.owner[L][j]
                    if o > 0 and o != net:
                        return False
        return True

    def reserve_via(self, i, net):
        ix, iy = i % self.nx, i // self.nx
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                j = (iy + dy) * self.nx + ix + dx
                for L in (0, 1):
                    if self.owner[L][j] == FREE:
                        self.owner[L][j] = net
                if self.vowner[j] == FREE:
                    self.vowner[j] = net

    def penalties(self):
        """Extra cost of the cells beside a pad's reserved area: routes keep off the gaps
        between pins, which other nets need to escape (computed once, after the pads)."""
        if getattr(self, "pen", None) is None:
            self.pen = []
            for L in (0, 1):
                own = self.owner[L]
                pen = bytearray(self.n)
                for i in range(self.n):
                    if own[i] == FREE:
                        ix = i % self.nx
                        for j in (i - 1 if ix else i, i + 1 if ix + 1 < self.nx else i,
                                  i - self.nx, i + self.nx):
                            if 0 <= j < self.n and own[j] != FREE:
                                pen[i] = 4
                                break
                self.pen.append(pen)
        return self.pen

    def search(self, net, sources, targets, goal, limit=600000):
        """A* from sources to any cell in targets; returns the list of states or None."""
        pen = self.penalties()
        n, nx = self.n, self.nx
        gx, gy = goal
        owner = self.owner
        dist = {}
        prev = {}
        heap = []
        for s in sources:
            dist[s] = 0
            prev[s] = -1
            i = s % n
            heapq.heappush(heap, (abs(i % nx - gx) + abs(i // nx - gy), 0, s))
        count = 0
        while heap:
            f, g, s = heapq.heappop(heap)
            if g > dist.get(s, 1 << 30):
                continue
            if s in targets:
                path = []
                while s != -1:
                    path.append(s)
                    s = prev[s]
                return path[::-1]
            count += 1
            if count > limit:
                return None
            L, i = divmod(s, n)
            ix, iy = i % nx, i // nx
            grid = owner[L]
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                jx, jy = ix + dx, iy + dy
                if not (0 <= jx < nx and 0 <= jy < self.ny):
                    continue
                j = jy * nx + jx
                o = grid[j]
                if o != FREE and o != net:
                    continue
                step = (1 if (dx != 0) == (L == 0) else 3) + pen[L][j]
                t = L * n + j
                ng = g + step
                if ng < dist.get(t, 1 << 30):
                    dist[t] = ng
                    prev[t] = s
                    heapq.heappush(heap, (ng + abs(jx - gx) + abs(jy - gy), ng, t))
            t = (1 - L) * n + i
            o = owner[1 - L][i]
            if (o == FREE or o == net) and self.via_ok(i, net):
                ng = g + 10
                if ng < dist.get(t, 1 << 30):
                    dist[t] = ng
                    prev[t] = s
                    heapq.heappush(heap, (ng + abs(ix - gx) + abs(iy - gy), ng, t))
        return None

    def commit(self, net, path):
        n = self.n
        for a, b in zip(path, path[1:]):
            if a % n == b % n:
                self.reserve_via(a % n, net)
        for s in path:
            L, i = divmod(s, n)
            self.owner[L][i] = net

    def segments(self, path):
        """Path -> (tracks [(layer, (x0, y0), (x1, y1))], vias [(x, y)]), merged runs."""
        n, p, nx = self.n, self.pitch, self.nx
        tracks, vias = [], []

        def xy(i):
            return (round(i % nx * p, 4), round(i // nx * p, 4))
        start = path[0]
        for k in range(1, len(path)):
            a, b = path[k - 1], path[k]
            La, Lb = a // n, b // n
            if La != Lb:
                if start != a:
                    tracks.append((La, xy(start % n), xy(a % n)))
                vias.append(xy(a % n))
                start = b
                continue
            nxt = path[k + 1] if k + 1 < len(path) else None
            if nxt is not None and nxt // n == Lb and (b - a) == (nxt - b):
                continue
            tracks.append((La, xy(start % n), xy(b % n)))
            start = b
        return tracks, vias


def route(grid, nets, order):
    """nets: net -> [pad keys]; order: nets in routing order. Returns (tracks, vias, failed):
    tracks [(net, layer, a, b)], vias [(net, (x, y))], failed [(net, pad key)]."""
    tracks, vias, failed = [], [], []
    for net in order:
        keys = nets[net]
        if len(keys) < 2:
            continue
        cent = {}
        for k in keys:
            _, _, (x0, y0, x1, y1) = grid.term[k]
            cent[k] = grid.cell((x0 + x1) / 2, (y0 + y1) / 2)
        done = [keys[0]]
        tree = set(grid.terminals(keys[0]))
        todo = list(keys[1:])
        while todo:
            # Prim: the pad nearest to the tree's pads next
            best = None
            for k in todo:
                for d in done:
                    dd = abs(cent[k][0] - cent[d][0]) + abs(cent[k][1] - cent[d][1])
                    if best is None or dd < best[0]:
                        best = (dd, k, d)
            _, k, d = best
            todo.remove(k)
            src = grid.terminals(k)
            if set(src) & tree:
                done.append(k)
                continue
            path = grid.search(net, src, tree, cent[d]) if src else None
            if path is None:
                failed.append((net, k))
                continue
            grid.commit(net, path)
            t, v = grid.segments(path)
            tracks += [(net, L, a, b) for L, a, b in t]
            vias += [(net, xy) for xy in v]
            tree.update(path)
            tree.update(src)
            done.append(k)
    for key in sorted(grid.stubs):
        L, a, b = grid.stubs[key]
        tracks.append((grid.term[key][0], L, a, b))
    return tracks, vias, failed
