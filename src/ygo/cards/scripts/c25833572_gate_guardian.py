"""Gate Guardian (Effect monster, Special Summon only): it cannot be Normal
Summoned or Set; it comes out of the hand only by Tributing Sanga of the Thunder,
Kazejin and Suijin from its controller's field. Only once summoned that way can
it be revived (R-SUM-8)."""

from ygo.effects import procedure, tribute_named

CODE = 25833572
SANGA, KAZEJIN, SUIJIN = 25955164, 62340868, 98434877
EFFECTS = (
    procedure(
        tribute_named(SANGA, KAZEJIN, SUIJIN),
        text="Tribute Sanga of the Thunder, Kazejin and Suijin",
        zone=False,
    ),
)
