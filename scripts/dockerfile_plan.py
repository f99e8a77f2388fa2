#!/usr/bin/env python3
"""scripts/container-smoke's reading of the Dockerfile: checks it and prints the plan the smoke follows, as shell
assignments (or prints the problems it found and exits 1).

    python3 scripts/dockerfile_plan.py REPOSITORY ROOT PORT TOOLCHAIN_USR > plan.sh

ROOT is the temporary folder that stands for the image's file system, PORT the free port koober is given instead of
the EXPOSEd one, TOOLCHAIN_USR the Swift toolchain's /usr (the build stage's /usr/…). Paths under the build stage's
WORKDIR are the repository's, and its `.build/` is KOOBER_SCRATCH_PATH when that is set (scripts/koober_harness.py).
"""
import glob
import json
import os
import re
import shlex
import sys

repo, root, port, toolchain_usr = sys.argv[1:5]
problems = []

def problem(message):
    problems.append(message)

# Logical lines: comments dropped, continuation lines joined.
instructions = []
pending = ""
with open(os.path.join(repo, "Dockerfile")) as dockerfile:
    for raw in dockerfile:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        text = pending + line
        pending = ""
        keyword, _, rest = text.partition(" ")
        instructions.append((keyword.upper(), rest.strip()))

stages = []
for keyword, rest in instructions:
    if keyword == "FROM":
        words = [w for w in rest.split() if not w.startswith("--")]
        name = words[2] if len(words) >= 3 and words[1].lower() == "as" else None
        stages.append({"base": words[0], "name": name, "instructions": []})
    elif stages:
        stages[-1]["instructions"].append((keyword, rest))
if len(stages) < 2:
    sys.exit("container-smoke: FAILED: the Dockerfile needs a build stage and a run stage")
run_stage = stages[-1]

def exec_form(keyword, rest):
    if not rest.startswith("["):
        problem(f"{keyword} must be exec form (a JSON array), not: {rest}")
        return []
    try:
        value = json.loads(rest)
    except ValueError as error:
        problem(f"{keyword} is not a valid JSON array ({error}): {rest}")
        return []
    return value

def copy_parts(rest):
    words = json.loads(rest) if rest.startswith("[") else shlex.split(rest)
    options = {}
    while words and words[0].startswith("--"):
        key, _, value = words.pop(0)[2:].partition("=")
        options[key] = value
    return options, words[:-1], words[-1]

def shell_commands(rest):
    """A RUN's simple commands, as word lists."""
    lexer = shlex.shlex(rest, posix=True, punctuation_chars=";&|")
    lexer.whitespace_split = True
    commands, current = [], []
    for word in lexer:
        if word in (";", "&&", "||", "|", "&"):
            commands.append(current)
            current = []
        else:
            current.append(word)
    commands.append(current)
    # Leading variable assignments (DEBIAN_FRONTEND=noninteractive apt-get …) are not the command.
    commands = [c[next((i for i, w in enumerate(c) if not re.fullmatch(r"\w+=.*", w)), len(c)):] for c in commands]
    return [c for c in commands if c]

# .dockerignore, with Docker's rules: patterns are relative to the context root, `**` spans folders, a pattern
# also excludes everything below what it matches, a later `!pattern` re-includes.
ignore_rules = []
if os.path.exists(os.path.join(repo, ".dockerignore")):
    for raw in open(os.path.join(repo, ".dockerignore")):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        negated = line.startswith("!")
        pattern = os.path.normpath(line.lstrip("!").strip()).lstrip("/")
        regex = ""
        for token in re.findall(r"\*\*/|\*\*|\*|\?|\[[^\]]*\]|.", pattern):
            regex += {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}.get(
                token, token if token.startswith("[") and len(token) > 1 else re.escape(token)
            )
        ignore_rules.append((negated, re.compile(regex + r"\Z", re.S)))

def ignored(path):
    path = os.path.normpath(path)
    parts = path.split("/")
    result = False
    for negated, regex in ignore_rules:
        for end in range(1, len(parts) + 1):
            if regex.match("/".join(parts[:end])):
                result = not negated
                break
    return result

for must_stay_out in (".build/release/koober", ".git/HEAD", "koober.sqlite", "koober.sqlite-wal", "koober.sqlite-shm",
                      "Tests/KooberSQLiteTests/x.sqlite"):
    if not ignored(must_stay_out):
        problem(f".dockerignore lets {must_stay_out} into the build context")

def context_sources(sources, keyword):
    found = []
    for source in sources:
        matches = sorted(glob.glob(os.path.join(repo, source)))
        if source in (".", "./"):
            matches = [repo]
        if not matches:
            problem(f"{keyword} source {source} does not exist in the build context")
        for match in matches:
            relative = os.path.relpath(match, repo)
            if relative != "." and ignored(relative):
                problem(f"{keyword} source {relative} is excluded by .dockerignore")
            found.append(match)
    return found

# The build stage: its COPYs from the context, its WORKDIR, its `swift build`.
build_stage = None
for stage in stages[:-1]:
    if any(k == "COPY" and "from" not in copy_parts(r)[0] for k, r in stage["instructions"]):
        build_stage = stage
if build_stage is None:
    sys.exit("container-smoke: FAILED: no build stage copies the sources")
build_workdir, build_commands = "/", []
for keyword, rest in build_stage["instructions"]:
    if keyword == "WORKDIR":
        build_workdir = os.path.join(build_workdir, rest)
    elif keyword == "COPY":
        options, sources, _ = copy_parts(rest)
        if "from" not in options:
            context_sources(sources, "COPY")
    elif keyword == "RUN":
        for words in shell_commands(rest):
            if words[:2] == ["swift", "build"]:
                build_commands.append(words[2:])
if len(build_commands) != 1:
    problem(f"the build stage should run `swift build` once, not {len(build_commands)} times")
build_args = build_commands[0] if build_commands else []

# The run stage, instruction by instruction.
workdir, user, expose, volumes, env, copies = "/", None, [], [], {}, []
entrypoint, cmd, healthcheck, apt_packages = [], [], [], []
for keyword, rest in run_stage["instructions"]:
    if keyword == "WORKDIR":
        workdir = os.path.join(workdir, rest)
    elif keyword == "USER":
        user = rest
    elif keyword == "EXPOSE":
        expose += [w.split("/")[0] for w in rest.split()]
    elif keyword == "VOLUME":
        volumes += json.loads(rest) if rest.startswith("[") else rest.split()
    elif keyword == "ENV":
        words = shlex.split(rest)
        if words and "=" not in words[0]:
            env[words[0]] = rest.split(None, 1)[1] if len(words) > 1 else ""
        else:
            env.update(w.split("=", 1) for w in words)
    elif keyword == "ENTRYPOINT":
        entrypoint = exec_form(keyword, rest)
    elif keyword == "CMD":
        cmd = exec_form(keyword, rest)
    elif keyword == "HEALTHCHECK":
        words = rest.split(None)
        while words and words[0].startswith("--"):
            words.pop(0)
        if not words or words[0].upper() != "CMD":
            problem(f"HEALTHCHECK must run a command: {rest}")
        else:
            healthcheck = exec_form("HEALTHCHECK CMD", rest[rest.upper().index("CMD") + 3:].strip())
    elif keyword == "RUN":
        for words in shell_commands(rest):
            if words[:2] == ["apt-get", "install"]:
                apt_packages += [w for w in words[2:] if not w.startswith("-")]
    elif keyword == "COPY":
        options, sources, destination = copy_parts(rest)
        destination = os.path.join(workdir, destination)
        if "from" in options:
            if options["from"] != build_stage["name"]:
                problem(f"COPY --from={options['from']} is not the build stage ({build_stage['name']})")
            for source in sources:
                if source.startswith(build_workdir.rstrip("/") + "/"):
                    relative = os.path.relpath(source, build_workdir)
                    scratch = os.environ.get("KOOBER_RELEASE_SCRATCH_PATH") or os.environ.get("KOOBER_SCRATCH_PATH")
                    if scratch and relative.startswith(".build/"):
                        local = os.path.join(os.path.abspath(scratch), os.path.relpath(relative, ".build"))
                    else:
                        local = os.path.join(repo, relative)
                elif source.startswith("/usr/"):
                    local = os.path.join(toolchain_usr, os.path.relpath(source, "/usr"))
                else:
                    problem(f"COPY --from={options['from']} {source}: the smoke test cannot map this path")
                    continue
                copies.append((local, destination, len(sources) > 1 or destination.endswith("/")))
        else:
            sources = context_sources(sources, "COPY")
            copies += [(s, destination, len(sources) > 1 or destination.endswith("/")) for s in sources]

if not entrypoint + cmd:
    problem("the run stage has neither ENTRYPOINT nor CMD")
if len(expose) != 1:
    problem(f"the run stage should EXPOSE one port, not {expose}")
exposed = expose[0] if expose else "8080"
if not user or not re.fullmatch(r"[1-9][0-9]*(:[0-9]+)?", user):
    problem(f"USER should be a numeric, non-root uid[:gid] (so orchestrators can check it), not {user}")
    user = "65534:65534"
uid, _, gid = user.partition(":")
gid = gid or uid

# What koober would listen on, and what the health check would ask.
def flag_value(arguments, name):
    for index, word in enumerate(arguments):
        if word == name and index + 1 < len(arguments):
            return arguments[index + 1]
        if word.startswith(name + "="):
            return word.split("=", 1)[1]
    return None

serve_arguments = (entrypoint + cmd)[1:]
hostname = flag_value(serve_arguments, "--hostname") or env.get("KOOBER_HOSTNAME") or "127.0.0.1"
listen_port = flag_value(serve_arguments, "--port") or env.get("KOOBER_PORT") or "8080"
if hostname not in ("0.0.0.0", "::"):
    problem(f"koober would listen on {hostname}, unreachable from outside the container: use 0.0.0.0")
if listen_port != exposed:
    problem(f"koober would listen on port {listen_port} but the image EXPOSEs {exposed}")
health_arguments = healthcheck[1:]
if health_arguments[:1] != ["healthcheck"]:
    problem(f"HEALTHCHECK should run `koober healthcheck`, not {healthcheck}")
health_url = flag_value(health_arguments, "--url")
if health_url:
    explicit_port = re.match(r"https?://(?:\[[^\]]*\]|[^/:]*)(?::(\d+))?", health_url)
    health_port = explicit_port.group(1) or "80" if explicit_port else "?"
else:
    health_port = env.get("KOOBER_PORT") or "8080"
if health_port != exposed:
    problem(f"the health check would ask port {health_port} but koober listens on {exposed}")
database = flag_value(serve_arguments, "--database") or env.get("KOOBER_DATABASE") or "koober.sqlite"
database = os.path.join(workdir, database)
if not any(database.startswith(v.rstrip("/") + "/") for v in volumes):
    problem(f"the database {database} is not on a VOLUME ({volumes}): it would not outlive the container")

# The image's absolute paths, under the temporary root.
image_paths = [workdir, "/nonexistent"] + volumes + [c[1] for c in copies]
top_folders = sorted({p.strip("/").split("/")[0] for p in image_paths} - {""})
image_path = re.compile(r"(^|[=,:\s])(/(?:" + "|".join(map(re.escape, top_folders)) + r"))(?=/|$|[,:;\s])")

def rerooted(text):
    return image_path.sub(lambda m: m.group(1) + root + m.group(2), text)

def with_port(word):
    return re.sub(r":" + exposed + r"(?=/|$)", ":" + port, word)

server_command, substitute_next = [], False
for word in entrypoint + cmd:
    if substitute_next:
        word, substitute_next = port, False
    elif word == "--port":
        substitute_next = True
    elif word.startswith("--port="):
        word = "--port=" + port
    server_command.append(rerooted(word))
image_env = {k: rerooted(v) for k, v in env.items()}
if image_env.get("KOOBER_PORT") == exposed:
    image_env["KOOBER_PORT"] = port
image_env = ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME=" + root + "/nonexistent"] + \
    [f"{k}={v}" for k, v in image_env.items()]

if problems:
    for message in problems:
        print("container-smoke: FAILED: " + message, file=sys.stderr)
    sys.exit(1)

def array(name, values):
    print(f"{name}=(" + " ".join(shlex.quote(v) for v in values) + ")")

def scalar(name, value):
    print(f"{name}={shlex.quote(value)}")

array("build_args", build_args)
array("copy_sources", [c[0] for c in copies])
array("copy_destinations", [root + c[1] for c in copies])
array("copy_into_folder", ["yes" if c[2] else "no" for c in copies])
array("volumes", [root + v for v in volumes])
scalar("working_directory", root + workdir)
scalar("run_uid", uid)
scalar("run_gid", gid)
array("image_env", image_env)
array("server_command", server_command)
array("serve_flags", [w.split("=")[0] for w in serve_arguments if w.startswith("-")])
array("health_command", [rerooted(with_port(w)) for w in healthcheck])
array("health_flags", [w.split("=")[0] for w in health_arguments[1:] if w.startswith("-")])
array("apt_packages", apt_packages)
scalar("database", rerooted(database))
public = flag_value(serve_arguments, "--public") or env.get("KOOBER_PUBLIC") or "Public"
scalar("public_folder", rerooted(os.path.join(workdir, public)))
