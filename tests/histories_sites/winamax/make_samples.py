"""Writes this format's generated samples (``python -m
tests.histories_sites.winamax.make_samples`` from the repository's root):
engine hands written as Winamax writes them (``winamaxwrite``), in the
encodings its client used.  ``samples/features.txt`` is hand-written."""

from __future__ import annotations

from pathlib import Path

from .winamaxwrite import random_hands

HERE = Path(__file__).parent / "samples"


def main() -> None:
    HERE.mkdir(exist_ok=True)
    cash = "".join(random_hands(40, 31))
    (HERE / "cash_eur.txt").write_bytes(cash.replace("\n", "\r\n").encode("utf-8"))
    chips = "".join(random_hands(30, 32, euros=False))
    (HERE / "tournament_bom.txt").write_bytes(b"\xef\xbb\xbf" + chips.encode("utf-8"))
    french = "".join(random_hands(20, 33, french=True))
    (HERE / "cash_french_cp1252.txt").write_bytes(
        french.replace("\n", "\r\n").encode("cp1252"))


if __name__ == "__main__":
    main()
