"""The page of ``pitchcore serve``, played in a real browser: headless Chromium driven through
Selenium and chromedriver (Debian's ``chromium`` and ``chromium-driver`` packages; ``make
browser`` installs them when it can).

A person sits down through the lobby against three bots and plays a whole hand by clicking:
buttons for the auction, highlighted cards for the play (a card that is not legal is dimmed
and clicking it sends nothing). Mid-hand the page is reloaded and must come back in the same
seat, with the same hand, and play on. Screenshots are taken mid-hand and at the hand's end
(into the test's folder and into build/screenshots/ for people to look at) and checked to be
real pictures of a table; the DOM is checked for every part of the table. A spectator
(``#watch=ID``) sees the table and the cards played, and never a card of anyone's hand.

Without a browser the tests are skipped and say why, except under ``CI=true``, where they
fail: CI must really run them. Selenium is given chromedriver's path, so Selenium Manager
never runs (it would try to download a driver).
"""

from __future__ import annotations

import base64
import json
import random
import shutil
import struct
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from conftest import missing

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "build" / "screenshots"
"""Where the screenshots are also left for people to look at."""
HAND_SECONDS = 60
"""The most one hand in the browser may take (it takes a few seconds)."""
MAX_CLICKS = 200
"""The most moves clicked in one hand (a hand needs about ten)."""
WIDTH, HEIGHT = 1400, 1150
"""The browser window: wide enough for the table and its side panels (the page itself gets a
little less height)."""


def browser_paths() -> tuple[str, str]:
    """Chromium and chromedriver, as Debian installs them."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or next(
        (path for path in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if Path(path).exists()), None)
    if chromium is None or driver is None:
        missing("no chromium/chromedriver here: as root, `make browser` installs them (apt-get install chromium "
                "chromium-driver)")
    assert chromium is not None and driver is not None
    return chromium, driver


try:
    import starlette  # noqa: F401  (the server's own needs, checked before starting it)
    import uvicorn  # noqa: F401
except ImportError as error:
    missing(f"the server extra is not installed ({error.name}): pip install -e '.[server]'")

try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    missing("selenium is not installed: pip install -e '.[dev]'")

from server_support import Server, running_server  # noqa: E402  (skipped above without its needs)

Browser = webdriver.Chrome


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # bots wait a little before each move, as they do for people (the default is longer)
    with running_server(tmp_path_factory.mktemp("browser-server"), "--bot-delay", "0.05",
                        "--tables-per-client", "50") as running:
        yield running


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    chromium, driver_path = browser_paths()
    options = Options()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-proxy-server", "--no-first-run", "--disable-extensions", "--hide-scrollbars",
                     f"--window-size={WIDTH},{HEIGHT}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    log = tmp_path_factory.mktemp("chromedriver") / "chromedriver.log"
    service = Service(executable_path=driver_path, log_output=str(log))  # a path: Selenium Manager is not run
    try:
        driver = webdriver.Chrome(service=service, options=options)
    except WebDriverException as error:
        missing(f"chromium does not start here: {error.msg}")
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(20)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def shots(tmp_path: Path) -> Callable[..., Path]:
    """Take a screenshot into the test's folder and build/screenshots/; check it is a real
    picture of the page (a PNG of the window's size, many colours, the table's green felt)."""

    def take(browser: Browser, name: str, *, table: bool = True) -> Path:
        browser.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.35)  # (a card sliding in has landed)
        path = tmp_path / f"{name}.png"
        assert browser.save_screenshot(str(path)), f"no screenshot {name}"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, SCREENSHOTS / path.name)
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{name} is no PNG"
        width, height = struct.unpack(">II", data[16:24])
        assert width >= WIDTH * 0.9 and height >= HEIGHT * 0.7, f"{name} is {width}x{height}"
        assert len(data) > (40_000 if table else 15_000), f"{name} is only {len(data)} bytes: a blank page?"
        colours, felt = picture_facts(browser, data)
        assert colours >= (200 if table else 50), f"{name} has {colours} colours: not a drawn page"
        if table:
            assert felt > 0.08, f"{name} is {felt:.0%} felt green: no table in it"
        return path

    return take


def picture_facts(browser: Browser, png: bytes) -> tuple[int, float]:
    """The distinct colours of a PNG and its share of felt-green pixels, read by the browser
    itself (a canvas: no image library needed)."""
    script = """
      const done = arguments[arguments.length - 1];
      const image = new Image();
      image.onload = () => {
        const canvas = document.createElement("canvas");
        canvas.width = image.width; canvas.height = image.height;
        const context = canvas.getContext("2d");
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, image.width, image.height).data;
        const colours = new Set();
        let green = 0, all = 0;
        for (let i = 0; i < pixels.length; i += 4 * 7) {
          const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
          colours.add((r << 16) | (g << 8) | b);
          all += 1;
          if (g > 70 && g > r * 1.5 && g > b * 1.3) green += 1;
        }
        done([colours.size, green / all]);
      };
      image.onerror = () => done([0, 0]);
      image.src = "data:image/png;base64," + arguments[0];
    """
    colours, felt = browser.execute_async_script(script, base64.b64encode(png).decode())
    return int(colours), float(felt)


# -- reading the page ---------------------------------------------------------------------------


def attribute(browser: Browser, element_id: str, name: str) -> str:
    return browser.find_element(By.ID, element_id).get_attribute(name) or ""


def cards(browser: Browser, selector: str) -> list[str]:
    """The cards (``data-card``) of the elements ``selector`` finds, read at one moment."""
    found: list[str] = browser.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map((node) => node.getAttribute('data-card'))", selector)
    return found


def waiter(browser: Browser, seconds: float = 20) -> WebDriverWait[Browser]:
    return WebDriverWait(browser, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,))


def wait_for_a_move(browser: Browser, number: str) -> None:
    """Wait until the page shows the table after move ``number``."""
    waiter(browser).until(lambda _: attribute(browser, "table", "data-move-number") != number)


SHOWN = """
    return [...document.querySelectorAll(arguments[0])].map((node) => {
      const box = node.getBoundingClientRect();
      const style = getComputedStyle(node);
      const top = box.top + window.scrollY, left = box.left + window.scrollX;
      const drawn = node.getClientRects().length > 0 && style.visibility !== "hidden" && style.display !== "none";
      return {shown: drawn && box.width > 0 && box.height > 0 && left >= 0 && top >= 0
                     && left + box.width <= window.innerWidth + 1 && top < window.innerHeight,
              html: node.outerHTML.slice(0, 160)};
    });"""
"""For each element a selector finds, at one moment: whether it is drawn, with a size,
inside the page's window when it is scrolled to the top (a screenshot shows it)."""


def assert_shown(browser: Browser, selector: str) -> int:
    """Everything ``selector`` finds is shown (there is something): how many."""
    found: list[dict[str, Any]] = browser.execute_script(SHOWN, selector)
    assert found, f"nothing on the page matches {selector}"
    hidden = [element["html"] for element in found if not element["shown"]]
    assert not hidden, f"{selector}: not shown: {hidden}"
    return len(found)


def no_errors_logged(browser: Browser) -> None:
    logged = browser.get_log("browser")  # type: ignore[no-untyped-call]
    errors = [entry for entry in logged if entry["level"] == "SEVERE"]
    assert errors == [], errors


SEATS = """
    return [...document.querySelectorAll("#seats .seat[data-seat]")].map((node) => ({
      seat: Number(node.dataset.seat), position: node.dataset.position, mine: node.dataset.mine,
      turn: node.dataset.turn, name: node.querySelector(".seat-name")?.textContent,
      kind: node.querySelector(".seat-kind")?.textContent, count: node.querySelector(".seat-count")?.textContent,
    }));"""
"""The seats as the page draws them, read at one moment (the page redraws them as bots move)."""


def table_parts_are_shown(browser: Browser, names: dict[int, str], *, seat: int | None) -> None:
    """Every part of the table is on the page and in sight: the seats with their names, the
    marker of whose turn it is, the trick's place, the scores, the bids and trump, the last
    trick; the hand for a seat, none for a spectator."""
    assert assert_shown(browser, "#seats .seat[data-seat]") == len(names)
    seats: list[dict[str, Any]] = browser.execute_script(SEATS)
    assert {drawn["seat"]: drawn["name"] for drawn in seats} == names
    for drawn in seats:
        assert drawn["kind"] and drawn["count"].endswith(("card", "cards")), drawn
        assert (drawn["mine"] == "true") == (drawn["seat"] == seat), drawn
    assert len([drawn for drawn in seats if drawn["turn"] == "true"]) <= 1
    positions = {drawn["seat"]: drawn["position"] for drawn in seats}
    bottom = 0 if seat is None else seat
    assert positions[bottom] == "bottom"
    if len(names) == 4:
        assert [positions[(bottom + step) % 4] for step in range(4)] == ["bottom", "left", "top", "right"]
    for part in ("#felt", "#status", "#scores tr[data-side]", "#trump-box", "#bids", "#last-trick", "#hand-result",
                 "#log"):
        assert_shown(browser, part)
    assert browser.find_element(By.ID, "trick").is_displayed()
    assert attribute(browser, "connection", "data-state") == "open"
    if seat is None:
        assert not browser.find_element(By.ID, "my-area").is_displayed()
        assert cards(browser, "#hand .card") == []
    else:
        assert_shown(browser, "#hand .card[data-card]")
        assert_shown(browser, "#move-text")


def seat_names(server: Server, table_id: str) -> dict[int, str]:
    """The names the page gives the seats: a person's own, a bot's kind and seat."""
    summary = server.table(table_id)
    return {seat["seat"]: seat["name"] or f"{seat['kind'].capitalize()} {seat['seat']}" for seat in summary["seats"]}


def my_turn(browser: Browser) -> bool:
    table = browser.find_element(By.ID, "table")
    return table.get_attribute("data-to-move") == table.get_attribute("data-seat") != "" and bool(
        browser.find_elements(By.CSS_SELECTOR, '#moves button.move:not([disabled]), #hand .card[data-playable="true"]'))


# -- the tests -------------------------------------------------------------------------------------


def sit_down_in_the_lobby(browser: Browser, server: Server, name: str) -> str:
    """Open the lobby, create a table of Auction Pitch against three heuristic bots and sit at
    it as ``name``: the table's id, once the first snapshot is shown."""
    browser.get(server.url + "/")
    waiter(browser).until(lambda _: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    assert browser.find_element(By.ID, "lobby").is_displayed()
    assert not browser.find_element(By.ID, "table").is_displayed()
    field = browser.find_element(By.ID, "player-name")
    assert field.get_attribute("value")  # ("You" at first; then the name last given)
    field.clear()
    field.send_keys(name)
    Select(browser.find_element(By.ID, "variant")).select_by_value("auction-pitch")
    Select(browser.find_element(By.ID, "bot")).select_by_value("heuristic")
    browser.find_element(By.ID, "create-table").click()
    waiter(browser).until(lambda _: attribute(browser, "table", "data-move-number") != "")
    assert not browser.find_element(By.ID, "lobby").is_displayed()
    table_id = attribute(browser, "table", "data-table")
    assert browser.execute_script("return location.hash") == f"#table={table_id}"
    stored = json.loads(browser.execute_script("return localStorage.getItem('pitchcore.seats')"))
    assert stored[table_id]["seat"] == 0 and stored[table_id]["credential"]
    return table_id


def play_one_move(browser: Browser, rng: random.Random, checks: dict[str, Any]) -> str:
    """Make one move for the person's seat as a player would: a highlighted card when cards
    may be played (after checking that only those are clickable), else a move's button.
    Returns the move."""
    number, hand = browser.execute_script("""
        return [document.getElementById("table").dataset.moveNumber,
                [...document.querySelectorAll("#hand .card[data-card]")].map((node) => ({
                  card: node.dataset.card, playable: node.dataset.playable, classes: node.className.split(" ")}))];""")
    playable = [card["card"] for card in hand if card["playable"] == "true"]
    if playable:
        for card in hand:  # highlighted exactly when playable; the others dimmed
            legal = card["playable"] == "true"
            assert ("playable" in card["classes"]) == legal and ("dimmed" in card["classes"]) == (not legal), card
        dimmed = [card["card"] for card in hand if card["playable"] == "false"]
        checks["dimmed seen"] = checks.get("dimmed seen", False) or bool(dimmed)
        if dimmed and not checks.get("dimmed clicked"):  # a card that may not be played: nothing is sent
            browser.find_element(By.CSS_SELECTOR, f'#hand .card[data-card="{dimmed[0]}"]').click()
            time.sleep(0.4)
            assert attribute(browser, "table", "data-move-number") == number
            assert browser.find_element(By.ID, "error").text == ""
            assert cards(browser, "#hand .card") == [card["card"] for card in hand]
            checks["dimmed clicked"] = True
        text = rng.choice(playable)
        hands = attribute(browser, "table", "data-hands")
        browser.find_element(By.CSS_SELECTOR, f'#hand .card[data-card="{text}"][data-playable="true"]').click()
        wait_for_a_move(browser, number)
        # Read at one moment: bots may end the hand between two reads, and deal the card back.
        hands_now, held = browser.execute_script(
            'return [document.getElementById("table").dataset.hands,'
            ' [...document.querySelectorAll("#hand .card")].map((node) => node.getAttribute("data-card"))]')
        if hands_now == hands:  # (else a new hand is dealt: the card may be back)
            assert text not in held, f"{text} was played and is still in the hand"
        assert text in cards(browser, "#trick .card, #last-trick .card"), f"{text} is not on the table"
        checks["cards played"] = checks.get("cards played", 0) + 1
        return f"play {text}"
    buttons = browser.find_elements(By.CSS_SELECTOR, "#moves button.move:not([disabled])")
    assert buttons, "the person's turn, but no move to make"
    button = rng.choice(buttons)
    move = button.get_attribute("data-move") or ""
    assert not move.startswith("play "), f"{move}: a card's move as a button"
    if attribute(browser, "table", "data-phase") == "bidding":
        checks["bids"] = checks.get("bids", 0) + 1
    button.click()
    wait_for_a_move(browser, number)
    return move


def test_a_hand_is_played_at_the_table_by_clicking(server: Server, browser: Browser,
                                                  shots: Callable[..., Path]) -> None:
    started = time.monotonic()
    table_id = sit_down_in_the_lobby(browser, server, "Ann")
    names = seat_names(server, table_id)
    assert names[0] == "Ann" and names[1] == "Heuristic 1"
    assert attribute(browser, "table", "data-seat") == "0"
    waiter(browser).until(lambda _: attribute(browser, "connection", "data-state") == "open")
    assert len(cards(browser, "#hand .card[data-card]")) == 6
    assert "You sit down" in browser.find_element(By.ID, "log").text

    # A move the server refuses: the page shows its message, and nothing changes.
    number = attribute(browser, "table", "data-move-number")
    waiter(browser).until(lambda _: my_turn(browser))
    number = attribute(browser, "table", "data-move-number")
    browser.find_element(By.ID, "move-text").send_keys("play ZZ")
    browser.find_element(By.ID, "send-move").click()
    waiter(browser).until(lambda _: browser.find_element(By.ID, "error").text != "")
    assert attribute(browser, "error", "data-reason") in ("unreadable", "malformed")
    assert "ZZ" in browser.find_element(By.ID, "error").text
    assert attribute(browser, "table", "data-move-number") == number
    assert browser.find_elements(By.CSS_SELECTOR, '#log li[data-type="error"]')

    rng = random.Random(7)
    checks: dict[str, Any] = {}
    deadline = time.monotonic() + HAND_SECONDS
    clicks = 0
    reloaded = False

    def hand_over() -> bool:
        return attribute(browser, "hand-result", "data-count") != "0"

    while not hand_over():
        assert time.monotonic() < deadline and clicks < MAX_CLICKS, "the hand did not end in the browser"
        waiter(browser).until(lambda _: hand_over() or my_turn(browser))
        if hand_over():
            break
        # The turn marker: on this seat, on no other.
        turn = browser.find_elements(By.CSS_SELECTOR, '.seat[data-turn="true"]')
        assert [element.get_attribute("data-seat") for element in turn] == ["0"]
        assert browser.find_element(By.ID, "status").get_attribute("data-mine") == "true"
        try:
            play_one_move(browser, rng, checks)
        except StaleElementReferenceException:  # the page was drawn again under the click: look again
            continue
        clicks += 1
        assert browser.find_element(By.ID, "error").text == ""

        if checks.get("cards played") == 2 and not reloaded:
            # Mid-hand: the table as it stands, then a reload that must come back to the same seat.
            waiter(browser).until(lambda _: hand_over() or browser.find_elements(By.CSS_SELECTOR, "#trick .card"))
            if hand_over():
                break
            table_parts_are_shown(browser, names, seat=0)
            assert attribute(browser, "trump", "data-trump") in ("C", "D", "H", "S")
            assert browser.find_element(By.ID, "contract").text
            assert browser.find_elements(By.CSS_SELECTOR, "#bids li[data-seat]")
            assert len(cards(browser, "#last-trick .card")) == 4
            for card in browser.find_elements(By.CSS_SELECTOR, "#trick .card"):
                assert card.get_attribute("data-seat") in {"0", "1", "2", "3"}
            shots(browser, "table-mid-hand")
            hand_before = cards(browser, "#hand .card")
            number = attribute(browser, "table", "data-move-number")
            browser.refresh()
            waiter(browser).until(lambda _: attribute(browser, "table", "data-move-number") != "")
            waiter(browser).until(lambda _: attribute(browser, "connection", "data-state") == "open")
            assert attribute(browser, "table", "data-table") == table_id
            assert attribute(browser, "table", "data-seat") == "0"
            assert int(attribute(browser, "table", "data-move-number")) >= int(number)
            assert cards(browser, "#hand .card") == hand_before  # (the bots wait for this seat)
            assert "You sit down" in browser.find_element(By.ID, "log").text
            assert browser.find_element(By.CSS_SELECTOR, '.seat[data-seat="0"] .seat-name').text == "Ann"
            assert server.table(table_id)["seats"][0]["connected"]
            reloaded = True

    # The hand's end: its result (who won each award, with the deciding card), the last trick.
    assert reloaded and checks.get("bids")
    assert checks.get("dimmed clicked", False) == checks.get("dimmed seen", False)
    assert checks["cards played"] >= 6 - 1  # (a card to every trick; the reload came between two)
    waiter(browser).until(lambda _: attribute(browser, "table", "data-phase") == "bidding" or my_turn(browser))
    table_parts_are_shown(browser, names, seat=0)
    awards = browser.find_elements(By.CSS_SELECTOR, "#hand-result-awards li[data-award]")
    assert {award.get_attribute("data-award") for award in awards} == {"high", "low", "jack", "game"}
    for award in awards:
        side = award.get_attribute("data-side")
        text = award.text
        assert text.split(":")[1].strip().startswith(("nobody", "you", *names.values())), text
        if award.get_attribute("data-award") in ("high", "low") and side:
            assert award.find_element(By.CSS_SELECTOR, ".award-card").get_attribute("data-card")
            assert " from " in text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#hand-result-tricks li[data-taker]")) == 6
    assert "Score changes" in browser.find_element(By.ID, "hand-result-delta").text
    assert_shown(browser, "#hand-result-awards")
    assert len(cards(browser, "#last-trick .card")) == 4
    scores = [int(cell.text) for cell in browser.find_elements(By.CSS_SELECTOR, "#scores td.score")]
    assert scores == server.table(table_id)["scores"]
    shots(browser, "table-hand-end")

    # The log says it in words: "you" for this seat, names for the others, never "seat 0".
    log = browser.find_elements(By.CSS_SELECTOR, "#log li[data-type]")
    kinds = {item.get_attribute("data-type") for item in log}
    assert {"MoveMade", "TrickWon", "HandScored", "NewDeal", "error"} <= kinds
    texts = [item.text for item in log]
    assert any(text.startswith("You play ") for text in texts)
    assert any(text.startswith("Heuristic 1 ") for text in texts)
    assert not any("seat 0" in text.lower() for text in texts), texts
    no_errors_logged(browser)
    assert time.monotonic() - started < 60


def test_discards_are_picked_in_the_hand_when_there_are_too_many_to_list(server: Server, browser: Browser) -> None:
    """Haus Pitch: every seat may discard any of its cards, so the page lists no buttons but
    lets you pick cards; the discard button is enabled only for a legal choice."""
    table = server.create(variant="haus-pitch", seats=["human", "heuristic", "heuristic", "heuristic"])
    credential = server.join(table["id"], 0, "Cy")
    browser.get(server.url + "/")
    browser.execute_script("localStorage.setItem('pitchcore.seats', JSON.stringify(arguments[0]))",
                           {table["id"]: {"table": table["id"], "credential": credential, "seat": 0}})
    browser.get(f"{server.url}/#table={table['id']}")
    waiter(browser).until(lambda _: attribute(browser, "table", "data-move-number") != "")
    rng = random.Random(3)
    picker = browser.find_element(By.ID, "discard-picker")
    for _ in range(MAX_CLICKS):
        waiter(browser).until(lambda _: picker.is_displayed() or my_turn(browser))
        if picker.is_displayed():
            break
        try:
            play_one_move(browser, rng, {"dimmed clicked": True})
        except StaleElementReferenceException:
            continue
    assert picker.is_displayed() and attribute(browser, "table", "data-phase") == "discarding"
    assert browser.find_elements(By.CSS_SELECTOR, "#moves button.move") == []
    button = browser.find_element(By.ID, "discard-selected")
    hand = cards(browser, "#hand .card")
    for card in hand:  # pick cards in hand order until the choice is a legal discard
        browser.find_element(By.CSS_SELECTOR, f'#hand .card[data-card="{card}"]').click()
        if button.is_enabled():
            break
    assert button.is_enabled(), "no choice of cards was a legal discard"
    choice = browser.find_element(By.ID, "discard-choice").text.strip("()")
    number = attribute(browser, "table", "data-move-number")
    button.click()
    wait_for_a_move(browser, number)
    assert browser.find_element(By.ID, "error").text == ""
    mine = [item.text for item in browser.find_elements(By.CSS_SELECTOR, '#log li[data-type="MoveMade"]')
            if item.text.startswith("You discard")]
    assert len(mine) == 1 and len(mine[0].split()) == 2 + len(choice.split()) - 1
    no_errors_logged(browser)


def test_a_spectator_sees_the_table_and_no_hand(server: Server, browser: Browser,
                                                shots: Callable[..., Path]) -> None:
    """A person plays in one tab; a spectator watches in another, from the lobby's "watch"
    link. The spectator sees the seats, the bids and every card played, and none of the
    cards in the person's hand (nor anyone else's: there is no hand on the page at all)."""
    started = time.monotonic()
    table = server.create(variant="auction-pitch", seats=["human", "heuristic", "heuristic", "heuristic"])
    table_id = table["id"]
    credential = server.join(table_id, 0, "Bea")
    names = seat_names(server, table_id)
    browser.get(server.url + "/")
    browser.execute_script("localStorage.setItem('pitchcore.seats', JSON.stringify(arguments[0]))",
                           {table_id: {"table": table_id, "credential": credential, "seat": 0}})
    browser.get(f"{server.url}/#table={table_id}")  # (the seat, by the stored credential)
    waiter(browser).until(lambda _: attribute(browser, "table", "data-move-number") != "")
    player = browser.current_window_handle

    browser.switch_to.new_window("tab")
    spectator = browser.current_window_handle
    browser.get(server.url + "/")
    waiter(browser).until(lambda _: browser.find_elements(By.CSS_SELECTOR, f'#tables li[data-table="{table_id}"]'))
    entry = browser.find_element(By.CSS_SELECTOR, f'#tables li[data-table="{table_id}"]')
    assert "Bea" in entry.text
    shots(browser, "lobby", table=False)
    entry.find_element(By.CSS_SELECTOR, "a.watch").click()
    waiter(browser).until(lambda _: attribute(browser, "table", "data-move-number") != "")
    assert browser.execute_script("return location.hash") == f"#watch={table_id}"
    assert attribute(browser, "table", "data-spectator") == "true" and attribute(browser, "table", "data-seat") == ""

    def spectator_sees(number: str) -> None:
        """The spectator's page at move ``number`` or later, checked against the player's hand."""
        browser.switch_to.window(player)
        hand = set(cards(browser, "#hand .card"))
        assert hand
        browser.switch_to.window(spectator)
        waiter(browser).until(lambda _: int(attribute(browser, "table", "data-move-number")) >= int(number))
        table_parts_are_shown(browser, names, seat=None)
        everywhere = cards(browser, "[data-card]")
        assert not hand & set(everywhere), f"the spectator sees {hand & set(everywhere)} of Bea's hand"
        public = cards(browser, "#trick .card, #last-trick .card, #hand-result [data-card], #upcards .card, "
                                ".seat-shown .card")
        assert sorted(everywhere) == sorted(public), "a card outside the table's public places"
        assert not browser.find_elements(By.CSS_SELECTOR, ".seat-you")
        assert not any(item.text.lower().startswith("you ")
                       for item in browser.find_elements(By.CSS_SELECTOR, "#log li[data-type]"))

    spectator_sees(attribute(browser, "table", "data-move-number"))
    rng = random.Random(11)
    checks: dict[str, Any] = {"dimmed clicked": True}
    for _ in range(MAX_CLICKS):
        assert time.monotonic() - started < 50, "the hand went on too long"
        browser.switch_to.window(player)
        waiter(browser).until(lambda _: my_turn(browser))
        try:
            play_one_move(browser, rng, checks)
        except StaleElementReferenceException:
            continue
        number = attribute(browser, "table", "data-move-number")
        spectator_sees(number)
        if checks.get("cards played", 0) >= 3:
            break
    browser.switch_to.window(spectator)
    played = cards(browser, "#trick .card, #last-trick .card")
    assert played and all(card.get_attribute("data-seat") for card in
                          browser.find_elements(By.CSS_SELECTOR, "#trick .card"))
    assert browser.find_elements(By.CSS_SELECTOR, '#log li[data-type="MoveMade"]')
    assert any(item.text.startswith("Bea play") for item in browser.find_elements(By.CSS_SELECTOR, "#log li"))
    shots(browser, "table-spectator")
    no_errors_logged(browser)
    browser.close()
    browser.switch_to.window(player)
    assert time.monotonic() - started < 60


def test_leaving_forgets_the_seat(server: Server, browser: Browser) -> None:
    """The leave button gives the seat up (a bot plays it on) and forgets its credential."""
    table_id = sit_down_in_the_lobby(browser, server, "Dee")
    waiter(browser).until(lambda _: attribute(browser, "connection", "data-state") == "open")
    browser.find_element(By.ID, "leave-table").click()
    waiter(browser).until(lambda _: browser.find_element(By.ID, "lobby").is_displayed())
    stored = json.loads(browser.execute_script("return localStorage.getItem('pitchcore.seats') || '{}'"))
    assert table_id not in stored
    assert browser.execute_script("return location.hash") in ("", "#")
    summary = server.table(table_id)
    assert not summary["seats"][0]["taken"] and summary["seats"][0]["kind"] == "heuristic"
    no_errors_logged(browser)


def test_a_server_for_people_takes_no_seed(server: Server) -> None:
    """Whoever chose a table's seed could work out every deal: only ``--seeds`` allows it."""
    status, answer = server.call("/api/tables", {"variant": "auction-pitch", "seed": 1})
    assert status == 400 and "--seeds" in answer["error"]
