"""Spirit Ryu (Effect monster): in its controller's Battle Step, while it is in
an attack (attacking or attacked), its controller can discard a Dragon monster
to make it 1000 ATK and DEF stronger until the end of the turn; as often as they
have Dragons to discard."""

from ygo.core.enums import Race
from ygo.effects import Category, Ctx, Mod, Window, battling, discard_cost, grant, monster, quick

CODE = 67957315


def _dragon(ctx: Ctx, uid: int) -> bool:
    return monster(ctx, uid) and bool(ctx.card(uid).race & Race.DRAGON)


def _your_battle(ctx: Ctx) -> bool:
    return ctx.turn_player == ctx.player and battling(ctx)


EFFECTS = (
    quick(
        grant(Mod.ATK_ADD, 1000, who="self"),
        grant(Mod.DEF_ADD, 1000, who="self"),
        text="discard a Dragon: +1000 ATK/DEF",
        cost=(discard_cost(1, _dragon),),
        condition=_your_battle,
        windows=Window.ATTACK_DECLARED.bit,
        category=Category.ATK | Category.HANDES,
    ),
)
