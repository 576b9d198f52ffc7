"""The known disagreements between ygo and the reference engine, one table.

Each entry: (mode, passcode or scenario name) -> why the engines differ and
the differences expected, exactly (tests/oracle/test_differential.py fails if
a listed scenario agrees or differs otherwise: fix the entry with the cause).
``mode`` is "lua" (ygo plays the card's YGOPro Lua script) or "native" (ygo's
own Python script against the reference's Lua script).

The reasons begin with their kind: "guide ruling" (ygo plays the text the
guides give, RULES.md or the card's own script saying so, where the Lua script
encodes a later erratum), "representation" (the same choices asked in another
order or form), "reference data" / "reference script" / "reference design"
(cards-en.cdb, a Lua script or ygopro-core differ from the card's text),
"bridge gap" / "bridge bug" (ygo's Lua bridge, src/ygo/lua, does not do what
ygopro-core does), "likely ygo deviation" / "ygo gap" (ygo's engine or native
script). ``tools/oracle_diff.py --print-known`` prints entries for new
disagreements.
"""

from __future__ import annotations

from typing import NamedTuple


class Known(NamedTuple):
    reason: str
    diffs: tuple[str, ...]


KNOWN: dict[tuple[str, int | str], Known] = {
    # Exchange (5556668)
    ("lua", 5556668): Known(
        (
            "bridge bug: Duel.SendtoHand(g, player) puts the card in its owner's hand, "
            "not in player's (the card taken from the opponent's hand stays there)"
        ),
        (
            (
                "P0 SELECT_IDLECMD: only the reference offers summon Celtic Guardian "
                "(91152256), mset Celtic Guardian (91152256); only ygo offers summon Feral "
                "Imp (41392891), mset Feral Imp (41392891)"
            ),
            "P0 hand: reference [Celtic Guardian (91152256)], ygo [Feral Imp (41392891)]",
            (
                "P1 hand: reference [Giant Soldier of Stone (13039848), Feral Imp "
                "(41392891)], ygo [Giant Soldier of Stone (13039848), Celtic Guardian "
                "(91152256)]"
            ),
        ),
    ),
    # Graceful Tear (9032529)
    ("lua", 9032529): Known(
        (
            "bridge bug: Duel.SendtoHand(g, 1-p) leaves the card in its owner's hand (and"
            " still reports it moved: the LP are gained in both engines)"
        ),
        (
            (
                "P0 SELECT_IDLECMD: only ygo offers summon Feral Imp (41392891), mset Feral "
                "Imp (41392891)"
            ),
            "P0 hand: reference [], ygo [Feral Imp (41392891)]",
            (
                "P1 hand: reference [Giant Soldier of Stone (13039848), Feral Imp (41392891),"
                " Celtic Guardian (91152256)], ygo [Giant Soldier of Stone (13039848), Celtic"
                " Guardian (91152256)]"
            ),
        ),
    ),
    # Saber Slash (11052544)
    ("lua", 11052544): Known(
        (
            "bridge bug: Duel.IsExistingMatchingCard(f, p, s, o, 0, ex) is true in ygo; "
            "ygopro-core answers false for a count of 0 (no Gladiator Beast: not "
            "activatable)"
        ),
        ("P0 SELECT_IDLECMD: only ygo offers activate Saber Slash (11052544) (hand)",),
    ),
    # R - Righteous Justice (37318031)
    ("lua", 37318031): Known(
        (
            "bridge bug: Duel.IsExistingMatchingCard(f, p, s, o, 0, ex) is true in ygo; "
            "ygopro-core answers false for a count of 0 (no E-HERO: not activatable)"
        ),
        (("P0 SELECT_IDLECMD: only ygo offers activate R - Righteous Justice (37318031) (hand)"),),
    ),
    # Defenders Intersect (71417170)
    ("lua", 71417170): Known(
        (
            "bridge gap: an EVENT_FREE_CHAIN activation is offered in the Main Phase only"
            " (the translator gives it no priority windows), not in the Battle Step"
        ),
        (
            (
                "P0 SELECT_BATTLECMD: only the reference offers activate Defenders Intersect "
                "(71417170) (szone)"
            ),
            (
                "P0: the reference's choice activate Defenders Intersect (71417170) (szone) "
                "is not one of ygo's options"
            ),
        ),
    ),
    # Impenetrable Attack (86778566)
    ("lua", 86778566): Known(
        (
            "bridge gap: an EVENT_FREE_CHAIN activation is offered in the Main Phase only"
            " (the translator gives it no priority windows), not in the Battle Step"
        ),
        (
            (
                "P0 SELECT_BATTLECMD: only the reference offers activate Impenetrable Attack "
                "(86778566) (szone)"
            ),
            (
                "P0: the reference's choice activate Impenetrable Attack (86778566) (szone) "
                "is not one of ygo's options"
            ),
        ),
    ),
    # Staunch Defender (92854392)
    ("lua", 92854392): Known(
        (
            "reference script error: c92854392.lua calls Duel.IsExistingTarget with 5 "
            "arguments; ygopro-core db4fd16 wants 6 and raises, so the reference never "
            "offers the card (ygo's bridge takes the call and offers it, as the text "
            "says)"
        ),
        (
            (
                "ygo asks P1 PRIORITY: activate Staunch Defender (92854392) (szone); the "
                "reference asks P0 SELECT_BATTLECMD: phase end, phase main2"
            ),
            (
                'the reference\'s card script raised: 1: [string "./script/c92854392.lua"]:18:'
                " 6 Parameters are needed."
            ),
        ),
    ),
    # Tribe-Infecting Virus (33184167)
    ("native", 33184167): Known(
        (
            "reference script: Tribe-Infecting Virus's Lua offers only the Types of "
            "face-up monsters on the field (4 here); ygo offers every Type (25), as the "
            "text lets its player declare any"
        ),
        (("P0 ANNOUNCE_RACE: only the reference offers 4 options; only ygo offers 25 options"),),
    ),
    # Riryoku (34016756)
    ("native", 34016756): Known(
        (
            "representation: ygo's Riryoku takes the first target chosen as the one that "
            "loses ATK; the reference's script targets 2 monsters and asks which one at "
            "resolution"
        ),
        (
            (
                "the reference asks P0 SELECT_CARD: Dark Magician (46986414) P0 mzone, Celtic"
                " Guardian (91152256) P0 mzone; ygo asks P0 MAIN: mset Feral Imp (41392891), "
                "phase battle, phase end, repos Dark Magician (46986414), repos Celtic "
                "Guardian (91152256), summon Feral Imp (41392891)"
            ),
        ),
    ),
    # Gilford the Lightning (36354007)
    ("native", 36354007): Known(
        (
            "representation: ygo offers Gilford's two Tribute Summons (2 tributes, or 3 "
            "for its effect: R-MON-2) as two Main Phase options; the reference offers one"
            " summon and asks which after it (SELECT_OPTION)"
        ),
        (
            "P0 SELECT_IDLECMD: only ygo offers summon Gilford the Lightning (36354007)",
            (
                "the reference asks P0 SELECT_OPTION: 2 options; ygo asks P0 TRIBUTE: Gilford"
                " the Lightning (36354007) P0 mzone, Dark Magician (46986414) P0 mzone, "
                "Celtic Guardian (91152256) P0 mzone"
            ),
        ),
    ),
    # Victory Dragon (44910027)
    ("native", 44910027): Known(
        (
            "ygo gap, documented in its script: Victory Dragon's summoning conditions (3 "
            "Dragon tributes, no Special Summon) are not scripted, so ygo offers its "
            "Normal Summon and Set"
        ),
        (
            (
                "P0 SELECT_IDLECMD: only ygo offers summon Victory Dragon (44910027), mset "
                "Victory Dragon (44910027)"
            ),
        ),
    ),
    # Perfectly Ultimate Great Moth (48579379)
    ("native", 48579379): Known(
        (
            "reference data: cards-en.cdb gives Perfectly Ultimate Great Moth type 0x21, "
            "without TYPE_SPSUMMON, so the reference lets it be Normal Summoned with 2 "
            "tributes; ygo follows its text (cannot be Normal Summoned, R-SUM-8)"
        ),
        (
            (
                "P0 SELECT_IDLECMD: only the reference offers summon Perfectly Ultimate Great"
                " Moth (48579379), mset Perfectly Ultimate Great Moth (48579379)"
            ),
            (
                "P0: the reference's choice summon Perfectly Ultimate Great Moth (48579379) "
                "is not one of ygo's options"
            ),
        ),
    ),
    # Painful Choice (74191942)
    ("native", 74191942): Known(
        (
            "GY order of cards sent at the same time: the reference sends them in Deck "
            "order, ygo in the order they were chosen (RULES.md keeps the GY order, "
            "R-FIELD-3, but does not say how cards sent together are ordered)"
        ),
        (
            (
                "P0 gy: reference [Blue-Eyes White Dragon (89631139), Pot of Greed "
                "(55144522), Mystical Elf (15025844), Pot of Greed (55144522), Giant Soldier "
                "of Stone (13039848), Dark Hole (53129443), Celtic Guardian (91152256), "
                "Painful Choice (74191942)], ygo [Blue-Eyes White Dragon (89631139), Pot of "
                "Greed (55144522), Mystical Elf (15025844), Pot of Greed (55144522), Dark "
                "Hole (53129443), Giant Soldier of Stone (13039848), Celtic Guardian "
                "(91152256), Painful Choice (74191942)]"
            ),
        ),
    ),
    # Total Defense Shogun (75372290)
    ("native", 75372290): Known(
        (
            "likely ygo deviation: ygo applies Total Defense Shogun's change to Defense "
            "Position as a rule (no chain link); the reference's script makes it a "
            "mandatory Trigger effect (a chain link), as R-MON-2 would class it"
        ),
        ("activations: reference [P0 Total Defense Shogun (75372290)], ygo []",),
    ),
    # Ultimate Offering (80604091)
    ("native", 80604091): Known(
        (
            "reference design: activating Ultimate Offering can use its effect in the "
            "same chain link (SELECT_EFFECTYN: pay 500, summon); ygo activates the card "
            "and offers the effect at the next open Main Phase prompt (the effect is then"
            " used only in the reference)"
        ),
        (
            (
                "the reference asks P0 SELECT_EFFECTYN: activate Ultimate Offering (80604091)"
                " (szone); ygo does not"
            ),
            (
                "P0 SELECT_IDLECMD: only ygo offers summon Feral Imp (41392891), mset Feral "
                "Imp (41392891), activate Ultimate Offering (80604091) (szone)"
            ),
            "P0 lp: reference 7500, ygo 8000",
            (
                "P0 monsters: reference [Feral Imp (41392891) faceup_attack 1300 1400, Dark "
                "Magician (46986414) faceup_attack 2500 2100, Celtic Guardian (91152256) "
                "faceup_defense 1400 1200], ygo [Dark Magician (46986414) faceup_attack 2500 "
                "2100, Celtic Guardian (91152256) faceup_defense 1400 1200]"
            ),
            "P0 hand: reference [], ygo [Feral Imp (41392891)]",
        ),
    ),
    # Ring of Destruction (83555666)
    ("native", 83555666): Known(
        (
            "guide ruling: ygo plays Ring of Destruction in its old wording (any time a "
            "Normal Trap can be activated, any face-up monster); the Lua script encodes "
            "the erratum (only during the opponent's turn)"
        ),
        (("P0 SELECT_IDLECMD: only ygo offers activate Ring of Destruction (83555666) (szone)"),),
    ),
    # Last Will (85602018)
    ("native", 85602018): Known(
        (
            "guide ruling: ygo plays Last Will as the guides' period printed it "
            "(activated only once a monster of yours went to the GY this turn); the Lua "
            "script encodes the later delayed-effect text (activatable at any time)"
        ),
        (
            ("P0 SELECT_IDLECMD: only the reference offers activate Last Will (85602018) (hand)"),
            (
                "P0: the reference's choice activate Last Will (85602018) (hand) is not one "
                "of ygo's options"
            ),
        ),
    ),
    # Dice It (8868767)
    ("lua", 8868767): Known(
        (
            "representation: the die is each engine's own random roll (the reference "
            "rolled 2, ygo 6); both banish as many cards as the roll says"
        ),
        (
            (
                "P0 gy: reference [Blue-Eyes White Dragon (89631139), Dice It (8868767)], "
                "ygo [Dice It (8868767)]"
            ),
            (
                "P0 banished: reference [Mystical Elf (15025844) True, Pot of Greed "
                "(55144522) True], ygo [Mystical Elf (15025844) True, Pot of Greed "
                "(55144522) True, Blue-Eyes White Dragon (89631139) True]"
            ),
        ),
    ),
}


def _with_generated() -> None:
    from tests.oracle.known_generated import GENERATED

    for key, value in GENERATED.items():
        KNOWN.setdefault(key, value)


_with_generated()
