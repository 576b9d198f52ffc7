"""The board for the terminal's size, and the chain as it stands.

At 100 columns or more the board is :func:`ygo.cli.board.render` (a panel, a
zone per cell, three lines a row). Below 100 columns it is compact: one line
per row of zones, the stats before the name (a long name is cut, ``i HANDLE``
shows it whole), so that at 80x24 the board, the chain, the recent log and the
options fit on one screen.

Card names are data: drawn as plain :class:`~rich.text.Text` (control
characters replaced by :func:`ygo.textsafe.plain`), never as markup.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.constrain import Constrain
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ygo.cli.board import materials_line, render
from ygo.core.enums import Position
from ygo.engine.actions import DecisionKind
from ygo.engine.view import CardView, LinkView, PlayerView, View
from ygo.textsafe import plain
from ygo.ui.handles import Handles

#: Below this many columns the board is compact.
COMPACT_BELOW = 100
#: The widest board: on a wider terminal the zones would drift apart out of sight.
WIDEST = 160


def localize(view: View, name: Callable[[int], str]) -> View:
    """The view with every known card's name given by ``name(uid)``."""

    def card(c: CardView) -> CardView:
        if c.uid is None:
            return c
        under = tuple(card(m) for m in c.materials)
        return dataclasses.replace(c, name=name(c.uid), materials=under)

    def opt(c: CardView | None) -> CardView | None:
        return None if c is None else card(c)

    def side(s: PlayerView) -> PlayerView:
        return dataclasses.replace(
            s,
            hand=tuple(card(c) for c in s.hand),
            extra=tuple(card(c) for c in s.extra),
            grave=tuple(card(c) for c in s.grave),
            banished=tuple(card(c) for c in s.banished),
            monsters=tuple(opt(c) for c in s.monsters),
            spells=tuple(opt(c) for c in s.spells),
            field=opt(s.field),
            pendulum=tuple(opt(c) for c in s.pendulum),
        )

    chain = tuple(
        dataclasses.replace(
            link, card=card(link.card), targets=tuple(card(t) for t in link.targets)
        )
        for link in view.chain
    )
    return dataclasses.replace(
        view,
        players=(side(view.players[0]), side(view.players[1])),
        attacker=opt(view.attacker),
        attack_target=opt(view.attack_target),
        chain=chain,
    )


def title(view: View, names: tuple[str, str]) -> str:
    whose = "Your" if view.turn_player == view.viewer else f"{names[1 - view.viewer]}'s"
    if names[view.viewer] != "You" and view.turn_player == view.viewer:
        whose = f"{names[view.viewer]}'s"
    return f"Turn {view.turn} · {whose} turn · {view.phase.label}"


def board(
    view: View, handles: Handles, width: int, names: tuple[str, str] = ("You", "Opponent")
) -> RenderableType:
    """The board for a terminal ``width`` columns wide, with the chain if one is open."""
    parts: list[RenderableType] = []
    if width < COMPACT_BELOW:
        parts.append(compact(view, handles, names))
    else:
        board_ = render(view, handles.hand_order, chain=False, names=names)
        parts.append(Constrain(board_, WIDEST))
    if view.chain:
        parts.append(chain_panel(view, handles, names))
    return Group(*parts)


def _pos(c: CardView) -> str:
    return "A" if c.position & Position.ATTACK else "D"


def _monster(c: CardView | None, h: str) -> Text:
    if c is None:
        return Text(f"{h} ·\n", style="dim")
    if not c.known:
        return Text(f"{h} [set]\n", style="yellow")
    style = "bold red" if c.position == Position.FACEUP_ATTACK else "cyan"
    stats = f"{c.atk}/{c.defense} " + ("set" if not c.face_up else _pos(c))
    return Text(f"{h} {plain(c.name or '?')}\n{stats}{materials_line(c)}", style=style)


def _spell(c: CardView | None, h: str) -> Text:
    if c is None:
        return Text(f"{h} ·", style="dim")
    if not c.known:
        return Text(f"{h} [set]", style="yellow")
    hidden = "(set) " if not c.face_up else ""
    return Text(f"{h} {hidden}{plain(c.name or '?')}", style="green")


def _line(cells: list[Text]) -> Table:
    t = Table.grid(expand=True, padding=(0, 1))
    for _ in cells:
        t.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    t.add_row(*cells)
    return t


def _side_header(side: PlayerView, who: str) -> Text:
    return Text(
        f"{who}  LP {side.lp} · hand {side.hand_count} · deck {side.deck_count} · "
        f"GY {len(side.grave)} · ban {len(side.banished)} · extra {side.extra_count}",
        style="bold",
        no_wrap=True,
        overflow="ellipsis",
    )


def compact(
    view: View, handles: Handles, names: tuple[str, str] = ("You", "Opponent")
) -> RenderableType:
    """The board in about ten lines, for narrow terminals."""
    me, opp = view.me, view.opponent
    hand = Text("Hand ", style="bold")
    for i, (h, c) in enumerate(handles.hand_order):
        if i:
            hand.append(" · ")
        hand.append(f"{h} ", style="dim")
        hand.append(_hand_short(c))
    if not handles.hand_order:
        hand.append("(empty)", style="dim")
    return Group(
        Rule(Text(title(view, (names[0], names[1]))), style="dim"),
        _side_header(opp, names[1 - view.viewer]),
        _line(
            [_spell(c, f"os{i + 1}") for i, c in enumerate(opp.spells)] + [_spell(opp.field, "of")]
        ),
        _line([_monster(c, f"om{i + 1}") for i, c in enumerate(opp.monsters)] + [Text("")]),
        Rule(style="dim"),
        _line([_monster(c, f"m{i + 1}") for i, c in enumerate(me.monsters)] + [Text("")]),
        _line([_spell(c, f"s{i + 1}") for i, c in enumerate(me.spells)] + [_spell(me.field, "f")]),
        *_pendulum_lines(me, opp),
        _side_header(me, names[view.viewer]),
        hand,
    )


def _pendulum_lines(me: PlayerView, opp: PlayerView) -> list[Text]:
    """pendulum: one line with both sides' Pendulum Zones and Scales, only while a
    card is in one (none under classic): the compact board stays short."""
    if not any(c is not None for c in (*me.pendulum, *opp.pendulum)):
        return []
    out = Text("Pendulum ", style="bold", no_wrap=True, overflow="ellipsis")
    cells = [("", i, c) for i, c in enumerate(me.pendulum)]
    cells += [("o", i, c) for i, c in enumerate(opp.pendulum)]
    for n, (prefix, i, c) in enumerate(cells):
        if n:
            out.append(" · ")
        if c is None:
            out.append(f"{prefix}p{i + 1} ·", style="dim")
        else:
            out.append(f"{prefix}p{i + 1} {plain(c.name or '?')} ({c.scale})", style="green")
    return [out]


def _hand_short(c: CardView) -> str:
    if not c.known:
        return "?"
    if c.atk is not None:
        return f"{plain(c.name or '?')} {c.atk}/{c.defense}"
    return plain(c.name or "?")


def chain_panel(
    view: View, handles: Handles, names: tuple[str, str] = ("You", "Opponent")
) -> RenderableType:
    """The chain, Chain Link 1 first, with targets, and who may respond now."""
    out = Text("Chain", style="bold magenta")
    out.append(" (resolves from the last link back to 1)", style="dim")
    for link in view.chain:
        out.append("\n")
        out.append_text(link_line(link, view, handles, names))
    nxt = len(view.chain) + 1
    you = "you" if names[view.viewer] == "You" else names[view.viewer]
    if view.decision is not None and view.decision.kind == DecisionKind.PRIORITY:
        out.append(f"\nNow: {you} may respond with Chain Link {nxt}, or pass.", style="bold")
    elif view.decision is not None:
        out.append(f"\nNow: {you} choose, below.", style="bold")
    else:
        out.append(f"\nNow: {names[1 - view.viewer]} may respond (Chain Link {nxt}).", style="bold")
    return out


def link_line(
    link: LinkView, view: View, handles: Handles, names: tuple[str, str] = ("You", "Opponent")
) -> Text:
    who = names[link.player]
    h = handles.of_card(link.card)
    line = Text(f"  {link.number}  ")
    line.append(plain(link.card.name or "a card"), style="bold")
    if h:
        line.append(f" ({h})", style="dim")
    line.append(f" · {who}")
    if link.targets:
        shown = []
        for t in link.targets:
            th = handles.of_card(t)
            name = plain(t.name) if t.name else "a face-down card"
            shown.append(f"{th} {name}" if th else name)
        line.append(" → targets " + ", ".join(shown))
    if link.negated:
        line.append(" [negated]", style="red")
    return line
