"""Mysterious Puppeteer (Effect monster): whenever either player Normal Summons or
Flip Summons another monster, its controller gains 500 LP (a mandatory trigger;
its own summon does not count)."""

from ygo.effects import Category, Ctx, Event, EventKind, face_up_on_field, gain_lp, trigger

CODE = 54098121


def _summoned(ctx: Ctx, ev: Event) -> bool:
    """Either player's summon of another monster, while this card is face-up."""
    return ev.card != ctx.uid and face_up_on_field(ctx, ctx.uid)


EFFECTS = tuple(
    trigger(
        kind, _summoned, gain_lp(500), text="gain 500 LP", mandatory=True, category=Category.RECOVER
    )
    for kind in (EventKind.SUMMON, EventKind.FLIP_SUMMON)
)
