"""Helper D (pool): the playground log as the person in the terminal reads it."""

from ygo.playground import speak


def test_speak_names_you_and_the_opponent() -> None:
    line = "P0 throws rock, P1 throws scissors"
    assert speak(line, 0) == "You throw rock, Opponent throws scissors"
    assert speak(line, 1) == "Opponent throws rock, You throw scissors"
    assert speak("P1 attacks: ATK 1500 > DEF 600", 0) == "Opponent attacks: ATK 1500 > DEF 600"
    assert speak("player 0 wins (pile empty)", 0) == "You win (pile empty)"
    assert speak("player 0 wins (pile empty)", 1) == "Opponent wins (pile empty)"
    assert speak("a tie: throw again", 0) == "a tie: throw again"
