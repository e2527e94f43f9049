"""Files as the sites wrote them: every text encoding read from the bytes,
the format from the content (never the name), and the site formats'
registry (stud.histories.sites) that read() dispatches to."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from stud import histories
from stud.histories import sites
from stud.histories.encoding import detect_encoding
from stud.histories.record import HandRecord

SAMPLES = Path(__file__).resolve().parent.parent / "histories_ps" / "samples"
needs_samples = pytest.mark.skipif(not SAMPLES.is_dir(), reason="no samples next to tests/")


def text_of_sample():
    text = (SAMPLES / "cash_stud_usd.txt").read_text(encoding="utf-8-sig")
    return text.replace("Hero", "Héro Ñu")  # a name beyond ASCII, in every encoding


def spellings(text):
    """The same history as files of every kind seen in the wild."""
    crlf = text.replace("\n", "\r\n")
    utf16 = crlf.encode("utf-16-le")
    yield "utf-8", text.encode("utf-8")
    yield "utf-8 with a BOM", codecs.BOM_UTF8 + text.encode("utf-8")
    yield "utf-16 with a BOM", codecs.BOM_UTF16_LE + utf16
    yield "utf-16 without a BOM", utf16
    yield "utf-16 big-endian", codecs.BOM_UTF16_BE + crlf.encode("utf-16-be")
    yield "utf-16, doubled line ends, last byte cut", codecs.BOM_UTF16_LE + text.replace(
        "\n", "\r\r\n").encode("utf-16-le") + b"\n"
    yield "cp1252", crlf.encode("cp1252")
    yield "a stray NUL byte", text.replace("*** 3rd", "\0*** 3rd", 1).encode()


@needs_samples
@pytest.mark.parametrize("kind,data", list(spellings(text_of_sample())),
                         ids=[k for k, _ in spellings(text_of_sample())])
def test_every_encoding_reads_the_same_hands(tmp_path, kind, data):
    reference = list(histories.read(text_of_sample()))
    path = tmp_path / "hands.phh"  # a name that lies: the content decides
    path.write_bytes(data)
    records = list(histories.read(path))
    assert records == reference
    assert "Héro Ñu" in records[0].players
    assert {r.source.format for r in records} == {"pokerstars"}
    result = histories.verify(path)
    assert (result.reproduced, len(result.mismatches), len(result.errors)) == (
        len(reference), 0, 0)


def test_detect_encoding():
    assert detect_encoding(b"\xef\xbb\xbfabc") == "utf-8-sig"
    assert detect_encoding("abc".encode("utf-16")) == "utf-16"
    assert detect_encoding("abcdef".encode("utf-16-le")) == "utf-16-le"
    assert detect_encoding("abcdef".encode("utf-16-be")) == "utf-16-be"
    assert detect_encoding("€uro".encode("cp1252")) == "cp1252"
    assert detect_encoding("€uro".encode()) == "utf-8"
    assert detect_encoding("ab€".encode()[:-1]) == "utf-8"  # cut in the middle of a character
    assert detect_encoding(b"") == "utf-8"


def test_utf8_file_with_windows_1252_bytes_later_reads_them_so(tmp_path):
    # an XML-era client declared UTF-8 and wrote cp1252 names: read, not refused
    path = tmp_path / "mixed.txt"
    head = "x" * (1 << 17)
    path.write_bytes(f"# {head}\n".encode() + "# Müller\n".encode("cp1252"))
    lines = list(histories.io._open(path)[0])
    assert lines[-1] == "# Müller\n"


# ---- the registry of site formats -----------------------------------------------------

class _Reader:
    """A format of two-line hands: 'TOYSITE hand N' then 'stacks A B'."""

    def __init__(self, *, file, profile):
        self.file, self.profile = file, profile
        self.skipped = self.cancelled = 0

    def read(self, lines):
        from stud import Rules, Variant
        from stud.histories.record import Source

        pending = None
        for number, line in enumerate(lines, start=1):
            text = line.strip()
            if text.startswith("TOYSITE hand"):
                pending = (text.split()[-1], number)
            elif text.startswith("stacks") and pending:
                stacks = tuple(int(x) for x in text.split()[1:])
                from stud.histories.record import options_for

                options = options_for(self.profile, Variant.RAZZ)
                yield HandRecord(Rules(Variant.RAZZ, 10, **options), stacks, (), hand_id=pending[0],
                                 source=Source(self.file, pending[1], "toysite"))
                pending = None
            elif text == "SKIP":
                self.skipped += 1
            elif text:
                yield histories.HistoryError(f"what is {text!r}?", self.file, pending
                                             and pending[0], number)


@pytest.fixture
def toy_site(monkeypatch):
    site = sites.SiteFormat("toysite", "Toy Site", lambda head: head.startswith("TOYSITE"),
                            _Reader, {"max_raises": 4})
    monkeypatch.setattr(sites, "_FOUND", [site])
    return site


def test_read_dispatches_to_a_site_by_content(toy_site, tmp_path):
    path = tmp_path / "hands.txt"
    path.write_text("TOYSITE hand 7\nstacks 100 200\nSKIP\nTOYSITE hand 8\nstacks 5 6\n")
    reading = histories.read(path)
    records = list(reading)
    assert [r.hand_id for r in records] == ["7", "8"]
    assert records[0].rules.max_raises == 4  # the site's own profile
    assert reading.skipped == 1
    assert records[1].source == histories.Source(str(path), 4, "toysite")
    assert "toysite" in histories.formats()
    assert [r.rules.max_raises for r in histories.read(path, profile="wsop")] == [4, 4]
    plain = histories.read(path, profile={"max_raises": 2})
    assert [r.rules.max_raises for r in plain] == [2, 2]


def test_site_errors_go_to_on_error(toy_site):
    errors = []
    records = list(histories.read("TOYSITE hand 1\nstacks 1 2\nnonsense\n",
                                  on_error=errors.append))
    assert len(records) == 1 and len(errors) == 1 and "nonsense" in str(errors[0])
    with pytest.raises(histories.HistoryError, match="line 3"):
        list(histories.read("TOYSITE hand 1\nstacks 1 2\nnonsense\n"))


def test_format_names_are_checked(toy_site):
    with pytest.raises(ValueError, match="toysite"):
        histories.read("a\nb\n", format="nosuchsite")


def test_every_site_module_present_has_a_format():
    for site in sites.site_formats():
        assert isinstance(site, sites.SiteFormat) and site.name in sites._MODULES
        assert site.name in histories.formats()
