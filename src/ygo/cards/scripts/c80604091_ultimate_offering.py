"""Ultimate Offering (Continuous Trap): while it is face-up, its controller may
pay 500 LP (a cost) to Normal Summon or Set one monster from their hand while
the effect resolves, beyond the turn's one Normal Summon. This effect can be
activated in its controller's Main Phase or in the opponent's Battle Phase; a
monster summoned by it in the Battle Phase is still Normal Summoned (the guides'
ruling). The summon happens inside the chain link, so it cannot be negated by
summon negation (Solemn Judgment)."""

from ygo.core.enums import Phase
from ygo.effects import Category, Ctx, activate, normal_summon_or_set, pay_lp, quick

CODE = 80604091
_MAIN = (Phase.MAIN1, Phase.MAIN2)
_BATTLE = (Phase.BATTLE_START, Phase.BATTLE_STEP, Phase.BATTLE_END)


def _when(ctx: Ctx) -> bool:
    if ctx.turn_player == ctx.player:
        return ctx.phase in _MAIN
    return ctx.phase in _BATTLE


EFFECTS = (
    activate(text="activate"),
    quick(
        normal_summon_or_set(),
        text="pay 500 LP: Normal Summon or Set a monster",
        condition=_when,
        cost=(pay_lp(500),),
        category=Category.SUMMON,
    ),
)
