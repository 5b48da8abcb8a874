"""Line numbers for the keys of a TOML file, so that an error can say `exp.toml:12:`. Python's
tomllib returns values without positions, so this is a small scan of the text (after tomllib has
accepted it): it follows table headers ([a], [[a]]), dotted and quoted keys, arrays and inline
tables, and records the line on which each key or array element starts. A path is the tuple of
keys and list indices that reaches a value in the document tomllib returned, e.g.
("table", 0, "columns", 2, "value")."""
import re

_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR_END = re.compile(r"[,\]}\n#]")


class Lines:
    """Where each key path starts in one TOML text."""

    def __init__(self, text: str):
        self.text = text
        self.lines: dict[tuple, int] = {}
        self.pos = 0
        self._arrays: dict[tuple, int] = {}  # [[name]] headers seen so far
        try:
            self._document()
        except (IndexError, ValueError):
            pass  # a construct this scan does not follow: what it found so far still helps

    def line(self, path) -> int | None:
        """The line (1-based) of the longest known prefix of path. A key in path may hold dots (a
        config key written unquoted is a nested table in the file): it matches part by part too."""
        best, best_covered = None, -1
        for split in (False, True):
            parts, owner = [], []  # owner[j]: which element of path part j comes from
            for i, k in enumerate(path):
                pieces = k.split(".") if split and isinstance(k, str) else [k]
                parts += pieces
                owner += [i] * len(pieces)
            for n in range(len(parts), 0, -1):
                if tuple(parts[:n]) in self.lines:
                    covered = owner[n - 1] + (n == len(parts) or owner[n] != owner[n - 1])
                    if covered > best_covered:
                        best, best_covered = self.lines[tuple(parts[:n])], covered
                    break
        return best

    # --- the scan
    def _lineno(self, pos=None) -> int:
        return self.text.count("\n", 0, self.pos if pos is None else pos) + 1

    def _record(self, path: tuple, pos: int):
        self.lines.setdefault(path, self._lineno(pos))

    def _skip(self, newlines: bool):
        """Skip blanks and comments (and newlines if asked)."""
        t = self.text
        while self.pos < len(t):
            c = t[self.pos]
            if c in " \t\r" or (newlines and c == "\n"):
                self.pos += 1
            elif c == "#":
                end = t.find("\n", self.pos)
                self.pos = len(t) if end < 0 else end
            else:
                break

    def _document(self):
        table: tuple = ()
        t = self.text
        while True:
            self._skip(newlines=True)
            if self.pos >= len(t):
                return
            start = self.pos
            if t.startswith("[[", self.pos):
                self.pos += 2
                name = self._key()
                self.pos = t.index("]]", self.pos) + 2
                index = self._arrays.get(name, -1) + 1
                self._arrays[name] = index
                table = name + (index,)
                self._record(name, start)
                self._record(table, start)
            elif t[self.pos] == "[":
                self.pos += 1
                table = self._key()
                self.pos = t.index("]", self.pos) + 1
                self._record(table, start)
            else:
                self._pair(table)

    def _pair(self, prefix: tuple):
        start = self.pos
        key = self._key()
        for n in range(1, len(key) + 1):  # a.b.c = 1 also places a and a.b
            self._record(prefix + key[:n], start)
        self._skip(newlines=False)
        if self.text[self.pos] != "=":
            raise ValueError("expected =")
        self.pos += 1
        self._value(prefix + key)

    def _key(self) -> tuple:
        parts = []
        t = self.text
        while True:
            self._skip(newlines=False)
            c = t[self.pos]
            if c in "\"'":
                parts.append(self._string())
            else:
                m = _BARE.match(t, self.pos)
                if not m:
                    raise ValueError("expected a key")
                parts.append(m.group(0))
                self.pos = m.end()
            self._skip(newlines=False)
            if self.pos < len(t) and t[self.pos] == ".":
                self.pos += 1
                continue
            return tuple(parts)

    def _string(self) -> str:
        t = self.text
        for quote in ('"""', "'''"):
            if t.startswith(quote, self.pos):
                end = self.pos + 3
                while True:
                    end = t.index(quote, end)
                    if quote == '"""' and _escaped(t, end):
                        end += 1
                        continue
                    break
                while t.startswith(quote[0], end + 3):  # up to two quotes may end the content
                    end += 1
                value = t[self.pos + 3:end]
                self.pos = end + 3
                return value
        q = t[self.pos]
        end = self.pos + 1
        while True:
            end = t.index(q, end)
            if q == '"' and _escaped(t, end):
                end += 1
                continue
            break
        value = t[self.pos + 1:end]
        self.pos = end + 1
        return value.encode().decode("unicode_escape") if q == '"' and "\\" in value else value

    def _value(self, path: tuple):
        self._skip(newlines=False)
        t = self.text
        c = t[self.pos]
        if c == "[":
            self.pos += 1
            i = 0
            while True:
                self._skip(newlines=True)
                if t[self.pos] == "]":
                    self.pos += 1
                    return
                self._record(path + (i,), self.pos)
                self._value(path + (i,))
                i += 1
                self._skip(newlines=True)
                if t[self.pos] == ",":
                    self.pos += 1
        elif c == "{":
            self.pos += 1
            while True:
                self._skip(newlines=True)
                if t[self.pos] == "}":
                    self.pos += 1
                    return
                self._pair(path)
                self._skip(newlines=True)
                if t[self.pos] == ",":
                    self.pos += 1
        elif c in "\"'":
            self._string()
        else:
            m = _SCALAR_END.search(t, self.pos)
            self.pos = len(t) if m is None else m.start()


def _escaped(text: str, i: int) -> bool:
    """Whether the character at i is preceded by an odd number of backslashes."""
    n = 0
    while i - 1 - n >= 0 and text[i - 1 - n] == "\\":
        n += 1
    return n % 2 == 1
