"""Card by card, the natively scripted cards through Lua (issue 24, item 3).

NATIVE_ONLY: cards whose Lua script does not pass the card's own tests yet, with
the reason ("Lua: ..." the first failure the bridge logged, "test: ..." the first
failed assertion when it logged none): under ``--card-scripts lua`` they keep
their native script. NO_LUA and UNTESTED: the native cards no test plays through
Lua. Written by ``python -m tests.lua.card_report``."""

# ruff: noqa: E501
from __future__ import annotations

# fmt: off
NATIVE_ONLY: dict[int, str] = {
    1248895: "test: AssertionError: assert ['activate Ch...fect', 'pass'] == ['activate Ch... [4]', 'pass']",
    3056267: 'test: assert (1 == 0)',
    4206964: "test: ygo.errors.IllegalActionError: 'activate Trap Hole [2]' is not an option now (Activate a card or effect, or pass)",
    5318639: "test: tests.scenario.ScriptError: scripted 'activate Mystical Space Typhoon [2]' is not an option: Main Phase: choose an action: set Mystical Space Typhoon [2] | to-d",
    10375182: 'test: assert "attack: no opponent\'s monster can be chosen as an attack target" in (\'position: you can change battle positions only in your Main Phase; it is the Battl',
    11961740: 'test: assert (<Location.DECK: 1> == <Location.BANISHED: 32>)',
    12206212: 'test: assert False',
    12470447: "test: tests.scenario.ScriptError: scripted 'activate Curse of Fiend [0]' is not an option: Main Phase: choose an action: summon Celtic Guardian [3] | set Celtic Guard",
    12607053: 'test: AssertionError: assert False',
    14141448: 'test: assert False',
    17814387: "test: tests.scenario.ScriptError: scripted 'activate Reinforcements [0]' is not an option: Activate a card or effect, or pass: pass",
    21970285: 'test: assert 6900 == 8000',
    23171610: 'test: assert <Phase.BATTLE_STEP: 16> == <Phase.DAMAGE: 32>',
    24094653: "test: AssertionError: assert 'activate Polymerization [0]' not in ['set Polymerization [0]', 'to-defense Curse of Dragon [2]', 'activate Polymerization [0]', 'battle'",
    25833572: "test: tests.scenario.ScriptError: scripted 'choose face-up Attack' is not an option: Choose a card for Gate Guardian: select Sanga of the Thunder [1] (your Monster Zo",
    25955164: "test: tests.scenario.ScriptError: scripted P0 'activate Sanga of the Thunder [0]', but P1 decides: Battle Phase: declare an attack or move on: attack-with Summoned Sk",
    26202165: 'test: assert <Location.DECK: 1> == <Location.HAND: 2>',
    31829185: 'test: assert <Location.GRAVE: 16> == <Location.SZONE: 8>',
    33184167: "test: tests.scenario.ScriptError: scripted 'choose Warrior' is not an option: Main Phase: choose an action: set Pot of Greed [1] | to-defense Tribe-Infecting Virus [0",
    33396948: 'test: assert (Result(winner=1, reason=<WinReason.LP: 1>) is not None and 1 is None)',
    34016756: 'test: assert (2500 == 1250)',
    34124316: 'test: assert (<Location.MZONE: 4> == <Location.GRAVE: 16>)',
    34206604: 'test: assert <Location.EXTRA: 64> == <Location.MZONE: 4>',
    36280194: "test: AssertionError: assert ['select Myst... GY)', 'done'] == ['select Fera... GY)', 'done']",
    36468556: 'test: assert not [Event(kind=<EventKind.FLIP: 8>, player=1, card=3, code=54652250, value=0, src=0, dst=0, reason=0, secret=False, rp=0, rc=0, batch=3, fid=4, prev_pos',
    40240595: 'test: assert <Location.HAND: 2> == <Location.SZONE: 8>',
    40619825: "test: AssertionError: assert (Decision(player=0, kind=<DecisionKind.TRIGGER: 8>, options=(Action(kind=<ActionKind.ACTIVATE: 15>, card=0, zone=-1, la...label='', effec",
    40640057: 'test: AssertionError: assert -1 == 1',
    41426869: "test: tests.scenario.ScriptError: scripted 'choose face-up Attack' is not an option: Choose a card for Black Illusion Ritual: select Thousand-Eyes Idol [2] (your hand",
    44209392: 'test: assert <Phase.BATTLE_STEP: 16> == <Phase.DAMAGE: 32>',
    48579379: 'test: assert False',
    49587034: 'test: assert <Location.HAND: 2> == <Location.BANISHED: 32>',
    50287060: 'test: assert <Location.GRAVE: 16> == <Location.SZONE: 8>',
    50705071: 'test: assert False',
    50725996: 'test: assert False',
    51345461: "test: tests.scenario.ScriptError: scripted P0 'activate Sword Hunter [0]', but P1 decides: Main Phase: choose an action: set Tribute to The Doomed [4] | summon Celtic",
    55761792: "test: tests.scenario.ScriptError: scripted 'choose face-up Attack' is not an option: Choose a card for Black Luster Ritual: select Celtic Guardian [3] (your Monster Z",
    62340868: "test: tests.scenario.ScriptError: scripted P0 'activate Kazejin [0]', but P1 decides: Battle Phase: declare an attack or move on: attack-with Blue-Eyes White Dragon [",
    63162310: 'test: assert False',
    63519819: 'test: assert <Location.MZONE: 4> == <Location.SZONE: 8>',
    64335804: 'test: assert False',
    64389297: "test: tests.scenario.ScriptError: scripted 'activate Magical Labyrinth [0]' is not an option: Main Phase: choose an action: to-defense Labyrinth Wall [1] | battle | e",
    64631466: 'test: assert (<Location.MZONE: 4> == <Location.SZONE: 8>)',
    68540058: "test: tests.scenario.ScriptError: scripted 'select Celtic Guardian [1]' is not an option: Main Phase: choose an action: to-defense Celtic Guardian [1] | battle | end-",
    70828912: 'test: assert <Location.MZONE: 4> == <Location.GRAVE: 16>',
    71044499: 'test: assert [3, 5, 7] == [4, 6, 8]',
    73915051: "test: AssertionError: assert not ['flip-summon Celtic Guardian [1]']",
    74131780: "test: AssertionError: assert 'activate: there is no valid target' in ('attack: attacks are declared in the Battle Phase', 'activate: its cost cannot be paid')",
    74191942: 'test: assert <Location.DECK: 1> == <Location.HAND: 2>',
    75347539: "test: tests.scenario.ScriptError: scripted 'choose face-up Defense' is not an option: Choose a card for Valkyrion the Magna Warrior: select Alpha The Magnet Warrior [",
    76792184: "test: tests.scenario.ScriptError: scripted 'choose face-up Defense' is not an option: Choose a card for Black Magic Ritual: select Beaver Warrior [3] (your Monster Zo",
    77084837: "test: AssertionError: assert 'it cannot be Special Summoned from here: summoning condition: cannot be Special Summoned' in ('a card in the GY does nothing by itself; ",
    78010363: 'test: assert <Location.DECK: 1> == <Location.HAND: 2>',
    79106360: 'test: assert 0 == 2',
    79852326: 'test: ygo.errors.SaveError: saved duel is malformed: card #0 is not the kind of card its data says',
    80168720: 'test: assert <Position.FACEDOWN_DEFENSE: 8> == <Position.FACEDOWN_ATTACK: 2>',
    80604091: "test: tests.scenario.ScriptError: scripted 'pass' is not an option: Main Phase: choose an action: summon Obelisk the Tormentor [1] | to-defense Celtic Guardian [2] | ",
    83011277: 'test: IndexError: list index out of range',
    83555666: "test: tests.scenario.ScriptError: scripted 'pass' is not an option: Battle Phase: declare an attack or move on: attack-with Dark Magician [0] | main2 | end-turn",
    83764718: "test: AssertionError: assert 'activate: there is no valid target' in ('activate: its cost cannot be paid',)",
    83887306: "test: assert ['select Myst...ster Zone 3)'] == ['select Myst...ster Zone 2)']",
    85602018: "test: tests.scenario.ScriptError: scripted P0 'select Man-Eater Bug [3]', but P1 decides: Main Phase: choose an action: summon Celtic Guardian [8] | set Celtic Guardi",
    87210505: 'test: assert "activate Knight\'s Title [0]" not in ["set Knight\'s Title [0]", \'to-defense Dark Magician [1]\', "activate Knight\'s Title [0]", \'battle\', \'end-turn\']',
    87756343: 'test: assert False',
    93920745: "test: tests.scenario.ScriptError: scripted P0 'activate Penguin Soldier', but P1 decides: Battle Phase: declare an attack or move on: main2 | end-turn",
    95308449: 'test: assert (None is not None)',
    95727991: 'test: assert 8000 == (8000 - 500)',
    98434877: "test: AssertionError: assert 'activate: its activation condition is not met' in ('position: you can change battle positions only in your Main Phase; it is the Battle ",
    98502113: 'test: assert False',
}

# The native cards no test plays through Lua, and why (no script, or its
# initial_effect does not register): they always play their native script.
NO_LUA: dict[int, str] = {
    10000000: 'unsupported: continuous effect EFFECT_LIMIT_SUMMON_PROC',
    10000010: 'unsupported: continuous effect EFFECT_LIMIT_SUMMON_PROC',
    10000020: 'unsupported: continuous effect EFFECT_LIMIT_SUMMON_PROC',
    10000040: 'unsupported: continuous effect EFFECT_CANNOT_DISABLE_SPSUMMON',
    17444133: 'unsupported: continuous effect EFFECT_DOUBLE_TRIBUTE',
    18807108: 'unsupported: effect type TARGET (EFFECT_CANNOT_CHANGE_POSITION)',
    21155323: 'unsupported: continuous effect EFFECT_SET_BASE_ATTACK',
    21615956: 'no script c21615956.lua in /work/shared/ygopro-scripts',
    23265594: 'unsupported: continuous effect EFFECT_DESTROY_SUBSTITUTE',
    36354007: 'unsupported: continuous effect EFFECT_SUMMON_PROC',
    41420027: 'unsupported: an activation at EVENT_SUMMON',
    44910027: 'unsupported: continuous effect EFFECT_LIMIT_SUMMON_PROC',
    45986603: 'unsupported: continuous effect EFFECT_SET_CONTROL',
    49868263: 'unsupported: a continuous (rule) effect at EVENT_CHAIN_SOLVING',
    50045299: 'unsupported: continuous effect EFFECT_SET_POSITION',
    61740673: 'unsupported: a continuous (rule) effect at EVENT_CHAIN_SOLVING',
    65458948: 'unsupported: continuous effect EFFECT_ATTACK_COST',
    68505803: 'no script c68505803.lua in /work/shared/ygopro-scripts',
    70791313: 'unsupported: a continuous (rule) effect at EVENT_CHAIN_SOLVED',
    71413901: 'unsupported: Card.SetCounterLimit in initial_effect',
    72302403: 'unsupported: continuous effect EFFECT_REMAIN_FIELD',
    75372290: 'unsupported: continuous effect EFFECT_DEFENSE_ATTACK',
    77585513: 'unsupported: continuous effect EFFECT_CANNOT_TRIGGER',
    91512835: 'unsupported: continuous effect EFFECT_ATTACK_COST',
    91842653: 'unsupported: continuous effect EFFECT_ATTACK_COST',
    94212438: 'unsupported: a continuous (rule) effect at EVENT_ADJUST',
    97077563: 'unsupported: a continuous (rule) effect at EVENT_LEAVE_FIELD_P',
}

# Native cards whose Lua script registers but that no test of tests/cards or
# tests/rules plays.
UNTESTED: tuple[int, ...] = (
)
