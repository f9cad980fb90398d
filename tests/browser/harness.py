"""What every browser test shares: `sharecard serve` on a free loopback port, headless
Chromium driven by Selenium, bounded waits, and the command line with its exit codes
(0 every check passed, 1 one failed, 2 the environment is missing something).

Needs chromium and chromedriver (Debian: apt-get install chromium chromium-driver) and the
selenium package (tests/browser/requirements.txt).
"""

import argparse
import contextlib
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WAIT_SECONDS = 20


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def logger(prefix):
    """A `log(message)` that prints `[prefix] message` at once."""
    def log(message):
        print(f"[{prefix}] {message}", flush=True)
    return log


# MARK: The server

class Server:
    """`sharecard serve --port 0` on loopback; the port is read from its first log line."""

    def __init__(self, binary, extra_arguments=()):
        env = dict(os.environ)
        env.setdefault("SHARECARD_HOME", REPO)
        self.lines = []
        self._queue = queue.Queue()
        self.process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--workers", "2", *extra_arguments],
            cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True, encoding="utf-8", errors="replace")
        threading.Thread(target=self._read, daemon=True).start()
        self.origin = self._wait_for_port()

    def _read(self):
        for line in self.process.stderr:
            self.lines.append(line.rstrip("\n"))
            self._queue.put(line)
        self._queue.put(None)

    def _wait_for_port(self):
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            try:
                line = self._queue.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                raise CheckFailed(f"sharecard serve exited ({self.process.wait()}) before listening:\n" + self.log_tail())
            match = re.search(r"listening on (http://127\.0\.0\.1:\d+)/", line)
            if match:
                return match.group(1)
        raise CheckFailed(f"sharecard serve did not report its port within {WAIT_SECONDS} s:\n" + self.log_tail())

    def log_tail(self, count=20):
        return "\n".join(self.lines[-count:])

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def http_get(url):
    request = urllib.request.Request(url, headers={"Accept": "*/*"})
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


# MARK: The browser

def find_program(explicit, names):
    if explicit:
        return explicit
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    return None


def start_browser(chromium, chromedriver, profile):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        "--window-size=1280,900", "--force-device-scale-factor=1", "--lang=en-US",
        "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
        "--disable-background-networking", "--disable-component-update", "--disable-default-apps",
        "--force-prefers-reduced-motion",
        # Any host name fails to resolve: the page must need nothing but its own server.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        f"--user-data-dir={profile}",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=chromedriver), options=options)
    driver.set_page_load_timeout(WAIT_SECONDS)
    driver.set_script_timeout(WAIT_SECONDS)
    return driver


def wait_for(driver, condition, what):
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait
    try:
        return WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.1).until(condition)
    except TimeoutException:
        raise CheckFailed(f"timed out after {WAIT_SECONDS} s waiting for {what}") from None


@contextlib.contextmanager
def served_browser(args, profile, extra_arguments=(), log=print):
    """`sharecard serve` (with `extra_arguments`) and a browser using the profile folder
    `profile`, as (server, driver); both are stopped on the way out, and a check that fails
    inside carries the server's last log lines."""
    server = Server(os.path.abspath(args.binary), extra_arguments)
    driver = None
    try:
        driver = start_browser(args.chromium, args.chromedriver, profile)
        yield server, driver
    except CheckFailed as failure:
        raise CheckFailed(f"{failure}\n--- server log (last lines) ---\n{server.log_tail()}") from None
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception as error:  # a dead browser must not hide the real failure
                log(f"could not quit the browser: {error}")
        server.stop()


# MARK: The command line

def main(name, description, run, watchdog_seconds, log, add_arguments=None):
    """Parses --binary, --chromium and --chromedriver (and what `add_arguments` adds), then
    calls `run(args)` under a watchdog; returns the exit code."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--binary", required=True, help="the sharecard executable")
    parser.add_argument("--chromium", help="the browser (default: chromium on PATH)")
    parser.add_argument("--chromedriver", help="the driver (default: chromedriver on PATH)")
    if add_arguments:
        add_arguments(parser)
    args = parser.parse_args()
    args.chromium = find_program(args.chromium, ["chromium", "chromium-browser", "google-chrome"])
    args.chromedriver = find_program(args.chromedriver, ["chromedriver"])
    missing = [what for what, value in [("chromium", args.chromium), ("chromedriver", args.chromedriver)] if not value]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (pip install selenium)")
    if not os.access(args.binary, os.X_OK):
        missing.append(f"an executable sharecard at {args.binary}")
    if missing:
        print(f"{name}: missing " + ", ".join(missing), file=sys.stderr)
        return 2

    def watchdog(signum, frame):
        raise CheckFailed(f"the whole run took over {watchdog_seconds} s")
    signal.signal(signal.SIGALRM, watchdog)
    signal.alarm(watchdog_seconds)
    started = time.monotonic()
    try:
        run(args)
    except CheckFailed as failure:
        print(f"{name}: FAIL: {failure}", file=sys.stderr)
        return 1
    except Exception as error:  # selenium and urllib errors are failures too, with their message
        print(f"{name}: FAIL: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
    log(f"PASS in {time.monotonic() - started:.1f} s")
    return 0
