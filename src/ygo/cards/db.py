"""A collection of cards with look-up by passcode or name, and search."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

from ygo.core.card import CardData
from ygo.core.enums import CardType
from ygo.errors import UnknownCardError
from ygo.textsafe import plain

#: A passcode has at most this many digits (SQLite integers are 64-bit); a longer
#: run of digits is refused before ``int()``, whose digit limit would raise.
MAX_PASSCODE_DIGITS = 19

#: How many candidates an inexact look-up lists.
MAX_CANDIDATES = 6

_FULLWIDTH_DIGITS = str.maketrans("０１２３４５６７８９", "0123456789")

# Traditional characters common in card names, with their simplified forms (the
# zh-CN databases use simplified characters; older guides and players write
# traditional ones). One to one, no ambiguous characters.
_TRAD_TO_SIMP = str.maketrans(
    "導龍戰紅級惡喚燈蟲鵝來壺學揮殺劍聖愷馬羅亞騎術師靈獸鬥門龜彈勝盤無雙鳥魚鐵鋼"
    "電機貓風聲陽陰體態變換壞滅邊為與這個們時場擊傷衛護歸還遠進轉連鎖隊將軍國島書"
    "極終結網劇團藥寶貝氣儀帶樂強發動現實裝備復遺緣報鍊煉銀銅鏡槍飛獅虛墮夢蝕災難"
    "頭顱蠍蠱蟻蝦鯊鯨鱷鳳麗嬰爾萊剛義勞偵盜賊獄監審議論記錄讀寫誕廣嚴舊薩達歐蘭"
    "維諾纏繩線織紙絲綠藍燒熱煙濤潛滿澤灣點顯類題願驅驚髮齒闇禮壽棄終陣鎧羽億萬",
    "导龙战红级恶唤灯虫鹅来壶学挥杀剑圣恺马罗亚骑术师灵兽斗门龟弹胜盘无双鸟鱼铁钢"
    "电机猫风声阳阴体态变换坏灭边为与这个们时场击伤卫护归还远进转连锁队将军国岛书"
    "极终结网剧团药宝贝气仪带乐强发动现实装备复遗缘报炼炼银铜镜枪飞狮虚堕梦蚀灾难"
    "头颅蝎蛊蚁虾鲨鲸鳄凤丽婴尔莱刚义劳侦盗贼狱监审议论记录读写诞广严旧萨达欧兰"
    "维诺缠绳线织纸丝绿蓝烧热烟涛潜满泽湾点显类题愿驱惊发齿暗礼寿弃终阵铠羽亿万",
)

# Older Chinese translations of a word, and the official zh-CN form: "Magician"
# (マジシャン) was long written 魔导, as in 黑魔导 for Dark Magician (黑魔术师).
_OLD_FORMS = (("魔导", ("魔术师", "魔术")),)

_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def normalise(name: str) -> str:
    """The form names are compared in when no name matches exactly.

    Full-width and other compatibility forms become plain ones (NFKC), case is
    folded, traditional Chinese characters common in card names become
    simplified, and spaces and punctuation (``-``, ``·``, ``・``, quotes, ...) are
    dropped: ``blue eyes white dragon`` and ``Blue-Eyes White Dragon`` are equal.
    """
    text = unicodedata.normalize("NFKC", name).casefold().translate(_TRAD_TO_SIMP)
    return "".join(ch for ch in text if unicodedata.category(ch)[0] not in "PZC")


def _variants(key: str) -> list[str]:
    """Other normalised forms a Chinese query may stand for (older translations)."""
    out: list[str] = []
    for old, news in _OLD_FORMS:
        if old in key:
            out.extend(key.replace(old, new) for new in news)
    return out


class KindFilter(StrEnum):
    """The ``--kind`` filter of a search."""

    MONSTER = "monster"
    SPELL = "spell"
    TRAP = "trap"

    @property
    def bit(self) -> CardType:
        return {
            KindFilter.MONSTER: CardType.MONSTER,
            KindFilter.SPELL: CardType.SPELL,
            KindFilter.TRAP: CardType.TRAP,
        }[self]


class MatchKind(StrEnum):
    """How a look-up found its card."""

    PASSCODE = "passcode"
    EXACT = "exact"
    """The English or Chinese name, any case."""
    NORMALISED = "normalised"
    """Equal after :func:`normalise` (width, spaces, punctuation, traditional characters)."""
    VARIANT = "variant"
    """Equal after replacing an older Chinese translation (黑魔导 for 黑魔术师)."""
    SUBSTRING = "substring"
    """The query is part of the name."""
    FUZZY = "fuzzy"
    """A close spelling."""


@dataclass(frozen=True, slots=True)
class Lookup:
    """The result of :meth:`CardDB.lookup`.

    ``card`` is the card found, or ``None`` when nothing matched or the best
    matches were several different cards (then ``candidates`` lists them).
    ``candidates`` lists the plausible cards best first (``card`` among them),
    at most :data:`MAX_CANDIDATES`; empty for an exact match.
    """

    query: str
    card: CardData | None
    kind: MatchKind | None
    candidates: tuple[CardData, ...] = ()

    @property
    def exact(self) -> bool:
        """True for a passcode or an exact name: no need to say how it was found."""
        return self.kind in (MatchKind.PASSCODE, MatchKind.EXACT)

    def message(self) -> str:
        """One line saying what was (not) found: for an inexact or failed look-up."""
        q = plain(self.query)
        if self.exact:
            return ""
        if self.card is not None:
            others = [c for c in self.candidates if c.code != self.card.code]
            more = f"; other candidates: {'; '.join(label(c) for c in others)}" if others else ""
            how = _HOW[self.kind] if self.kind else ""
            return f"no exact match for {q!r}; closest ({how}): {label(self.card)}{more}"
        if self.candidates:
            names = "; ".join(label(c) for c in self.candidates)
            return f"no exact match for {q!r} and no single closest card; candidates: {names}"
        return f"no card is named {q!r}"


_HOW = {
    MatchKind.PASSCODE: "passcode",
    MatchKind.EXACT: "exact name",
    MatchKind.NORMALISED: "same name but for case, width, spaces or punctuation",
    MatchKind.VARIANT: "older Chinese translation",
    MatchKind.SUBSTRING: "part of its name",
    MatchKind.FUZZY: "similar spelling",
}


def label(card: CardData) -> str:
    """A card in a candidate list: ``Dark Magician (黑魔术师) [46986414]``, made plain."""
    zh = f" ({card.name_zh})" if card.name_zh and card.name_zh != card.name else ""
    return plain(f"{card.name}{zh} [{card.code}]")


class CardDB:
    """Cards by passcode, with name look-up and search.

    A later database overrides an earlier one card by card
    (:meth:`overlay`), the way ``--cards FILE.cdb`` loads user cards over the
    embedded pool.
    """

    __slots__ = ("_by_code", "_by_key", "_by_name", "source")

    def __init__(self, cards: Iterable[CardData] = (), source: str = "") -> None:
        self._by_code: dict[int, CardData] = {}
        self._by_name: dict[str, CardData] | None = None
        self._by_key: dict[str, CardData] | None = None
        self.source = source
        for card in cards:
            self._by_code[card.code] = card

    # -- collection ----------------------------------------------------------
    def __len__(self) -> int:
        return len(self._by_code)

    def __iter__(self) -> Iterator[CardData]:
        return iter(self._by_code.values())

    def __contains__(self, code: object) -> bool:
        return code in self._by_code

    def add(self, card: CardData) -> None:
        """Add or replace one card."""
        self._by_code[card.code] = card
        self._by_name = None
        self._by_key = None

    def overlay(self, other: CardDB) -> CardDB:
        """A new database: this one's cards, then ``other``'s over them.

        A card of ``other`` replaces the card with the same passcode. When it is
        the same card (:func:`same_card`), what ``other`` lacks is kept from this
        one: an empty summary, a missing Chinese name (every English
        ``cards.cdb``), a missing English name (a Chinese cdb, whose cards carry
        their Chinese name in both fields). So loading any cdb over the embedded
        pool keeps both languages' names and the pool's summaries.
        """
        merged = CardDB(self, source=self.source)
        by_code = merged._by_code
        for card in other:
            old = by_code.get(card.code)
            if old is not None and same_card(old, card):
                card = replace(
                    card,
                    name=card.name if has_english_name(card) else old.name,
                    name_zh=card.name_zh or old.name_zh,
                    summary=card.summary or old.summary,
                )
            by_code[card.code] = card
        if other.source:
            merged.source = f"{self.source} + {other.source}" if self.source else other.source
        return merged

    # -- look-up -------------------------------------------------------------
    def get(self, code: int) -> CardData:
        """The card with this passcode; :class:`UnknownCardError` if absent."""
        try:
            return self._by_code[code]
        except KeyError:
            raise UnknownCardError(f"unknown passcode {code}") from None

    def maybe(self, code: int) -> CardData | None:
        return self._by_code.get(code)

    def base_code(self, code: int) -> int:
        """The passcode a card counts as for copy limits (its alias, if it has one)."""
        card = self._by_code.get(code)
        return card.base_code if card is not None else code

    def _ordered(self) -> list[CardData]:
        # Base cards first so that a name maps to the card, not to an alt art
        # (nor to a token that shares its name, e.g. a "Dark Magician" token).
        return sorted(self._by_code.values(), key=_name_priority)

    def _names(self) -> dict[str, CardData]:
        if self._by_name is None:
            index: dict[str, CardData] = {}
            for card in self._ordered():
                for name in (card.name, card.name_zh):
                    if name:
                        index.setdefault(name.casefold(), card)
            self._by_name = index
        return self._by_name

    def _keys(self) -> dict[str, CardData]:
        """Normalised name -> card (the base card first, as in :meth:`_names`)."""
        if self._by_key is None:
            index: dict[str, CardData] = {}
            for card in self._ordered():
                for name in (card.name, card.name_zh):
                    if name:
                        key = normalise(name)
                        if key:
                            index.setdefault(key, card)
            self._by_key = index
        return self._by_key

    def lookup(self, query: str) -> Lookup:
        """Find a card by passcode or name, saying how exactly it matched.

        In order: digits are a passcode (full-width digits too); an exact English
        or Chinese name, any case (the base card, not an alternate artwork or a
        token of the same name); names equal after :func:`normalise` or after
        replacing an older Chinese translation (黑魔导 -> 黑魔术师); names that
        contain the query; close spellings. The first of those steps that finds
        anything decides: one card is the result, several make the look-up
        ambiguous (``card`` is ``None``). An unknown passcode raises
        :class:`UnknownCardError`.
        """
        q = query.strip()
        digits = q.translate(_FULLWIDTH_DIGITS)
        if digits and digits.isascii() and digits.isdigit():
            significant = digits.lstrip("0") or "0"
            if len(significant) > MAX_PASSCODE_DIGITS:
                raise UnknownCardError(
                    f"no card has a passcode of {len(significant)} digits "
                    f"(at most {MAX_PASSCODE_DIGITS})"
                )
            return Lookup(query, self.get(int(significant)), MatchKind.PASSCODE)
        exact = self._names().get(q.casefold())
        if exact is not None:
            return Lookup(query, exact, MatchKind.EXACT)

        keys = self._keys()
        key = normalise(q)
        if not key:
            return Lookup(query, None, None)
        wanted = [key, *(_variants(key) if _HAN.search(key) else ())]
        tiers: list[tuple[MatchKind, list[CardData], bool]] = []
        # Normalised and variant matches are one step: 黑魔导 is both 黑·魔·导
        # (Dark Magic Attack) without its dots and the older name of 黑魔术师
        # (Dark Magician), and neither is more right than the other.
        close = [keys[k] for k in wanted if k in keys]
        kind = MatchKind.NORMALISED if key in keys else MatchKind.VARIANT
        tiers.append((kind, close, len({c.code for c in close}) == 1))
        containing = self._containing(wanted)
        tiers.append((MatchKind.SUBSTRING, containing, len(containing) == 1))
        tiers.append((MatchKind.FUZZY, *self._close_spellings(wanted)))
        return _decide(query, tiers)

    def _containing(self, wanted: list[str]) -> list[CardData]:
        hits: list[tuple[int, int, str, CardData]] = []
        for name_key, card in self._keys().items():
            for rank, needle in enumerate(wanted):
                if needle in name_key:
                    prefix = 0 if name_key.startswith(needle) else 1
                    hits.append((prefix, rank, name_key, card))
                    break
        hits.sort(key=lambda h: (h[0], h[1], len(h[2]), h[2]))
        return [h[3] for h in hits]

    def _close_spellings(self, wanted: list[str]) -> tuple[list[CardData], bool]:
        """Cards with a name close to one of ``wanted``, closest first, and whether
        the closest is clearly closer than the next."""
        scored: dict[int, tuple[float, CardData]] = {}
        for needle in wanted:
            matcher = difflib.SequenceMatcher(b=needle, autojunk=False)
            for name_key, card in self._keys().items():
                matcher.set_seq1(name_key)
                if (
                    matcher.real_quick_ratio() < _FUZZY_CUTOFF
                    or matcher.quick_ratio() < _FUZZY_CUTOFF
                ):
                    continue
                ratio = matcher.ratio()
                if ratio >= _FUZZY_CUTOFF and ratio > scored.get(card.code, (0.0, card))[0]:
                    scored[card.code] = (ratio, card)
        ranked = sorted(scored.values(), key=lambda s: (-s[0], s[1].code))
        clear = len(ranked) == 1 or (
            len(ranked) > 1 and ranked[0][0] - ranked[1][0] >= _FUZZY_MARGIN
        )
        return [c for _, c in ranked], clear

    def find(self, query: str) -> CardData:
        """A card by passcode or name (:meth:`lookup`), exact or not.

        Raises :class:`UnknownCardError` (one line, listing the candidates) when
        nothing matches or the best matches are several cards. Use
        :meth:`lookup` to learn whether the match was exact.
        """
        found = self.lookup(query)
        if found.card is None:
            raise UnknownCardError(found.message())
        return found.card

    def search(
        self, text: str = "", kind: KindFilter | None = None, limit: int | None = None
    ) -> list[CardData]:
        """Cards whose English or Chinese name contains ``text`` (any case).

        A name also matches when it contains ``text`` after :func:`normalise`
        (``blue eyes`` finds "Blue-Eyes White Dragon"). Alternate artworks (an
        ``alias`` to a present card of the same name) are left out; cards that
        merely count as another (e.g. "Harpie Lady 1") stay. Results are
        ordered: exact match, then prefix match, then by name.
        """
        needle = text.strip().casefold()
        key = normalise(needle) if needle else ""
        hits: list[tuple[int, str, CardData]] = []
        by_code = self._by_code
        bit = int(kind.bit) if kind is not None else 0
        for card in by_code.values():
            if card.alias:
                base = by_code.get(card.alias)
                if base is not None and base.name == card.name:
                    continue
            if bit and not card.type & bit:
                continue
            en = card.name.casefold()
            zh = card.name_zh.casefold()
            if (
                needle
                and needle not in en
                and needle not in zh
                and (not key or (key not in normalise(en) and key not in normalise(zh)))
            ):
                continue
            if not needle or needle in (en, zh):
                rank = 0
            elif en.startswith(needle) or zh.startswith(needle):
                rank = 1
            else:
                rank = 2
            hits.append((rank, en, card))
        hits.sort(key=lambda h: (h[0], h[1], h[2].code))
        out = [h[2] for h in hits]
        return out if limit is None else out[:limit]


_FUZZY_CUTOFF = 0.75
_FUZZY_MARGIN = 0.1


def _decide(query: str, tiers: list[tuple[MatchKind, list[CardData], bool]]) -> Lookup:
    """The first tier with a card decides: its one card (or its clear winner) is
    the result, several cards make the look-up ambiguous. Every tier's cards are
    candidates, in order."""
    candidates: dict[int, CardData] = {}
    for _, cards, _ in tiers:
        for c in cards:
            candidates.setdefault(c.code, c)
    shown = tuple(list(candidates.values())[:MAX_CANDIDATES])
    for kind, cards, decided in tiers:
        if cards:
            return Lookup(query, cards[0] if decided else None, kind, shown)
    return Lookup(query, None, None, shown)


def has_english_name(card: CardData) -> bool:
    """Whether ``card.name`` is an English name: a card read from a Chinese
    cdb carries its Chinese name in both fields."""
    return bool(card.name) and card.name != card.name_zh


def same_card(old: CardData, new: CardData) -> bool:
    """Whether two cards with one passcode are the same card (for :meth:`CardDB.overlay`).

    When both have a name in the same language, the names decide (any case);
    when they share no language (an English card and one from a Chinese cdb),
    the printed facts do: type, attribute, race, level, scales, link markers,
    ATK and DEF.
    """
    shared = False
    if has_english_name(old) and has_english_name(new):
        shared = True
        if old.name.casefold() == new.name.casefold():
            return True
    if old.name_zh and new.name_zh:
        shared = True
        if old.name_zh == new.name_zh:
            return True
    if shared:
        return False
    return (
        old.type,
        old.attribute,
        old.race,
        old.level,
        old.lscale,
        old.rscale,
        old.link_markers,
        old.atk,
        old.defense,
    ) == (
        new.type,
        new.attribute,
        new.race,
        new.level,
        new.lscale,
        new.rscale,
        new.link_markers,
        new.atk,
        new.defense,
    )


def _name_priority(card: CardData) -> tuple[bool, bool, int]:
    return (card.alias != 0, bool(card.type & CardType.TOKEN), card.code)
