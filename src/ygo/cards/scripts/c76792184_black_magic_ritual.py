"""Black Magic Ritual (Ritual Spell): Tribute monsters from your hand or field whose
Levels add up to 8 or more, and Ritual Summon Magician of Black Chaos from your hand."""

from ygo.effects import Category, activate, ritual_summon

CODE = 76792184
EFFECTS = (
    activate(
        ritual_summon(30208479, 8),
        text="Ritual Summon Magician of Black Chaos",
        category=Category.SPECIAL_SUMMON,
    ),
)
