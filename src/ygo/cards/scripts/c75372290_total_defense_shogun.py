"""Total Defense Shogun (Effect monster): when it is Normal Summoned or Flip
Summoned it is changed to Defense Position (so it goes from face-down straight to
face-up Defense through a Flip Summon); it can attack while in face-up Defense
Position, and its ATK is used for the damage calculation when it does."""

from ygo.effects import FU_DEF, EventKind, Mod, change_position, modifier, rule, self_event

CODE = 75372290
_TO_DEFENSE = change_position(lambda ctx: [ctx.uid], FU_DEF)
EFFECTS = (
    rule(EventKind.SUMMON, self_event, _TO_DEFENSE),
    rule(EventKind.FLIP_SUMMON, self_event, _TO_DEFENSE),
    modifier(Mod.ATTACK_IN_DEFENSE, lambda ctx, uid: uid == ctx.uid),
)
