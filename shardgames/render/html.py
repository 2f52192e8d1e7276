"""HTML building blocks: cards, zones, seat panels and tables in one look for every game.

Every function returns a string of HTML. Text passed in is escaped; arguments documented as *HTML*
are inserted as they are, so they can nest. `fragment` wraps a drawing with its style sheet for a
notebook cell; `document` makes a whole page. The style sheet is scoped to the ``sg`` class, so it
does not touch the rest of a notebook, and it sets its own colours so that it stays legible under a
dark notebook theme.

**Places.** An element of a drawing may name the place it shows with a ``data-ref`` attribute (`card`
takes it as `ref`): a square (``"e4"``), a card in a zone (``"hand-0-12"``). A name must say where as
well as what, so that a card that moves gets a new one. The replay page compares each step's drawing
with the one before, place by place (`places`), and outlines the places the step changed: the move
just made, the card just played or drawn, the Entity just damaged.

Examples:
    >>> from shardgames.render.html import card, zone
    >>> html = zone("hand", [card("Ember Imp", subtitle="Character", stats=[("MAG", 3)])])
    >>> "Ember Imp" in html and "MAG" in html
    True
    >>> html = card("<b>", lines=["a & b"])  # text is escaped
    >>> "&lt;b&gt;" in html and "a &amp; b" in html
    True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape, unescape

__all__ = [
    "REF",
    "STYLE",
    "card",
    "card_back",
    "chip",
    "chips",
    "document",
    "esc",
    "fragment",
    "panel",
    "places",
    "stat_line",
    "table",
    "zone",
]

STYLE = """
.sg{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:13px;line-height:1.35;
color:#1f2328;background:#fff;padding:8px;border-radius:6px;max-width:1100px}
.sg *{box-sizing:border-box}
.sg .sg-title{font-weight:600;font-size:14px;margin:0 0 6px}
.sg .sg-status{display:flex;flex-wrap:wrap;gap:4px 14px;padding:4px 8px;margin:0 0 6px;background:#f6f8fa;
border:1px solid #d0d7de;border-radius:6px}
.sg .sg-status b{font-weight:600}
.sg .sg-panel{border:1px solid #d0d7de;border-radius:8px;padding:6px 8px;margin:0 0 6px;background:#fff}
.sg .sg-panel.sg-active{border-color:#0969da;box-shadow:0 0 0 2px rgba(9,105,218,.25)}
.sg .sg-panel-head{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:baseline;margin:0 0 4px}
.sg .sg-panel-title{font-weight:600;font-size:14px}
.sg .sg-zone{margin:4px 0}
.sg .sg-zone-label{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:#57606a;margin:0 0 2px}
.sg .sg-row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start}
.sg .sg-row>.sg-zone{margin-right:14px}
.sg .sg-empty{color:#8c959f;font-style:italic;font-size:12px}
.sg .sg-card{width:156px;border:1px solid #8c959f;border-radius:8px;background:#fff;overflow:hidden;
box-shadow:0 1px 2px rgba(31,35,40,.15)}
.sg .sg-card-head{padding:3px 7px;background:var(--sg-accent,#57606a);color:#fff}
.sg .sg-card-title{font-weight:600;font-size:12.5px}
.sg .sg-card-sub{font-size:11px;opacity:.9}
.sg .sg-card-body{padding:3px 7px 5px}
.sg .sg-stats{display:flex;flex-wrap:wrap;gap:1px 8px;font-variant-numeric:tabular-nums;margin:1px 0 2px}
.sg .sg-stat{white-space:nowrap}
.sg .sg-stat-label{font-size:10.5px;color:#57606a;margin-right:2px}
.sg .sg-stat-value{font-weight:600}
.sg .sg-line{font-size:11.5px;margin:2px 0}
.sg .sg-chip{display:inline-block;padding:0 6px;border-radius:9px;background:#eaeef2;color:#1f2328;
font-size:11px;margin:1px 2px 1px 0;white-space:nowrap}
.sg .sg-chip.sg-warn{background:#ffebe9;color:#82071e}
.sg .sg-chip.sg-good{background:#dafbe1;color:#116329}
.sg .sg-card.sg-muted{opacity:.55}
.sg .sg-card.sg-turned{transform:rotate(6deg);margin:4px 6px}
.sg .sg-card.sg-mark{border:2px solid #0969da}
.sg .sg-back{width:64px;height:88px;border:1px solid #57606a;border-radius:8px;
background:repeating-linear-gradient(45deg,#57606a 0 6px,#6e7781 6px 12px);color:#fff;display:flex;
align-items:center;justify-content:center;font-weight:600;font-size:12px;text-align:center;padding:2px}
.sg table.sg-table{border-collapse:collapse;font-size:12px;margin:4px 0}
.sg table.sg-table th,.sg table.sg-table td{border-bottom:1px solid #d0d7de;padding:2px 8px;text-align:left;
vertical-align:top}
.sg table.sg-table th{background:#f6f8fa;font-weight:600}
.sg table.sg-table td.sg-num{text-align:right;font-variant-numeric:tabular-nums}
.sg pre.sg-text{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px;margin:0;
white-space:pre-wrap;color:#1f2328;background:#fff}
"""
"""The style sheet of every drawing (scoped to the ``sg`` class)."""


REF = "data-ref"
"""The attribute that names the place an element of a drawing shows (see **Places** above)."""


def esc(value: object) -> str:
    """`value` as text safe inside HTML (quotes escaped too)."""
    text = str(value)
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        return escape(text)
    return text  # most text has nothing to escape, and looking is faster than replacing


def _attrs(classes: Iterable[str], style: str | None, title: str | None, ref: str | None = None) -> str:
    out = f' class="{esc(" ".join(c for c in classes if c))}"'
    if style:
        out += f' style="{esc(style)}"'
    if title:
        out += f' title="{esc(title)}"'
    if ref:
        out += f' {REF}="{esc(ref)}"'
    return out


def stat_line(stats: Iterable[tuple[str, object]]) -> str:
    """A row of labelled numbers (``MAG 3  AGI 2``)."""
    items = "".join(
        f'<span class="sg-stat"><span class="sg-stat-label">{esc(label)}</span>'
        f'<span class="sg-stat-value">{esc(value)}</span></span>'
        for label, value in stats
    )
    return f'<div class="sg-stats">{items}</div>' if items else ""


def chips(labels: Iterable[str], kind: str = "") -> str:
    """Small rounded labels for keywords, traits and conditions.

    `kind` colours them: ``""`` (grey), ``"warn"`` (red) or ``"good"`` (green).
    """
    cls = f"sg-chip sg-{kind}" if kind else "sg-chip"
    return "".join(f'<span class="{cls}">{esc(label)}</span>' for label in labels)


def chip(label: str, *, kind: str = "", tooltip: str | None = None, accent: str | None = None) -> str:
    """One chip, as `chips` draws them, with a `tooltip` and, given an `accent` colour, white on it."""
    style = f"background:{accent};color:#fff" if accent else None
    return f"<span{_attrs(['sg-chip', f'sg-{kind}' if kind else ''], style, tooltip)}>{esc(label)}</span>"


def card(
    title: str,
    *,
    subtitle: str | None = None,
    stats: Iterable[tuple[str, object]] = (),
    lines: Iterable[str] = (),
    chip_labels: Iterable[str] = (),
    accent: str | None = None,
    flags: Sequence[str] = (),
    tooltip: str | None = None,
    extra_html: str = "",
    ref: str | None = None,
) -> str:
    """A card as a card: a coloured head with its name, then its numbers, labels and lines of text.

    Args:
        title: The card's name.
        subtitle: A second line in the head (its type, cost or element).
        stats: Labelled numbers, shown in a row.
        lines: Lines of rules text.
        chip_labels: Keywords or traits, shown as chips.
        accent: The head's colour (any CSS colour); grey by default.
        flags: Looks to apply: ``"muted"`` (spent, exhausted), ``"turned"`` (tapped),
            ``"mark"`` (highlighted).
        tooltip: Text shown when the pointer rests on the card.
        extra_html: *HTML* appended to the body.
        ref: The place the card is in (see **Places** in the module docstring), if it has one.
    """
    style = f"--sg-accent:{accent}" if accent else None
    head = f'<div class="sg-card-title">{esc(title)}</div>'
    if subtitle:
        head += f'<div class="sg-card-sub">{esc(subtitle)}</div>'
    body = stat_line(stats)
    chip_html = chips(chip_labels)
    if chip_html:
        body += f"<div>{chip_html}</div>"
    body += "".join(f'<div class="sg-line">{esc(line)}</div>' for line in lines)
    body += extra_html
    classes = ["sg-card", *(f"sg-{flag}" for flag in flags)]
    return (
        f'<div{_attrs(classes, style, tooltip, ref)}><div class="sg-card-head">{head}</div>'
        f'<div class="sg-card-body">{body}</div></div>'
    )


def card_back(label: str = "hidden") -> str:
    """The back of a card whose face this seat cannot see."""
    return f'<div class="sg-back">{esc(label)}</div>'


def zone(label: str, items: Sequence[str], empty: str = "none") -> str:
    """A labelled row of *HTML* items (cards, chips), or `empty` in grey when there are none."""
    inner = "".join(items) if items else f'<span class="sg-empty">{esc(empty)}</span>'
    return (
        f'<div class="sg-zone"><div class="sg-zone-label">{esc(label)}</div>'
        f'<div class="sg-row">{inner}</div></div>'
    )


def panel(title: str, body: str, *, facts: Iterable[str] = (), active: bool = False) -> str:
    """A bordered block for one seat: a title, short facts beside it, then the *HTML* `body`.

    An `active` panel (the seat to act) is outlined in blue.
    """
    facts_html = "".join(f"<span>{esc(fact)}</span>" for fact in facts)
    classes = ["sg-panel", "sg-active" if active else ""]
    return (
        f'<div{_attrs(classes, None, None)}><div class="sg-panel-head">'
        f'<span class="sg-panel-title">{esc(title)}</span>{facts_html}</div>{body}</div>'
    )


def table(header: Sequence[str], rows: Iterable[Sequence[object]], numeric: Sequence[int] = ()) -> str:
    """A plain table; the columns numbered in `numeric` are right-aligned."""
    head = "".join(f"<th>{esc(h)}</th>" for h in header)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="sg-num">{esc(cell)}</td>' if i in numeric else f"<td>{esc(cell)}</td>"
            for i, cell in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f'<table class="sg-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def fragment(body: str, *, title: str | None = None, status: Iterable[tuple[str, object]] = ()) -> str:
    """A drawing for a notebook cell: the style sheet, a title, a status bar, then the *HTML* `body`."""
    status_html = "".join(f"<span>{esc(label)} <b>{esc(value)}</b></span>" for label, value in status)
    out = f'<style>{STYLE}</style><div class="sg">'
    if title:
        out += f'<div class="sg-title">{esc(title)}</div>'
    if status_html:
        out += f'<div class="sg-status">{status_html}</div>'
    return out + body + "</div>"


def document(body: str, *, title: str) -> str:
    """A whole, self-contained HTML page around the *HTML* `body` (no network access needed)."""
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{esc(title)}</title>'
        f"<style>body{{margin:16px;background:#fff}}</style></head><body>{body}</body></html>\n"
    )


def places(html: str) -> dict[str, str]:
    """The places a drawing names (its elements with a ``data-ref``), each with the HTML that shows it.

    Two drawings show a place alike when its HTML is the same in both. The drawing must be markup as
    this module writes it: text and attribute values escaped, so that every ``<`` starts a tag.

    Examples:
        >>> html = zone("hand", [card("Ember Imp", ref="hand-0-3"), card("Tide Wisp")])
        >>> list(places(html)), "Ember Imp" in places(html)["hand-0-3"]
        (['hand-0-3'], True)
    """
    found: dict[str, str] = {}
    if REF not in html:
        return found
    depth = 0
    opened: list[tuple[str, int, int]] = []  # the places open around this point: (ref, depth, start)
    for tag in _TAG.finditer(html):
        closing, name, rest = tag.groups()
        if closing:
            if opened and opened[-1][1] == depth:
                ref, _, start = opened.pop()
                found[ref] = html[start : tag.end()]
            depth -= 1
        elif not rest.endswith("/") and name.lower() not in _VOID:
            depth += 1
            ref_attribute = _REF_VALUE.search(rest)
            if ref_attribute is not None:
                opened.append((unescape(ref_attribute.group(1)), depth, tag.start()))
    return found


_TAG = re.compile(r"<(/?)([A-Za-z][\w:-]*)([^>]*)>")
_REF_VALUE = re.compile(rf'\s{REF}="([^"]*)"')
_VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
