"""A history file's text encoding, found from its bytes (never its name).

Sites wrote their histories in UTF-8 (with or without a byte order mark),
UTF-16 (Windows clients: little-endian, often with a BOM, sometimes cut
one byte short) or Windows-1252; some XML files declare UTF-8 and hold
Windows-1252 bytes.  ``detect_encoding(head)`` reads the first bytes:

* a byte order mark names the encoding (UTF-8, UTF-16 LE or BE);
* without one, NUL bytes in every other place mean UTF-16 (LE when they
  are the odd bytes);
* otherwise UTF-8 when the bytes read as UTF-8, Windows-1252 when not.

``open_text(path)`` opens the file once (a pipe or a FIFO is read once,
nothing lost to the detection) and decodes it so: UTF-8 with any byte
sequence that is not UTF-8 read as Windows-1252 (a file that turns out
not to be UTF-8 after its first part still reads, its names right), and
UTF-16 with a cut-off last byte replaced.  Lines end at \\n, \\r\\n or \\r.

>>> detect_encoding("Full Tilt Poker Game #1".encode("utf-16"))
'utf-16'
>>> detect_encoding("Joueur é".encode("cp1252")), detect_encoding("Joueur é".encode())
('cp1252', 'utf-8')
"""

from __future__ import annotations

import codecs
import io
import os
from typing import IO, Union

__all__ = ["detect_encoding", "open_text"]

#: the bytes read to decide
HEAD_BYTES = 1 << 16


def _as_cp1252(error: UnicodeError) -> tuple[str, int]:
    """Decoding's error handler: the bytes that are not UTF-8 read as
    Windows-1252 (its five unassigned bytes as U+FFFD)."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    bad = error.object[error.start:error.end]
    return bytes(bad).decode("cp1252", errors="replace"), error.end


codecs.register_error("stud.cp1252", _as_cp1252)


def _cut_utf16(error: UnicodeError) -> tuple[str, int]:
    """Decoding's error handler for UTF-16: a last byte cut off (a file
    with an odd length) is dropped, anything else not UTF-16 is U+FFFD."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return ("" if error.reason == "truncated data" else "\ufffd"), error.end


codecs.register_error("stud.utf16", _cut_utf16)


def detect_encoding(head: bytes) -> str:
    """The encoding of a text that begins with ``head`` (see the module):
    "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-8" or "cp1252"."""
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    sample = head[:4096]
    if len(sample) >= 2:
        odd, even = sample[1::2].count(0), sample[0::2].count(0)
        if odd > len(sample) // 4 and even <= odd // 8:
            return "utf-16-le"
        if even > len(sample) // 4 and odd <= even // 8:
            return "utf-16-be"
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as error:
        # a sequence cut at the end of the head is no evidence either way
        if error.reason != "unexpected end of data" or error.end < len(head) - 3:
            return "cp1252"
    return "utf-8"


def open_text(path: Union[str, os.PathLike[str]]) -> IO[str]:
    """The file at ``path`` as text, in the encoding its bytes show (see
    the module), opened once; its lines keep their ends (``newline=""``)."""
    raw = open(path, "rb")  # noqa: SIM115 - the text wrapper closes it
    try:
        head = raw.peek(HEAD_BYTES)[:HEAD_BYTES]
        encoding = detect_encoding(head)
        errors = "stud.cp1252" if encoding in ("utf-8", "utf-8-sig") else (
            "stud.utf16" if encoding.startswith("utf-16") else "replace")
        return io.TextIOWrapper(raw, encoding=encoding, errors=errors, newline="")
    except BaseException:
        raw.close()
        raise
