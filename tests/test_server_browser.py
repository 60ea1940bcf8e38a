"""The reference server's page, played in a real browser: headless Chromium driven through
Selenium and chromedriver (Debian's ``chromium`` and ``chromium-driver`` packages; ``make
test`` installs them when it can). It sits at a table against three bots and clicks
legal-move buttons until the page shows the hand's result.

Without a browser the test is skipped and says why, except under ``CI=true``, where it
fails: CI must really run it. Selenium is given chromedriver's path, so Selenium Manager
never runs (it would try to download a driver).
"""

from __future__ import annotations

import random
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import missing

HAND_SECONDS = 60
"""The most one hand in the browser may take (it takes a few seconds)."""
MAX_CLICKS = 200
"""The most legal-move buttons clicked in one hand (a hand needs about ten)."""


def browser_paths() -> tuple[str, str]:
    """Chromium and chromedriver, as Debian installs them."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver") or next(
        (path for path in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if Path(path).exists()), None)
    if chromium is None or driver is None:
        missing("no chromium/chromedriver here: as root, `make test` installs them (apt-get install chromium "
                "chromium-driver)")
    assert chromium is not None and driver is not None
    return chromium, driver


try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.remote.webelement import WebElement
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    missing("selenium is not installed: pip install -e '.[dev]'")

from test_server_clients import Server, running_server  # noqa: E402  (skipped above without its needs)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-server"), seeds=False) as running:
        yield running


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[webdriver.Chrome]:
    chromium, driver_path = browser_paths()
    options = Options()
    options.binary_location = chromium
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--no-proxy-server", "--no-first-run", "--disable-extensions", "--window-size=1280,2000"):
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


def attribute(browser: webdriver.Chrome, element_id: str, name: str) -> str:
    return browser.find_element(By.ID, element_id).get_attribute(name) or ""


def wait_for_a_move(browser: webdriver.Chrome, wait: WebDriverWait[webdriver.Chrome], number: str) -> None:
    """Wait until the page shows a view later than move ``number``."""
    wait.until(lambda _: attribute(browser, "table", "data-move-number") != number)


def sit_down(browser: webdriver.Chrome, server: Server, variant: str) -> str:
    """Open the page, start a table of ``variant`` with you at seat 0 and heuristic bots at
    the others; returns the table's id once the first view is shown."""
    browser.get(server.url + "/")
    wait = WebDriverWait(browser, 20, poll_frequency=0.05)
    wait.until(lambda _: browser.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")
    Select(browser.find_element(By.ID, "variant")).select_by_value(variant)
    Select(browser.find_element(By.ID, "bot")).select_by_value("heuristic")
    browser.find_element(By.ID, "create-table").click()
    wait.until(lambda _: attribute(browser, "table", "data-move-number") != "")
    assert attribute(browser, "table", "data-seat") == "0" and not browser.find_element(By.ID, "lobby").is_displayed()
    return attribute(browser, "table", "data-table")


def test_a_hand_is_played_in_the_browser_against_three_bots(server: Server, browser: webdriver.Chrome) -> None:
    wait = WebDriverWait(browser, 20, poll_frequency=0.05)
    table_id = sit_down(browser, server, "auction-pitch")
    assert server.table(table_id)["seed"] is None  # (it gives every deal: not while the game is on)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#hand .card[data-card]")) == 6

    # A move the server refuses: the page shows the reason, and nothing changes.
    moves_before = server.table(table_id)["moves"]
    browser.find_element(By.ID, "move-text").send_keys("play ZZ")
    browser.find_element(By.ID, "send-move").click()
    wait.until(lambda _: "ZZ" in browser.find_element(By.ID, "error").text)
    assert attribute(browser, "error", "data-reason") == "unreadable"
    assert server.table(table_id)["moves"] == moves_before

    # Click legal moves (seat 0's turn: the page's buttons) until the hand's result is shown.
    rng = random.Random(7)
    deadline = time.monotonic() + HAND_SECONDS
    clicks = 0
    bidding_seen = False

    def hand_over() -> bool:
        return attribute(browser, "hand-result", "data-count") != "0"

    def buttons() -> list[WebElement]:
        return browser.find_elements(By.CSS_SELECTOR, "#moves button.move:not([disabled])")

    while not hand_over():
        assert time.monotonic() < deadline and clicks < MAX_CLICKS, "the hand did not end in the browser"
        wait.until(lambda _: hand_over() or buttons())
        if hand_over():
            break
        number = attribute(browser, "table", "data-move-number")
        if attribute(browser, "table", "data-phase") == "bidding":  # (the high bid so far has won nothing yet)
            assert "won the auction" not in browser.find_element(By.ID, "contract").text
            bidding_seen = True
        try:
            choices = buttons()
            if not choices:
                continue
            button = rng.choice(choices)
            move = button.get_attribute("data-move")
            button.click()
        except StaleElementReferenceException:  # the view changed under the click: look again
            continue
        clicks += 1
        assert move
        wait_for_a_move(browser, wait, number)
        assert browser.find_element(By.ID, "error").text == "", f"{move}: {browser.find_element(By.ID, 'error').text}"

    # The result as the page shows it: the six tricks, the awards and their cards, the log.
    assert clicks >= 6  # at least a card to each trick
    assert bidding_seen
    tricks = browser.find_elements(By.CSS_SELECTOR, "#hand-result-tricks li[data-taker]")
    assert len(tricks) == 6
    awards = {item.get_attribute("data-award") for item in browser.find_elements(By.CSS_SELECTOR,
                                                                                   "#hand-result-awards li")}
    assert awards == {"high", "low", "jack", "game"}
    assert "Score changes" in browser.find_element(By.ID, "hand-result-delta").text
    assert len(browser.find_elements(By.CSS_SELECTOR, "#last-trick .card[data-card]")) == 4
    logged = [item.get_attribute("data-type") for item in browser.find_elements(By.CSS_SELECTOR, "#log li")]
    assert {"MoveMade", "TrickWon", "HandScored"} <= set(logged)
    summary = server.table(table_id)
    assert summary["hands"] >= 1 and summary["seats"][0]["taken"]
    assert summary["moves"] >= int(attribute(browser, "table", "data-move-number"))
    logged_errors = browser.get_log("browser")  # type: ignore[no-untyped-call]
    errors = [entry for entry in logged_errors if entry["level"] == "SEVERE"]
    assert errors == [], errors


def test_discards_are_picked_from_the_hand_when_there_are_too_many_to_list(server: Server,
                                                                         browser: webdriver.Chrome) -> None:
    """Haus Pitch: every seat may discard any of its cards, so the page lists no buttons but
    lets you pick cards; the discard button is enabled only for a legal choice."""
    wait = WebDriverWait(browser, 20, poll_frequency=0.05)
    sit_down(browser, server, "haus-pitch")
    rng = random.Random(3)
    picker = browser.find_element(By.ID, "discard-picker")
    for _ in range(MAX_CLICKS):
        wait.until(lambda _: picker.is_displayed()
                   or browser.find_elements(By.CSS_SELECTOR, "#moves button.move:not([disabled])"))
        if picker.is_displayed():
            break
        number = attribute(browser, "table", "data-move-number")
        choices = browser.find_elements(By.CSS_SELECTOR, "#moves button.move:not([disabled])")
        try:
            rng.choice(choices).click()
        except (StaleElementReferenceException, IndexError):  # the view changed under the click: look again
            continue
        wait_for_a_move(browser, wait, number)
    assert picker.is_displayed() and attribute(browser, "table", "data-phase") == "discarding"
    assert browser.find_elements(By.CSS_SELECTOR, "#moves button.move") == []
    button = browser.find_element(By.ID, "discard-selected")
    assert not button.is_enabled() or browser.find_element(By.ID, "discard-choice").text == "(discard)"
    hand = [card.get_attribute("data-card") for card in browser.find_elements(By.CSS_SELECTOR, "#hand .card")]
    for card in hand:  # pick cards in hand order until the choice is a legal discard
        browser.find_element(By.CSS_SELECTOR, f'#hand .card[data-card="{card}"]').click()
        if button.is_enabled():
            break
    assert button.is_enabled(), "no choice of cards was a legal discard"
    choice = browser.find_element(By.ID, "discard-choice").text.strip("()")
    number = attribute(browser, "table", "data-move-number")
    button.click()
    wait_for_a_move(browser, wait, number)
    assert browser.find_element(By.ID, "error").text == ""
    mine = [item.text for item in browser.find_elements(By.CSS_SELECTOR, '#log li[data-type="MoveMade"]')
            if item.text.startswith("seat 0: discards")]
    assert mine == [f"seat 0: discards {' '.join(choice.split()[1:]) or 'nothing'}"]


def test_a_server_for_people_takes_no_seed(server: Server) -> None:
    """Whoever chose a table's seed could work out every deal: only ``--seeds`` allows it."""
    status, answer = server.call("/api/tables", {"variant": "auction-pitch", "seed": 1})
    assert status == 400 and "--seeds" in answer["error"]
