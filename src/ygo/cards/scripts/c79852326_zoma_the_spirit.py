"""Zoma the Spirit (Continuous Trap, a trap monster, R-MON-4): it Special Summons
itself in Defense Position as an Effect Monster (Zombie, DARK, Level 4,
1800/500). On the field it is a monster for every rule and still a Trap Card
(so Jinzo negates it) and keeps one Spell & Trap Zone taken; when it leaves the
Monster Zone it is only a Trap again. If, summoned this way, it is destroyed by
battle, its controller inflicts damage to the opponent equal to the ATK of the
monster that destroyed it."""

from ygo.effects import (
    FU_DEF,
    Category,
    EventKind,
    activate,
    battler_atk,
    damage,
    destroyed_by_battle,
    summon_self_as_monster,
    trigger,
)

CODE = 79852326
EFFECTS = (
    activate(
        summon_self_as_monster(FU_DEF),
        text="Special Summon this card as a monster",
        category=Category.SPECIAL_SUMMON,
    ),
    trigger(
        EventKind.MOVE,
        destroyed_by_battle,
        damage(battler_atk),
        text="damage equal to the ATK of the monster that destroyed it",
        mandatory=True,
        category=Category.DAMAGE,
    ),
)
