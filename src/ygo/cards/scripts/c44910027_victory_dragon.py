"""Victory Dragon (Effect monster): when its direct attack brings the opponent's
LP to 0, its controller wins the whole match, not only the duel (R-MATCH-1; the
duel ends as an LP win whose reason says the match is won, and a match reads
that outcome). A match already lost (two duels lost) is over before it could
attack, so it cannot turn one around (guide 000).

Not scripted: its summoning conditions (it cannot be Special Summoned, and its
Tribute Summon needs 3 Dragon monsters); the effect system has no summoning
restriction yet, so it is summoned like any Level 8 monster.
"""

from ygo.effects import Mod, modifier

CODE = 44910027
EFFECTS = (modifier(Mod.MATCH_WIN, lambda ctx, uid: uid == ctx.uid),)
