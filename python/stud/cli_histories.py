"""``stud hh``: hand histories on the command line (convert, show, verify,
summary); see ``stud.histories``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .cli import UserError, user_errors
from .histories import HistoryError, MismatchError, Summary, read, verify, write
from .histories.io import _profiles, formats
from .histories.record import HandRecord
from .histories.view import streets, text

#: the histories the commands take (every format of stud.histories.formats())
_ONE_FILE = "a hand history file: PHH, PokerStars or another site's format"
_FILES = "hand history files: PHH, PokerStars or other sites' formats"


def add_commands(commands: Any) -> None:
    hh = commands.add_parser("hh", help="hand histories: convert, show, verify, summary, "
                                         "export",
                             description="Hand histories: PHH (.phh, .phhs), PokerStars and "
                                         "the other sites' formats (--format lists them; each "
                                         "found from the file's content).")
    sub = hh.add_subparsers(dest="hh_command", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--format", choices=list(formats()),
                       help="the input format (default: found from the first lines)")
        p.add_argument("--profile", choices=sorted(_profiles()),
                       help="table rules by name (default: the site's own for a site's "
                            "files, none for PHH)")
        p.add_argument("--progress", action="store_true", help="a progress bar (needs tqdm)")

    convert = sub.add_parser("convert", help="any format in, PHH out",
                             description="Hand histories of any format in, PHH out.")
    convert.add_argument("input", help=_ONE_FILE)
    convert.add_argument("output", help="a .phh (one hand) or .phhs file")
    common(convert)
    convert.set_defaults(run=_convert)
    show = sub.add_parser("show", help="one hand street by street",
                          description="One hand of a history, street by street.")
    show.add_argument("file", help=_ONE_FILE)
    show.add_argument("--hand", help="the hand id (default: the first hand)")
    show.add_argument("--json", action="store_true", help="machine-readable output")
    common(show)
    show.set_defaults(run=_show)
    verify = sub.add_parser("verify", help="replay every hand and check it against its record",
                            description="Replay every hand and check it against its record.")
    verify.add_argument("files", nargs="+", help=_FILES)
    verify.add_argument("--json", action="store_true", help="machine-readable output")
    common(verify)
    verify.set_defaults(run=_verify)
    summary = sub.add_parser("summary", help="per player: net, all-in adjusted net and the "
                                             "tracker statistics",
                             description="Per player: hands, net, all-in adjusted net, VPIP, "
                                         "3rd street raise, bring-in completes, steals, folds "
                                         "to steals, went to showdown, won at showdown, "
                                         "aggression (each defined in the docs' analysis "
                                         "page).")
    summary.add_argument("files", nargs="+", help=_FILES)
    summary.add_argument("--trials", type=int, default=20_000,
                         help="Monte Carlo trials per all-in equity")
    summary.add_argument("--json", action="store_true", help="machine-readable output")
    summary.add_argument("--plot", metavar="PATH",
                         help="save a results graph (net and all-in adjusted net over hands) "
                              "as PNG or HTML, by the suffix (needs matplotlib)")
    summary.add_argument("--players", type=int, default=5, metavar="N",
                         help="the graph draws the N players with the most hands")
    common(summary)
    summary.set_defaults(run=_summary)
    export = sub.add_parser("export", help="Parquet tables of hands, seats and actions",
                            description="Every hand read, replayed and written as Parquet "
                                        "tables (hands, seats, actions) into a directory, "
                                        "for DuckDB, polars or pandas (needs pyarrow).")
    export.add_argument("files", nargs="+", help=_FILES)
    export.add_argument("--out", required=True, metavar="DIR",
                        help="the directory to write hands.parquet, seats.parquet and "
                             "actions.parquet into")
    common(export)
    export.set_defaults(run=_export)


def _records(files: list[str], args: argparse.Namespace, errors: list[HistoryError],
             skipped: list[int] | None = None) -> Iterator[HandRecord]:
    """The hands of ``files``; their unreadable hands go to ``errors``, and
    ``skipped[0]`` counts the hands passed over (other games, cancelled)."""
    bar = _bar(args)
    try:
        for name in files:
            with _reading(name):
                reading = read(Path(name), format=args.format, profile=args.profile,
                               on_error=errors.append)
                for record in reading:
                    if bar is not None:
                        bar.update(1)
                    yield record
            if skipped is not None:
                skipped[0] += reading.skipped + reading.cancelled
    finally:
        if bar is not None:
            bar.close()


@contextmanager
def _reading(name: str) -> Iterator[None]:
    """A file that cannot be opened or read, or is not UTF-8 text (found as
    it is read, hands into it): the user's mistake, named."""
    try:
        with user_errors(UnicodeDecodeError, about=f"{name} is not UTF-8 text"):
            yield
    except OSError as error:
        raise UserError(f"cannot read {name}: {error.strerror or error}") from error


_SKIPPED = "other games or cancelled hands"


def _bar(args: argparse.Namespace) -> Any:
    if not args.progress:
        return None
    try:
        from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        print("stud hh: --progress needs tqdm (pip install 'stud[progress]'): no progress bar",
              file=sys.stderr)
        return None
    return tqdm(unit="hand", unit_scale=True, file=sys.stderr)


def _report(errors: list[HistoryError]) -> None:
    for error in errors:
        print(f"stud hh: {error}", file=sys.stderr)


def _convert(args: argparse.Namespace) -> int:
    errors: list[HistoryError] = []
    skipped = [0]
    try:
        count = _write_whole(_records([args.input], args, errors, skipped), args.output)
    finally:
        _report(errors)
    print(f"{count:,} hands written to {args.output}" +
          (f"; {len(errors):,} could not be read" if errors else "") +
          (f"; skipped {skipped[0]:,}: {_SKIPPED}" if skipped[0] else ""))
    return 1 if errors else 0


def _write_whole(records: Iterator[HandRecord], output: str) -> int:
    """``write`` (which leaves no partial file: it moves a whole one over
    ``output`` at the end), a file it cannot write named."""
    try:
        return write(records, output)
    except OSError as error:  # (reading's are UserError already)
        raise UserError(f"cannot write {output}: {error.strerror or error}") from error
    except HistoryError:  # (the input's, named by main)
        raise
    except ValueError as error:  # what write refuses: several hands for a .phh file
        raise UserError(f"{output}: {error}") from error


def _show(args: argparse.Namespace) -> int:
    errors: list[HistoryError] = []
    for record in _records([args.file], args, errors):
        if args.hand is None or record.hand_id == args.hand:
            if args.json:
                print(json.dumps(streets(record)))
            else:
                print(text(record))
            return 0
    _report(errors)
    print(f"stud hh show: no hand {args.hand!r} in {args.file}" if args.hand else
          f"stud hh show: no hand in {args.file}", file=sys.stderr)
    return 2  # (the user's mistake, as main's UserError)


def _verify(args: argparse.Namespace) -> int:
    # (stud.histories.verify: PokerStars files by path are read and replayed in C)
    errors: list[HistoryError] = []
    reproduced = 0
    skipped = 0
    mismatches: list[MismatchError] = []
    bar = _bar(args)
    try:
        for name in args.files:
            with _reading(name):
                found = verify(Path(name), format=args.format, profile=args.profile,
                               progress=None if bar is None else bar.update)
            reproduced += found.reproduced
            mismatches.extend(found.mismatches)
            errors.extend(found.errors)
            skipped += found.skipped + found.cancelled
    finally:
        if bar is not None:
            bar.close()
    counts = {"read": reproduced + len(mismatches), "reproduced": reproduced,
              "not_reproduced": len(mismatches), "unreadable": len(errors), "skipped": skipped}
    if args.json:
        print(json.dumps({**counts, "mismatches": [str(e) for e in mismatches],
                          "errors": [str(e) for e in errors]}))
    else:
        print(f"read {counts['read']:,}, reproduced {reproduced:,}, not reproduced "
              f"{len(mismatches):,}, unreadable {len(errors):,}" +
              (f"; skipped {skipped:,}: {_SKIPPED}" if skipped else ""))
        for each in mismatches:
            print(f"  not reproduced: {each}")
        for unreadable in errors:
            print(f"  unreadable: {unreadable}")
    return 0 if not mismatches and not errors else 1


def _summary(args: argparse.Namespace) -> int:
    if args.plot is not None and not args.plot.lower().endswith((".png", ".html")):
        raise UserError(f"--plot {args.plot}: the graph is saved as .png or .html")
    if args.players < 1:
        raise UserError(f"--players {args.players}: draw 1 player or more")
    errors: list[HistoryError] = []
    mismatches: list[str] = []
    skipped = [0]
    summary = Summary(trials=args.trials, keep_series=args.plot is not None)
    bar = _bar(args)
    try:
        for name in args.files:
            # (PokerStars and PHH files by path: read, replayed and counted in C)
            with _reading(name):
                found = summary.add_file(Path(name), format=args.format, profile=args.profile,
                                         progress=None if bar is None else bar.update)
            mismatches.extend(str(mismatch) for mismatch in found.mismatches)
            errors.extend(found.errors)
            skipped[0] += found.skipped + found.cancelled
    finally:
        if bar is not None:
            bar.close()
    totals = summary.totals
    rows = sorted(totals.items(), key=lambda item: -item[1].net)
    if args.plot is not None and summary.series:
        _plot(summary.series, args.plot, args.players)
    if args.json:
        print(json.dumps({"players": {name: {**dict(zip(t._fields, t._values())),
                                             "rates": t.rates()} for name, t in rows},
                          "not_reproduced": mismatches, "unreadable": [str(e) for e in errors],
                          "skipped": skipped[0], "unnamed": summary.unnamed}))
        return 0
    _report(errors)
    if skipped[0]:
        print(f"stud hh: skipped {skipped[0]:,}: {_SKIPPED}", file=sys.stderr)
    if summary.unnamed:
        print(f"stud hh: {summary.unnamed:,} hands name no players: not in the totals",
              file=sys.stderr)
    for line in mismatches:
        print(f"stud hh: left out, not reproduced: {line}", file=sys.stderr)
    width = max([len(name) for name in totals] + [6])
    print(f"{'player':<{width}} {'hands':>7} {'net':>10} {'adjusted':>10} {'VPIP':>5} "
          f"{'raise':>5} {'BI+':>5} {'steal':>5} {'FtS':>5} {'WTSD':>5} {'W$SD':>5} {'AF':>5}")
    for name, t in rows:
        r = t.rates()
        cells = " ".join(_rate(r[key]) for key in (
            "vpip", "raised_first", "bring_in_complete", "steal", "fold_to_steal",
            "went_to_showdown", "won_at_showdown"))
        af = "-" if r["aggression"] is None else f"{r['aggression']:.1f}"
        print(f"{name:<{width}} {t.hands:>7,} {t.net:>10,} {t.adjusted:>10,.1f} {cells} {af:>5}")
    if args.plot is not None:
        print(f"results graph: {args.plot}" if summary.series else
              "stud hh summary: no named player to draw: no graph written", file=sys.stderr)
    return 0


def _rate(value: float | None) -> str:
    return f"{'-':>5}" if value is None else f"{100 * value:>4.0f}%"


def _plot(series: dict[str, list[tuple[int, float]]], path: str, players: int) -> None:
    from .histories.plot import results_graph

    most = sorted(series, key=lambda name: (-len(series[name]), name))[:players]
    with user_errors(ImportError, about="--plot"):
        try:
            results_graph({name: series[name] for name in most}, path)
        except OSError as error:
            raise UserError(f"cannot write {path}: {error.strerror or error}") from error


def _export(args: argparse.Namespace) -> int:
    from .histories.export import export

    errors: list[HistoryError] = []
    bar = _bar(args)
    try:
        with _reading(", ".join(args.files)), user_errors(ImportError, about="export"):
            try:
                counts = export(args.files, args.out, format=args.format, profile=args.profile,
                                on_error=errors.append,
                                progress=None if bar is None else lambda _: bar.update(1))
            except NotADirectoryError as error:
                raise UserError(f"--out {args.out}: not a directory") from error
    finally:
        if bar is not None:
            bar.close()
    _report(errors)
    print(f"{counts.hands:,} hands ({counts.reproduced:,} reproduced) written to {args.out}"
          + (f"; {counts.unreadable:,} could not be read" if counts.unreadable else "")
          + (f"; skipped {counts.skipped:,}: {_SKIPPED}" if counts.skipped else ""))
    return 1 if errors else 0
