"""Drawing a player's view of the field with rich.

Every card on the board gets a short handle the terminal commands accept:
``h1``.. for your hand, ``m1``..``m5`` / ``s1``..``s5`` / ``f`` for your zones,
``om1`` / ``os1`` / ``of`` for your opponent's, ``g1``.. / ``og1``.. for the
Graveyards (oldest first), ``x1``.. for your own Extra Deck.

Card names are data: they are drawn as plain :class:`~rich.text.Text` with
control characters replaced (:func:`ygo.textsafe.plain`), never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ygo.core.enums import Location, Position
from ygo.engine.view import CardView, PlayerView, View
from ygo.textsafe import plain


def handles(view: View) -> dict[str, CardView]:
    """Handle -> card for everything the board shows."""
    me, opp = view.me, view.opponent
    out: dict[str, CardView] = {}
    for i, c in enumerate(me.hand):
        out[f"h{i + 1}"] = c
    for prefix, side in (("", me), ("o", opp)):
        for i, m in enumerate(side.monsters):
            if m is not None:
                out[f"{prefix}m{i + 1}"] = m
        for i, s in enumerate(side.spells):
            if s is not None:
                out[f"{prefix}s{i + 1}"] = s
        if side.field is not None:
            out[f"{prefix}f"] = side.field
        for i, pz in enumerate(side.pendulum):
            if pz is not None:
                out[f"{prefix}p{i + 1}"] = pz
        for i, g in enumerate(side.grave):
            out[f"{prefix}g{i + 1}"] = g
        for i, b in enumerate(side.banished):
            out[f"{prefix}b{i + 1}"] = b
    for i, x in enumerate(me.extra):
        out[f"x{i + 1}"] = x
    for i, x in enumerate(opp.extra):  # R-DUEL-8: the face-up part is public
        if x.known:
            out[f"ox{i + 1}"] = x
    return out


def _pendulum_line(side: PlayerView, prefix: str) -> Text | None:
    """The Pendulum Zones with their Scales (mr3; None without them, R-FIELD-1)."""
    if not side.pendulum:
        return None
    out = Text("Pendulum Zones: ", style="bold")
    for i, c in enumerate(side.pendulum):
        if i:
            out.append("  ·  ")
        out.append(f"{prefix}p{i + 1} ", style="dim")
        if c is None:
            out.append("·", style="dim")
        else:
            out.append(f"{plain(c.name or '?')} (Scale {c.scale})", style="green")
    return out


def _extra_line(side: PlayerView, prefix: str, whose: str, only_known: bool) -> Text | None:
    shown = [(i, c) for i, c in enumerate(side.extra) if c.known or not only_known]
    if not shown:
        return None
    out = Text(f"{whose}: ", style="bold")
    for n, (i, c) in enumerate(shown):
        if n:
            out.append("  ·  ")
        out.append(f"{prefix}x{i + 1} ", style="dim")
        out.append(_hand_label(c))
        if c.face_up:
            out.append(" (face-up)", style="magenta")
    return out


def _monster_cell(c: CardView | None, handle: str) -> Text:
    if c is None:
        return Text(f"{handle}\n·", style="dim")
    if not c.known:
        return Text(f"{handle}\n[face-down]\nDEF", style="yellow")
    pos = "ATK" if c.position & Position.ATTACK else "DEF"
    hidden = " (set)" if not c.face_up else ""
    style = "bold red" if c.position == Position.FACEUP_ATTACK else "cyan"
    text = f"{handle}\n{plain(c.name or '?')}{hidden}\n{c.atk}/{c.defense} {pos}"
    return Text(text + materials_line(c), style=style)


def materials_line(c: CardView) -> str:
    """An Xyz monster's materials (public, R-DUEL-8): "" when it has none."""
    if not c.materials:
        return ""
    names = ", ".join(plain(m.name or "?") for m in c.materials)
    return f"\n[{len(c.materials)} mat: {names}]"


def _spell_cell(c: CardView | None, handle: str) -> Text:
    if c is None:
        return Text(f"{handle}\n·", style="dim")
    if not c.known:
        return Text(f"{handle}\n[set card]", style="yellow")
    state = "" if c.face_up else " (set)"
    return Text(f"{handle}\n{plain(c.name or '?')}{state}", style="green")


def _header(side: PlayerView, who: str) -> str:
    return (
        f"{who}  LP {side.lp}  ·  hand {side.hand_count}  ·  deck {side.deck_count}  ·  "
        f"GY {len(side.grave)}  ·  banished {len(side.banished)}  ·  extra {side.extra_count}"
    )


def _row(cells: list[Text]) -> Table:
    t = Table.grid(expand=True, padding=(0, 1))
    for _ in cells:
        t.add_column(ratio=1)
    t.add_row(*cells)
    return t


def render(
    view: View,
    hand: Sequence[tuple[str, CardView]] | None = None,
    chain: bool = True,
    names: tuple[str, str] = ("You", "Opponent"),
) -> RenderableType:
    """The whole board from the viewer's side: the opponent on top.

    ``hand``: the hand as (handle, card) (default: ``h1``, ``h2``... in order);
    ``chain``: draw the chain under the board (a caller may draw its own);
    ``names``: the players by seat (the viewer's "You" unless named).
    """
    me, opp = view.me, view.opponent
    mine, theirs = names[view.viewer], names[1 - view.viewer]
    if view.turn_player == view.viewer:
        whose = "Your" if mine == "You" else f"{mine}'s"
    else:
        whose = f"{theirs}'s"
    title = f"Turn {view.turn} · {whose} turn · {view.phase.label}"
    opp_field = opp.field
    my_field = me.field
    opp_rows: list[RenderableType] = [
        Text(_header(opp, theirs), style="bold"),
        *[
            x
            for x in (_extra_line(opp, "o", f"Face-up Extra Deck ({theirs})", True),)
            if x is not None
        ],
        *[x for x in (_pendulum_line(opp, "o"),) if x is not None],
        _row(
            [_spell_cell(c, f"os{i + 1}") for i, c in enumerate(opp.spells)]
            + [_spell_cell(opp_field, "of")]
        ),
        _row([_monster_cell(c, f"om{i + 1}") for i, c in enumerate(opp.monsters)] + [Text("")]),
    ]
    my_rows: list[RenderableType] = [
        _row([_monster_cell(c, f"m{i + 1}") for i, c in enumerate(me.monsters)] + [Text("")]),
        _row(
            [_spell_cell(c, f"s{i + 1}") for i, c in enumerate(me.spells)]
            + [_spell_cell(my_field, "f")]
        ),
        *[x for x in (_pendulum_line(me, ""),) if x is not None],
        Text(_header(me, mine), style="bold"),
    ]
    hand_line = Text("Hand: ", style="bold")
    if hand is None:
        hand = [(f"h{i + 1}", c) for i, c in enumerate(me.hand)]
    for i, (h, c) in enumerate(hand):
        if i:
            hand_line.append("  ·  ")
        hand_line.append(f"{h} ", style="dim")
        hand_line.append(_hand_label(c))
    parts: list[RenderableType] = [*opp_rows, Rule(style="dim"), *my_rows, hand_line]
    # Your own Extra Deck is yours to see; the opponent's is a count and its face-up
    # cards (R-DUEL-8), drawn above.
    extra = _extra_line(me, "", "Extra Deck", False)
    if extra is not None:
        parts.append(extra)
    if chain and view.chain:
        parts.append(chain_text(view))
    return Panel(Group(*parts), title=Text(title), expand=True)


def chain_text(view: View) -> Text:
    """The chain as it stands: "Chain: 1 Dark Hole (you) <- 2 Imperial Order (opponent)"."""
    out = Text("Chain: ", style="bold magenta")
    for link in view.chain:
        if link.number > 1:
            out.append("  <-  ")
        who = "you" if link.player == view.viewer else "opponent"
        name = plain(link.card.name or "a card")
        out.append(f"{link.number} {name} ({who})")
        if link.targets:
            names = ", ".join(plain(t.name) if t.name else "a face-down card" for t in link.targets)
            out.append(f" targeting {names}", style="dim")
        if link.negated:
            out.append(" [negated]", style="red")
    return out


def _hand_label(c: CardView) -> str:
    if not c.known:
        return "?"
    if c.atk is not None:
        return f"{plain(c.name or '?')} (Lv{c.level} {c.atk}/{c.defense})"
    return plain(c.name or "?")


def grave_table(side: PlayerView, prefix: str, who: str) -> RenderableType:
    t = Table(title=f"{who} Graveyard (oldest first)")
    t.add_column("handle")
    t.add_column("card")
    for i, c in enumerate(side.grave):
        t.add_row(f"{prefix}g{i + 1}", Text(plain(c.name or "?")))
    if not side.grave:
        t.add_row("", "(empty)")
    return t


def location_label(c: CardView) -> str:
    names = {
        Location.HAND: "hand",
        Location.MZONE: f"Monster Zone {c.index + 1}",
        Location.SZONE: f"Spell & Trap Zone {c.index + 1}",
        Location.FZONE: "Field Zone",
        Location.PZONE: f"Pendulum Zone {c.index + 1}",
        Location.GRAVE: "GY",
        Location.BANISHED: "banished",
        Location.DECK: "Deck",
        Location.EXTRA: "Extra Deck",
    }
    return names.get(c.location, str(c.location))
