"""Cocoon of Evolution (Effect monster): Ignition from the hand: equip it to a
face-up Petit Moth on the field as an Equip Card; the Petit Moth then has the
Cocoon's ATK and DEF (0/2000). The turns it stays equipped are what Larvae
Moth, Great Moth and Perfectly Ultimate Great Moth count."""

from ygo.effects import (
    MZONE,
    Category,
    Mod,
    all_of,
    as_equip,
    equip_modifier,
    equip_self_to_target,
    face_up_monster,
    ignition,
    named,
    targets,
)

CODE = 40240595
PETIT_MOTH = 58192742


EFFECTS = (
    ignition(
        equip_self_to_target(),
        text="equip it from your hand to a face-up Petit Moth",
        target=targets(all_of(face_up_monster, named(PETIT_MOTH)), MZONE),
        category=Category.EQUIP,
        from_hand=True,
    ),
    as_equip(equip_modifier(Mod.ATK_SET, lambda ctx, uid: ctx.card(ctx.uid).atk_value)),
    as_equip(equip_modifier(Mod.DEF_SET, lambda ctx, uid: ctx.card(ctx.uid).def_value)),
)
