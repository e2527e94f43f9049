"""Writes this format's generated samples (``python -m
tests.histories_sites.partypoker.make_samples`` from the repository's
root): engine hands written as PartyPoker writes them
(``partywrite.party_text``), in the encodings PartyPoker's client used.
The hand-written samples (``samples/features.txt`` ...) are kept as they
are."""

from __future__ import annotations

from pathlib import Path

from .partywrite import random_hands

HERE = Path(__file__).parent / "samples"


def main() -> None:
    HERE.mkdir(exist_ok=True)
    usd = "".join(random_hands(40, 11, currency="USD"))
    (HERE / "cash_usd.txt").write_bytes(usd.replace("\n", "\r\n").encode("utf-8"))
    eur = "".join(random_hands(30, 12, currency="EUR"))
    (HERE / "cash_eur_cp1252.txt").write_bytes(eur.replace("\n", "\r\n").encode("cp1252"))
    chips = "".join(random_hands(30, 13, currency=None))
    (HERE / "tournament_utf16.txt").write_bytes(
        chips.replace("\n", "\r\n").encode("utf-16"))
    bom = "".join(random_hands(10, 14, currency="USD", players=(6, 7)))
    (HERE / "full_tables_bom.txt").write_bytes(b"\xef\xbb\xbf" + bom.encode("utf-8"))


if __name__ == "__main__":
    main()
