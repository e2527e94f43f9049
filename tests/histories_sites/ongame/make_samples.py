"""Writes this format's generated samples (``python -m
tests.histories_sites.ongame.make_samples`` from the repository's root):
engine hands written as OnGame writes them (``ongamewrite``), in the
encodings its client used.  ``samples/features.txt`` is hand-written."""

from __future__ import annotations

from pathlib import Path

from .ongamewrite import random_hands

HERE = Path(__file__).parent / "samples"


def main() -> None:
    HERE.mkdir(exist_ok=True)
    usd = "".join(random_hands(40, 51, sign="$"))
    (HERE / "cash_usd.txt").write_bytes(usd.replace("\n", "\r\n").encode("utf-8"))
    eur = "".join(random_hands(30, 52, sign="€"))
    (HERE / "cash_eur_cp1252.txt").write_bytes(eur.replace("\n", "\r\n").encode("cp1252"))
    chips = "".join(random_hands(30, 53, sign=None))
    (HERE / "tournament_utf16.txt").write_bytes(chips.replace("\n", "\r\n").encode("utf-16"))


if __name__ == "__main__":
    main()
