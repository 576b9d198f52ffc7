"""Change of Heart (Normal Spell): target a monster your opponent controls; you
control it until the End Phase of this turn."""

from ygo.effects import MZONE, Category, activate, take_control, targets

CODE = 4031928
EFFECTS = (
    activate(
        take_control(until_end_of_turn=True),
        text="take control of a monster until the End Phase",
        target=targets(where=MZONE, mine=False),
        category=Category.CONTROL,
    ),
)
