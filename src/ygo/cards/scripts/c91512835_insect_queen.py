"""Insect Queen (Effect monster): it gains 200 ATK for each face-up Insect monster
on the field (itself included). To declare an attack it must Tribute one other
monster its controller controls (a cost, no chain). In the End Phase of a turn
in which it destroyed an opponent's monster by battle, its controller Special
Summons one Insect Monster Token (Insect, EARTH, Level 1, 100/100) in Attack
Position."""

from ygo.core.enums import Race
from ygo.effects import (
    FU_ATK,
    MZONE,
    Category,
    Ctx,
    EventKind,
    Mod,
    all_of,
    attack_cost,
    destroyed_by_battle_with_self,
    end_phase_if_marked,
    face_up,
    mark_self_this_turn,
    matching,
    modifier,
    not_self,
    race,
    rule,
    summon_token,
    tribute_cost,
    trigger,
)

CODE = 91512835
TOKEN = 91512836
_INSECT = all_of(face_up, race(Race.INSECT))


def _insects(ctx: Ctx, uid: int) -> int:
    return 200 * len(matching(ctx, MZONE, _INSECT))


EFFECTS = (
    modifier(Mod.ATK_ADD, lambda ctx, uid: uid == ctx.uid, _insects, category=Category.ATK),
    attack_cost(tribute_cost(1, not_self), text="Tribute 1 other monster to attack"),
    rule(EventKind.BATTLE_DESTROYED, destroyed_by_battle_with_self, mark_self_this_turn()),
    trigger(
        EventKind.PHASE,
        end_phase_if_marked,
        summon_token(TOKEN, FU_ATK),
        text="Special Summon an Insect Monster Token",
        mandatory=True,
        category=Category.SPECIAL_SUMMON,
    ),
)
