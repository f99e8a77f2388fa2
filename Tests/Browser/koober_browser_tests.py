"""Koober in a real browser: headless Chromium, driven by Selenium, against the real `koober` binary.

Every journey of SPEC.md runs on a phone-sized, a narrow-phone and a desktop-sized window: sign up, sign out,
sign in (a wrong password first), the whole ride (no ride option chosen first), profile and history, sign out.
On every screen it saves a screenshot and checks what a person needs from a page: no serious or critical axe-core
violation, no horizontal scrolling, tap targets of at least 44 x 44 CSS pixels, a title, and a console free of
errors (a blocked resource or a Content-Security-Policy violation shows there).

Run by scripts/browser-tests, which builds koober and finds axe.min.js; see that script for the environment.
"""

import json
import os
import re
import signal
import subprocess
import tempfile
import time
import unittest
import uuid

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

KOOBER = os.environ["KOOBER_BINARY"]
REPOSITORY = os.environ["KOOBER_REPOSITORY"]
AXE_SCRIPT = open(os.environ["KOOBER_AXE_JS"], encoding="utf-8").read()
SCREENSHOTS = os.environ["KOOBER_SCREENSHOTS"]
CHROMEDRIVER = os.environ.get("KOOBER_CHROMEDRIVER", "/usr/bin/chromedriver")

# name: (width, height, emulate a phone)
WINDOWS = {
    "phone": (390, 844, True),
    "narrow": (320, 640, True),
    "desktop": (1280, 900, False),
}

# The journey's visitor: one fresh account per window, so runs never collide.
FULL_NAME = "Matilda Skippy"
NICKNAME = "Tilly"
PASSWORD = "pouch-pass-1"


class KooberProcess:
    """`koober` on an ephemeral port with a database in a temporary folder; stopped with SIGTERM."""

    def __init__(self):
        self.folder = tempfile.TemporaryDirectory(prefix="koober-browser-")
        self.log = open(os.path.join(self.folder.name, "koober.log"), "w+", encoding="utf-8")
        self.process = subprocess.Popen(
            [KOOBER, "--port", "0", "--database", os.path.join(self.folder.name, "koober.sqlite"),
             "--templates", os.path.join(REPOSITORY, "Templates"), "--public", os.path.join(REPOSITORY, "Public")],
            stdout=self.log, stderr=subprocess.STDOUT,
        )
        self.base_url = self._wait_for_address()

    def _wait_for_address(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            self.log.seek(0)
            match = re.search(r"serving on (http://127\.0\.0\.1:\d+)\n", self.log.read())
            if match:
                return match.group(1)
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError("koober did not start:\n" + self.log_text())

    def log_text(self):
        self.log.seek(0)
        return self.log.read()

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(timeout=15)
        self.log.close()
        self.folder.cleanup()
        return status


def make_driver(width, height, phone):
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
    return webdriver.Chrome(options=options, service=service)


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

AXE_RUN_SCRIPT = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(
    results => done(JSON.stringify(results.violations)),
    error => done(JSON.stringify([{id: 'axe-error', impact: 'critical', help: String(error), nodes: []}])));
"""


class Journey:
    """One browser window going through Koober, checking and photographing every screen it reaches."""

    def __init__(self, test, driver, base_url, window):
        self.test = test
        self.driver = driver
        self.base_url = base_url
        self.window = window
        self.screen_number = 0
        self.folder = os.path.join(SCREENSHOTS, window)
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

    def field(self, label):
        label_element = self.driver.find_element(By.XPATH, f"//label[normalize-space()='{label}']")
        return self.driver.find_element(By.ID, label_element.get_attribute("for"))

    def fill(self, label, value):
        field = self.field(label)
        field.clear()
        field.send_keys(value)

    def choose(self, label):
        self.driver.find_element(By.XPATH, f"//label[normalize-space()='{label}']").click()

    def text(self, xpath):
        return self.driver.find_element(By.XPATH, xpath).text.strip()

    def error_panel(self):
        """The title and message of the error panel screen readers announce."""
        return self.text("//*[@role='alert']//h2"), self.text("//*[@role='alert']//p")

    def path(self):
        return re.sub(r"^https?://[^/]+", "", self.driver.current_url)

    # What every screen must be.

    def screen(self, name):
        """Photographs the screen and checks it; returns nothing, fails the test with every problem found."""
        self.screen_number += 1
        self.driver.save_screenshot(os.path.join(self.folder, f"{self.screen_number:02d}-{name}.png"))
        where = f"{self.window} / {name} ({self.path()})"
        self.test.assertEqual(self.driver.find_element(By.TAG_NAME, "html").get_attribute("lang"), "en", where)
        self.test.assertRegex(self.driver.title, r"\S.* · Koober$|^Koober$", where)
        width = self.driver.execute_script("return document.documentElement.scrollWidth")
        viewport = self.driver.execute_script("return document.documentElement.clientWidth")
        self.test.assertLessEqual(width, viewport, f"{where}: scrolls sideways ({width} px in {viewport} px)")
        self.test.assertEqual(self.driver.execute_script(TAP_TARGETS_SCRIPT), [], f"{where}: tap targets too small")
        self.test.assertEqual(self._serious_axe_violations(), [], f"{where}: axe-core")
        # The page's own status (a 422 for a failed form, a 404) is logged too; it is checked where it matters.
        own_status = self.driver.current_url + " - Failed to load resource: the server responded with a status of"
        errors = [entry["message"] for entry in self.driver.get_log("browser")
                  if entry["level"] == "SEVERE" and not entry["message"].startswith(own_status)]
        self.test.assertEqual(errors, [], f"{where}: console errors")

    def _serious_axe_violations(self):
        self.driver.execute_script(AXE_SCRIPT)
        violations = json.loads(self.driver.execute_async_script(AXE_RUN_SCRIPT))
        return [
            f"{violation['id']} ({violation['impact']}): {violation['help']} at "
            + ", ".join(" ".join(node["target"]) for node in violation["nodes"])
            for violation in violations if violation["impact"] in ("serious", "critical")
        ]


class KooberInABrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.koober = KooberProcess()

    @classmethod
    def tearDownClass(cls):
        status = cls.koober.stop()
        if status != 0:
            raise AssertionError(f"koober exited {status} on SIGTERM")

    def journey(self, window):
        width, height, phone = WINDOWS[window]
        driver = make_driver(width, height, phone)
        self.addCleanup(driver.quit)
        driver.set_script_timeout(30)
        return Journey(self, driver, self.koober.base_url, window)

    def test_phone(self):
        self.whole_journey(self.journey("phone"))

    def test_narrow_phone(self):
        self.whole_journey(self.journey("narrow"))

    def test_desktop(self):
        self.whole_journey(self.journey("desktop"))

    def whole_journey(self, journey):
        email = f"tilly-{uuid.uuid4().hex[:8]}@example.com"
        self.sign_up(journey, email)
        self.sign_out(journey)
        self.sign_in(journey, email)
        self.ride(journey)
        self.profile_and_history(journey)
        self.sign_out(journey)
        self.not_found(journey)

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
        self.assertEqual(journey.text("//h2[@id='waiting-title']"), "Your ride is on its way!")
        self.assertEqual(journey.text("//dd[contains(@class, 'ride-option-chosen')]"), "Wallaroo")
        journey.screen("waiting-for-pickup")

    def profile_and_history(self, journey):
        journey.click_link("Profile")
        self.assertEqual(journey.text("//h1"), "My Profile")
        self.assertEqual(journey.text("//dd[contains(@class, 'profile-name')]"), FULL_NAME)
        self.assertIn("Opera House", journey.text("//ol[contains(@class, 'ride-history')]"))
        self.assertIn("Wallaroo", journey.text("//ol[contains(@class, 'ride-history')]"))
        journey.screen("profile")
        journey.click_link("Done")
        journey.press("Start New Ride")
        self.assertEqual(journey.path(), "/ride")
        journey.driver.find_element(By.XPATH, "//a[normalize-space()='Where to?']")

    def not_found(self, journey):
        journey.open("/no-such-page")
        self.assertEqual(journey.error_panel()[0], "Page Not Found")
        journey.screen("not-found")


if __name__ == "__main__":
    unittest.main(verbosity=2)
