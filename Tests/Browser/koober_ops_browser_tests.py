"""Koober Ops in a real browser: headless Chromium against the real `koober` binary, every /ops screen checked as the
riders' screens are (koober_browser_tests.Journey.screen: axe-core, no sideways scrolling, tap targets, a title, a
clean console), on a phone in both looks, a narrow phone and a desktop window.

A member is added as an operator adds one, with `koober staff add` on koober's own database; the journey enrols at the
printed link (the password, and the code of the secret the page shows, computed here by RFC 6238), signs in with a
wrong code and then the right one, opens every section its role may, meets **Not Allowed** where it may not, and
signs out.

Run by scripts/browser-tests, after koober_browser_tests.py; the environment is that script's.
"""

import base64
import hashlib
import hmac
import os
import struct
import subprocess
import time
import unittest
import uuid

import koober_browser_tests as riders

OPS_PASSWORD = "kangaroo-court-42"


def totp(secret, at):
    """RFC 6238's code (HMAC-SHA-1, 6 digits, 30-second steps) of the base32 `secret` at the Unix time `at`."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", int(at) // 30), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


class KooberOpsInABrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.koober = riders.KooberProcess()

    @classmethod
    def tearDownClass(cls):
        status = cls.koober.stop()
        if status != 0:
            raise AssertionError(f"koober exited {status} on SIGTERM")

    def journey(self, window, folder=None):
        width, height, phone, scheme = riders.WINDOWS[window]
        driver = riders.make_driver(width, height, phone, scheme)
        self.addCleanup(driver.quit)
        driver.set_script_timeout(30)
        return riders.Journey(self, driver, self.koober.base_url, window, folder or f"ops-{window}")

    def add_staff(self, role):
        """`koober staff add` on the running koober's database: the member's email and the link's path."""
        email = f"{role}-{uuid.uuid4().hex[:8]}@koober.test"
        added = subprocess.run(
            [riders.KOOBER, "staff", "add", email, "--name", f"Olive {role.capitalize()}", "--role", role,
             "--database", os.path.join(self.koober.folder.name, "koober.sqlite")],
            capture_output=True, text=True, check=True, timeout=60)
        link = added.stdout.strip().splitlines()[-1]
        return email, link[link.index("/ops/enrol"):]

    def seed_reported_rides(self):
        """`koober seed` on the running koober's database: a rider with three finished rides, the newest reported."""
        database = os.path.join(self.koober.folder.name, "koober.sqlite")
        email_prefix = f"ops-journey-{uuid.uuid4().hex[:6]}"
        for command in (["riders", "--count", "1", "--email-prefix", email_prefix, "--password", OPS_PASSWORD],
                        ["history", "--email", f"{email_prefix}1@seed.koober", "--rides", "3", "--reports", "1"]):
            subprocess.run([riders.KOOBER, "seed", command[0], "--database", database, *command[1:]],
                           capture_output=True, text=True, check=True, timeout=60)

    def test_phone(self):
        self.ops_journey(self.journey("phone"))

    def test_phone_in_the_dark(self):
        self.ops_journey(self.journey("phone-dark"))

    def test_narrow_phone(self):
        self.ops_journey(self.journey("narrow"))

    def test_desktop(self):
        self.ops_journey(self.journey("desktop"))

    def ops_journey(self, journey):
        email, link = self.add_staff("support")
        journey.open(link)
        self.assertEqual(journey.text("//h1"), "Enrol")
        journey.screen("enrol")
        secret = journey.driver.find_element(riders.By.NAME, "secret").get_attribute("value")
        journey.fill("Password", "too-short")
        journey.fill("Authenticator code", totp(secret, time.time()))
        journey.press("Enrol")
        self.assertEqual(journey.field_problem("Password"), "Passwords need at least 12 characters.")
        journey.screen("enrol-failed")
        # Now's code, and Sign In the next step's (`enrolled_at + 30`): each is within the one step of drift the server
        # allows however the seconds between them fall (the step before now's could be two steps old by the time it
        # is checked), and the second is newer than the first, as a code must be.
        enrolled_at = time.time()
        journey.fill("Password", OPS_PASSWORD)
        journey.fill("Authenticator code", totp(secret, enrolled_at))
        journey.press("Enrol")
        self.assertEqual(journey.text("//h1"), "You Are Enrolled")
        journey.screen("enrolled")

        journey.click_link("Sign In")
        journey.screen("sign-in")
        journey.fill("Email", email)
        journey.fill("Password", OPS_PASSWORD)
        journey.fill("Authenticator code", "000000" if totp(secret, time.time()) != "000000" else "111111")
        journey.press("Sign In")
        self.assertEqual(journey.error_panel()[0], "Sign In Failed")
        journey.screen("sign-in-failed")
        journey.fill("Password", OPS_PASSWORD)
        journey.fill("Authenticator code", totp(secret, enrolled_at + 30))
        journey.press("Sign In")
        self.assertEqual(journey.path(), "/ops")
        self.assertEqual(journey.text("//h1"), "Dashboard")
        journey.screen("dashboard")

        # Support may not open Staff: the section is not offered, and its address answers Not Allowed.
        self.assertEqual(journey.driver.find_elements(riders.By.XPATH, "//nav//a[normalize-space()='Staff']"), [])
        journey.open("/ops/staff")
        self.assertEqual(journey.error_panel()[0], "Not Allowed")
        journey.screen("not-allowed")

        journey.open("/ops")
        journey.press("Sign Out")
        self.assertEqual(journey.path(), "/ops/signin")
        journey.open("/ops")
        self.assertEqual(journey.path(), "/ops/signin", "a signed-out browser cannot reach the dashboard")

    def test_admin_sees_staff(self):
        journey = self.journey("desktop", "ops-admin-desktop")
        email, link = self.add_staff("admin")
        journey.open(link)
        secret = journey.driver.find_element(riders.By.NAME, "secret").get_attribute("value")
        enrolled_at = time.time()  # now's code, then the next step's: as ops_journey does
        journey.fill("Password", OPS_PASSWORD)
        journey.fill("Authenticator code", totp(secret, enrolled_at))
        journey.press("Enrol")
        journey.click_link("Sign In")
        journey.fill("Email", email)
        journey.fill("Password", OPS_PASSWORD)
        journey.fill("Authenticator code", totp(secret, enrolled_at + 30))
        journey.press("Sign In")
        journey.click_link("Staff")
        self.assertEqual(journey.text("//h1"), "Staff")
        cells = [cell.text for cell in journey.driver.find_elements(riders.By.XPATH, "//tbody/tr/td[2]")]
        self.assertIn(email, cells)
        journey.screen("staff")

        journey.click_link("Riders")
        journey.screen("riders")
        journey.fill("Email or ride id", "nobody@example.com")
        journey.press("Find")
        self.assertEqual(journey.error_panel()[0], "No Such Rider")
        journey.fill("Email or ride id", "johnny@gmail.com")
        journey.press("Find")
        self.assertEqual(journey.text("//h1"), "Johnny Appleseed")
        journey.screen("rider")
        journey.press("Lock Account")
        self.assertEqual(journey.field_problem("Reason"), "Please say why.")
        journey.screen("rider-lock-refused")
        journey.click_link("Rides")
        journey.fill("Ride id", "999999999")
        journey.press("Find")
        self.assertEqual(journey.error_panel()[0], "No Such Ride")
        journey.screen("rides")
        journey.click_link("Audit Log")
        self.assertEqual(journey.text("//h1"), "Audit Log")
        journey.screen("audit-log")
        journey.click_link("Reports")
        self.assertEqual(journey.text("//h1"), "Reports")
        journey.screen("reports")

        # A report answered and closed, and its ride refunded in part: every screen of Reports and Rides.
        self.seed_reported_rides()
        journey.click_link("Reports")
        report = journey.driver.find_element(riders.By.XPATH, "//tbody//a[starts-with(@href, '/ops/reports/')]")
        ride_id = report.get_attribute("href").rsplit("/", 1)[1]
        report.click()
        self.assertEqual(journey.path(), f"/ops/reports/{ride_id}")
        journey.screen("report")
        journey.fill("Reply", "We are sorry: your driver has been told. Koober")
        journey.press("Reply")
        self.assertIn("We are sorry: your driver has been told.", journey.driver.page_source)
        journey.screen("report-replied")
        journey.press("Resolve")
        journey.screen("report-resolved")
        journey.open(f"/ops/rides/{ride_id}")
        self.assertEqual(journey.text("//h1"), f"Ride {ride_id}")
        journey.screen("ride")
        journey.fill("Amount", "1.00")
        journey.fill("Reason", "The animal took a longer way")
        journey.press("Refund")
        self.assertEqual(journey.text("//th[normalize-space()='Refunded']/following-sibling::td"), "A$1.00")
        cents = {label: round(float(journey.text(f"//th[normalize-space()='{label}']/following-sibling::td")[2:]) * 100)
                 for label in ("Fare", "Tip", "Total")}
        self.assertEqual(cents["Total"], cents["Fare"] + cents["Tip"] - 100)
        journey.screen("ride-refunded")

        journey.click_link("Fleet")
        self.assertEqual(journey.text("//h1"), "Fleet")
        journey.screen("fleet")
        journey.press("Take Out of Service")
        self.assertTrue(journey.driver.find_elements(
            riders.By.XPATH, "//button[normalize-space()='Return to Service']"), "an animal out of service")
        journey.screen("fleet-out-of-service")


if __name__ == "__main__":
    unittest.main(verbosity=2)
