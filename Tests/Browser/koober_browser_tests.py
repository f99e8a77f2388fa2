"""Koober in a real browser: headless Chromium, driven by Selenium, against the real `koober` binary.

Every journey of SPEC.md runs on a phone-sized (in the light look, and again in the dark look that
`prefers-color-scheme: dark` asks for), a narrow-phone and a desktop-sized window: sign up, sign out, sign in (a wrong
password first), the whole ride (no ride option chosen first) followed live to its end without a reload, My Profile
and the ride's receipt, Edit Profile (a blank name first), Change Password and Delete Account with a wrong password,
then the account deleted and signing in with it refused; and, against a second koober whose ride clock runs in real
time, a ride followed on its way and then cancelled.
On every screen it saves a screenshot and checks what a person needs from a page: no serious or critical axe-core
violation, no horizontal scrolling, tap targets of at least 44 x 44 CSS pixels, a title, and a console free of
errors (a blocked resource or a Content-Security-Policy violation shows there). A screen with a map is photographed
once its base map's tiles have loaded; on the phone, the map at pick-me-up must show Sydney Cove as harbour water, and
credit its sources.

Run by scripts/browser-tests, which builds koober and finds axe.min.js; see that script for the environment.
"""

import datetime
import json
import math
import os
import re
import struct
import tempfile
import time
import unittest
import uuid
import zlib
import zoneinfo

import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

KOOBER = os.environ["KOOBER_BINARY"]
REPOSITORY = os.environ["KOOBER_REPOSITORY"]
sys.path.insert(0, os.path.join(REPOSITORY, "scripts"))
import koober_harness as harness  # noqa: E402 (found through KOOBER_REPOSITORY)
AXE_SCRIPT = open(os.environ["KOOBER_AXE_JS"], encoding="utf-8").read()
SCREENSHOTS = os.environ["KOOBER_SCREENSHOTS"]
CHROMEDRIVER = os.environ.get("KOOBER_CHROMEDRIVER", "/usr/bin/chromedriver")

# name: (width, height, emulate a phone, the colour scheme the device asks for)
WINDOWS = {
    "phone": (390, 844, True, "light"),
    "phone-dark": (390, 844, True, "dark"),
    "narrow": (320, 640, True, "light"),
    "desktop": (1280, 900, False, "light"),
}

# The journey's visitor: one fresh account per window, so runs never collide.
FULL_NAME = "Matilda Skippy"
NICKNAME = "Tilly"
NEW_FULL_NAME = "Matilda Skippy-Roo"  # Edit Profile's
PASSWORD = "pouch-pass-1"


class KooberProcess(harness.Koober):
    """`koober` on a port it picks, with a database and a mail folder in a temporary folder (scripts/koober_harness.py's
    process); stopped with SIGTERM.

    `ride_clock_rate` runs the rides' simulation that many times faster than real time (60: a simulated minute each
    second, so a whole ride takes seconds)."""

    def __init__(self, ride_clock_rate=1):
        self.folder = tempfile.TemporaryDirectory(prefix="koober-browser-")
        super().__init__(
            KOOBER, "--database", os.path.join(self.folder.name, "koober.sqlite"),
            "--templates", os.path.join(REPOSITORY, "Templates"), "--public", os.path.join(REPOSITORY, "Public"),
            "--ride-clock-rate", ride_clock_rate, "--mail-dir", os.path.join(self.folder.name, "mail"),
            port=0, log=os.path.join(self.folder.name, "koober.log"), cwd=REPOSITORY)
        self.base_url = self.url

    def stop(self):
        """Stops koober and returns its exit status (None if it had to be killed)."""
        status, _ = super().stop()
        self.folder.cleanup()
        return status


def make_driver(width, height, phone, scheme):
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--disable-extensions", "--no-first-run", "--hide-scrollbars", "--lang=en-AU"):
        options.add_argument(argument)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True, "mobile": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                         "Chrome/120.0 Mobile Safari/537.36",
        })
    else:
        options.add_argument(f"--window-size={width},{height}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=CHROMEDRIVER)
    driver = webdriver.Chrome(options=options, service=service)
    # The device's light or dark setting, as `prefers-color-scheme` sees it (DevTools' media emulation).
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    return driver


# Every visible control a finger may need, with the box it can be tapped in: a radio button or checkbox is
# tapped through its label too, so the larger of the two counts.
TAP_TARGETS_SCRIPT = """
const small = [];
for (const element of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea')) {
    const style = getComputedStyle(element);
    let box = element.getBoundingClientRect();
    if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.right < 0) continue;
    if ((element.type === 'radio' || element.type === 'checkbox') && element.labels.length > 0) {
        const label = element.labels[0].getBoundingClientRect();
        if (label.width * label.height > box.width * box.height) box = label;
    }
    if (box.width < 44 || box.height < 44) {
        small.push(`${element.outerHTML.slice(0, 80)} is ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
}
return small;
"""

# Every description list as a reader sees it (issue 42: My Profile's **Email not confirmed** once landed in the terms'
# column, pushing **Mobile Number** beside it as if it were its value). In two columns, every term is in the first and
# every value (a term may have several) in the second, each on or below its own term's row; in one column (a narrow
# window), every value is under its own term. Returns every misplaced item.
TERMS_AND_VALUES_SCRIPT = """
const problems = [];
for (const list of document.querySelectorAll('dl')) {
    // Right to left, the terms' column is the right one: the boxes are mirrored, so "left" is where a line starts.
    const rightToLeft = getComputedStyle(list).direction === 'rtl';
    const boxOf = item => {
        const box = item.getBoundingClientRect();
        return rightToLeft ? {left: -box.right, right: -box.left, top: box.top, bottom: box.bottom} : box;
    };
    const items = Array.from(list.children).filter(item => item.tagName === 'DT' || item.tagName === 'DD');
    const terms = items.filter(item => item.tagName === 'DT').map(boxOf);
    if (terms.length === 0 || list.getBoundingClientRect().width === 0) continue;
    const termsLeft = Math.min(...terms.map(box => box.left));
    const termsRight = Math.max(...terms.filter(box => Math.abs(box.left - termsLeft) <= 1).map(box => box.right));
    const firstValue = items.find(item => item.tagName === 'DD');
    const twoColumns = firstValue && boxOf(firstValue).left >= termsRight - 1;
    let term = null;
    for (const item of items) {
        const box = boxOf(item);
        const words = item.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40);
        if (item.tagName === 'DT') {
            if (Math.abs(box.left - termsLeft) > 1) problems.push(`the term "${words}" is not in the terms' column`);
            term = box;
        } else if (term === null) {
            problems.push(`the value "${words}" has no term before it`);
        } else if (twoColumns && (box.left < termsRight - 1 || box.top < term.top - 1)) {
            problems.push(`the value "${words}" is not beside or below its term, in the values' column`);
        } else if (!twoColumns && box.top < term.bottom - 1) {
            problems.push(`the value "${words}" is not under its term`);
        }
    }
}
return problems;
"""

# The live ride as the page shows it at one moment; `noReload` is false once the page has been loaded again.
# The focused element, and whether a sighted keyboard user can see it: a focus ring (an outline or a box shadow),
# inside the window, and not under anything else (the topmost element at its centre is it, or inside it).
FOCUS_SCRIPT = """
const element = document.activeElement;
if (!element || element === document.body) { return null; }
const style = getComputedStyle(element);
const rect = element.getBoundingClientRect();
const x = rect.left + rect.width / 2, y = rect.top + rect.height / 2;
const top = document.elementFromPoint(x, y);
return {
    tag: element.tagName.toLowerCase(), id: element.id, name: element.getAttribute('name') || '',
    text: (element.textContent || '').trim(), href: element.getAttribute('href') || '',
    ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 || style.boxShadow !== 'none',
    inWindow: rect.bottom > 0 && rect.top < window.innerHeight && rect.right > 0 && rect.left < window.innerWidth,
    onTop: top !== null && (top === element || element.contains(top) || (top.control === element)),
};
"""

RIDE_SAMPLE_SCRIPT = """
const section = document.querySelector('[data-ride-status]');
const headline = document.getElementById('ride-headline');
const eta = document.getElementById('ride-eta');
const animal = document.getElementById('map-animal');
const name = animal && animal.querySelector('.map-animal-name');
return {
    noReload: window.__noReload === 1,
    status: section ? section.getAttribute('data-ride-status') : null,
    headline: headline ? headline.textContent.trim() : null,
    eta: eta && !eta.hidden ? eta.textContent.trim() : null,
    animal: animal ? animal.getAttribute('transform') : null,
    animalName: name ? name.textContent.trim() : null,
    receipt: document.querySelector('main section.receipt') !== null,
    cancel: document.querySelector('main form.cancel-ride button') !== null,
    noCancel: document.querySelector('main .ride-no-cancel') !== null,
    startNewRide: document.querySelector('main form.start-new-ride button') !== null,
};
"""

# The rating form's and the ride options' submit buttons, whatever the page's language.
RATING_BUTTON = "//main//form[.//input[@name='stars']]//button[@type='submit']"
CONFIRM_BUTTON = "//main//form[.//input[@name='ride_option']]//button[@type='submit' and not(@formaction)]"

# Every tile of the base map, fetched again (the browser keeps them, so this is quick once the page has them):
# [href, HTTP status or the error] for each. An SVG <image> has no `complete` to wait on.
MAP_TILES_SCRIPT = """
const done = arguments[arguments.length - 1];
const images = document.querySelectorAll('svg.route-map g.map-base image');
const hrefs = Array.from(images, image => image.getAttribute('href'));
Promise.all(hrefs.map(href => fetch(href).then(response => response.status, error => String(error))))
    .then(statuses => done(hrefs.map((href, index) => [href, statuses[index]])));
"""

# Where on the screen (CSS pixels from the viewport's top left) the map draws a point given in viewBox units from the
# pick-up pin's centre, with the device pixel ratio and what a tap there would hit.
MAP_POINT_SCRIPT = """
const [right, down] = arguments;
const svg = document.querySelector('svg.route-map');
const pin = svg.querySelector('g.map-pickup circle');
const point = svg.createSVGPoint();
point.x = parseFloat(pin.getAttribute('cx')) + right;
point.y = parseFloat(pin.getAttribute('cy')) + down;
const screen = point.matrixTransform(svg.getScreenCTM());
const top = document.elementFromPoint(screen.x, screen.y);
return {x: screen.x, y: screen.y, ratio: window.devicePixelRatio, scrollY: window.scrollY,
        viewBox: [point.x, point.y], topElement: top ? top.outerHTML.slice(0, 120) : null};
"""

# The map's plane (Sources/KooberMap): equirectangular about Sydney's latitude, in metres.
METRES_PER_DEGREE = 2 * math.pi * 6371 / 360 * 1000
EAST_FACTOR = math.cos(math.radians(-33.87))
# The pick-up every rider starts from ("Your location"), and a point of the harbour about 600 m north of it.
PICKUP = (-33.864308, 151.209146)
SYDNEY_COVE = (-33.8585, 151.2110)
# At zoom 16, the map before a drop-off is chosen, 256 viewBox units are a kilometre.
MAP_ZOOM = 16
VIEWBOX_UNITS_PER_METRE = 0.256
# The tiles' water fill, #B4D8E7, and what the dark look's filter makes of it (koober.css: inverted, hues turned back).
WATER = {"light": (0xB4, 0xD8, 0xE7), "dark": (0x0F, 0x32, 0x40)}
# The page's background in each look: teal, and the night's near-black.
PAGE_BACKGROUND = {"light": "rgb(1, 205, 189)", "dark": "rgb(15, 23, 25)"}
SYDNEY = zoneinfo.ZoneInfo("Australia/Sydney")  # Schedule's Pick-up time is Sydney's
ATTRIBUTION = "© OpenStreetMap contributors · Australian Bureau of Statistics"

# The statuses of a ride that ends at its drop-off, in the order they come.
RIDE_STATUSES = ["finding", "on_the_way", "arrived", "riding", "finished"]

# axe-core's tags of the WCAG 2.2 A and AA success criteria (SPEC.md, "Languages and access for everyone").
WCAG_TAGS = {"wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"}

AXE_RUN_SCRIPT = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
    results => done(JSON.stringify(results.violations)),
    error => done(JSON.stringify([{id: 'axe-error', impact: 'critical', help: String(error), nodes: []}])));
"""


def plane_offset(origin, point):
    """(metres east, metres south) of `point` from `origin`, both (latitude, longitude), on the map's plane."""
    return ((point[1] - origin[1]) * METRES_PER_DEGREE * EAST_FACTOR,
            (origin[0] - point[0]) * METRES_PER_DEGREE)


def png_pixel(png, x, y):
    """The (red, green, blue) of one pixel of an 8-bit RGB or RGBA, non-interlaced PNG, such as Chromium's
    screenshots; decoded here with zlib, so the tests need nothing beyond Selenium."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    header, data, position = None, [], 8
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data.append(body)
        position += 12 + length  # length, kind, body, CRC
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise ValueError(f"a PNG of depth {depth}, colour type {colour}, interlace {interlace}: not decoded here")
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError(f"({x}, {y}) is outside the {width} x {height} PNG")
    channels = 3 if colour == 2 else 4
    stride = width * channels
    rows = zlib.decompress(b"".join(data))
    # Each row is a filter byte then the row; a filter refers to the row above, so every row down to y is undone.
    row = bytearray(stride)
    for number in range(y + 1):
        start = number * (stride + 1)
        row = _unfilter(rows[start], bytearray(rows[start + 1:start + 1 + stride]), row, channels)
    return tuple(row[x * channels:x * channels + 3])


def _unfilter(kind, row, above, channels):
    """Undoes one PNG row's filter (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth), given the row above, undone."""
    if kind == 0:
        return row
    if kind == 2:
        return bytearray((value + up) & 0xFF for value, up in zip(row, above))
    if kind not in (1, 3, 4):
        raise ValueError(f"PNG filter type {kind}")
    for index in range(len(row)):
        left = row[index - channels] if index >= channels else 0
        up = above[index]
        if kind == 1:
            predicted = left
        elif kind == 3:
            predicted = (left + up) // 2
        else:
            upper_left = above[index - channels] if index >= channels else 0
            estimate = left + up - upper_left
            distances = (abs(estimate - left), abs(estimate - up), abs(estimate - upper_left))
            predicted = (left, up, upper_left)[distances.index(min(distances))]
        row[index] = (row[index] + predicted) & 0xFF
    return row


class Journey:
    """One browser window going through Koober, checking and photographing every screen it reaches."""

    def __init__(self, test, driver, base_url, window, folder=None):
        self.test = test
        self.driver = driver
        self.base_url = base_url
        self.window = window
        self.scheme = WINDOWS[window][3]
        self.screen_number = 0
        # The language every page of the journey is in (`<html lang>`): the browser asks for Australian English.
        self.language = "en-AU"
        self.folder = os.path.join(SCREENSHOTS, folder or window)
        os.makedirs(self.folder, exist_ok=True)

    # Moving about, as a person does: links and buttons by their words, fields by their labels.

    def open(self, path):
        self.driver.get(self.base_url + path)

    def click_link(self, text):
        self._click(f"//a[normalize-space()='{text}']")

    def press(self, text):
        self._click(f"//button[normalize-space()='{text}']")

    def _click(self, xpath):
        element = self.driver.find_element(By.XPATH, xpath)
        old_page = self.driver.find_element(By.TAG_NAME, "html")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        # Every link and button here loads a new page: wait until the old one is gone.
        WebDriverWait(self.driver, 10).until(lambda driver: self._is_gone(old_page))

    @staticmethod
    def _is_gone(element):
        try:
            element.tag_name
            return False
        except Exception:  # a stale element: the browser has moved on to a new page
            return True

    # Moving about by keyboard alone, as a person who uses no pointer does.

    def tab_to(self, matches, what, limit=60):
        """Presses Tab until the focused element `matches`; at every stop the focus must be visible and uncovered."""
        for _ in range(limit):
            webdriver.ActionChains(self.driver).send_keys(Keys.TAB).perform()
            focused = self.driver.execute_script(FOCUS_SCRIPT)
            if focused is None:
                continue
            where = f"{self.window} keyboard ({self.path()}): focus on <{focused['tag']}> {focused['text'][:40]!r}"
            self.test.assertTrue(focused["ring"], f"{where} has no visible focus ring")
            self.test.assertTrue(focused["inWindow"], f"{where} is outside the window")
            self.test.assertTrue(focused["onTop"], f"{where} is hidden under something")
            if matches(focused):
                return focused
        self.test.fail(f"{self.window} keyboard ({self.path()}): Tab never reached {what}")

    def arrow_to(self, group, element_id, limit):
        """Tabs into the radio group `group`, then moves through it with the down arrow (which chooses as it goes) to
        the button `element_id`, within `limit` presses."""
        focused = self.tab_to(lambda f: f["name"] == group, f"the {group} buttons")
        for _ in range(limit):
            if focused["id"] == element_id:
                break
            webdriver.ActionChains(self.driver).send_keys(Keys.ARROW_DOWN).perform()
            focused = self.driver.execute_script(FOCUS_SCRIPT)
        self.test.assertEqual(focused["id"], element_id, f"arrows move through the {group} buttons")

    def key_press(self, key):
        """Presses `key` on the focused element, waiting for the new page when it loads one."""
        old_page = self.driver.find_element(By.TAG_NAME, "html")
        webdriver.ActionChains(self.driver).send_keys(key).perform()
        WebDriverWait(self.driver, 10).until(lambda driver: self._is_gone(old_page))

    def field(self, label):
        label_element = self.driver.find_element(By.XPATH, f"//label[normalize-space()='{label}']")
        return self.driver.find_element(By.ID, label_element.get_attribute("for"))

    def fill(self, label, value):
        field = self.field(label)
        field.clear()
        field.send_keys(value)

    def labels(self):
        """The words of every field's label on the page, in order."""
        return [label.text.strip() for label in self.driver.find_elements(By.XPATH, "//form//label")]

    def field_problem(self, label):
        """The problem shown under a field, as its input is described to a screen reader; None when it has none."""
        field = self.field(label)
        if field.get_attribute("aria-invalid") != "true":
            return None
        error_id = field.get_attribute("id") + "-error"
        self.test.assertIn(error_id, (field.get_attribute("aria-describedby") or "").split(),
                           f"{self.window}: {label}'s problem does not describe it")
        return self.driver.find_element(By.ID, error_id).text.strip()

    def click_ride(self, number=1):
        """Opens a ride's receipt from the ride history: the `number`th ride, newest first."""
        self._click(f"(//a[contains(@class, 'ride-history-link')])[{number}]")

    def choose(self, label):
        self.driver.find_element(By.XPATH, f"//label[normalize-space()='{label}']").click()

    def text(self, xpath):
        # A live page replaces parts of itself as its stream speaks: an element found may be gone when it is read
        # (a StaleElementReferenceException once failed the desktop journey), so it is found again.
        for attempt in range(3):
            try:
                return self.driver.find_element(By.XPATH, xpath).text.strip()
            except StaleElementReferenceException:
                if attempt == 2:
                    raise

    def error_panel(self):
        """The title and message of the error panel screen readers announce."""
        return self.text("//*[@role='alert']//h2"), self.text("//*[@role='alert']//p")

    def path(self):
        return re.sub(r"^https?://[^/]+", "", self.driver.current_url)

    # The map.

    def wait_for_map(self):
        """Waits until every tile of the base map has loaded, then a moment for the browser to paint them; returns
        their hrefs. Does nothing on a page without a map."""
        tiles = self.driver.execute_async_script(MAP_TILES_SCRIPT)
        failed = [tile for tile in tiles if tile[1] != 200]
        self.test.assertEqual(failed, [], f"{self.window} ({self.path()}): map tiles that did not load")
        if tiles:
            time.sleep(1)
        return [href for href, _ in tiles]

    def map_point(self, location):
        """Where the map at pick-me-up, before a drop-off is chosen (zoom 16, framed on the pick-up alone), draws
        `location` on the screen: CSS pixels from the viewport's top left, and what is drawn on top there."""
        east, south = plane_offset(PICKUP, location)
        return self.driver.execute_script(
            MAP_POINT_SCRIPT, east * VIEWBOX_UNITS_PER_METRE, south * VIEWBOX_UNITS_PER_METRE)

    # The live ride.

    def mark_page(self):
        """Marks this page: the mark stays while the script updates the page, and is gone once it is reloaded."""
        self.driver.execute_script("window.__noReload = 1")

    def ride_sample(self):
        return self.driver.execute_script(RIDE_SAMPLE_SCRIPT)

    def wait_for_ride(self, condition, message, timeout=60):
        """Waits (polling often, so that short statuses are seen) until `condition(sample)`; returns every sample."""
        samples = []

        def reached(driver):
            samples.append(self.ride_sample())
            return condition(samples[-1])

        WebDriverWait(self.driver, timeout, poll_frequency=0.15).until(
            reached, f"{self.window}: {message}; the ride went {self.statuses(samples)}")
        return samples

    @staticmethod
    def statuses(samples):
        """The statuses the samples saw, each once, in the order seen."""
        seen = []
        for sample in samples:
            if not seen or seen[-1] != sample["status"]:
                seen.append(sample["status"])
        return seen

    # What every screen must be.

    def screen(self, name):
        """Photographs the screen and checks it; returns nothing, fails the test with every problem found."""
        self.screen_number += 1
        self.wait_for_map()
        self.driver.save_screenshot(os.path.join(self.folder, f"{self.screen_number:02d}-{name}.png"))
        where = f"{self.window} / {name} ({self.path()})"
        html = self.driver.find_element(By.TAG_NAME, "html")
        self.test.assertEqual(html.get_attribute("lang"), self.language, where)
        self.test.assertEqual(html.get_attribute("dir"), "rtl" if self.language == "ar" else "ltr", where)
        self.test.assertRegex(self.driver.title, r"\S.* · Koober( Ops)?$|^Koober$", where)
        background = self.driver.execute_script("return getComputedStyle(document.documentElement).backgroundColor")
        self.test.assertEqual(background, PAGE_BACKGROUND[self.scheme], f"{where}: not in the {self.scheme} look")
        width = self.driver.execute_script("return document.documentElement.scrollWidth")
        viewport = self.driver.execute_script("return document.documentElement.clientWidth")
        self.test.assertLessEqual(width, viewport, f"{where}: scrolls sideways ({width} px in {viewport} px)")
        self.test.assertEqual(self.driver.execute_script(TAP_TARGETS_SCRIPT), [], f"{where}: tap targets too small")
        self.test.assertEqual(self.driver.execute_script(TERMS_AND_VALUES_SCRIPT), [], f"{where}: terms and values")
        self.test.assertEqual(self._serious_axe_violations(), [], f"{where}: axe-core")
        # The page's own status (a 422 for a failed form, a 404) is logged too; it is checked where it matters. So is
        # its stream's: a share link's stream answers 410 once the link has ended, and the live page before it may ask
        # again (its EventSource reconnects 0.5-1 s after the stream ends) before the test has opened this one.
        failed = " - Failed to load resource: the server responded with a status of"
        own_statuses = (self.driver.current_url + failed, self.driver.current_url + "/events" + failed)
        errors = [entry["message"] for entry in self.driver.get_log("browser")
                  if entry["level"] == "SEVERE" and not entry["message"].startswith(own_statuses)]
        self.test.assertEqual(errors, [], f"{where}: console errors")

    def _serious_axe_violations(self):
        self.driver.execute_script(AXE_SCRIPT)
        violations = json.loads(self.driver.execute_async_script(AXE_RUN_SCRIPT))
        # Every violation of a WCAG 2.2 A or AA rule, whatever its impact (SPEC.md: none on any page); of axe's other
        # rules (best practices), the serious and critical.
        return [
            f"{violation['id']} ({violation['impact']}): {violation['help']} at "
            + ", ".join(" ".join(node["target"]) for node in violation["nodes"])
            for violation in violations
            if WCAG_TAGS.intersection(violation["tags"]) or violation["impact"] in ("serious", "critical")
        ]


class KooberInABrowserTests(unittest.TestCase):
    real_time = None
    own_koobers = {}

    @classmethod
    def setUpClass(cls):
        # A simulated minute each second: a ride from the pick-up to the Opera House takes seconds.
        cls.koober = KooberProcess(ride_clock_rate=60)

    @classmethod
    def tearDownClass(cls):
        statuses = ([cls.koober.stop()] + ([cls.real_time.stop()] if cls.real_time else [])
                    + [koober.stop() for koober in cls.own_koobers.values()])
        if any(status != 0 for status in statuses):
            raise AssertionError(f"koober exited {statuses} on SIGTERM")

    def journey(self, window, koober=None, folder=None):
        width, height, phone, scheme = WINDOWS[window]
        driver = make_driver(width, height, phone, scheme)
        self.addCleanup(driver.quit)
        driver.set_script_timeout(30)
        return Journey(self, driver, (koober or self.koober).base_url, window, folder)

    def test_phone(self):
        self.whole_journey(self.journey("phone"))

    def test_phone_in_the_dark(self):
        """The whole journey once more on a phone set to the dark look: every screen in it, checked as in the light."""
        self.whole_journey(self.journey("phone-dark"))

    def test_narrow_phone(self):
        self.whole_journey(self.journey("narrow"))

    def test_desktop(self):
        self.whole_journey(self.journey("desktop"))

    def test_phone_cancel_ride(self):
        self.cancel_ride_journey(self.journey("phone", self.real_time_koober(), "phone-cancel"))

    def test_narrow_phone_cancel_ride(self):
        self.cancel_ride_journey(self.journey("narrow", self.real_time_koober(), "narrow-cancel"))

    def test_desktop_cancel_ride(self):
        self.cancel_ride_journey(self.journey("desktop", self.real_time_koober(), "desktop-cancel"))

    @classmethod
    def own_koober(cls, name, ride_clock_rate=60):
        """A koober of the test's own (by default a simulated minute each second): the sign-ups of one address are
        throttled (10 an hour), and the journeys' own need the shared one's."""
        if name not in cls.own_koobers:
            cls.own_koobers[name] = KooberProcess(ride_clock_rate=ride_clock_rate)
        return cls.own_koobers[name]

    @classmethod
    def real_time_koober(cls):
        """A second koober whose rides run in real time: an animal takes minutes to come, time enough to cancel."""
        if cls.real_time is None:
            cls.real_time = KooberProcess(ride_clock_rate=1)
        return cls.real_time

    def whole_journey(self, journey):
        email = f"tilly-{uuid.uuid4().hex[:8]}@example.com"
        self.sign_up(journey, email)
        self.sign_out(journey)
        self.sign_in(journey, email)
        self.ride(journey)
        if journey.window.startswith("phone"):
            self.save_home(journey)
        self.profile_and_history(journey)
        if journey.window.startswith("phone"):
            self.book_ride_home(journey)
        self.account_changes(journey, email)
        self.not_found(journey)

    def test_keyboard_only(self):
        """A keyboard-only rider, from Welcome to a finished ride and its rating: Tab, type, arrows, Space and Enter
        only, the focus visible and uncovered at every stop."""
        journey = self.journey("phone", self.own_koober("keyboard"), folder="phone-keyboard")
        journey.open("/welcome")
        journey.tab_to(lambda f: f["href"] == "/signup", "Sign Up")
        journey.key_press(Keys.ENTER)
        self.assertEqual(journey.path(), "/signup")
        values = {"name": FULL_NAME, "nickname": NICKNAME, "email": f"tilly-keys-{uuid.uuid4().hex[:8]}@example.com",
                  "mobileNumber": "0412 345 678", "password": PASSWORD}
        for name, value in values.items():
            journey.tab_to(lambda f, name=name: f["name"] == name, f"the {name} field")
            webdriver.ActionChains(journey.driver).send_keys(value).perform()
        journey.tab_to(lambda f: f["tag"] == "button" and f["text"] == "Sign Up", "Sign Up")
        journey.key_press(Keys.ENTER)
        self.assertEqual(journey.path(), "/ride")
        journey.tab_to(lambda f: f["href"] == "/ride/dropoff", "Where to?")
        journey.key_press(Keys.ENTER)
        self.assertEqual(journey.path(), "/ride/dropoff")
        journey.tab_to(lambda f: f["tag"] == "button" and f["text"].startswith("Opera House"), "Opera House")
        journey.key_press(Keys.ENTER)
        self.assertEqual(journey.path(), "/ride")
        journey.arrow_to("ride_option", "ride-option-wallaroo", 3)
        webdriver.ActionChains(journey.driver).send_keys(Keys.SPACE).perform()
        journey.tab_to(lambda f: f["tag"] == "button" and f["text"] == "Confirm", "Confirm")
        journey.key_press(Keys.ENTER)
        journey.wait_for_ride(lambda sample: sample["status"] == "finished", "the ride never finished")
        # The live page fetches itself again at the end: rate on the page as it is then.
        WebDriverWait(journey.driver, 10).until(
            lambda driver: driver.find_elements(By.XPATH, "//button[normalize-space()='Submit Rating']"))
        journey.arrow_to("stars", "stars-5", 5)
        journey.tab_to(lambda f: f["tag"] == "button" and f["text"] == "Submit Rating", "Submit Rating")
        journey.key_press(Keys.ENTER)
        self.assertRegex(journey.path(), r"^/rides/[0-9]+$")
        self.assertEqual(journey.text("//dd[contains(@class, 'receipt-rating')]"), "5 stars")

    def test_text_at_200_percent(self):
        """Text zoomed to 200 % (the root font size doubled, as a browser's text zoom does) in a desktop window, in
        English and in Arabic (WCAG 1.4.4): every page of a visitor and a new rider still fits the width, nothing
        scrolls sideways. (A phone's narrow width is `narrow`'s 320 pixels, WCAG 1.4.10's reflow.)"""
        for tag in ("en-AU", "ar"):
            with self.subTest(language=tag):
                journey = self.journey("desktop", self.own_koober("text-200"), folder=f"desktop-text-200-{tag}")
                self.speak(journey, tag)
                self.sign_up_by_names(journey, f"tilly-zoom-{uuid.uuid4().hex[:8]}@example.com")
                for path in ("/welcome", "/signin", "/ride", "/ride/dropoff", "/profile", "/places/saved"):
                    journey.open(path)
                    journey.driver.execute_script("document.documentElement.style.fontSize = '200%'")
                    width = journey.driver.execute_script("return document.documentElement.scrollWidth")
                    viewport = journey.driver.execute_script("return document.documentElement.clientWidth")
                    journey.driver.save_screenshot(os.path.join(journey.folder, path.strip("/").replace("/", "-") + ".png"))
                    self.assertLessEqual(width, viewport, f"{tag} {path}: scrolls sideways at 200 % ({width} px)")

    def test_every_language(self):
        """Chinese, Vietnamese and Arabic on a phone in both looks, and Arabic at 320 pixels: each screen a visitor
        and a new rider meet, from Welcome through a ride to its end, its rating and a report, to every page of My
        Profile and a missing page, checked as every screen is (axe-core, no sideways scrolling, tap targets); the
        first language chosen with the Language form at the foot of the page, the others kept by its cookie; Arabic
        mirrored. (The live ride's own screens, on a koober at real-time speed: test_live_ride_in_every_language.)"""
        for tag, window in (("vi", "phone"), ("zh-Hans", "phone"), ("ar", "phone"), ("vi", "phone-dark"),
                            ("zh-Hans", "phone-dark"), ("ar", "phone-dark"), ("ar", "narrow")):
            with self.subTest(language=tag, window=window):
                self.language_journey(self.journey(window, self.own_koober("languages"), folder=f"{window}-{tag}"), tag)

    def language_journey(self, journey, tag):
        journey.open("/welcome")
        journey._click(f"//footer//button[@value='{tag}']")
        self.assertEqual(journey.path(), "/welcome", "the Language form comes back to the page it was on")
        journey.language = tag
        journey.screen("welcome")
        sign_in_words = {"zh-Hans": "登录", "vi": "Đăng nhập", "ar": "تسجيل الدخول"}[tag]
        self.assertEqual(journey.text("//main//a[@href='/signin']"), sign_in_words)
        journey.open("/signin")
        journey.screen("sign-in")
        if tag == "ar":
            # Mirrored: the page runs right to left, and the Back link starts at the card's right edge.
            self.assertEqual(journey.driver.execute_script("return getComputedStyle(document.body).direction"), "rtl")
            card = journey.driver.find_element(By.XPATH, "//main//section")
            back = journey.driver.find_element(By.XPATH, "//main//a[@class='back-link']")
            card_right = card.rect["x"] + card.rect["width"]
            back_right = back.rect["x"] + back.rect["width"]
            self.assertLess(card_right - back_right, back.rect["x"] - card.rect["x"], "Arabic is mirrored")
        self.submit_by_names(journey, {"email": f"nobody-{uuid.uuid4().hex[:8]}@example.com", "password": "wrong-pass"})
        journey.screen("sign-in-failed")
        journey.open("/password/forgot")
        journey.screen("forgot-password")
        journey.open("/signup")
        journey.screen("sign-up")
        self.submit_by_names(journey, {"email": "not an email"})
        journey.screen("sign-up-failed")
        self.sign_up_by_names(journey, f"tilly-{tag.lower()}-{uuid.uuid4().hex[:8]}@example.com")
        journey.screen("pick-me-up")
        journey.open("/ride/dropoff")
        journey.screen("where-to")
        self.go_to_the_opera_house(journey)
        journey.screen("ride-options")
        journey._click(CONFIRM_BUTTON)
        journey.screen("no-ride-option")
        self.confirm_wallaroo(journey)
        journey.wait_for_ride(lambda sample: sample["status"] == "finished", "the ride never finished")
        # The live page fetches itself again at the end, with the rating form.
        WebDriverWait(journey.driver, 10).until(lambda driver: driver.find_elements(By.XPATH, RATING_BUTTON))
        journey.screen("ride-finished")
        journey.driver.find_element(By.XPATH, "//label[@for='stars-5']").click()
        journey._click(RATING_BUTTON)
        self.assertRegex(journey.path(), r"^/rides/[0-9]+$")
        journey.screen("ride-rated")
        journey._click("//p[@class='report-problem-link']/a")
        journey.screen("report-problem")
        journey._click("//main//form//button[@type='submit']")
        self.assertEqual(len(journey.driver.find_elements(By.CSS_SELECTOR, ".error-panel")), 1, "an empty report fails")
        journey.screen("report-failed")
        journey.open("/profile")
        journey.screen("profile")
        for path, name in (("/ride/dropoff?q=opera", "where-to-search"), ("/places/saved", "saved-places"),
                           ("/profile/rides", "ride-history"), ("/profile/edit", "edit-profile"),
                           ("/profile/password", "change-password"), ("/profile/delete", "delete-account"),
                           ("/places/saved/new?place=1", "save-place"), ("/no-such-page", "not-found")):
            journey.open(path)
            journey.screen(name)

    def go_to_the_opera_house(self, journey):
        """From Where To?, in any language: Opera House; the ride options."""
        journey._click("//main//button[starts-with(normalize-space(), 'Opera House')]")
        self.assertEqual(journey.path(), "/ride")

    def confirm_wallaroo(self, journey):
        """From the ride options, in any language: Wallaroo, Confirm; the ride's live page."""
        journey.driver.find_element(By.XPATH, "//label[@for='ride-option-wallaroo']").click()
        journey._click(CONFIRM_BUTTON)
        self.assertEqual(journey.path(), "/ride")

    def test_live_ride_in_every_language(self):
        """A ride on its way in Chinese, Vietnamese and Arabic, in both looks, at real-time speed (the animal still
        coming): the live page, its Share Ride link and the watcher's page in the language, then the cancelled page,
        each checked as every screen is; the headline the language's own."""
        koober = self.own_koober("languages-live", ride_clock_rate=1)
        on_the_way = {"zh-Hans": "正在赶来", "vi": "đang đến", "ar": "في الطريق"}
        for tag, window in (("vi", "phone"), ("zh-Hans", "phone"), ("ar", "phone"), ("vi", "phone-dark"),
                            ("zh-Hans", "phone-dark"), ("ar", "phone-dark")):
            with self.subTest(language=tag, window=window):
                journey = self.journey(window, koober, folder=f"{window}-{tag}-live")
                self.speak(journey, tag)
                self.sign_up_by_names(journey, f"tilly-live-{tag.lower()}-{uuid.uuid4().hex[:8]}@example.com")
                journey.open("/ride/dropoff")
                self.go_to_the_opera_house(journey)
                self.confirm_wallaroo(journey)
                journey.mark_page()
                sample = journey.wait_for_ride(lambda sample: sample["status"] == "on_the_way" and sample["animal"],
                                               "the animal never came on its way")[-1]
                self.assertIn(on_the_way[tag], sample["headline"], f"{window} {tag}: {sample['headline']}")
                # The time to come, worded by the server in the language (the script has no words of its own).
                self.assertTrue(sample["eta"], f"{window} {tag}: no time to come")
                self.assertNotIn("Arrives", sample["eta"], f"{window} {tag}: {sample['eta']}")
                journey.screen("ride-on-the-way")
                journey._click("//main//form[@class='share-ride']//button[@type='submit']")
                link = journey.driver.find_element(By.ID, "share-link").get_attribute("value")
                journey.screen("ride-shared")
                watcher = self.journey(window, koober, folder=f"{window}-{tag}-live-watcher")
                self.speak(watcher, tag)
                watcher.open(link[link.index("/share/"):])
                watcher.wait_for_ride(lambda sample: sample["status"] == "on_the_way" and sample["animal"],
                                      "the shared ride does not show the animal on its way")
                watcher.screen("shared-ride")
                journey._click("//main//form[contains(@class, 'cancel-ride')]//button")
                self.assertEqual(journey.ride_sample()["status"], "cancelled")
                journey.screen("ride-cancelled")

    def speak(self, journey, tag):
        """The browser's pages in `tag`, as the Language form's cookie keeps them."""
        journey.open("/welcome")
        journey.driver.add_cookie({"name": "koober_lang", "value": tag, "path": "/"})
        journey.language = tag

    def submit_by_names(self, journey, values):
        """Fills the page's form by its fields' names and submits it, in whatever language the page is; the page
        answers with its error panel."""
        for name, value in values.items():
            journey.driver.find_element(By.NAME, name).send_keys(value)
        journey._click("//main//form//button[@type='submit']")
        self.assertEqual(len(journey.driver.find_elements(By.CSS_SELECTOR, ".error-panel")), 1, "the form failed")

    def sign_up_by_names(self, journey, email):
        """Signs up by the fields' names, in whatever language the page is."""
        journey.open("/signup")
        for name, value in (("name", FULL_NAME), ("nickname", NICKNAME), ("mobileNumber", "0412 345 678"),
                            ("email", email), ("password", PASSWORD)):
            journey.driver.find_element(By.NAME, name).send_keys(value)
        journey._click("//main//form//button[@type='submit']")
        self.assertEqual(journey.path(), "/ride")

    def sign_up(self, journey, email):
        journey.open("/")
        self.assertEqual(journey.path(), "/welcome")
        self.assertEqual(journey.text("//h1"), "KOOBER")
        journey.screen("welcome")
        journey.click_link("Sign Up")
        journey.screen("sign-up")
        journey.fill("Full Name", FULL_NAME)
        journey.fill("Email", "not an email")
        journey.press("Sign Up")
        self.assertEqual(journey.error_panel()[0], "Sign Up Failed")
        self.assertEqual(journey.field("Full Name").get_attribute("value"), FULL_NAME)
        journey.screen("sign-up-failed")
        journey.fill("What should we call you?", NICKNAME)
        journey.fill("Email", email)
        journey.fill("Mobile Number", "0412 345 678")
        journey.fill("Password", PASSWORD)
        journey.press("Sign Up")
        self.assertEqual(journey.path(), "/ride")
        self.assertEqual(journey.text("//h1"), f"Hi, {NICKNAME}!")

    def sign_out(self, journey):
        journey.click_link("Profile")
        journey.press("Sign Out")
        self.assertEqual(journey.path(), "/welcome")
        journey.open("/ride")
        self.assertEqual(journey.path(), "/welcome", "a signed-out browser cannot reach the ride")

    def sign_in(self, journey, email):
        journey.click_link("Sign In")
        journey.screen("sign-in")
        journey.fill("Email", email)
        journey.fill("Password", "not-the-password")
        journey.press("Sign In")
        self.assertEqual(journey.error_panel(), ("Sign In Failed", "Could not sign in. Please try again."))
        self.assertEqual(journey.field("Email").get_attribute("value"), email)
        self.assertEqual(journey.field("Password").get_attribute("value"), "")
        journey.screen("sign-in-failed")
        journey.fill("Password", PASSWORD)
        journey.press("Sign In")
        self.assertEqual(journey.path(), "/ride")

    def ride(self, journey):
        self.assertEqual(journey.text("//h1"), f"Hi, {NICKNAME}!")
        if journey.window.startswith("phone"):
            self.harbour_on_map(journey)
        journey.screen("pick-me-up")
        journey.click_link("Where to?")
        self.assertEqual(journey.text("//h1"), "Where To?")
        journey.screen("where-to")
        journey.fill("Search", "zzqx")
        journey.press("Search")
        self.assertEqual(journey.text("//p[contains(@class, 'no-matches')]"), "No places match “zzqx”.")
        journey.fill("Search", "opera")
        journey.press("Search")
        journey.screen("where-to-search")
        journey.press("Opera House")
        self.assertEqual(journey.path(), "/ride")
        self.assertIn("Opera House", journey.text("//section[contains(@class, 'ride-options')]//h2"))
        for option in ("Wallabee", "Wallaroo", "Kangaroo"):
            self.assertTrue(journey.driver.find_element(By.XPATH, f"//label[normalize-space()='{option}']"))
        journey.screen("ride-options")
        journey.press("Confirm")
        self.assertEqual(journey.error_panel()[0], "Choose a Ride", "Confirm without a ride option shows an error")
        journey.screen("no-ride-option")
        journey.choose("Wallaroo")
        journey.press("Confirm")
        self.follow_ride(journey)

    def save_home(self, journey):
        """Save on a place's row in Where To? (issue 33): MOMA saved as Home shows under Saved, the ride just taken
        under Recent, and both before All places."""
        journey.open("/ride/dropoff")
        journey._click("//a[@aria-label='Save MOMA']")
        self.assertEqual(journey.text("//h1"), "Save MOMA")
        journey.screen("save-place")
        journey.choose("Home")
        journey.press("Save")
        self.assertEqual(journey.path(), "/ride/dropoff")
        headings = [heading.text.strip() for heading in journey.driver.find_elements(By.XPATH, "//main//h2")]
        self.assertEqual(headings, ["Saved", "Recent", "All places"])
        saved = journey.driver.find_elements(By.XPATH, "//ul[contains(@class, 'saved-list')]//button")
        self.assertEqual([" ".join(button.text.split()) for button in saved], ["Home MOMA"])
        journey.screen("where-to-saved")
        journey.click_link("Cancel")

    def book_ride_home(self, journey):
        """Schedule (issue 33): a Wallaroo home (MOMA, saved as Home) for 9:30 tomorrow morning in Sydney, the date
        forgotten first; the booking is confirmed on the page and listed under Upcoming rides, then cancelled."""
        journey.open("/ride/dropoff")
        journey.press("Home MOMA")
        journey.choose("Wallaroo")
        journey.press("Schedule")
        self.assertEqual(journey.field_problem("Date"), "Please enter the pick-up date.")
        journey.screen("schedule-failed")
        tomorrow = datetime.datetime.now(SYDNEY).date() + datetime.timedelta(days=1)
        # A date field takes what is typed in the browser's locale's order: its value is set as the form sends it.
        journey.driver.execute_script("arguments[0].value = arguments[1]", journey.field("Date"), tomorrow.isoformat())
        journey.driver.execute_script("arguments[0].value = '09:30'", journey.field("Time"))
        journey.choose("Wallaroo")
        journey.press("Schedule")
        booked = f"Your Wallaroo is booked for {tomorrow:%a} {tomorrow.day} {tomorrow:%b} at 9:30 am"
        notice = journey.driver.find_element(By.CSS_SELECTOR, "[role=status]").text
        self.assertIn(booked, " ".join(notice.split()))
        journey.screen("ride-booked")
        journey.open("/profile")
        upcoming = journey.driver.find_elements(By.CSS_SELECTOR, ".upcoming-ride")
        self.assertEqual(len(upcoming), 1, f"{journey.window}: Upcoming rides")
        self.assertIn("MOMA", upcoming[0].text)
        self.assertIn("Wallaroo", upcoming[0].text)
        journey.screen("upcoming-rides")
        journey._click("//li[contains(@class, 'upcoming-ride')]//button[normalize-space()='Cancel']")
        self.assertEqual(journey.driver.find_elements(By.CSS_SELECTOR, ".upcoming-ride"), [])
        journey.open("/ride")

    def harbour_on_map(self, journey):
        """The base map is Sydney's, drawn where the pins are: once its tiles have loaded, the screen shows Sydney
        Cove's water where the map puts Sydney Cove; and the map credits its sources."""
        tiles = journey.wait_for_map()
        self.assertTrue(tiles, "phone: no tiles in the base map at pick-me-up")
        self.assertEqual({href.split("/")[2] for href in tiles}, {str(MAP_ZOOM)}, "phone: the map's zoom at pick-me-up")
        cove = journey.map_point(SYDNEY_COVE)
        png = journey.driver.get_screenshot_as_png()
        x, y = round(cove["x"] * cove["ratio"]), round(cove["y"] * cove["ratio"])
        pixel = png_pixel(png, x, y)
        water = WATER[journey.scheme]
        self.assertTrue(all(abs(value - expected) <= 6 for value, expected in zip(pixel, water)),
                        f"{journey.window}: Sydney Cove at screen pixel ({x}, {y}) ({cove}) is {pixel}, not the water's "
                        f"{water}")
        attribution = journey.driver.find_element(By.CSS_SELECTOR, ".map-frame p.map-attribution")
        self.assertTrue(attribution.is_displayed(), "phone: the map's attribution is hidden")
        bottom = attribution.rect["y"] + attribution.rect["height"]
        viewport = journey.driver.execute_script("return window.innerHeight")
        self.assertLessEqual(bottom, viewport, "phone: the map's attribution is below the screen")
        self.assertEqual(attribution.text, ATTRIBUTION)

    def follow_ride(self, journey):
        """The ride, live: the page follows it to the drop-off by itself, without ever being reloaded."""
        self.assertEqual(journey.path(), "/ride")
        self.assertEqual(journey.text("//dd[contains(@class, 'ride-option-chosen')]"), "Wallaroo")
        journey.mark_page()
        samples = journey.wait_for_ride(lambda sample: sample["status"] == "finished", "the ride never finished")
        statuses = journey.statuses(samples)
        where = f"{journey.window}: the ride went {statuses}"
        self.assertTrue(all(sample["noReload"] for sample in samples), f"{where}: the page was reloaded")
        self.assertEqual([status for status in RIDE_STATUSES if status in statuses], statuses,
                         f"{where}: statuses out of order")
        for status in ("on_the_way", "arrived", "riding", "finished"):
            self.assertIn(status, statuses, f"{where}: {status} never shown")

        by_status = {status: [sample for sample in samples if sample["status"] == status] for status in statuses}
        # A new status's words come at once; what the script cannot draw by itself (the animal appearing, the receipt,
        # Cancel Ride going) comes a moment later with the server's page. So the animal shows from the page's
        # arrival on, and at the latest on the status's last sample.
        on_the_way = [sample for sample in by_status["on_the_way"] if sample["animal"]]
        self.assertTrue(by_status["on_the_way"][-1]["animal"], f"{where}: no animal on the map on its way")
        name = on_the_way[0]["animalName"]
        self.assertRegex(name or "", r"^\S", f"{where}: the animal on the map has no name")
        for sample in on_the_way:
            self.assertEqual(sample["headline"], f"{name} the Wallaroo is on the way", where)
            self.assertRegex(sample["eta"] or "", r"^Arrives in [1-9]\d* min$", where)
            self.assertTrue(sample["cancel"], f"{where}: no Cancel Ride on its way")
        for sample in by_status["arrived"]:
            self.assertEqual(sample["headline"], f"{name} is here", where)
            self.assertIsNone(sample["eta"], f"{where}: a time shown once the animal is here")
            self.assertTrue(sample["cancel"], f"{where}: no Cancel Ride once the animal is here")
        riding = by_status["riding"]
        for sample in riding:
            self.assertEqual(sample["headline"], "On the way to Opera House", where)
            self.assertTrue(sample["animal"], f"{where}: no animal on the map while riding")
        # The server's page arrives a moment after the new status's words; once it has, it is the riding page.
        self.assertFalse(riding[-1]["cancel"], f"{where}: Cancel Ride still offered while riding")
        self.assertTrue(riding[-1]["noCancel"], f"{where}: riding does not say it cannot be cancelled")
        self.assertRegex(riding[-1]["eta"] or "", r"^Arriving in [1-9]\d* min$", where)
        # The animal hops: from where it was when the ride began to the pick-up at least. (At 60 times real speed the
        # animal comes and carries the rider in a second or two each, about one event's interval, so the moves in
        # between are seen at real-time speed, in cancel_ride_journey.)
        moving = {sample["animal"] for sample in on_the_way + by_status["arrived"] + riding}
        self.assertGreaterEqual(len(moving), 2, f"{where}: the animal did not move on the map ({moving})")

        finished = journey.wait_for_ride(
            lambda sample: sample["receipt"] and sample["startNewRide"], "no receipt or Start New Ride at the end")
        self.assertTrue(finished[-1]["noReload"], f"{journey.window}: the page was reloaded at the end")
        self.assertEqual(finished[-1]["headline"], "You have arrived")
        self.assertIsNone(finished[-1]["eta"], f"{journey.window}: a time still shown at the end")
        self.assertIsNone(finished[-1]["animal"], f"{journey.window}: the animal still on the map at the end")
        self.assertIn("Opera House", journey.text("//main"))
        journey.screen("ride-finished")

    def profile_and_history(self, journey):
        journey.click_link("Profile")
        self.assert_page(journey, "My Profile")
        self.assertEqual(journey.text("//dd[contains(@class, 'profile-name')]"), FULL_NAME)
        history = journey.text("//ol[contains(@class, 'ride-history')]")
        for words in ("Opera House", "Wallaroo", "Finished"):
            self.assertIn(words, history)
        self.assertEqual(journey.driver.find_elements(By.XPATH, "//a[normalize-space()='Older rides']"), [],
                         f"{journey.window}: Older rides offered with a single ride")
        journey.screen("profile")
        journey.click_ride()
        self.assertRegex(journey.path(), r"^/rides/[^/?]+$")
        self.assert_page(journey, "Ride to Opera House")
        self.assertEqual(journey.text("//dd[contains(@class, 'ride-option-chosen')]"), "Wallaroo")
        self.assertEqual(journey.text("//dd[contains(@class, 'ride-status')]"), "Finished")
        self.assertEqual(journey.text("//section[@class='receipt']/h2"), "Receipt")
        self.assertRegex(journey.text("//dd[contains(@class, 'receipt-fare')]"), r"\d")
        for part in ("map-route", "map-pickup", "map-dropoff"):
            self.assertTrue(journey.driver.find_elements(By.CSS_SELECTOR, f"svg.route-map .{part}"),
                            f"{journey.window}: no {part} on the receipt's map")
        journey.screen("ride-receipt")
        self.rate_and_report(journey)
        journey.click_link("My Profile")
        self.assert_page(journey, "My Profile")
        journey.click_link("Done")
        journey.press("Start New Ride")
        self.assertEqual(journey.path(), "/ride")
        journey.driver.find_element(By.XPATH, "//a[normalize-space()='Where to?']")

    def rate_and_report(self, journey):
        """After the ride, on its receipt: a tip out of range is a field error; then 5 stars, a compliment and A$2 show
        the tip and the Total (fare + tip); then Report a Problem, failed and sent, is acknowledged on the receipt."""
        receipt = journey.path()
        fare = journey.text("//dd[contains(@class, 'receipt-fare')]")
        journey.choose("5 stars")
        journey.choose("Other")
        journey.fill("Other amount", "50.01")
        journey.press("Submit Rating")
        self.assertEqual(journey.error_panel()[0], "Rating Not Saved")
        self.assertEqual(journey.field_problem("Other amount"),
                         "Please enter a tip from A$0.50 to A$50.00, like 12.50.")
        journey.screen("rating-failed")
        journey.choose("5 stars")
        journey.choose("Knew the way")
        journey.choose("A$2")
        journey.press("Submit Rating")
        self.assertEqual(journey.path(), receipt)
        self.assertEqual(journey.text("//dd[contains(@class, 'receipt-tip')]"), "A$2.00")
        cents = int(fare.removeprefix("A$").replace(".", "")) + 200
        self.assertEqual(journey.text("//dd[contains(@class, 'receipt-total')]"), f"A${cents // 100}.{cents % 100:02d}")
        journey.screen("ride-rated")
        journey.click_link("Report a Problem")
        journey.press("Send Report")
        self.assertEqual(journey.error_panel()[0], "Report Not Sent")
        journey.screen("report-failed")
        journey.choose("Lost item")
        journey.fill("What happened", "I left my hat in the pouch.")
        journey.press("Send Report")
        self.assertEqual(journey.path(), receipt)
        self.assertRegex(journey.text("//p[contains(@class, 'receipt-reported')]"),
                         r"^Reported on .+\. We'll be in touch\.$")

    def account_changes(self, journey, email):
        """My Profile's account forms: Edit Profile fails, then saves; Change Password fails; Delete Account fails, then
        deletes the journey's own rider, who can then no longer sign in. With the sign-in's, that is four failed
        password checks for one email from one address, one short of the five that lock it out
        (SignInThrottlePolicy)."""
        journey.click_link("Profile")
        self.failed_profile_form(journey, "Edit Profile", "Save", {"Full Name": ""}, "Save Failed",
                                 {"Full Name": "Please enter your full name."})
        journey.fill("Full Name", NEW_FULL_NAME)
        journey.press("Save")
        self.assertEqual(journey.path(), "/profile")
        self.assert_page(journey, "My Profile")
        self.assertEqual(journey.text("//dd[contains(@class, 'profile-name')]"), NEW_FULL_NAME)
        self.assertEqual(journey.text("//dd[contains(@class, 'profile-nickname')]"), NICKNAME)
        self.failed_profile_form(
            journey, "Change Password", "Change Password",
            {"Current Password": "not-the-password", "New Password": "new-pouch-pass-2"}, "Change Password Failed",
            {"Current Password": "That is not your current password."})
        journey.click_link("Back to My Profile")
        self.failed_profile_form(journey, "Delete Account", "Delete Account", {"Password": "not-the-password"},
                                 "Delete Account Failed", {"Password": "That is not your password."})
        journey.fill("Password", PASSWORD)
        journey.press("Delete Account")
        self.assertEqual(journey.path(), "/welcome")
        journey.open("/ride")
        self.assertEqual(journey.path(), "/welcome", "a deleted rider's browser cannot reach the ride")
        journey.click_link("Sign In")
        journey.fill("Email", email)
        journey.fill("Password", PASSWORD)
        journey.press("Sign In")
        self.assertEqual(journey.error_panel()[0], "Sign In Failed", f"{journey.window}: a deleted account signed in")
        journey.screen("sign-in-deleted-account")

    def failed_profile_form(self, journey, heading, button, typed, failure, problems):
        """Opens one of My Profile's forms by its link (the words of its heading) and photographs it; types `typed`
        ({label: value}) and presses `button`; the form comes back with the error panel's `failure`, exactly the
        fields' `problems` ({label: problem}) and what was typed kept, passwords never; photographs that."""
        journey.click_link(heading)
        self.assert_page(journey, heading)
        name = heading.lower().replace(" ", "-")
        journey.screen(name)
        for label, value in typed.items():
            journey.fill(label, value)
        journey.press(button)
        where = f"{journey.window}: {heading}"
        self.assert_page(journey, heading)
        self.assertEqual(journey.error_panel()[0], failure, where)
        shown = {label: journey.field_problem(label) for label in journey.labels()}
        self.assertEqual({label: problem for label, problem in shown.items() if problem}, problems, where)
        for label, value in typed.items():
            field = journey.field(label)
            kept = "" if field.get_attribute("type") == "password" else value
            self.assertEqual(field.get_attribute("value"), kept, f"{where}: {label} after the failure")
        journey.screen(f"{name}-failed")

    def assert_page(self, journey, heading):
        """The page's heading is `heading`, and its title says so."""
        self.assertEqual((journey.text("//h1"), journey.driver.title), (heading, f"{heading} · Koober"),
                         f"{journey.window} ({journey.path()})")

    def cancel_ride_journey(self, journey):
        """A ride followed on its way, then cancelled; at real-time speed, so the animal is still coming."""
        email = f"tilly-cancel-{uuid.uuid4().hex[:8]}@example.com"
        journey.open("/signup")
        journey.fill("Full Name", FULL_NAME)
        journey.fill("What should we call you?", NICKNAME)
        journey.fill("Email", email)
        journey.fill("Mobile Number", "0412 345 678")
        journey.fill("Password", PASSWORD)
        journey.press("Sign Up")
        self.assertEqual(journey.path(), "/ride")
        journey.click_link("Where to?")
        journey.press("Opera House")
        journey.choose("Wallaroo")
        journey.press("Confirm")
        journey.mark_page()
        samples = journey.wait_for_ride(lambda sample: sample["status"] == "on_the_way" and sample["animal"],
                                        "the animal never came on its way")
        where = f"{journey.window}: the ride went {journey.statuses(samples)}"
        self.assertEqual(journey.statuses(samples)[-1:], ["on_the_way"], where)
        first = samples[-1]
        self.assertRegex(first["headline"], r"^\S.* the Wallaroo is on the way$", where)
        self.assertEqual(first["headline"], f"{first['animalName']} the Wallaroo is on the way", where)
        self.assertRegex(first["eta"] or "", r"^Arrives in [1-9]\d* min$", where)
        self.assertTrue(first["cancel"], f"{where}: no Cancel Ride")
        # The animal hops towards the pick-up: a few seconds later it stands somewhere else on the map.
        moved = journey.wait_for_ride(lambda sample: sample["animal"] != first["animal"],
                                      "the animal did not move on the map", timeout=20)
        self.assertEqual(moved[-1]["status"], "on_the_way", where)
        self.assertTrue(all(sample["noReload"] for sample in samples + moved), f"{where}: the page was reloaded")
        journey.screen("ride-on-the-way")
        self.share_ride(journey)
        journey.press("Cancel Ride")
        self.assertEqual(journey.path(), "/ride")
        cancelled = journey.ride_sample()
        self.assertEqual(cancelled["status"], "cancelled")
        self.assertEqual(cancelled["headline"], "Ride cancelled")
        self.assertTrue(cancelled["startNewRide"], "no Start New Ride once cancelled")
        self.assertFalse(cancelled["cancel"], "Cancel Ride still offered once cancelled")
        journey.screen("ride-cancelled")
        journey.press("Start New Ride")
        self.assertEqual(journey.path(), "/ride")
        journey.driver.find_element(By.XPATH, "//a[normalize-space()='Where to?']")

    def share_ride(self, journey):
        """Share Ride while the animal comes: the link as text with Copy Link (the script shows it), and the link
        followed live in a second browser that is not signed in, on the same window size; then Stop Sharing."""
        journey.press("Share Ride")
        self.assertEqual(journey.path(), "/ride")
        field = journey.driver.find_element(By.ID, "share-link")
        link = field.get_attribute("value")
        self.assertRegex(link, r"/share/[A-Za-z0-9_-]{43}$")
        self.assertEqual(field.get_attribute("readonly"), "true")
        self.assertTrue(journey.driver.find_element(By.XPATH, "//button[normalize-space()='Copy Link']").is_displayed())
        journey.screen("ride-shared")
        watcher = self.journey(journey.window, folder=journey.folder + "-watcher", koober=self.real_time_koober())
        watcher.open(link[link.index("/share/"):])
        self.assertEqual(watcher.text("//h1"), f"{NICKNAME}'s ride with " + journey.ride_sample()["animalName"]
                         + " the Wallaroo")
        watcher.mark_page()
        first = watcher.wait_for_ride(lambda sample: sample["status"] == "on_the_way" and sample["animal"],
                                      "the shared ride does not show the animal on its way")[-1]
        watcher.wait_for_ride(lambda sample: sample["animal"] != first["animal"],
                              "the animal did not move on the shared ride's map", timeout=20)
        self.assertNotIn(FULL_NAME, watcher.driver.page_source)
        watcher.screen("shared-ride")
        journey.press("Stop Sharing")
        watcher.open(link[link.index("/share/"):])
        self.assertEqual(watcher.text("//h1"), "This ride is no longer shared")
        watcher.screen("share-ended")

    def not_found(self, journey):
        journey.open("/no-such-page")
        self.assertEqual(journey.error_panel()[0], "Page Not Found")
        journey.screen("not-found")


if __name__ == "__main__":
    unittest.main(verbosity=2)
