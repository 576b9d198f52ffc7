"""Solemn Judgment (Counter Trap): pay half your LP to negate either a monster's
summon while it is being summoned, or the activation of a Spell or Trap Card; the
card is destroyed."""

from ygo.effects import (
    Category,
    activate,
    being_summoned,
    half_lp,
    negate_previous,
    negate_summon,
    pay_lp,
    previous_link_is,
    spell_or_trap,
)

CODE = 41420027
EFFECTS = (
    activate(
        negate_summon(destroy=True),
        text="negate a summon",
        cost=(pay_lp(half_lp),),
        condition=being_summoned,
        negates_summon=True,
        category=Category.NEGATE | Category.DESTROY,
    ),
    activate(
        negate_previous(destroy=True),
        text="negate a Spell/Trap activation",
        cost=(pay_lp(half_lp),),
        condition=previous_link_is(lambda ctx, uid, card: card and spell_or_trap(ctx, uid)),
        damage_step=2,
        category=Category.NEGATE | Category.DESTROY,
    ),
)
