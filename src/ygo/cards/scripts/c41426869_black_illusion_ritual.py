"""Black Illusion Ritual (Ritual Spell): Tribute monsters from your hand or field
whose Levels add up to 1 or more, and Ritual Summon Relinquished from your hand."""

from ygo.effects import Category, activate, ritual_summon

CODE = 41426869
RELINQUISHED = 64631466
EFFECTS = (
    activate(
        ritual_summon(RELINQUISHED, 1),
        text="Ritual Summon Relinquished",
        category=Category.SPECIAL_SUMMON,
    ),
)
