"""Core data: enums with YGOPro's bit values, the card model, decks."""
