"""A player's results graph: net and all-in adjusted net over his hands.

``results_graph(series, path)`` draws, for each player of ``series`` (as
``Summary(keep_series=True).series`` gives it), his running net (solid)
and all-in adjusted net (dashed) against the number of hands he played,
and saves it as PNG (a ``.png`` path) or as one self-contained HTML page
(``.html``: the picture inline as SVG, no outside file or link).  Needs
matplotlib (``pip install 'stud[plot]'``).  ``stud hh summary --plot``
draws the players with the most hands.
"""

from __future__ import annotations

import html
import io
import os
from collections.abc import Mapping, Sequence
from typing import Union

from .._checks import optional_module

__all__ = ["results_graph"]


def results_graph(series: Mapping[str, Sequence[tuple[float, float]]],
                  path: Union[str, os.PathLike[str]], *, title: str = "Results",
                  unit: str = "chips") -> None:
    """Saves the graph of ``series`` (name -> running (net, adjusted) after
    each hand) to ``path``, PNG or HTML by its suffix.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = pathlib.Path(folder, "results.png")
    ...     results_graph({"ann": [(10, 4.0), (-5, 1.5), (20, 9.0)]}, out)
    ...     out.read_bytes()[:4]
    b'\\x89PNG'
    """
    target = os.fspath(path)
    kind = os.path.splitext(target)[1].lower()
    if kind not in (".png", ".html"):
        raise ValueError(f"a results graph is saved as .png or .html, not {target!r}")
    if not series:
        raise ValueError("no player to draw: the series is empty")
    matplotlib = optional_module("matplotlib", "a results graph needs matplotlib "
                                               "(pip install 'stud[plot]')")
    matplotlib.use("Agg")  # files only: no window, whatever the machine has
    pyplot = optional_module("matplotlib.pyplot", "a results graph needs matplotlib")
    ticker = optional_module("matplotlib.ticker", "a results graph needs matplotlib")
    figure, axes = pyplot.subplots(figsize=(10, 5), dpi=100)
    try:
        for index, (name, points) in enumerate(series.items()):
            color = f"C{index % 10}"
            hands = range(len(points) + 1)  # from 0 hands: nothing won yet
            axes.plot(hands, [0, *(p[0] for p in points)], color=color, linewidth=1.5,
                      label=name)
            # (lighter and thinner, drawn over the net: where the two agree,
            # the net still shows between the dashes)
            axes.plot(hands, [0, *(p[1] for p in points)], color=color, linewidth=0.9,
                      alpha=0.6, linestyle=(0, (4, 3)))
        axes.axhline(0, color="0.6", linewidth=0.8)
        axes.xaxis.set_major_locator(ticker.MaxNLocator(integer=True))
        axes.set_xlim(left=0)
        axes.set_xlabel("hands played")
        axes.set_ylabel(unit)
        axes.set_title(f"{title}: net (solid) and all-in adjusted net (dashed)")
        axes.grid(True, alpha=0.3)
        axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small",
                    frameon=False)
        figure.tight_layout()
        if kind == ".png":
            figure.savefig(target, format="png", metadata={"Software": None})
            return
        svg = io.StringIO()
        figure.savefig(svg, format="svg", metadata={"Creator": None, "Date": None})
    finally:
        pyplot.close(figure)
    page = svg.getvalue()
    page = page[page.index("<svg"):]  # the picture alone, without its XML prologue
    with open(target, "w", encoding="utf-8") as out:
        out.write("<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
                  f"<title>{html.escape(title)}</title></head>\n<body>\n{page}\n"
                  "</body></html>\n")
