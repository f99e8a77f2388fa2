"""What Koober's Python scripts and benchmarks share: the one `free_port`, the one `build`, the one process class, the
benchmarks' cores, requests, sign-in and wrk, the one `koober seed` call, and the one test browser. Import it from scripts/ or Benchmarks/ with

    sys.path.insert(0, os.path.join(<the repository>, "scripts"))
    import koober_harness

Only Python 3's standard library.

- `build(*arguments)` asks SwiftPM for koober built with `arguments` (RELEASE is the Dockerfile's) and returns its
  path; KOOBER_SCRATCH_PATH, when set, is passed as `--scratch-path` to every `swift build` (a worktree's own build
  folder), and `koober_binary` also honours `--koober PATH`.
- `Process` is a child process with its log in a file, stopped by `stop` (SIGTERM, then SIGKILL after the timeout) or
  by `Process.stop_all()`; `Koober` is koober started with flags on a port (a free one, or 0 and the one it logs),
  waited for until `GET /healthz` answers 200.
- The benchmarks' own: `SERVER_CORE` and `LOAD_CORE` (taskset), `request` (one plain HTTP request, cookies kept),
  `csrf_token`, `cookie_value` and `cookie_header`, `sign_in`, `sign_in_and_choose_dropoff`, `wrk` (run pinned and
  read: `wrk_command`, `wrk_result`) and `percentile`; Koober Ops' `staff_key_file`, `add_staff` (`koober staff add`), `totp` (RFC 6238) and
  `sign_in_to_ops`; `postgres_bin`, the PostgreSQL programs scripts/with-postgres runs, `psql` (a query's rows)
  and `fresh_postgres_database`; `Nginx`, nginx round robin over koober processes; `scan_log`, what a koober log
  says (levels, answers by status, the unusual lines).
- `seed(binary, database, ...)` runs `koober seed` (Koober's own repositories write, not SQL) and returns its JSON
  lines.
- `Browser` is a rider's browser over HTTP: a cookie jar, redirects followed (and which process answered each hop,
  behind nginx), pages with their forms read by label and button, and submitted.
"""
import base64
import copy
import ctypes
import glob
import hashlib
import hmac
import http.client
import http.cookiejar
import json
import math
import os
import re
import resource
import shutil
import signal
import socket
import struct
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# koober as the Dockerfile builds it: the one release build .ci/run makes and every script that needs one shares (a
# build without --static-swift-stdlib would link koober again, over it).
RELEASE = ("-c", "release", "--static-swift-stdlib")
DEBUG = ()
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------------------------------------------------------
# Ports and builds


def free_port():
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def swift_build_arguments(*arguments):
    """`arguments` and, when set, `--scratch-path` with KOOBER_RELEASE_SCRATCH_PATH for a release build (.ci/run builds
    the release koober in a folder of its own, beside the steps that use the debug build) or KOOBER_SCRATCH_PATH."""
    release_scratch = os.environ.get("KOOBER_RELEASE_SCRATCH_PATH") if "release" in arguments else None
    scratch = release_scratch or os.environ.get("KOOBER_SCRATCH_PATH")
    return [*arguments, "--scratch-path", os.path.abspath(scratch)] if scratch else list(arguments)


def bin_path(*arguments):
    """Where `swift build <arguments>` puts its products."""
    return subprocess.run(["swift", "build", *swift_build_arguments(*arguments), "--show-bin-path"], cwd=ROOT,
                          check=True, capture_output=True, text=True).stdout.strip()


def build(*arguments, product="koober"):
    """`product` built by SwiftPM with `arguments` (nothing to do if it is up to date); returns its path."""
    subprocess.run(["swift", "build", *swift_build_arguments(*arguments), "--product", product], cwd=ROOT, check=True)
    return os.path.join(bin_path(*arguments), product)


def koober_binary(path, *arguments):
    """`path` (a script's --koober) made absolute, else koober built with `arguments`."""
    return os.path.abspath(path) if path else build(*arguments)


# ---------------------------------------------------------------------------------------------------------------------
# Processes


class DidNotStart(RuntimeError):
    """A process that exited, or did not answer, while it was started."""


def raise_file_limit():
    """The soft open-file limit raised to the hard one; returns it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def get(port, path, timeout=5):
    """A plain GET on the loopback interface: (status, body), status None when nothing answered."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as response:
            return response.status, response.read().decode(errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")
    except (OSError, http.client.HTTPException) as error:
        return None, str(error)


class Process:
    """A child process, its output in a log file (or thrown away), stopped by `stop` or by `Process.stop_all()`.

    `pin`: the cores it runs on (taskset -c). `new_session`: a session of its own (on Linux with autogroup scheduling
    the scheduler shares a core between sessions first; see Benchmarks/postgres). `death_signal`: what the child gets
    if this script dies without stopping it (PR_SET_PDEATHSIG). `raise_files`: its open-file limit raised to the
    hard one."""

    running = []

    def __init__(self, name, argv, log=None, cwd=ROOT, pin=None, new_session=False, death_signal=None,
                 raise_files=False, env=None):
        self.name, self.argv, self.log_path = name, [str(word) for word in argv], log
        if pin is not None:
            self.argv = ["taskset", "-c", str(pin), *self.argv]

        def prepare():
            if death_signal is not None:
                ctypes.CDLL(None, use_errno=True).prctl(1, death_signal)  # PR_SET_PDEATHSIG
            if raise_files:
                raise_file_limit()

        output = open(log, "ab") if log else subprocess.DEVNULL
        try:
            self.popen = subprocess.Popen(self.argv, cwd=cwd, stdin=subprocess.DEVNULL, stdout=output,
                                          stderr=subprocess.STDOUT, start_new_session=new_session,
                                          preexec_fn=prepare if death_signal is not None or raise_files else None,
                                          env=env)
        finally:
            if log:
                output.close()
        Process.running.append(self)

    @property
    def pid(self):
        return self.popen.pid

    def alive(self):
        return self.popen.poll() is None

    def stop(self, sig=signal.SIGTERM, timeout=15):
        """Sends `sig` and waits `timeout` seconds, then kills; returns (exit status, seconds), the status None if it
        had to be killed."""
        started = time.monotonic()
        if self.alive():
            self.popen.send_signal(sig)
        try:
            status = self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            status = None
        if self in Process.running:
            Process.running.remove(self)
        return status, time.monotonic() - started

    def kill(self):
        self.popen.kill()
        self.popen.wait()

    def text(self):
        if not self.log_path:
            return ""
        with open(self.log_path, "rb") as log:
            return log.read().decode(errors="replace")

    def log_tail(self, lines=20):
        return "\n".join(self.text().splitlines()[-lines:]) if self.log_path else "(no log kept)"

    def memory(self, field):
        """VmRSS (now) or VmHWM (peak) in MB."""
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def cpu_seconds(self):
        """utime + stime of the whole process (all its threads)."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def wait_until_answering(self, port, path="/healthz", timeout=60):
        """Waits until GET `path` on `port` answers 200; raises DidNotStart (with the log's end) if the process exits
        or `timeout` seconds pass first."""
        deadline = time.monotonic() + timeout
        while get(port, path)[0] != 200:
            if not self.alive() or time.monotonic() > deadline:
                how = f"exited with status {self.popen.poll()}" if not self.alive() else f"not within {timeout} s"
                self.stop()
                raise DidNotStart(f"{self.name} did not answer GET {path} ({how}); its log:\n{self.log_tail()}")
            time.sleep(0.05)

    @classmethod
    def stop_all(cls):
        for process in reversed(list(cls.running)):
            process.stop(timeout=5)


class Koober(Process):
    """koober serving on a loopback port with `flags` (from the repository's root, so Templates and Public are
    found), started and answering `GET /healthz`. `port`: a free one by default; 0 lets koober pick and reads it off
    the log ("Koober is serving on http://…:PORT")."""

    SERVING = re.compile(r"Koober is serving on http://[^\s:]+:(\d+)")

    def __init__(self, binary, *flags, port=None, name="koober", log=None, startup_timeout=60, **options):
        self.port = free_port() if port is None else port
        super().__init__(name, [binary, "--port", self.port, *flags], log=log, **options)
        if self.port == 0:
            self.port = self.logged_port(startup_timeout)
        self.wait_until_answering(self.port, "/healthz", startup_timeout)

    def logged_port(self, timeout):
        deadline = time.monotonic() + timeout
        while not (match := self.SERVING.search(self.text())):
            if not self.alive() or time.monotonic() > deadline:
                self.stop()
                raise DidNotStart(f"{self.name} did not say where it serves; its log:\n{self.log_tail()}")
            time.sleep(0.05)
        return int(match.group(1))

    @property
    def address(self):
        return f"127.0.0.1:{self.port}"

    @property
    def url(self):
        return f"http://{self.address}"


class CallgrindKoober(Koober):
    """koober under valgrind's callgrind, to count the instructions a request costs: the same from run to run whatever
    else the machine is doing (it leaves out the kernel's share and the caches', which a timed run has). Its debug
    information is stripped first (valgrind 3.19 cannot read it). Needs valgrind and binutils."""

    def __init__(self, binary, work, *flags, **options):
        stripped = os.path.join(work, "koober-stripped")
        subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
        self.dumps = os.path.join(work, "callgrind")
        os.makedirs(self.dumps, exist_ok=True)
        wrapper = os.path.join(work, "koober-under-callgrind")
        with open(wrapper, "w") as script:
            script.write(f'#!/bin/sh\nexec valgrind --tool=callgrind --callgrind-out-file={self.dumps}/out.%p '
                         f'{stripped} "$@"\n')
        os.chmod(wrapper, 0o755)
        super().__init__(wrapper, *flags, startup_timeout=900, **options)

    def instructions(self, ask, requests):
        """The instructions a request of `ask(requests)` costs: the counters zeroed before and dumped after."""
        subprocess.run(["callgrind_control", "--zero", str(self.pid)], check=True, capture_output=True)
        ask(requests)
        subprocess.run(["callgrind_control", "--dump", str(self.pid)], check=True, capture_output=True)
        dump = max(glob.glob(os.path.join(self.dumps, "out.*")), key=os.path.getmtime)
        with open(dump) as text:
            total = int(re.search(r"^(?:summary|totals): (\d+)", text.read(), re.M).group(1))
        os.remove(dump)
        return total / requests


def ask_repeatedly(port, path, cookie_header, times, status=200):
    """`GET path` `times` times one after another on one connection with `Cookie: cookie_header`, each answered
    `status`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    try:
        for _ in range(times):
            connection.request("GET", path, headers={"Cookie": cookie_header})
            response = connection.getresponse()
            response.read()
            if response.status != status:
                raise AssertionError(f"GET {path} answered {response.status}, not {status}")
    finally:
        connection.close()


# ---------------------------------------------------------------------------------------------------------------------
# Benchmarks: the cores, plain HTTP, signing in, wrk

# Every benchmark pins the server to core 0 (taskset) and its load, wrk, to core 1 (docs/performance.md).
SERVER_CORE, LOAD_CORE = "0", "1"
CONNECTIONS = 32
CSRF_TOKEN = re.compile(rb'name="csrf_token" value="([^"]+)"')


def request(port, method, path, body=None, cookies=None, headers=None, timeout=30):
    """One HTTP request on the loopback interface, redirects not followed: (status, headers, body bytes). `body`, a
    dict, is sent as a form; `cookies`, a dict, is sent and updated from the answer's Set-Cookie."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = dict(headers or {})
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        body = urllib.parse.urlencode(body)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
    finally:
        connection.close()
    if cookies is not None:
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                value = rest.split(";")[0]
                if value and "max-age=0" not in rest.lower():
                    cookies[name] = value
                else:
                    cookies.pop(name, None)  # a cookie ended, as a browser ends it
    return response.status, response.getheaders(), data


def csrf_token(page):
    """The form token of a page (bytes)."""
    return CSRF_TOKEN.search(page).group(1).decode()


def cookie_value(cookies):
    """`cookies` (a jar: name to value) as a `Cookie` header's value."""
    return "; ".join(f"{k}={v}" for k, v in cookies.items())


def cookie_header(cookies):
    """`cookies` as a request header line, for wrk's -H."""
    return "Cookie: " + cookie_value(cookies)


def sign_in(port, email, password):
    """A new browser session signed in through the pages; returns its cookies."""
    cookies = {}
    _, _, page = request(port, "GET", "/signin", cookies=cookies)
    status, _, _ = request(port, "POST", "/signin", cookies=cookies, body={
        "csrf_token": csrf_token(page), "email": email, "password": password})
    assert status == 303, f"signing in {email} answered {status}"
    return cookies


def totp(secret, at):
    """RFC 6238's code (HMAC-SHA-1, 6 digits, 30-second steps) of the base32 `secret` at the Unix time `at`."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", int(at) // 30), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def staff_key_file(folder):
    """A new staff key file in `folder` (`--staff-key-file`): 32 random bytes as base64, readable by its owner alone."""
    path = os.path.join(folder, "staff-key")
    with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as key:
        key.write(base64.b64encode(os.urandom(32)).decode() + "\n")
    return path


def add_staff(binary, database, key_file, email, role, name="Olive Walker"):
    """`koober staff add`: returns the path of the member's enrolment link (`/ops/enrol?token=…`)."""
    command = [binary, "staff", "add", email, "--name", name, "--role", role, "--database", database,
               "--staff-key-file", key_file]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=60)
    link = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    if done.returncode != 0 or "/ops/enrol?token=" not in link:
        raise RuntimeError(f"{' '.join(command)} exited with {done.returncode}:\n{done.stderr[-2000:]}")
    return link[link.index("/ops/enrol"):]


OPS_SECRET = re.compile(rb'name="secret" value="([A-Z2-7]+)"')


def sign_in_to_ops(port, binary, database, key_file, role="admin", password="ops-bench-password-42"):
    """A new staff member of `role` (`add_staff`), enrolled and signed in to Koober Ops through its pages on the koober
    at `port`; returns the session's cookies."""
    email = f"ops-{os.urandom(4).hex()}@koober.test"
    link = add_staff(binary, database, key_file, email, role)
    cookies = {}
    _, _, page = request(port, "GET", link, cookies=cookies)
    secret = OPS_SECRET.search(page).group(1).decode()
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["token"][0]
    # Now's code, and Sign In the next step's: each is within the one step of drift the server allows however the
    # seconds between them fall (the step before now's could be two steps old by the time it is checked), and the
    # second is newer than the first, as a code must be.
    now = time.time()
    status, _, _ = request(port, "POST", "/ops/enrol", cookies=cookies, body={
        "csrf_token": csrf_token(page), "token": token, "secret": secret, "password": password,
        "code": totp(secret, now)})
    assert status == 200, f"enrolling {email} answered {status}"
    _, _, page = request(port, "GET", "/ops/signin", cookies=cookies)
    status, _, _ = request(port, "POST", "/ops/signin", cookies=cookies, body={
        "csrf_token": csrf_token(page), "email": email, "password": password, "code": totp(secret, now + 30)})
    assert status == 303, f"signing {email} in to Koober Ops answered {status}"
    return cookies


def sign_in_and_choose_dropoff(port, email="johnny@gmail.com", password="password"):
    """A signed-in session (the demo rider by default) with the Opera House chosen through the search; returns its
    cookies and its /ride page (step 2: the ride options)."""
    cookies = sign_in(port, email, password)
    _, _, page = request(port, "GET", "/ride/dropoff?q=opera", cookies=cookies)
    place = re.search(rb'name="place_id" value="([^"]+)"', page).group(1).decode()
    status, _, _ = request(port, "POST", "/ride/dropoff", cookies=cookies,
                           body={"csrf_token": csrf_token(page), "place_id": place})
    assert status == 303, f"choosing the drop-off answered {status}"
    status, _, page = request(port, "GET", "/ride", cookies=cookies)
    assert status == 200 and b"Going to" in page, "the ride page does not offer ride options"
    return cookies, page


def wrk_command(port, path, seconds, connections, header=None, script=None, threads=1):
    """wrk pinned to the load core, with its latency distribution."""
    command = ["taskset", "-c", LOAD_CORE, "wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency"]
    if header:
        command += ["-H", header]
    if script:
        command += ["-s", script]
    return command + [f"http://127.0.0.1:{port}{path}"]


def wrk_result(output):
    """What wrk's output says: requests/s, requests, p50 and p99 in ms (0 without requests), socket errors (connect,
    read, write), timeouts, non-2xx/3xx answers."""
    requests = int(re.search(r"(\d+) requests in", output).group(1))

    def milliseconds(percent):
        if not requests:
            return 0.0
        match = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s)\s*$", output, re.M)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "requests": requests,
        "p50": milliseconds(50), "p99": milliseconds(99),
        "errors": sum(int(n) for n in errors.groups()[:3]) if errors else 0,
        "timeouts": int(errors.group(4)) if errors else 0,
        "non_2xx": int(non_2xx.group(1)) if non_2xx else 0,
    }


def wrk(port, path, seconds, connections=CONNECTIONS, header=None, script=None, threads=1):
    """wrk run (`wrk_command`) and read (`wrk_result`), with its output as "output" and its own CPU seconds as
    "wrk_cpu"; raises RuntimeError if wrk fails."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(wrk_command(port, path, seconds, connections, header, script, threads),
                          capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"wrk failed: {done.stderr.strip()}")
    return {**wrk_result(done.stdout), "output": done.stdout,
            "wrk_cpu": (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)}


def percentile(values, percent, empty=None):
    """The nearest-rank `percent` percentile of `values`; `empty` when there are none."""
    ordered = sorted(values)
    if not ordered:
        return empty
    return ordered[min(len(ordered) - 1, max(0, math.ceil(percent / 100 * len(ordered)) - 1))]


def postgres_bin():
    """The newest /usr/lib/postgresql/*/bin, as scripts/with-postgres picks its server; else where psql is on the
    PATH."""
    folders = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                     key=lambda path: [int(n) for n in re.findall(r"\d+", path)])
    return folders[-1] if folders else os.path.dirname(shutil.which("psql") or "/usr/bin/psql")


def psql(url, sql):
    """The rows of `sql` run by psql on the PostgreSQL database at `url`, each a list of strings (`|`-separated, as
    psql -At prints them); raises RuntimeError if psql fails."""
    done = subprocess.run([os.path.join(postgres_bin(), "psql"), "-d", url, "-XAtq", "-v", "ON_ERROR_STOP=1",
                           "-c", sql], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"psql: {sql}: {done.stderr.strip()}")
    return [line.split("|") for line in done.stdout.splitlines() if line]


def fresh_postgres_database(url, name):
    """A new, empty database `name` on the server of `url` (dropped first if it was there); returns its URL."""
    parts = urllib.parse.urlsplit(url)
    psql(parts._replace(path="/postgres").geturl(), f'DROP DATABASE IF EXISTS "{name}"')
    psql(parts._replace(path="/postgres").geturl(), f'CREATE DATABASE "{name}"')
    return parts._replace(path=f"/{name}").geturl()


NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
NGINX_CONFIGURATION = """
worker_processes 1;
worker_rlimit_nofile {files};
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections {connections}; }}
http {{
    access_log off;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    upstream koober {{
{servers}
        keepalive 64;
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://koober;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_buffering off;
            proxy_cache off;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
        }}
    }}
}}
"""


class Nginx(Process):
    """nginx in the foreground in `folder` (its configuration, logs and temporary files), one worker, round robin over
    `upstreams` (koober processes, or "host:port") with keep-alive connections, Server-Sent Events passed unbuffered
    and held open as scripts/cluster/nginx.conf does, no access log; answering `GET /healthz` through it before this
    returns. `pin`: its cores (taskset)."""

    def __init__(self, upstreams, folder, pin=None, connections=8192, binary=NGINX, startup_timeout=20):
        os.makedirs(folder, exist_ok=True)
        os.chmod(folder, 0o755)  # nginx's worker runs as an unprivileged user when the master is root
        self.folder, self.port = folder, free_port()
        self.error_log = os.path.join(folder, "error.log")
        servers = "\n".join(f"        server {getattr(upstream, 'address', upstream)};" for upstream in upstreams)
        configuration = os.path.join(folder, "nginx.conf")
        with open(configuration, "w") as file:
            file.write(NGINX_CONFIGURATION.format(prefix=folder, servers=servers, port=self.port,
                                                  connections=connections, files=2 * connections + 64))
        # SIGTERM if this script dies: nginx's master then stops its worker.
        super().__init__("nginx", [binary, "-c", configuration, "-p", folder, "-e", self.error_log,
                                   "-g", "daemon off;"], log=os.path.join(folder, "nginx.out"), pin=pin,
                         new_session=True, death_signal=signal.SIGTERM)
        self.wait_until_answering(self.port, "/healthz", startup_timeout)

    @property
    def address(self):
        return f"127.0.0.1:{self.port}"

    def errors(self):
        """The error log's lines at error or worse."""
        try:
            with open(self.error_log, errors="replace") as log:
                return [line.rstrip() for line in log if re.search(r"\[(error|crit|alert|emerg)\]", line)]
        except FileNotFoundError:
            return []


LOG_LEVEL = re.compile(rb"^\S+ (trace|debug|info|notice|warning|error|critical) ")
LOG_ANSWER = re.compile(rb" koober: (GET|POST|HEAD|PUT|PATCH|DELETE|OPTIONS) (\S+) (\d{3}) ")


def scan_log(path):
    """What a koober log says: its lines by level, its answers by status, and the distinct lines above info and
    answers 4xx/5xx, counted (timestamps and request ids taken out)."""
    levels, statuses, unusual = {}, {}, {}
    with open(path, "rb") as log:
        for line in log:
            level = LOG_LEVEL.match(line)
            level = level.group(1).decode() if level else "other"
            levels[level] = levels.get(level, 0) + 1
            answer = LOG_ANSWER.search(line)
            if answer:
                status = answer.group(3).decode()
                statuses[status] = statuses.get(status, 0) + 1
                if status[0] in "45":
                    key = f"{answer.group(1).decode()} {answer.group(2).decode()} {status}"
                    unusual[key] = unusual.get(key, 0) + 1
            elif level not in ("info", "debug", "trace"):
                text = re.sub(r"request_id=\w+|^\S+ ", "", line.decode(errors="replace").strip())[:240]
                unusual[text] = unusual.get(text, 0) + 1
    return {"levels": levels, "statuses": statuses, "unusual": unusual}


# ---------------------------------------------------------------------------------------------------------------------
# Seeding


def seed(binary, database, what, *arguments):
    """`koober seed <what> --database <database> <arguments>`: Koober's own repositories write the riders, sessions
    and rides; returns the JSON lines it printed, as dicts."""
    command = [binary, "seed", what, "--database", database, *map(str, arguments)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {done.returncode}:\n{done.stderr[-2000:]}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


# ---------------------------------------------------------------------------------------------------------------------
# The browser


class Form:
    """A form of a page as one of its buttons sends it: where it goes, its fields, its radio buttons, its labels and
    that button's text. A form whose buttons each send a value of their own (Where To?'s places: `name="place_id"`)
    is one Form a button, its fields with that button's value."""

    def __init__(self, action, method):
        self.action, self.method = action, method.upper()
        self.fields = {}  # name → value, of the inputs that are sent as they are (hidden, text, …)
        self.choices = {}  # name → the values of its radio buttons
        self.labels = {}  # label text → input name
        self.button = ""
        self.formactions = {}  # a button's text → where it sends the form instead (its `formaction`), if it says
        self.valued_buttons = []  # (text, (name, value)) of the buttons that send a value of their own

    def values(self, filled=None, chosen=None):
        """The form's fields, with inputs filled by label (`filled`) and radio buttons chosen by name (`chosen`);
        raises LookupError for a label or a choice the form does not have."""
        values = dict(self.fields)
        for label, value in (filled or {}).items():
            if label not in self.labels:
                raise LookupError(f"no field labelled {label!r} in the form to {self.action}: {sorted(self.labels)}")
            values[self.labels[label]] = value
        for name, value in (chosen or {}).items():
            if value not in self.choices.get(name, []):
                raise LookupError(f"no choice {name}={value} in the form to {self.action}: {self.choices}")
            values[name] = value
        return values


class FormParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms, self.form = [], None
        self.label_for, self.label_texts, self.input_names = None, {}, {}
        self.in_button = False

    def handle_starttag(self, tag, attributes):
        attributes = {name: value or "" for name, value in attributes}
        if tag == "form":
            self.form = Form(attributes.get("action", ""), attributes.get("method", "get"))
            self.forms.append(self.form)
        elif tag == "label" and "for" in attributes:
            self.label_for = attributes["for"]
            self.label_texts[self.label_for] = ""
        elif tag == "input" and self.form and "name" in attributes:
            self.add_input(attributes)
        elif tag == "button" and self.form:
            self.in_button = True
            self.button_text, self.button_action = "", attributes.get("formaction")
            self.button_value = (attributes["name"], attributes.get("value", "")) if "name" in attributes else None

    def add_input(self, attributes):
        name, kind = attributes["name"], attributes.get("type", "text")
        if kind == "radio":
            self.form.choices.setdefault(name, []).append(attributes.get("value", ""))
        else:
            self.form.fields[name] = attributes.get("value", "")
        if "id" in attributes:
            self.input_names[attributes["id"]] = (self.form, name)

    def handle_endtag(self, tag):
        if tag == "form" and self.form:
            self.forms[self.forms.index(self.form):] = self.sent_forms(self.form)
            self.form = None
        elif tag == "label":
            self.label_for = None
        elif tag == "button" and self.in_button:
            self.in_button = False
            if self.button_action and self.form:
                self.form.formactions[self.button_text] = self.button_action
            elif self.button_value and self.form:
                self.form.valued_buttons.append((self.button_text, self.button_value))

    def handle_data(self, data):
        if self.label_for:
            self.label_texts[self.label_for] += data
        if self.in_button and self.form:
            # The form's own button is the one that sends it to its action; one with a `formaction` is told apart.
            if not self.button_action and not self.button_value:
                self.form.button += data.strip()
            self.button_text += data.strip()

    @staticmethod
    def sent_forms(form):
        """`form` as each of its buttons with a value of its own sends it, or as it is when it has none."""
        if not form.valued_buttons:
            return [form]
        sent = []
        for text, (name, value) in form.valued_buttons:
            one = copy.copy(form)
            one.fields, one.button, one.valued_buttons = {**form.fields, name: value}, text, []
            sent.append(one)
        return sent

    def close(self):
        super().close()
        for identifier, text in self.label_texts.items():
            if identifier in self.input_names:
                form, name = self.input_names[identifier]
                form.labels[text.strip()] = name


class Page:
    """A page the browser got: its status, where the redirects led, its headers, its HTML and its forms, and how long
    it took."""

    def __init__(self, status, url, headers, text, via, seconds):
        self.status, self.url, self.headers, self.text = status, url, headers, text
        self.via = via  # the process that answered each hop, redirects first (None without nginx)
        self.seconds = seconds
        self.path = urllib.parse.urlsplit(url).path
        parser = FormParser()
        parser.feed(text)
        parser.close()
        self.forms = parser.forms

    def __repr__(self):
        return f"{self.status} {self.path}"

    def form(self, button):
        """The form whose submit button says `button`; LookupError if none."""
        for form in self.forms:
            if form.button == button:
                return form
            if button in form.formactions:
                # The form as that button sends it: to its own action.
                sent = copy.copy(form)
                sent.action = form.formactions[button]
                return sent
        raise LookupError(f"no form on {self.path} has the button {button!r}: "
                          f"{[(form.action, form.button) for form in self.forms]}")

    def forms_to(self, action):
        return [form for form in self.forms if form.action == action]

    @property
    def ride_status(self):
        match = re.search(r'data-ride-status="([a-z_]+)"', self.text)
        return match.group(1) if match else None


def answered_by(headers):
    """The process that answered, from nginx's X-Koober-Upstream (scripts/cluster/nginx.conf): the last it tried."""
    upstream = headers.get("X-Koober-Upstream")
    return upstream.split(", ")[-1] if upstream else None


class RecordingRedirects(urllib.request.HTTPRedirectHandler):
    """Follows redirects as a browser does, noting which process answered each one."""

    def __init__(self):
        self.hops = []

    def redirect_request(self, request, response, code, message, headers, url):
        self.hops.append((code, answered_by(headers)))
        return super().redirect_request(request, response, code, message, headers, url)


class Browser:
    """A rider's browser on `base_url`: a cookie jar, redirects followed, pages read with their forms."""

    def __init__(self, base_url):
        self.base_url = base_url
        self.cookies = http.cookiejar.CookieJar()
        self.redirects = RecordingRedirects()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), self.redirects)

    def open(self, path, data=None, headers=None, timeout=15):
        """The response to a request of `path` (a 4xx or 5xx too), redirects followed."""
        request = urllib.request.Request(urllib.parse.urljoin(self.base_url, path), data=data, headers=headers or {})
        try:
            return self.opener.open(request, timeout=timeout)
        except urllib.error.HTTPError as error:
            return error

    def request(self, path, form=None, timeout=15, **values):
        """GET `path`, or POST `form` there with `values` (`filled` by label, `chosen` by name): the page it led to."""
        data = urllib.parse.urlencode(form.values(**values)).encode() if form else None
        self.redirects.hops.clear()
        started = time.monotonic()
        with self.open(path, data, timeout=timeout) as response:
            hops = self.redirects.hops + [(response.status, answered_by(response.headers))]
            text = response.read().decode(errors="replace")
            return Page(response.status, response.geturl(), response.headers, text,
                        [upstream for _, upstream in hops], time.monotonic() - started)

    def submit(self, form, at=None, timeout=15, **values):
        """Submits `form` and follows the redirect; `at`, a base URL, sends it to one process, bypassing nginx."""
        return self.request(urllib.parse.urljoin(at or self.base_url, form.action), form, timeout=timeout, **values)
