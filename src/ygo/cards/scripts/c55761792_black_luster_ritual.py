"""Black Luster Ritual (Ritual Spell): Tribute monsters from your hand or field whose
Levels add up to 8 or more, and Ritual Summon Black Luster Soldier from your hand."""

from ygo.effects import Category, activate, ritual_summon

CODE = 55761792
EFFECTS = (
    activate(
        ritual_summon(5405694, 8),
        text="Ritual Summon Black Luster Soldier",
        category=Category.SPECIAL_SUMMON,
    ),
)
