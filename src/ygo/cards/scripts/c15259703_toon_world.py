"""Toon World (Continuous Spell): activated by paying 1000 LP; it does nothing
by itself. Toon monsters can be Special Summoned only while their controller
has it face-up, and are destroyed when a Toon World on the field is destroyed
(their scripts, ``lib.toon``)."""

from ygo.effects import activate, pay_lp

CODE = 15259703
EFFECTS = (activate(text="Toon World", cost=(pay_lp(1000),)),)
