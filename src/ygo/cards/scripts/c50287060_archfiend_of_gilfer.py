"""Archfiend of Gilfer (Effect monster): when it is sent to the GY (from
anywhere), its owner can target a face-up monster on the field and equip this
card to it as an Equip Card; the equipped monster has 500 less ATK. Sent to the
GY again from the Spell & Trap Zone, it can do it again."""

from ygo.effects import (
    GRAVE,
    Category,
    Ctx,
    Event,
    EventKind,
    Mod,
    as_equip,
    equip_modifier,
    equip_self_to_target,
    face_up_monster,
    targets,
    trigger,
)

CODE = 50287060


def _to_grave(ctx: Ctx, ev: Event) -> bool:
    return ev.card == ctx.uid and ev.dst == GRAVE


EFFECTS = (
    trigger(
        EventKind.MOVE,
        _to_grave,
        equip_self_to_target(),
        text="equip it to a face-up monster: -500 ATK",
        when=True,
        target=targets(face_up_monster),
        category=Category.EQUIP | Category.ATK,
    ),
    as_equip(equip_modifier(Mod.ATK_ADD, -500)),
)
