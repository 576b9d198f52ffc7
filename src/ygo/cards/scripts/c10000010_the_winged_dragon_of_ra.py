"""The Winged Dragon of Ra (Effect monster, Level 10, DIVINE): an Egyptian God. It
can never be Special Summoned. Its Normal Summon takes 3 tributes and cannot be
negated; it cannot be Normal Set; once it is Normal Summoned nobody may activate
anything in response but Ra itself. When it is Normal Summoned its controller may
pay LP down to 100 and Ra gains that much ATK and DEF. Ignition: pay 1000 LP,
then target a monster on the field and destroy it."""

from ygo.effects import (
    MZONE,
    Category,
    EventKind,
    destroy_targets,
    gain_paid_lp,
    ignition,
    monster,
    never_special_summoned,
    no_response_to_summon,
    pay_lp,
    pay_lp_down_to,
    requires_tributes,
    self_event,
    summon_cannot_be_negated,
    summon_condition,
    targets,
    trigger,
)

CODE = 10000010
EFFECTS = (
    summon_condition(
        "cannot be Special Summoned", special_ok=never_special_summoned, revive_limit=False
    ),
    requires_tributes(3),
    summon_cannot_be_negated(),
    no_response_to_summon(others_only=True),
    trigger(
        EventKind.SUMMON,
        self_event,
        gain_paid_lp(),
        cost=(pay_lp_down_to(100),),
        when=True,
        text="pay LP down to 100 to gain that much ATK/DEF",
        category=Category.ATK,
    ),
    ignition(
        destroy_targets(),
        cost=(pay_lp(1000),),
        target=targets(monster, MZONE),
        text="pay 1000 LP to destroy a monster",
        category=Category.DESTROY,
    ),
)
