"""ygo: a Yu-Gi-Oh! OCG duel engine in Python."""

__version__ = "0.1.0"
