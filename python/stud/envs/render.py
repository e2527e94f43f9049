"""Text pictures of a table for ``render_mode="ansi"``."""

from __future__ import annotations

from .._core import Hand, _env_actions
from ..histories.view import text
from .layout import ACTION_NAMES


def render(mode: str | None, hand: Hand | None) -> str | None:
    """What ``env.render()`` returns: None without a render mode, else the
    table's picture (or a line saying there is no hand yet)."""
    if mode is None:
        return None
    if hand is None:
        return "(no hand: reset() the environment)"
    return render_text(hand)


def render_text(hand: Hand) -> str:
    """The hand street by street (every card, as a table-side observer
    sees it at the end), then who is to act and with what actions, or
    how it ended."""
    lines = [text(hand)]
    if hand.is_over:
        payouts = hand.payouts or []
        lines.append("over: " + ", ".join(f"seat {s} +{p}" for s, p in enumerate(payouts) if p))
    elif hand.actor is not None:
        legal = [f"{i} {ACTION_NAMES[i]} ({a.kind.name.lower()} {a.amount})"
                 for i, a in enumerate(_env_actions(hand)) if a is not None]
        lines.append(f"seat {hand.actor} to act: " + "; ".join(legal))
    return "\n".join(lines)
