"""Text pictures of a table for ``render_mode="ansi"`` (and "human",
which prints the same text)."""

from __future__ import annotations

from .._core import Hand, _env_actions
from ..histories.view import streets, text
from .layout import ACTION_NAMES


def render(mode: str | None, hand: Hand | None, seat: int | None = None) -> str | None:
    """What ``env.render()`` returns: None without a render mode, else the
    table's picture (or a line saying there is no hand yet)."""
    if mode is None:
        return None
    return render_text(hand, seat)


def render_text(hand: Hand | None, seat: int | None = None) -> str:
    """The hand street by street, then who is to act and with what
    actions, or how it ended.  With ``seat``: what that seat may see (the
    other seats' down cards drawn ``??`` until they are shown at the
    showdown); without: every card at the table (privileged)."""
    if hand is None:
        return "(no hand: reset() the environment)"
    lines = [text(hand) if seat is None else _seat_text(hand, seat)]
    if hand.is_over:
        payouts = hand.payouts or []
        lines.append("over: " + ", ".join(f"seat {s} +{p}" for s, p in enumerate(payouts) if p))
    elif hand.actor is not None:
        legal = [f"{i} {ACTION_NAMES[i]} ({a.kind.name.lower()} {a.amount})"
                 for i, a in enumerate(_env_actions(hand)) if a is not None]
        lines.append(f"seat {hand.actor} to act: " + "; ".join(legal))
    return "\n".join(lines)


def _seat_text(hand: Hand, seat: int) -> str:
    """``histories.view.text``'s layout with only what ``seat`` sees."""
    view = streets(hand)
    names = view["names"]
    assert isinstance(names, list)
    me = names[seat]
    pad = max(len(name) for name in names)
    lines = [f"{view['header']} (seen from {me})"]
    for street in view["streets"]:  # type: ignore[attr-defined]
        lines.append(f"street {street['number']}")
        for name, down, up, _ in street["seats"]:
            shown = down if name == me else ["??"] * len(down)
            cards = (f"[{' '.join(shown)}] " if shown else "") + " ".join(up)
            lines.append(f"  {name:<{pad}}  {cards}".rstrip())
        if street["community"]:
            lines.append(f"  community  {' '.join(street['community'])}")
        acts = " . ".join(street["actions"])
        lines.append(f"  {acts}  pot {street['pot']}" if acts else f"  pot {street['pot']}")
    lines += [f"showdown: {line}" for line in view["showdown"]]  # type: ignore[attr-defined]
    lines += list(view["result"])  # type: ignore[call-overload]
    return "\n".join(lines)
