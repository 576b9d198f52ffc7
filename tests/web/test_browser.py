"""The table in real Chromium (Debian's package, driven by Playwright): a whole duel
played by clicking, keyboard-only moves, a second browser context as the opponent,
a spectator, a reload mid-duel, and screenshots checked for what a player needs.

Skipped (with the reason) only when /usr/bin/chromium is absent outside CI; under
CI=true a missing browser fails. Screenshots go to ``$YGO_SHOTS`` when set.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.harness import Server, serving

CHROMIUM = os.environ.get("YGO_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
IN_CI = os.environ.get("CI", "").lower() == "true"

if not (os.path.exists(CHROMIUM) and shutil.which(CHROMIUM)):
    if IN_CI:
        raise RuntimeError(f"CI needs Chromium at {CHROMIUM} (.ci/run installs Debian's chromium)")
    pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")

#: The option texts a quick player prefers, best first (shortens the duel).
PREFER = ("direct-attack", "attack-with", "target", "summon", "go-first", "battle", "activate")
#: Options the quick player avoids while something else is offered.
AVOID = ("main2", "cancel")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def srv() -> Iterator[Server]:
    with serving() as s:
        yield s


def shot(page: Any, name: str, tmp_path: Path) -> Path:
    out = Path(os.environ.get("YGO_SHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000  # a real picture, not a blank page
    return path


def new_page(browser: Any, errors: list[str]) -> Any:
    ctx = browser.new_context(viewport={"width": 1500, "height": 950})
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page


def check_table(page: Any, *, seated: bool = True) -> None:
    """The elements a player needs are on the page."""
    assert page.locator("#side-0 .lp").inner_text().startswith("LP ")
    assert page.locator("#side-1 .lp").inner_text().startswith("LP ")
    assert re.match(r"Turn \d+", page.locator("#phase").inner_text())
    for side in ("#side-0", "#side-1"):
        assert page.locator(f"{side} .zone").count() >= 12
    for pile in ("GY", "Banished", "Extra"):
        assert page.locator(f"#side-0 .piles button:has-text('{pile}')").count() == 1
    assert page.locator("#log li").count() > 0
    if seated:
        mine = page.locator("#side-0 .hand .card")
        theirs = page.locator("#side-1 .hand .card")
        if mine.count():
            assert mine.first.locator(".cname").count() == 1  # face-up, drawn by the page
        for i in range(theirs.count()):
            assert "back" in (theirs.nth(i).get_attribute("class") or "")


def pick(texts: list[str]) -> int:
    for want in PREFER:
        for i, t in enumerate(texts):
            if t.startswith(want):
                return i
    for i, t in enumerate(texts):
        if not t.startswith(AVOID):
            return i
    return 0


def wait_turn(page: Any, timeout: float = 20_000) -> bool:
    """Wait until this page has a decision (True) or the duel is over (False)."""
    page.wait_for_function(
        "() => !document.querySelector('#result').hidden ||"
        " (document.querySelectorAll('#options button').length > 0)",
        timeout=timeout,
    )
    return page.locator("#result").is_hidden()


def take(page: Any, step: int) -> None:
    """Take one decision by clicking, the way a person would: mostly on the card the
    option is about (its menu), else on the option in the list, now and then by key."""
    buttons = page.locator("#options button")
    texts = [t.strip() for t in buttons.all_inner_texts()]
    texts = [re.sub(r"^\d+\s*", "", t) for t in texts]
    i = pick(texts)
    handle = page.evaluate(f"() => window.ygoState?.decision?.options[{i}]?.h ?? null")
    decision = page.evaluate("() => window.ygoState.decision.id")
    card = page.locator(f".card.can[data-h='{handle}']") if handle else None
    if card is not None and card.count() and step % 2 == 0 and card.first.is_visible():
        card.first.click()
        page.locator("#menu button", has_text=f"{i + 1}. ").first.click()
    elif i < 9 and step % 5 == 1:
        page.keyboard.press(str(i + 1))
    else:
        buttons.nth(i).click()
    page.wait_for_function(
        f"() => !window.ygoState?.decision || window.ygoState.decision.id !== {decision}"
        " || !document.querySelector('#result').hidden",
        timeout=20_000,
    )


def create_room(page: Any, srv: Server, opponent: str, timer: str = "") -> None:
    page.goto(srv.url + "/")
    page.wait_for_selector("#deck-shipped option", state="attached")
    page.fill("#name", "Yugi")
    page.select_option("#opponent", opponent)
    if timer:
        page.select_option("#timer", timer)
    page.click("#create-btn")
    page.wait_for_selector("#table:not([hidden])")


def test_a_whole_duel_by_clicking_against_an_agent(
    browser: Any, srv: Server, tmp_path: Path
) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(srv.url + "/")
    page.wait_for_selector("#deck-shipped option", state="attached")
    shot(page, "lobby", tmp_path)
    # a deck error is shown clearly, and nothing is created
    page.check("input[name=deck-kind][value=ydke]")
    page.fill("#deck-ydke", "ydke://@@@!!!")
    page.click("#create-btn")
    page.wait_for_selector("#lobby-error:not([hidden])")
    assert "ydke" in page.locator("#lobby-error").inner_text()
    shot(page, "deck-error", tmp_path)
    page.check("input[name=deck-kind][value=shipped]")
    create_room(page, srv, "random")
    steps = 0
    while wait_turn(page):
        if steps == 8:
            check_table(page)
            shot(page, "duel-vs-agent", tmp_path)
            page.locator("#side-0 .piles button:has-text('GY')").click()
            page.wait_for_selector("dialog#pile[open]")
            page.click("#pile-close")
        take(page, steps)
        steps += 1
        assert steps < 1500, "the duel did not end"
    result = page.locator("#result").inner_text()
    assert re.search(r"You win|You lose|Draw", result)
    shot(page, "duel-end", tmp_path)
    assert steps > 10 and not errors, errors


def test_keyboard_only(browser: Any, srv: Server, tmp_path: Path) -> None:
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(srv.url + "/")
    page.wait_for_selector("#deck-shipped option", state="attached")
    # reach the opponent select and the create button with Tab alone
    page.focus("#name")
    page.keyboard.type("Keys")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "opponent":
            break
    page.keyboard.press("ArrowDown")  # from the first agent to the next
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "create-btn":
            break
    page.keyboard.press("Enter")
    page.wait_for_selector("#table:not([hidden])")
    moves = 0
    while moves < 12 and wait_turn(page):
        decision = page.evaluate("() => window.ygoState.decision.id")
        can = page.locator(".card.can")
        if can.count() and moves % 2 == 0:
            # Tab to a card that has options, Enter opens its menu, Enter takes the first
            for _ in range(80):
                page.keyboard.press("Tab")
                if page.evaluate("document.activeElement.classList.contains('can')"):
                    break
            page.keyboard.press("Enter")
            page.wait_for_selector("#menu:not([hidden])")
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("1")
        page.wait_for_function(
            f"() => !window.ygoState?.decision || window.ygoState.decision.id !== {decision}"
            " || !document.querySelector('#result').hidden",
            timeout=20_000,
        )
        moves += 1
    shot(page, "keyboard", tmp_path)
    assert moves >= 10 and not errors, errors
    # Chinese card names: the page redraws, the log and the options follow
    page.select_option("#lang", "zh")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.card .cname')]"
        ".some(e => /[\u4e00-\u9fff]/.test(e.textContent))",
        timeout=20_000,
    )
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log li')]"
        ".some(e => /[\u4e00-\u9fff]/.test(e.textContent))",
        timeout=20_000,
    )
    assert not errors, errors


def test_two_browsers_a_spectator_and_a_reload(browser: Any, srv: Server, tmp_path: Path) -> None:
    errors: list[str] = []
    yugi = new_page(browser, errors)
    create_room(yugi, srv, "person", timer="300")
    yugi.wait_for_selector("#prompt:has-text('invite link')")
    room = yugi.evaluate("() => new URLSearchParams(location.hash.slice(1)).get('room')")
    kaiba = new_page(browser, errors)
    kaiba.goto(f"{srv.url}/#join={room}")
    kaiba.wait_for_selector("#join-btn:not([hidden])")
    kaiba.fill("#name", "Kaiba")
    kaiba.click("#join-btn")
    kaiba.wait_for_selector("#table:not([hidden])")
    watcher = new_page(browser, errors)
    watcher.goto(f"{srv.url}/#watch={room}")
    watcher.wait_for_selector("#side-0 .lp")
    pages = {0: yugi, 1: kaiba}
    reloaded = left = False
    for step in range(30):
        room_obj = srv.lobby.rooms[room]
        assert room_obj.duel is not None
        if room_obj.over:
            break
        d = room_obj.duel.decision
        assert d is not None
        page = pages[d.player]
        assert wait_turn(page)
        if step == 4 and not left:
            # a closed tab: the other player is told the seat is kept, with the time left;
            # the link opened again (a new browser context) takes the seat back
            url = kaiba.url
            kaiba.context.close()
            yugi.wait_for_function(
                "() => /Kaiba left: seat kept \\d+ s more/"
                ".test(document.querySelector('#conn-status').textContent)",
                timeout=10_000,
            )
            shot(yugi, "opponent-left", tmp_path)
            kaiba = new_page(browser, errors)
            kaiba.goto(url)
            kaiba.wait_for_selector("#side-0 .lp")
            pages[1] = kaiba
            left = True
            page = pages[d.player]
            assert wait_turn(page)
        if step == 8 and not reloaded:
            before = page.evaluate("() => window.ygoState.decision")
            page.reload()
            assert wait_turn(page)
            after = page.evaluate("() => window.ygoState.decision")
            assert after == before  # the same decision, the full table again
            check_table(page)
            reloaded = True
        take(page, step)
    assert reloaded
    if not srv.lobby.rooms[room].over:
        assert (
            "s to decide"
            in yugi.locator("#clock").inner_text() + kaiba.locator("#clock").inner_text()
        )
    for name, page in (("player-1", yugi), ("player-2", kaiba)):
        page.wait_for_timeout(200)
        check_table(page)
        shot(page, name, tmp_path)
    watcher.wait_for_timeout(200)
    check_table(watcher, seated=False)
    for side in ("#side-0", "#side-1"):
        hand = watcher.locator(f"{side} .hand .card")
        classes = [hand.nth(i).get_attribute("class") or "" for i in range(hand.count())]
        assert all("back" in c for c in classes)
    assert watcher.locator("#options button").count() == 0
    shot(watcher, "spectator", tmp_path)
    assert left, "the duel ended before a tab could be closed"
    assert not errors, errors


def test_the_search_agents_thinking_in_the_side_panel(
    browser: Any, srv: Server, tmp_path: Path
) -> None:
    # Issue 14: "the browser table can show the same" as ``ygo play --insight``.
    errors: list[str] = []
    page = new_page(browser, errors)
    page.goto(srv.url + "/")
    page.wait_for_selector("#deck-shipped option", state="attached")
    page.select_option("#opponent", "search")
    page.check("#insight")
    page.click("#create-btn")
    page.wait_for_selector("#table:not([hidden])")
    steps = 0
    while page.locator("#insight-box").is_hidden() and wait_turn(page, timeout=60_000):
        take(page, steps)
        steps += 1
        assert steps < 200, "the search agent never showed its thinking"
    page.wait_for_selector("#insight-box:not([hidden])", timeout=60_000)
    text = page.locator("#insight-text").inner_text()
    assert text.startswith("search:") and "win estimate" in text
    shot(page, "insight", tmp_path)
    assert not errors, errors
