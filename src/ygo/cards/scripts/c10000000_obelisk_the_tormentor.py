"""Obelisk the Tormentor (Effect monster, Level 10, DIVINE): an Egyptian God. Its
Normal Summon takes 3 tributes and cannot be negated; it cannot be Normal Set;
once it is Normal Summoned nobody may activate anything in response. Card effects
cannot target it. If it was Special Summoned it goes to the GY in the End Phase.
Its own effect: Tribute 2 monsters to destroy every monster the opponent
controls; it cannot declare an attack in the turn it uses this."""

from ygo.effects import (
    MZONE,
    Category,
    cannot_be_targeted,
    destroy_all,
    has_not_attacked,
    ignition,
    no_attack_this_turn,
    no_response_to_summon,
    requires_tributes,
    summon_cannot_be_negated,
    to_grave_at_end_phase_if_special,
    tribute_cost,
)

CODE = 10000000
EFFECTS = (
    requires_tributes(3),
    summon_cannot_be_negated(),
    no_response_to_summon(),
    cannot_be_targeted(),
    to_grave_at_end_phase_if_special(),
    ignition(
        destroy_all(MZONE, mine=False),
        text="destroy all the opponent's monsters",
        condition=has_not_attacked,
        cost=(no_attack_this_turn(), tribute_cost(2)),
        category=Category.DESTROY,
    ),
)
