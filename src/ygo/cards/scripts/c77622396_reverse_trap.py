"""Reverse Trap (Normal Trap): until the end of this turn, every increase of a
monster's ATK or DEF becomes a decrease of the same amount, and every decrease an
increase (both players' monsters). An effect that sets ATK or DEF to a value is not
an increase or decrease and stays as it is."""

from ygo.effects import FLAG_REVERSE_CHANGES, Category, activate, set_turn_flag

CODE = 77622396
EFFECTS = (
    activate(
        set_turn_flag(FLAG_REVERSE_CHANGES),
        text="reverse ATK/DEF increases and decreases this turn",
        damage_step=1,
        category=Category.ATK,
    ),
)
