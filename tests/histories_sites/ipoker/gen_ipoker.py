"""Writes hands played by the engine as iPoker XML (the samples and the
benchmark's files): ``play`` deals and plays a hand with random legal
decisions, ``game_xml`` writes it as a ``<game>`` element, ``session_xml``
wraps games in a ``<session>``.

    python tests/histories_sites/ipoker/gen_ipoker.py   # rewrites samples/gen_*.xml
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from stud import ActionKind, Hand, Rules
from stud.game import (
    ActionTaken,
    AntePosted,
    CardDealt,
    CommunityCardDealt,
    HandShown,
    PotAwarded,
    StreetStarted,
    UncalledBetReturned,
)

PROFILE: dict[str, Any] = {"fold_when_can_check": True, "bring_in_tiebreak": "suit"}
_TYPES = {ActionKind.FOLD: "0", ActionKind.CHECK: "4", ActionKind.CALL: "3",
          ActionKind.BET: "5", ActionKind.RAISE: "23", ActionKind.COMPLETE: "23",
          ActionKind.BRING_IN: "16"}
SEVEN_STREETS = ("Pocket", "Fourth Street", "Fifth Street", "Sixth Street", "River")
FIVE_STREETS = ("Pocket", "Third Street", "Fourth Street", "River")


def play(rules: Rules, stacks: list[int], rng: random.Random) -> Hand:
    """A hand dealt from a seeded deck, decided at random (folds rarer)."""
    hand = Hand(rules, stacks, seed=rng.randrange(1 << 30))
    while not hand.is_over:
        if hand.awaiting_showdown:
            hand.show()
            continue
        legal = hand.legal_actions()
        keep = [a for a in legal if a[0] is not ActionKind.FOLD]
        hand.act(rng.choice(legal if not keep or rng.random() < 0.12 else keep))
    return hand


def money(value: int, style: str) -> str:
    """An amount as the files write it: "chips" ("1,500"), "$" ("$1,234.56")
    or "€" ("1.234,56 €")."""
    if style == "chips":
        return f"{value:,}"
    whole, cents = divmod(value, 100)
    if style == "€":
        return f"{whole:,}".replace(",", ".") + f",{cents:02d} €"
    return f"{style}{whole:,}.{cents:02d}"


def card_text(card: Any) -> str:
    text = str(card)
    rank = "10" if text[0] == "T" else text[0]
    return text[1].upper() + rank


def game_xml(hand: Hand, gamecode: int, names: list[str], seats: list[int], style: str,
             hidden: set[int] | frozenset[int] = frozenset(), omit_hidden: bool = False,
             rng: random.Random | None = None, variant_streets: tuple[str, ...] = SEVEN_STREETS,
             extra_players: str = "") -> str:
    """The hand as an iPoker ``<game>``: ``hidden`` seats' down cards are
    "X" (or, ``omit_hidden``, they have no ``<cards>`` at all) until they
    show; ``rng`` writes each round's actions out of order."""
    n = hand.n_seats
    win = [0] * n
    stacks = list(hand.starting_stacks)
    for event in hand.history:
        if isinstance(event, (PotAwarded, UncalledBetReturned)):
            win[event.seat] += event.amount
    shown = {e.seat: e.cards for e in hand.history if isinstance(e, HandShown)}
    # the events by street
    rounds: list[list[Any]] = [[]]
    for event in hand.history:
        if isinstance(event, StreetStarted):
            rounds.append([])
        rounds[-1].append(event)
    number = 1
    out = [f'<game gamecode="{gamecode}">', "<general>",
           "<startdate>2011-03-04 18:22:10</startdate>", "<players>"]
    for s in range(n):
        out.append(f'<player seat="{seats[s]}" name="{names[s]}" '
                   f'chips="{money(stacks[s], style)}" dealer="0" '
                   f'win="{money(win[s], style)}" bet="{money(hand.contributions[s], style)}" />')
    out.append(extra_players)
    out += ["</players>", "</general>", '<round no="0">']
    put = [0] * n
    for event in rounds[0]:
        if isinstance(event, AntePosted):
            out.append(f'<action no="{number}" player="{names[event.seat]}" type="15" '
                       f'sum="{money(event.amount, style)}" />')
            put[event.seat] += event.amount
            number += 1
    out.append("</round>")
    last = len(rounds) - 1
    for index, events in enumerate(rounds[1:], 1):
        out.append(f'<round no="{index}">')
        dealt: dict[int, list[Any]] = {}
        for event in events:
            if isinstance(event, CardDealt):
                dealt.setdefault(event.seat, []).append(event)
        showing = set(shown) if index == last else set()
        so_far = {s: [e.card for r in rounds[1:index] for e in r
                      if isinstance(e, CardDealt) and e.seat == s] for s in set(dealt) | showing}
        for s in sorted(set(dealt) | showing):
            cards = [e.card for e in dealt.get(s, [])]
            if index == last and s in shown:
                text = " ".join(card_text(c) for c in so_far[s] + cards)
            elif s in hidden:
                if omit_hidden:
                    continue
                text = " ".join(card_text(e.card) if e.face_up else "X" for e in dealt[s])
            else:
                text = " ".join(card_text(c) for c in cards)
            out.append(f'<cards type="{variant_streets[index - 1]}" player="{names[s]}">'
                       f"{text}</cards>")
        for event in events:
            if isinstance(event, CommunityCardDealt):  # docs/rules.md 5.1
                out.append(f'<cards type="{variant_streets[index - 1]}" player="">'
                           f"{card_text(event.card)}</cards>")
        bets = [0] * n
        actions = []
        for event in events:
            if not isinstance(event, ActionTaken):
                continue
            kind, to = event.action
            seat = event.seat
            added = 0 if kind in (ActionKind.FOLD, ActionKind.CHECK) else to - bets[seat]
            if added:
                bets[seat] = to
                put[seat] += added
            kind_text = _TYPES[kind]
            if added and put[seat] == stacks[seat] and kind is not ActionKind.BRING_IN:
                kind_text = "7"  # all-in
            actions.append(f'<action no="{number}" player="{names[seat]}" type="{kind_text}" '
                           f'sum="{money(added, style)}" />')
            number += 1
        if rng is not None:
            rng.shuffle(actions)
        out += actions
        out.append("</round>")
    out.append("</game>")
    return "\n".join(line for line in out if line) + "\n"


def session_xml(gametype: str, games: list[str], *, table: str = "Bonn", hero: str = "ann",
                tournament: bool = False, currency: str = "EUR") -> str:
    head = ['<?xml version="1.0" encoding="UTF-8"?>', '<session sessioncode="712345">',
            "<general>", "<client_version>8.3</client_version>", "<mode>real</mode>",
            f"<gametype>{gametype}</gametype>", f"<tablename>{table}</tablename>"]
    if tournament:
        head += ["<tournamentcode>99123</tournamentcode>",
                 "<tournamentname>Stud Freezeout</tournamentname>"]
    head += ["<duration>00:10:00</duration>", f"<gamecount>{len(games)}</gamecount>",
             "<startdate>2011-03-04 18:20:00</startdate>",
             f"<currency>{'' if tournament else currency}</currency>",
             f"<nickname>{hero}</nickname>", "</general>"]
    return "\n".join(head) + "\n" + "".join(games) + "</session>\n"


NAMES = ["ann", "Bob Smith", "chip_leader", "Dörte", "eve", "fritz", "gus", "hal"]


def generated(gametype: str, variant: str, small: int, big: int, ante: int, bring_in: int, style: str,
              count: int, seed: int, **options: Any) -> list[str]:
    """``count`` games of one variant, each at 2 to 8 seats."""
    rng = random.Random(seed)
    rules = Rules(variant, small, big, ante, bring_in, **PROFILE)
    games: list[str] = []
    index = 0
    while len(games) < count:
        index += 1
        n = rng.randint(2, 8)
        depths = [2, 3, 5] if options.get("short") else [3, 10, 40]
        stacks = [rng.choice(depths) * big + rng.randrange(0, big) for _ in range(n)]
        hand = play(rules, stacks, rng)
        seats = sorted(rng.sample(range(1, 11), n))
        names = rng.sample(NAMES, n)
        game = (game_xml(hand, 5000000 + seed * 1000 + index, names, seats, style,
                              rng=rng if options.get("shuffle") else None,
                              hidden=set(range(1, n)) if options.get("hidden") else frozenset(),
                              omit_hidden=bool(options.get("omit")),
                              variant_streets=FIVE_STREETS if variant.startswith("5")
                              or variant in ("five", "5stud") else SEVEN_STREETS))
        if options.get("omit") and not replays(session_xml(gametype, [game])):
            # up cards never named: the replay's choice of them (docs/rules.md
            # 11.4, street by street) cannot always meet every later street's
            # first actor; such a hand is left out of the samples
            continue
        games.append(game)
    return games


def replays(text: str) -> bool:
    from stud.histories import MismatchError, read

    try:
        for record in read(text, format="ipoker"):
            record.replay()
    except MismatchError:
        return False
    return True


SAMPLES = [
    # file, gametype, variant, small, big, ante, bring_in, style, count, seed, options
    ("gen_stud_euro.xml", "7 Card Stud L 0,10 €/0,20 €", "stud", 10, 20, 2, 5, "€", 30, 1, {}),
    ("gen_stud_usd_shuffled.xml", "7 Card Stud L $1/$2", "stud", 100, 200, 20, 50, "$", 30, 2,
     {"shuffle": True}),
    ("gen_stud8_hidden.xml", "7 Card Stud Hi-Lo L $0.50/$1", "stud8", 50, 100, 10, 25, "$", 30,
     3, {"hidden": True}),
    ("gen_razz_omitted.xml", "Razz L $2/$4", "razz", 200, 400, 40, 100, "$", 30, 4,
     {"hidden": True, "omit": True}),
    ("gen_five_stud.xml", "5 Card Stud L $1/$2", "five", 100, 200, 20, 50, "$", 20, 5, {}),
    ("gen_stud_tournament.xml", "7 Card Stud L 1,000/2,000", "stud", 1000, 2000, 200, 500,
     "chips", 30, 6, {"tournament": True}),
    ("gen_stud_allin.xml", "7 Card Stud L $1/$2", "stud", 100, 200, 20, 50, "$", 30, 7,
     {"short": True}),
    ("gen_stud8_allin_tournament.xml", "7 Card Stud Hi-Lo L 200/400", "stud8", 200, 400, 40,
     100, "chips", 30, 8, {"short": True, "tournament": True}),
]


def _bring_in_tie(rng: random.Random) -> tuple[Hand, Rules]:
    """A Seven Card Stud hand whose bring-in goes by suit where the lowest
    seat would have had it by position (docs/rules.md 2.2)."""
    rules = Rules("stud", 100, 200, 20, 50, **PROFILE)
    while True:
        hand = play(rules, [4000] * 5, rng)
        third = {}
        for event in hand.history:
            if isinstance(event, StreetStarted) and event.street > 3:
                break
            if isinstance(event, CardDealt) and event.face_up:
                third[event.seat] = event.card
        low = min(c.rank for c in third.values())
        tied = sorted(s for s, c in third.items() if c.rank == low)
        first = next(e.seat for e in hand.history if isinstance(e, ActionTaken))
        if len(tied) > 1 and first != tied[0]:
            return hand, rules


def _fold_instead_of_check(rng: random.Random) -> Hand:
    """A hand where a player folds with nothing to call (checking was free)."""
    rules = Rules("stud", 100, 200, 20, 50, **PROFILE)
    while True:
        hand = Hand(rules, [4000] * 3, seed=rng.randrange(1 << 30))
        folded_free = False
        while not hand.is_over:
            if hand.awaiting_showdown:
                hand.show()
                continue
            legal = hand.legal_actions()
            kinds = {a[0] for a in legal}
            if ActionKind.CHECK in kinds and ActionKind.FOLD in kinds and not folded_free:
                hand.act(next(a for a in legal if a[0] is ActionKind.FOLD))
                folded_free = True
                continue
            keep = [a for a in legal if a[0] is not ActionKind.FOLD]
            hand.act(rng.choice(keep or legal))
        if folded_free:
            return hand


def write_features(folder: Path) -> None:
    rng = random.Random(77)
    hand, _rules = _bring_in_tie(rng)
    games = [game_xml(hand, 6100001, NAMES[:5], [1, 3, 4, 6, 9], "$")]
    hand = _fold_instead_of_check(rng)
    games.append(game_xml(hand, 6100002, NAMES[:3], [2, 5, 7], "$"))
    # a player listed who sits out: no ante, no cards, a "sitting out" action
    hand = play(Rules("stud", 100, 200, 20, 50, **PROFILE), [3000, 2500, 5000], rng)
    game = game_xml(hand, 6100003, ["ann", "Bob Smith", "eve"], [1, 4, 8], "$",
                    extra_players='<player seat="6" name="zoe away" chips="$12.00" dealer="1" '
                                  'win="$0.00" bet="$0.00" />')
    game = game.replace('<round no="0">', '<round no="0">\n<action no="0" player="zoe away" '
                                          'type="9" sum="$0.00" />', 1)
    games.append(game)
    (folder / "features.xml").write_text(session_xml("7 Card Stud L $1/$2", games,
                                                     currency="USD"), encoding="utf-8")


def write_encodings(folder: Path) -> None:
    """The files the site wrote: cp1252 under a declaration saying UTF-8,
    and UTF-16 (little-endian, with its mark, Windows line ends)."""
    text = (folder / "gen_stud_euro.xml").read_text(encoding="utf-8")
    (folder / "enc_cp1252.xml").write_bytes(text.encode("cp1252"))
    text = (folder / "gen_stud_usd_shuffled.xml").read_text(encoding="utf-8")
    (folder / "enc_utf16.xml").write_bytes(b"\xff\xfe" + text.replace("\n", "\r\n")
                                           .encode("utf-16-le"))


def write_samples(folder: Path) -> None:
    for name, gametype, variant, small, big, ante, bring_in, style, count, seed, options \
            in SAMPLES:
        games = generated(gametype, variant, small, big, ante, bring_in, style, count, seed, **options)
        text = session_xml(gametype, games, tournament=bool(options.get("tournament")),
                           currency="EUR" if style == "€" else "USD")
        (folder / name).write_text(text, encoding="utf-8")
    write_features(folder)
    write_encodings(folder)


if __name__ == "__main__":
    write_samples(Path(__file__).resolve().parent / "samples")
