"""Writes hands played by the engine as Merge XML (the samples and the
benchmark's files): ``play`` deals and plays a hand with random legal
decisions, ``game_xml`` writes it as a ``<game>`` element.

    python tests/histories_sites/merge/gen_merge.py   # rewrites samples/gen_*.xml
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
    HandMucked,
    HandShown,
    PotAwarded,
    StreetStarted,
    UncalledBetReturned,
)

_TYPES = {ActionKind.FOLD: "FOLD", ActionKind.CHECK: "CHECK", ActionKind.CALL: "CALL",
          ActionKind.BET: "BET", ActionKind.RAISE: "RAISE", ActionKind.COMPLETE: "COMPLETE",
          ActionKind.BRING_IN: "BRING_IN"}
SEVEN = ("THIRD_STREET", "FOURTH_STREET", "FIFTH_STREET", "SIXTH_STREET", "SEVENTH_STREET")
FIVE = ("SECOND_STREET", "THIRD_STREET", "FOURTH_STREET", "FIFTH_STREET")
NAMES = ["ann", "Bob Smith", "chip_leader", "Dörte", "eve", "fritz", "gus", "hal"]


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


def money(value: int, cents: bool) -> str:
    return f"{value // 100}.{value % 100:02d}" if cents else str(value)


def card_text(card: Any, tens: bool) -> str:
    text = str(card)
    return ("10" + text[1]) if tens and text[0] == "T" else text


def game_xml(hand: Hand, hand_id: str, names: list[str], seats: list[int], *, cents: bool,
             description: str, hero: int | None = 0, old_raises: bool = False,
             tens: bool = False, rng: random.Random | None = None, tournament: bool = False,
             extra_players: str = "", table: str = "Ravenna") -> str:
    """The hand as a Merge ``<game>``: the ``hero``'s cards named, the
    others' down cards "null" until shown; ``old_raises``: RAISE gives the
    chips added (the files before September 2010); ``rng``: events written
    out of order (their sequence numbers say the order)."""
    n = hand.n_seats
    seven = hand.rules.variant.name.startswith(("SEVEN", "RAZZ", "DEUCE"))
    labels = SEVEN if seven else FIVE
    won = [0] * n
    returned = [0] * n
    for event in hand.history:
        if isinstance(event, PotAwarded):
            won[event.seat] += event.amount
        elif isinstance(event, UncalledBetReturned):
            returned[event.seat] += event.amount
    shown = {e.seat: e.cards for e in hand.history if isinstance(e, HandShown)}
    mucked = {e.seat for e in hand.history if isinstance(e, HandMucked)}
    posted = [0] * n  # a tournament's balance: after the ante and the bring-in
    for event in hand.history:
        if isinstance(event, AntePosted):
            posted[event.seat] += event.amount
        elif isinstance(event, ActionTaken) and event.action[0] is ActionKind.BRING_IN:
            posted[event.seat] += event.action[1]
    start = "20100605211500" if old_raises else "20111230232051"
    table_id = hand_id.split("-")[0]
    out = [f'<game id="{hand_id}" starttime="{start}" numholecards="{3 if seven else 2}" '
           f'gametype="{38 if seven else 37}" seats="8" realmoney="{str(not tournament).lower()}" '
           f'data="{start[:8]}|{table}|{table_id}|{hand_id}|false">',
           f'<description type="{description}"/>', '<players dealer="0">']
    for s in range(n):
        balance = hand.starting_stacks[s] - (posted[s] if tournament else 0)
        sign = "$" if cents else ""
        out.append(f'<player seat="{seats[s]}" nickname="{names[s]}" '
                   f'balance="{sign}{money(balance, cents)}" dealtin="true" />')
    out.append(extra_players)
    out.append("</players>")
    rounds: list[list[Any]] = [[]]
    for event in hand.history:
        if isinstance(event, StreetStarted):
            rounds.append([])
        rounds[-1].append(event)
    sequence = 1
    held: dict[int, list[str]] = {s: [] for s in range(n)}
    put = [sum(e.amount for e in hand.history if isinstance(e, AntePosted) and e.seat == s)
           for s in range(n)]
    out.append('<round id="START_HAND" sequence="1">')
    for event in rounds[0]:
        if isinstance(event, AntePosted):
            out.append(f'<event sequence="{sequence}" type="ANTE" timestamp="1325301651000" '
                       f'player="{seats[event.seat]}" amount="{money(event.amount, cents)}"/>')
            sequence += 1
    out.append("</round>")
    for index, events in enumerate(rounds[1:]):
        out.append(f'<round id="{labels[index]}" sequence="{index + 2}">')
        for event in events:
            if isinstance(event, CardDealt):
                named = event.face_up or event.seat == hero
                held[event.seat].append(card_text(event.card, tens) if named else "null")
            elif isinstance(event, CommunityCardDealt):
                out.append(f'<cards type="COMMUNITY" cards="{card_text(event.card, tens)}"/>')
        for s in range(n):
            if any(isinstance(e, CardDealt) and e.seat == s for e in events):
                out.append(f'<cards type="HOLE" cards="{",".join(held[s])}" '
                           f'player="{seats[s]}"/>')
        bets = [0] * n
        lines = []
        for event in events:
            if not isinstance(event, ActionTaken):
                continue
            kind, to = event.action
            seat = event.seat
            text = _TYPES[kind]
            if kind in (ActionKind.FOLD, ActionKind.CHECK):
                lines.append(f'<event sequence="{sequence}" type="{text}" '
                             f'player="{seats[seat]}"/>')
            else:
                added = to - bets[seat]
                put[seat] += added
                value = to if kind in (ActionKind.COMPLETE, ActionKind.RAISE) else added
                if kind is ActionKind.RAISE and old_raises:
                    value = added
                if put[seat] == hand.starting_stacks[seat] and kind in (
                        ActionKind.CALL, ActionKind.BET, ActionKind.RAISE):
                    text, value = "ALL_IN", added
                lines.append(f'<event sequence="{sequence}" type="{text}" '
                             f'player="{seats[seat]}" amount="{money(value, cents)}"/>')
                bets[seat] = to
            sequence += 1
        if rng is not None:
            rng.shuffle(lines)
        out += lines
        out.append("</round>")
    out.append('<round id="END_OF_GAME" sequence="9">')
    for s in sorted(shown):
        cards = ",".join(card_text(c, tens) for c in shown[s])
        out.append(f'<cards type="SHOWN" cards="{cards}" player="{seats[s]}"/>')
    for s in sorted(mucked):
        out.append(f'<cards type="MUCKED" cards="" player="{seats[s]}"/>')
    for s in range(n):
        if won[s]:
            out.append(f'<winner amount="{money(won[s], cents)}" uncalled="false" '
                       f'potnumber="0" player="{seats[s]}"/>')
        if returned[s]:
            out.append(f'<winner amount="{money(returned[s], cents)}" uncalled="true" '
                       f'potnumber="1" player="{seats[s]}"/>')
    out += ["</round>", "</game>"]
    return "\n".join(line for line in out if line) + "\n"


def generated(variant: str, description: str, small: int, big: int, ante: int, bring_in: int,
              count: int, seed: int, *, cents: bool = True, **options: Any) -> str:
    rng = random.Random(seed)
    rules = Rules(variant, small, big, ante, bring_in)
    games = []
    for index in range(count):
        n = rng.randint(2, 8)
        depths = [2, 3, 5] if options.get("short") else [3, 10, 40]
        stacks = [rng.choice(depths) * big + rng.randrange(0, big) for _ in range(n)]
        hand = play(rules, stacks, rng)
        seats = sorted(rng.sample(range(8), n))
        games.append(game_xml(hand, f"{46150000 + seed}-{index + 1}", rng.sample(NAMES, n),
                              seats, cents=cents, description=description,
                              hero=None if options.get("no_hero") else 0,
                              old_raises=bool(options.get("old")), tens=bool(options.get("tens")),
                              rng=rng if options.get("shuffle") else None,
                              tournament=not cents))
    return "".join(games)


SAMPLES = [
    # file, variant, description, small, big, ante, bring_in, count, seed, options
    ("gen_stud.xml", "stud", "7-Stud\" stakes=\"Limit ($0.50/$1)", 50, 100, 10, 25, 30, 1, {}),
    ("gen_stud_shuffled.xml", "stud", "7-Stud\" stakes=\"Limit ($1/$2)", 100, 200, 20, 50, 30,
     2, {"shuffle": True}),
    ("gen_stud8_old_raises.xml", "stud8", "7-Stud H/L8\" stakes=\"Limit ($2/$4)", 200, 400, 40,
     100, 30, 3, {"old": True, "tens": True}),
    ("gen_razz.xml", "razz", "Razz\" stakes=\"Limit ($0.25/$0.50)", 25, 50, 5, 10, 30, 4,
     {"no_hero": True}),
    ("gen_five_stud.xml", "five", "5-Stud\" stakes=\"Limit ($1/$2)", 100, 200, 20, 50, 20, 5,
     {}),
    ("gen_stud_tournament.xml", "stud", "7-Stud Tournament\" stakes=\"Limit Level 3 Blinds "
     "(100/200)", 100, 200, 20, 50, 30, 6, {"cents": False, "short": True}),
    ("gen_stud_allin.xml", "stud", "7-Stud\" stakes=\"Limit ($1/$2)", 100, 200, 20, 50, 30, 7,
     {"short": True}),
]


def write_features(folder: Path) -> None:
    """Hands for the odd features: a cancelled hand, a hold'em hand (skipped),
    a HORSE hand (razz, by its multigametype), a player sitting out (not dealt
    in) with connection events, a time-out written SIT_OUT (a fold)."""
    rng = random.Random(99)
    stud = Rules("stud", 100, 200, 20, 50)
    games = []
    hand = play(stud, [3000, 4000, 5000], rng)
    game = game_xml(hand, "47000001-1", ["ann", "Bob Smith", "eve"], [0, 3, 5], cents=True,
                    description='7-Stud" stakes="Limit ($1/$2)')
    games.append(game.replace("</round>", '<event sequence="90" type="GAME_CANCELLED" '
                                          'timestamp="1325301659000"/>\n</round>', 1))
    games.append('<game id="47000001-2" starttime="20111230232151" numholecards="2" '
                 'gametype="1" seats="9" realmoney="true" data="20111230|Ravenna|47000001|'
                 '47000001-2|false">\n<description type="Holdem" stakes="No Limit ($0.25/$0.50)"/>'
                 '\n<players dealer="1">\n<player seat="0" nickname="ann" balance="$10.00" '
                 'dealtin="true" />\n<player seat="1" nickname="eve" balance="$10.00" '
                 'dealtin="true" />\n</players>\n<round id="BLINDS" sequence="1">\n'
                 '<event sequence="1" type="SMALL_BLIND" player="1" amount="0.25"/>\n'
                 '<event sequence="2" type="BIG_BLIND" player="0" amount="0.50"/>\n</round>\n'
                 '<round id="PREFLOP" sequence="2">\n<event sequence="3" type="FOLD" '
                 'player="1"/>\n</round>\n</game>\n')
    hand = play(Rules("razz", 100, 200, 20, 50), [3000, 4000, 5000, 2500], rng)
    game = game_xml(hand, "47000001-3", ["ann", "Bob Smith", "eve", "hal"], [0, 2, 4, 6],
                    cents=True, description='HORSE" stakes="Limit ($1/$2)')
    games.append(game.replace('gametype="38"', 'gametype="38" multigametype="46"', 1))
    hand = play(stud, [3000, 4000, 5000], rng)
    game = game_xml(hand, "47000001-4", ["ann", "Bob Smith", "eve"], [1, 4, 7], cents=True,
                    description='7-Stud" stakes="Limit ($1/$2)',
                    extra_players='<player seat="6" nickname="zoe away" balance="$20.00" '
                                  'dealtin="false" />')
    game = game.replace('<round id="START_HAND" sequence="1">',
                        '<round id="START_HAND" sequence="1">\n<event sequence="0" '
                        'type="DISCONNECTED" timestamp="1325301650000" player="4"/>\n'
                        '<event sequence="0" type="RECONNECTED" timestamp="1325301650500" '
                        'player="4"/>', 1)
    games.append(game)
    while True:
        hand = play(stud, [3000, 4000, 5000], rng)
        game = game_xml(hand, "47000001-5", ["ann", "Bob Smith", "eve"], [0, 1, 2], cents=True,
                        description='7-Stud" stakes="Limit ($1/$2)')
        if 'type="FOLD"' in game:
            games.append(game.replace('type="FOLD"', 'type="SIT_OUT"', 1))
            break
    (folder / "features.xml").write_text("".join(games), encoding="utf-8")


def write_samples(folder: Path) -> None:
    write_features(folder)
    for name, variant, description, small, big, ante, bring_in, count, seed, options \
            in SAMPLES:
        options = dict(options)
        cents = options.pop("cents", True)
        text = generated(variant, description, small, big, ante, bring_in, count, seed,
                         cents=cents, **options)
        (folder / name).write_text(text, encoding="utf-8")
    # the encodings the site wrote: cp1252, UTF-16 (little-endian, Windows line ends)
    text = (folder / "gen_stud.xml").read_text(encoding="utf-8")
    (folder / "enc_cp1252.xml").write_bytes(text.encode("cp1252"))
    (folder / "enc_utf16.xml").write_bytes(b"\xff\xfe" + text.replace("\n", "\r\n")
                                           .encode("utf-16-le"))


if __name__ == "__main__":
    write_samples(Path(__file__).resolve().parent / "samples")
