"""Hand-history speed: PokerStars and PHH read, replayed and verified; stud vs pokerkit.

    python bench/bench_histories.py [--hands 20000] [--markdown] [--profile]

A seeded file of PokerStars hands is written first with
``stud.histories.pokerstars_write`` (6-max tables, the three seven-card
games mixed, half in chips and half in dollars, short stacks now and then
for all-ins and side pots, a hero in seat 1 whose down cards show), into a
temporary directory (or ``--out DIR``, kept).  Then, on one core:

- PokerStars, read only: ``read_pokerstars_file`` over the file, a
  ``HandRecord`` per hand (hands/s);
- PokerStars, read + replay + verify: each record also played through the
  engine and checked against what the file says each seat collected
  (``HandRecord.replay()``; the project's goal: >= 50,000 hands/s);
- PokerStars, verify: ``stud.histories.verify(path)`` over the same file:
  the bytes split, read, replayed and checked in C (the hands it cannot
  settle go to the Python reader; the run says how many), no record made
  for a hand that reproduces (the same goal);
- PHH: the same records written as one ``.phhs`` (``stud.histories.write``),
  read by stud (``read_phh_lines``; and read + replay), and by pokerkit:
  ``pokerkit.notation.HandHistory.loads`` per hand, then iterating the
  history's states (pokerkit's replay), over the first ``--pokerkit-hands``
  hands (the file is split into hands before timing; a hand pokerkit
  refuses is counted apart);
- memory: the peak resident set size (``ru_maxrss``) of a fresh process
  that reads, replays and verifies the file, and a file ``--rss-factor``
  times bigger (default 5): streaming keeps it flat;
- "before": the same rows with the ``stud.histories`` modules of a git
  revision (``--baseline HEAD`` by default; ``--baseline none`` to skip),
  loaded from that revision under another name (the engine is today's),
  on the first ``--baseline-hands`` hands of the same file;
- ``--profile``: cProfile's top functions of read + replay + verify, over
  ``--profile-hands`` hands, before and now;
- ``--callgrind N``: the machine instructions per hand (valgrind's
  callgrind, whatever else the machine runs) of each row, before and now,
  over the first N hands: a process that reads N hands less one that
  only starts, divided by N.

Each timed row is the best of ``--repeat`` passes; the garbage collector
runs as it would in use.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import io
import itertools
import os
import platform
import pstats
import random
import resource
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Any

import stud
from stud import Hand, Rules, Variant
from stud.histories.pokerstars import POKERSTARS_PROFILE

sys.path.insert(0, os.path.dirname(__file__))
from _benchutil import cpu_model  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Hero", "sea.otter", "Quinn [NL]", "marlowe", "Tess D'Urb", "idle_guy77")
GOAL = 50_000


# ---- the file --------------------------------------------------------------------------

def random_hands(n: int, seed: int):
    """n finished 6-max hands, seeded: the games mixed, PokerStars' rules."""
    rng = random.Random(seed)
    games = [Rules(Variant.SEVEN_CARD_STUD, 10, ante=2, bring_in=5, **POKERSTARS_PROFILE),
             Rules(Variant.SEVEN_CARD_STUD_HILO, 10, ante=2, bring_in=5, **POKERSTARS_PROFILE),
             Rules(Variant.RAZZ, 10, ante=2, bring_in=5, **POKERSTARS_PROFILE),
             Rules(Variant.SEVEN_CARD_STUD, 40, ante=8, bring_in=12, **POKERSTARS_PROFILE),
             Rules(Variant.RAZZ, 100, ante=20, bring_in=25, **POKERSTARS_PROFILE)]
    for number in range(n):
        rules = rng.choice(games)
        big = rules.big_bet
        stacks = [rng.randint(3, 12) * big if rng.random() < 0.15 else rng.randint(20, 150) * big
                  for _ in range(6)]
        hand = Hand(rules, stacks, seed=rng.getrandbits(48), rake=rng.choice([0, 1, 2, 3]))
        while not hand.is_over:
            if hand.awaiting_showdown:
                if hand.may_muck and rng.random() < 0.3:
                    hand.muck()
                else:
                    hand.show()
                continue
            legal = hand.legal_actions()
            # folds one time in four when there is something to fold to
            weights = [1.0 if a.kind == 0 else 3.0 if a.kind in (1, 2, 3) else 1.2 for a in legal]
            hand.act(rng.choices(legal, weights)[0])
        yield hand, number


def write_files(n: int, seed: int, ps_path: Path, phhs_path: Path | None) -> float:
    """Writes n hands to ps_path as PokerStars text (the hero's down cards
    shown, the others' not), and to phhs_path as PHH (every card, as the
    engine dealt them); returns the seconds it took."""
    from stud.histories.phh import write_phh
    from stud.histories.pokerstars_write import write_pokerstars

    start = time.perf_counter()
    with open(ps_path, "w", encoding="utf-8", newline="\n") as out, \
            (open(phhs_path, "w", encoding="utf-8", newline="\n") if phhs_path
             else open(os.devnull, "w")) as phh:
        for hand, number in random_hands(n, seed):
            fields = {"players": NAMES, "seats": (1, 2, 3, 5, 7, 8),
                      "hand_id": str(250_000_000_000 + number),
                      "table": f"Aldebaran {number % 40 + 1}",
                      "currency": "USD" if hand.rules.small_bet == 10 and number % 2 else None}
            out.write(write_pokerstars(hand, hero=0, **fields))
            out.write("\n\n\n")
            if phhs_path:
                phh.write(("" if number == 0 else "\n") + f"[{number + 1}]\n"
                          + write_phh(hand.to_record(**fields)))
    return time.perf_counter() - start


# ---- the timed passes ------------------------------------------------------------------

def best(fn, repeat: int) -> tuple[float, Any]:
    """The least CPU time (process_time: this process on one core, whatever
    else the machine runs) of `repeat` calls of fn(), and its result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.process_time()
        result = fn()
        times.append(time.process_time() - start)
    return min(times), result


def ps_read(mod: types.ModuleType, path: Path, limit: int | None) -> int:
    count = 0
    for item in itertools.islice(mod.read_pokerstars_file(str(path)), limit):
        if not isinstance(item, mod.HandRecord):
            raise SystemExit(f"a hand did not read: {item}")
        count += 1
    return count


def ps_replay(mod: types.ModuleType, path: Path, limit: int | None) -> int:
    count = 0
    for item in itertools.islice(mod.read_pokerstars_file(str(path)), limit):
        item.replay()  # raises MismatchError where the engine and the file disagree
        count += 1
    return count


def ps_verify(mod: types.ModuleType, path: Path, limit: int | None) -> int:
    result = mod.verify(str(path))
    if result.mismatches or result.errors:
        raise SystemExit(f"a hand did not verify: {(result.mismatches + result.errors)[0]}")
    return result.read


def phh_read(mod: types.ModuleType, path: Path, limit: int | None, replay: bool) -> int:
    count = 0
    with open(path, encoding="utf-8") as lines:
        for item in itertools.islice(mod.read_phh_lines(lines, str(path)), limit):
            if replay:
                item.replay()
            count += 1
    return count


def phh_hands(path: Path, limit: int) -> list[str]:
    """The first hands of a .phhs, one text each (a ``[N]`` section)."""
    hands: list[str] = []
    current: list[str] = []
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("[") and line.rstrip().endswith("]") and line[1:-2].isdigit():
                if current:
                    hands.append("".join(current))
                    if len(hands) == limit:
                        return hands
                current = []
            else:
                current.append(line)
    if current and len(hands) < limit:
        hands.append("".join(current))
    return hands


def pokerkit_accepts(texts: list[str]) -> tuple[list[str], int, str]:
    """(untimed) the hands pokerkit replays to their end, how many it
    refuses and why the first one is refused."""
    from pokerkit.notation import HandHistory

    accepted, refused, first = [], 0, ""
    for text in texts:
        try:
            for _state in HandHistory.loads(text):
                pass
            accepted.append(text)
        except Exception as error:  # noqa: BLE001 - counted, and the first one shown
            refused += 1
            first = first or f"{type(error).__name__}: {error}"[:100]
    return accepted, refused, first


def pokerkit_replay(texts: list[str]) -> int:
    from pokerkit.notation import HandHistory

    for text in texts:
        for _state in HandHistory.loads(text):
            pass
    return len(texts)


# ---- the "before" modules --------------------------------------------------------------

def load_baseline(ref: str) -> tuple[types.ModuleType, str]:
    """``stud.histories`` as it is at a git revision, imported as
    ``stud._histories_before`` (its relative imports reach today's stud)."""
    commit = subprocess.run(["git", "rev-parse", "--short", ref], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    listing = subprocess.run(["git", "ls-tree", "--name-only", ref, "python/stud/histories/"],
                             cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    folder = Path(tempfile.mkdtemp(prefix="stud-histories-before-"))
    for name in listing:
        if name.endswith(".py"):
            text = subprocess.run(["git", "show", f"{ref}:{name}"], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout
            (folder / Path(name).name).write_text(text, encoding="utf-8")
    name = "stud._histories_before"
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    return namespace(name), commit


def namespace(package: str) -> types.ModuleType:
    """One module with what the passes use from a histories package."""
    mod = types.ModuleType(package + ".bench")
    ps = importlib.import_module(package + ".pokerstars")
    phh = importlib.import_module(package + ".phh")
    top = importlib.import_module(package)
    mod.read_pokerstars_file = ps.read_pokerstars_file
    mod.read_phh_lines = phh.read_phh_lines
    mod.HandRecord = top.HandRecord
    mod.verify = getattr(top, "verify", None)  # (not in revisions before it)
    return mod


# ---- memory ----------------------------------------------------------------------------

def rss_child(path: str) -> None:
    """(in a fresh process) read + replay + verify a file; print the peak RSS in KiB."""
    from stud.histories.pokerstars import read_pokerstars_file

    count = 0
    for record in read_pokerstars_file(path):
        record.replay()
        count += 1
    print(count, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def peak_rss(path: Path) -> tuple[int, int]:
    out = subprocess.run([sys.executable, __file__, "--rss-child", str(path)], check=True,
                         capture_output=True, text=True).stdout.split()
    return int(out[0]), int(out[1])


# ---- instructions -----------------------------------------------------------------------

IR_ROWS = (("PokerStars: read", "ps", False), ("PokerStars: read + replay + verify", "ps", True),
           ("PHH (.phhs): read", "phh", False), ("PHH (.phhs): read + replay + verify", "phh", True))


def ir_child(version: str, row: str, path: str) -> None:
    """(under valgrind) one row's pass over a file; row "none": only the imports."""
    mod = namespace("stud.histories") if version == "now" else load_baseline(version)[0]
    if row != "none":
        what, replay = IR_ROWS[int(row)][1:]
        if what == "ps":
            (ps_replay if replay else ps_read)(mod, Path(path), None)
        else:
            phh_read(mod, Path(path), None, replay)


def instructions(version: str, row: str, path: Path) -> int:
    out = Path(tempfile.mkdtemp(prefix="stud-bench-cg-")) / "callgrind.out"
    result = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                             sys.executable, __file__, "--ir-child", version, row, str(path)],
                            capture_output=True, text=True, check=True)
    for line in result.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split("Collected :")[1].split()[0])
    raise RuntimeError(f"no instruction count from valgrind: {result.stderr[-300:]}")


def ir_rows(versions: list[tuple[str, str]], hands: int, seed: int,
            folder: Path) -> list[tuple[str, str, float]]:
    """(row, version, instructions per hand) of each row and version."""
    ps_path, phh_path = folder / f"pokerstars_{hands}.txt", folder / f"phh_{hands}.phhs"
    write_files(hands, seed, ps_path, phh_path)  # (the first hands of the big file)
    rows = []
    for label, revision in versions:
        base = {kind: instructions(revision, "none", ps_path if kind == "ps" else phh_path)
                for kind in ("ps", "phh")}
        for number, (what, kind, _) in enumerate(IR_ROWS):
            total = instructions(revision, str(number), ps_path if kind == "ps" else phh_path)
            rows.append((what, label, (total - base[kind]) / hands))
            print(f"  {what:44s} {label:16s} {rows[-1][2]:>12,.0f} instructions/hand",
                  file=sys.stderr)
    return rows


# ---- profile ---------------------------------------------------------------------------

def profile(mod: types.ModuleType, path: Path, hands: int, top: int) -> str:
    profiler = cProfile.Profile()
    profiler.enable()
    ps_replay(mod, path, hands)
    profiler.disable()
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text)
    stats.sort_stats("tottime").print_stats(top)
    lines = text.getvalue().splitlines()
    # keep the totals line and the table
    keep = [line for line in lines if "function calls" in line]
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    root = str(ROOT) + "/"
    return "\n".join(keep + [line.replace(root, "") for line in lines[start:] if line.strip()])


# ---- main ------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--out", metavar="DIR", help="write the files here (kept)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", default="HEAD", help="git revision of 'before' (none: skip)")
    parser.add_argument("--baseline-hands", type=int, default=3_000)
    parser.add_argument("--pokerkit-hands", type=int, default=1_000)
    parser.add_argument("--no-pokerkit", action="store_true")
    parser.add_argument("--rss-factor", type=int, default=5, help="0: no memory rows")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--profile-hands", type=int, default=2_000)
    parser.add_argument("--callgrind", type=int, default=0, metavar="N",
                        help="also count instructions per hand over N hands (valgrind)")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--rss-child", help=argparse.SUPPRESS)
    parser.add_argument("--ir-child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rss_child:
        rss_child(args.rss_child)
        return 0
    if args.ir_child:
        ir_child(*args.ir_child)
        return 0

    folder = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="stud-bench-hh-"))
    folder.mkdir(parents=True, exist_ok=True)
    ps_path = folder / f"pokerstars_{args.hands}.txt"
    phhs_path = folder / f"phh_{args.hands}.phhs"
    seconds = write_files(args.hands, args.seed, ps_path, phhs_path)
    size = ps_path.stat().st_size
    print(f"wrote {args.hands:,} hands ({size / 1e6:.1f} MB) to {ps_path} and {phhs_path} in "
          f"{seconds:.1f} s", file=sys.stderr)

    now = namespace("stud.histories")
    versions = [("now", now, args.hands)]
    commit = None
    if args.baseline.lower() != "none":
        before, commit = load_baseline(args.baseline)
        versions.insert(0, (f"before ({commit})", before, min(args.baseline_hands, args.hands)))
        versions.insert(1, ("now", now, min(args.baseline_hands, args.hands)))

    rows: list[dict[str, Any]] = []

    def row(what: str, version: str, count: int, seconds: float, goal: int | None = None,
            note: str = "") -> None:
        rows.append({"what": what, "version": version, "count": count,
                     "per_second": count / seconds, "goal": goal, "note": note})
        print(f"  {what:44s} {version:16s} {count:>8,} {count / seconds:>10,.0f}/s {note}",
              file=sys.stderr)

    for version, mod, limit in versions:
        seconds, count = best(lambda: ps_read(mod, ps_path, limit), args.repeat)
        row("PokerStars: read", version, count, seconds)
        seconds, count = best(lambda: ps_replay(mod, ps_path, limit), args.repeat)
        row("PokerStars: read + replay + verify", version, count, seconds, GOAL)
    if now.verify is not None:
        seconds, count = best(lambda: ps_verify(now, ps_path, None), args.repeat)
        slow = now.verify(str(ps_path)).slow
        row("PokerStars: `verify` (C reader and replay)", "now", count, seconds, GOAL,
            f"{slow:,} hands left to the Python reader" if slow else "")
    for version, mod, limit in versions:
        seconds, count = best(lambda: phh_read(mod, phhs_path, limit, False), args.repeat)
        row("PHH (.phhs): read", version, count, seconds)
        seconds, count = best(lambda: phh_read(mod, phhs_path, limit, True), args.repeat)
        row("PHH (.phhs): read + replay + verify", version, count, seconds)
    if not args.no_pokerkit:
        try:
            import pokerkit  # noqa: F401
        except ImportError as error:
            print(f"pokerkit rows skipped: {error}", file=sys.stderr)
        else:
            texts, refused, first = pokerkit_accepts(phh_hands(phhs_path, args.pokerkit_hands))
            seconds, done = best(lambda: pokerkit_replay(texts), args.repeat)
            note = (f"the {done:,} of the first {done + refused:,} hands pokerkit replays; it "
                    f"refuses {refused}, e.g. {first}") if refused else ""
            row("PHH: HandHistory.loads + states (replay)", "pokerkit " + package_version(),
                done, seconds, note=note)

    memory: list[tuple[int, int]] = []
    if args.rss_factor > 0:
        big = folder / f"pokerstars_{args.hands * args.rss_factor}.txt"
        write_files(args.hands * args.rss_factor, args.seed + 1, big, None)
        memory = [peak_rss(ps_path), peak_rss(big)]
        for count, kib in memory:
            print(f"  peak RSS reading + replaying {count:,} hands: {kib / 1024:.1f} MiB",
                  file=sys.stderr)
        if not args.out:
            big.unlink()

    counted: list[tuple[str, str, float]] = []
    if args.callgrind:
        revisions = [("now", "now")]
        if commit:
            revisions.insert(0, (f"before ({commit})", commit))
        counted = ir_rows(revisions, args.callgrind, args.seed, folder)

    profiles = []
    if args.profile:
        for version, mod, _ in versions[:1] + versions[-1:]:
            profiles.append((version, profile(mod, ps_path, args.profile_hands, 18)))

    machine = (f"stud {stud.__version__}, {cpu_model()} ({os.cpu_count()} CPUs), Python "
               f"{platform.python_version()}, 1-minute load {os.getloadavg()[0]:.2f}")
    print(machine + f"; {args.hands:,} hands (seed {args.seed}, {size / 1e6:.1f} MB), best of "
          f"{args.repeat}" + (f"; before = stud.histories at {commit}" if commit else "") + "\n")
    if args.markdown:
        print("| what | version | hands | hands/s | goal |")
        print("|---|---|--:|--:|--:|")
        for r in rows:
            goal = f">= {r['goal']:,}" if r["goal"] else "-"
            note = f" ({r['note']})" if r["note"] else ""
            print(f"| {r['what']}{note} | {r['version']} | {r['count']:,} | "
                  f"{r['per_second']:,.0f} | {goal} |")
        if memory:
            print("\n| peak RSS, read + replay + verify in a fresh process | hands | MiB |")
            print("|---|--:|--:|")
            for count, kib in memory:
                print(f"| `read_pokerstars_file` | {count:,} | {kib / 1024:.1f} |")
    else:
        for r in rows:
            goal = f"(goal {r['goal']:,})" if r["goal"] else ""
            print(f"{r['what']:44s} {r['version']:18s} {r['count']:>8,} "
                  f"{r['per_second']:>10,.0f}/s {goal} {r['note']}")
        for count, kib in memory:
            print(f"peak RSS, read + replay + verify of {count:,} hands: {kib / 1024:.1f} MiB")
    if counted:
        print(f"\nMachine instructions per hand (callgrind), over the first {args.callgrind:,} "
              f"hands:\n")
        if args.markdown:
            print("| what | version | instructions per hand |")
            print("|---|---|--:|")
        for what, version, per_hand in counted:
            print(f"| {what} | {version} | {per_hand:,.0f} |" if args.markdown
                  else f"{what:44s} {version:18s} {per_hand:>12,.0f}")
    for version, text in profiles:
        print(f"\ncProfile, read + replay + verify of {args.profile_hands:,} hands, {version}:\n")
        print("```\n" + text + "\n```" if args.markdown else text)
    return 0


def package_version() -> str:
    try:
        from importlib.metadata import version

        return version("pokerkit")
    except Exception:  # noqa: BLE001
        return "?"


if __name__ == "__main__":
    sys.exit(main())
