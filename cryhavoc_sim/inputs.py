"""Reading an input file the user names (a scenario, a baseline, a manifest, a model):
only a regular file is read, and at most a size cap of it. A FIFO would block the read
for ever and a device (``/dev/zero``) would never end it; both are refused before a byte
is read, with an ``OSError`` whose text says why (callers turn it into their sentence)."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

# A scenario, a design, a baseline: a screen or two of text.
TEXT_LIMIT = 4_000_000
# A run's manifest holds its chunk ledger: ~400 bytes a chunk, 200,000 chunks at most.
MANIFEST_LIMIT = 256_000_000


def read_bytes(path: str | Path, limit: int = TEXT_LIMIT) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; a FIFO, a device
    or a larger file is an ``OSError`` (FileNotFoundError and IsADirectoryError as usual)."""
    # O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a directory", str(path))
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, "is not a regular file (a FIFO or a device is never read)", str(path))
        if st.st_size > limit:
            raise OSError(errno.EFBIG, f"is {st.st_size:,} bytes; allowed: at most {limit:,}", str(path))
        chunks = []
        size = 0
        while size <= limit:
            block = os.read(fd, min(1 << 20, limit + 1 - size))
            if not block:
                break
            chunks.append(block)
            size += len(block)
        if size > limit:
            raise OSError(errno.EFBIG, f"grew past {limit:,} bytes while being read", str(path))
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: str | Path, limit: int = TEXT_LIMIT) -> str:
    """:func:`read_bytes` decoded as UTF-8 (UnicodeDecodeError as usual)."""
    return read_bytes(path, limit).decode()
