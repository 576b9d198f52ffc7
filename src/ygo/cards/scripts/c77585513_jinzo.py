"""Jinzo (Effect monster): while it is face-up on the field, no Trap Card can be
activated, and the effects of every Trap on the field are negated (both players')."""

from ygo.effects import Mod, modifier, on_field, trap

CODE = 77585513
EFFECTS = (
    modifier(Mod.CANNOT_ACTIVATE, trap),
    modifier(Mod.DISABLE, lambda ctx, uid: trap(ctx, uid) and on_field(ctx, uid)),
)
