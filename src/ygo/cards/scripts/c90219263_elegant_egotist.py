"""Elegant Egotist (Normal Spell): only while a Harpie Lady (or a card that counts
as one) is face-up on the field: Special Summon a Harpie Lady or Harpie Lady
Sisters from your hand or Deck (the Sisters' own way: properly summoned)."""

from ygo.effects import (
    DECK,
    HAND,
    SUMTYPE_PROC,
    Category,
    activate,
    exists,
    face_up_on_field_named,
    named,
    special_summon_from,
)

CODE = 90219263
HARPIE_LADY = 76812113
SISTERS = 12206212
_OK = named(HARPIE_LADY, SISTERS)
_have_one = exists(HAND | DECK, _OK, zone=True)
_harpie_out = face_up_on_field_named(HARPIE_LADY)

EFFECTS = (
    activate(
        special_summon_from(HAND | DECK, _OK, kind=SUMTYPE_PROC),
        text="Special Summon a Harpie Lady or Harpie Lady Sisters from hand or Deck",
        condition=lambda ctx: _harpie_out(ctx) and _have_one(ctx),
        category=Category.SPECIAL_SUMMON,
    ),
)
