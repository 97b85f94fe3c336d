"""Load test: real bot workers in webhook mode on one Redis, driven over HTTP by the fake Bot
API and simulated players of whole games, with faults injected under load.

    python -m tools.load.test [--workers 1,2,4] [--games 60] [--duration 60] [--think 1.0]
                              [--mix 2:1:1] [--faults kill-worker,restart-redis,...]
                              [--finish] [--profile DIR]

For each worker count: a throwaway redis-server (append-only, fsync always), the fake Bot API
(testkit/fakes, over HTTP, every request checked against the schema), N `python -m bot`
processes in webhook mode (INFO logging to a file, one AI worker each), and a front that hands
each webhook post to the workers in turn and, like Caddy, sends a request that cannot connect to
one worker to the next (leaving that one out for 10 s); it hands the fake's fetches of the
inline boards' pictures (`/boards/`, the workers' own URLs in webhook mode) to them in turn too,
as Caddy does (MEDIA_CHAT_ID stays set, and unused). The fake posts each update to the front,
at most 40 at a time, again and again until answered 2xx, as Telegram does. GAMES games run at
once, in the MIX of private games against the Easy bot, inline games between two people and
group games between two people; each person taps Done, else a random destination, else a random
checker, after a think time of THINK seconds (uniform from half to one and a half), and logs
every tap and the seq its board showed after it.

Measured over DURATION seconds once every game has begun: updates answered 2xx per second,
board taps per second, a tap's latency from its update reaching the front to the fake getting
the board's edit request (Done against the bot left out: it includes the bot's thinking), the
workers' CPU per update (from /proc: the event loop's thread, the other threads, which render,
and the AI process), Bot API requests per tap, Redis commands per update and per tap (INFO
commandstats). Then the players stop (or, with --finish, play the games begun out and start no
new ones) and every game stored is checked against the players' logs: each move tap that took
effect is in the stored game exactly once, each Done tap is one stored turn (forced turns,
which the bot plays for a person, apart). The script exits 1 if a move was lost or doubled, a
player got stuck or a worker logged an error (the workers' logs are then kept).

Faults, evenly spread over the window, one after another: kill-worker (kill -9 one worker; the
front routes around it; it is started again 1 s later, as a restart policy would), restart-redis
(SIGTERM and start again on the same port and files), telegram-429, telegram-5xx (a JSON
502), telegram-html (nginx's 502 page), telegram-closed (the connection closed unanswered): for
10 s, a fifth of the bot's sends, edits and answers fail so before taking effect; slow-media
(for 10 s, every sendPhoto takes 2 s). Recovery: when updates answered per second fell below 80% of
their rate in the 10 s before the fault, and when they were back to it (whole seconds).

Left out: the real Telegram (its network, its own latency and limits: the fake's flood limits
are off here, and so is the bot's pacing of the 30 messages a second in all; a group's or an
inline game's chat is paced as in production, 20 a minute), HTTPS and the real Caddy, turn
timers, Hint, Undo, resignations, rematches. The fake, the front and the players run on the same
cores as the workers and Redis, and their CPU is reported apart; their process's garbage
collector is off while it measures (`collector_aside`), so that its pauses are not counted as
the bot's latency.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Coroutine
from contextlib import AsyncExitStack, asynccontextmanager, suppress
from dataclasses import astuple, dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import ClientConnectorError, ClientError, ClientSession, ClientTimeout, web

from bot.storage import RedisStore
from testkit.fakes.server import make_app
from testkit.fakes.telegram import Chaos, FakeTelegram
from testkit.harness import PERSON_LIMIT
from testkit.redis_server import RedisServer, free_port
from tools.load.check import check
from tools.load.collector import collector_aside
from tools.load.monkey import APOLOGIES
from tools.load.players import Person, Table, group_games, inline_games, private_games

ROOT = Path(__file__).resolve().parents[2]  # the bot runs from the checkout

TOKEN = "123456:LOAD-TOKEN-LOAD-TOKEN-LOAD-TOKEN-000"
SECRET = "load-test-webhook-secret-0123456789"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MEDIA: dict[str, Any] = {"id": -1009000, "type": "channel", "title": "Boards"}
UPDATE_ID = re.compile(rb'"update_id":\s*(\d+)')
EDITS = frozenset({"editMessageMedia", "editMessageText", "editMessageCaption",
                   "editMessageReplyMarkup"})  # fmt: skip
TELEGRAM_FAULTS = ("telegram-429", "telegram-5xx", "telegram-html", "telegram-closed")
FAULTS = ("kill-worker", "restart-redis", *TELEGRAM_FAULTS, "slow-media")
TICKS = os.sysconf("SC_CLK_TCK")
# `python -m bot` under cProfile timed by the CPU time of the event loop's thread (the default,
# wall time, charges whatever runs when the process is preempted on a busy machine).
PROFILED = """
import cProfile, runpy, time
profile = cProfile.Profile(time.thread_time)
profile.enable()
try:
    runpy.run_module("bot", run_name="__main__", alter_sys=True)
finally:
    profile.disable()
    profile.dump_stats({path!r})
"""


class LoadTelegram(FakeTelegram):
    """Notes when each board edit request reaches the fake (per message), and when each update
    was answered with a 2xx, per second."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.edited: dict[str, list[float]] = {}

    def handle(self, method: str, fields: dict[str, str], *rest: Any) -> tuple[int, str]:
        if method in EDITS:
            target = (
                fields.get("inline_message_id") or f"{fields['chat_id']}:{fields['message_id']}"
            )
            self.edited.setdefault(target, []).append(time.perf_counter())
        return super().handle(method, fields, *rest)


@dataclass
class Front:
    """The reverse proxy: each webhook post to the next worker in turn; one that cannot be
    connected to is left out for 10 s and the post goes to the next (Caddy's lb_try)."""

    ports: list[int]
    arrived: dict[int, float] = field(default_factory=dict)  # update id -> first arrival
    answered: list[float] = field(default_factory=list)  # when each 2xx answer left
    failed: list[float] = field(default_factory=list)  # when a post could not be handed on
    _next: int = 0
    _out: dict[int, float] = field(default_factory=dict)
    _session: ClientSession | None = None

    async def handle(self, request: web.Request) -> web.Response:
        body = await request.read()
        found = UPDATE_ID.search(body)
        if found is not None:
            self.arrived.setdefault(int(found.group(1)), time.perf_counter())
        headers = {SECRET_HEADER: request.headers.get(SECRET_HEADER, "")}
        assert self._session is not None
        for _ in range(len(self.ports)):
            port = self._pick()
            url = f"http://127.0.0.1:{port}/telegram"
            try:
                async with self._session.post(url, data=body, headers=headers) as answer:
                    text = await answer.read()
                    if answer.status < 300:
                        self.answered.append(time.perf_counter())
                    return web.Response(status=answer.status, body=text)
            except ClientConnectorError:
                self._out[port] = time.monotonic() + 10
            except (ClientError, TimeoutError):
                break  # the worker took the request and died: Telegram posts it again
        self.failed.append(time.perf_counter())
        return web.Response(status=502)

    async def picture(self, request: web.Request) -> web.Response:
        """A board's picture (GET /boards/...), fetched by the fake Bot API as Telegram fetches
        it, from the next worker that can be reached: any serves any (they share Redis)."""
        assert self._session is not None
        for _ in range(len(self.ports)):
            port = self._pick()
            try:
                async with self._session.get(f"http://127.0.0.1:{port}{request.path}") as answer:
                    body = await answer.read()
                    return web.Response(
                        status=answer.status, body=body, content_type=answer.content_type
                    )
            except ClientConnectorError:
                self._out[port] = time.monotonic() + 10
            except (ClientError, TimeoutError):
                break
        return web.Response(status=502)

    def _pick(self) -> int:
        now = time.monotonic()
        for _ in range(len(self.ports)):
            port = self.ports[self._next % len(self.ports)]
            self._next += 1
            if self._out.get(port, 0) <= now:
                return port
        return self.ports[self._next % len(self.ports)]

    @asynccontextmanager
    async def serving(self) -> AsyncIterator[int]:
        self._session = ClientSession(timeout=ClientTimeout(total=70))
        app = web.Application()
        app.router.add_post("/telegram", self.handle)
        app.router.add_get("/boards/{name}", self.picture)
        runner = web.AppRunner(app, shutdown_timeout=0.5)
        await runner.setup()
        port = free_port()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        try:
            yield port
        finally:
            await runner.cleanup()
            await self._session.close()


def _stat(path: str) -> list[str] | None:
    """The fields of a /proc stat file from the third on (after the name), None if gone."""
    try:
        text = Path(path).read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def _ticks(fields: list[str] | None) -> float:
    """User and system CPU seconds of a stat file's fields."""
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / TICKS


def cpu_split(pid: int) -> Cpu:
    """CPU seconds so far of process `pid`: its event loop's thread (the main one), its other
    threads (rendering, by asyncio.to_thread), and its child processes alive now (the AI)."""
    main = _ticks(_stat(f"/proc/{pid}/task/{pid}/stat"))
    children = sum(
        _ticks(fields)
        for entry in os.listdir("/proc")
        if entry.isdigit() and (fields := _stat(f"/proc/{entry}/stat")) and int(fields[1]) == pid
    )
    return Cpu(main, _ticks(_stat(f"/proc/{pid}/stat")) - main, children)


@dataclass(frozen=True)
class Cpu:
    loop: float = 0.0
    threads: float = 0.0
    children: float = 0.0

    def __add__(self, other: Cpu) -> Cpu:
        return Cpu(*(a + b for a, b in zip(astuple(self), astuple(other), strict=True)))

    def __sub__(self, other: Cpu) -> Cpu:
        return Cpu(*(a - b for a, b in zip(astuple(self), astuple(other), strict=True)))

    @property
    def total(self) -> float:
        return self.loop + self.threads + self.children


async def answering(http: ClientSession, url: str, server: subprocess.Popen[bytes]) -> None:
    """Wait until `url` answers at all (any status) while `server`, the process serving it,
    runs; one that ends first stops the tool, its exit status said."""
    while server.poll() is None:
        with suppress(OSError):
            async with http.get(url):
                return
        await asyncio.sleep(0.1)
    sys.exit(f"{url}: its server ended before it answered (exit status {server.returncode})")


@dataclass
class Worker:
    """One `python -m bot` in webhook mode; its log goes to a file."""

    env: dict[str, str]
    port: int
    log: Path
    profile: Path | None = None
    process: asyncio.subprocess.Process | None = None
    lost_cpu: Cpu = field(default_factory=Cpu)  # CPU of incarnations killed
    restarting: asyncio.Task[float] | None = None  # its start again after a kill: seconds

    async def start(self) -> None:
        command = ["-m", "bot"]
        if self.profile is not None:
            command = ["-c", PROFILED.format(path=str(self.profile))]
        with self.log.open("a") as out:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, *command, env=self.env | {"LISTEN_PORT": str(self.port)},
                cwd=self.log.parent, stdout=out, stderr=asyncio.subprocess.STDOUT,
            )  # fmt: skip

    async def ready(self, session: ClientSession, seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                async with session.get(f"http://127.0.0.1:{self.port}/healthz") as answer:
                    if answer.status == 200:
                        return
            except ClientError:
                pass
            await asyncio.sleep(0.2)
        raise SystemExit(f"worker on port {self.port} did not start; see {self.log}")

    def cpu(self) -> Cpu:
        """CPU seconds of this worker's processes so far, those killed included."""
        alive = Cpu() if self.process is None else cpu_split(self.process.pid)
        return alive + self.lost_cpu

    async def kill(self) -> None:
        assert self.process is not None
        self.lost_cpu = self.cpu()
        self.process.kill()
        await self.process.wait()

    async def restart(self, session: ClientSession) -> float:
        """Start again 1 s after a kill; the seconds from the kill until it is ready."""
        began = time.perf_counter()
        await asyncio.sleep(1)
        await self.start()
        await self.ready(session)
        return time.perf_counter() - began

    async def stop(self) -> int:
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        return await asyncio.wait_for(self.process.wait(), 60)


async def redis_process(store: RedisStore) -> int:
    return int((await store.client.info("server"))["process_id"])


async def redis_calls(store: RedisStore) -> int:
    """Commands Redis has served so far (INFO commandstats), the INFO calls themselves left out."""
    stats = await store.client.info("commandstats")
    return sum(int(v["calls"]) for k, v in stats.items() if k != "cmdstat_info")


@dataclass
class Window:
    """What one measuring window saw."""

    seconds: float
    updates: int
    taps: int
    latencies: dict[str, list[float]]  # by kind of game: private, inline, group
    worker_cpu: Cpu
    own_cpu: float
    redis_cpu: float
    redis_commands: int
    requests: Counter[str]  # Bot API requests made within it, by method


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] if ordered else float("nan")


def latencies(telegram: LoadTelegram, front: Front, people: list[Person], start: float,
              end: float) -> dict[str, list[float]]:  # fmt: skip
    """Each board tap's latency (seconds) made within [start, end), by kind of game: its
    update's first arrival at the front to the first edit request of its board after that."""
    found: dict[str, list[float]] = {}
    for person in people:
        for tap in person.taps:
            if not start <= tap.made < end or (tap.kind == "private" and tap.action == "d"):
                continue
            arrived = front.arrived.get(tap.update_id)
            if arrived is None:
                continue
            edits = [t for t in telegram.edited.get(tap.target, []) if t >= arrived]
            if edits:
                found.setdefault(tap.kind, []).append(edits[0] - arrived)
    return found


async def inject(fault: str, workers: list[Worker], redis: RedisServer,
                 telegram: LoadTelegram, session: ClientSession) -> None:  # fmt: skip
    """Carry out one fault; those of Telegram last 10 s. A killed worker is started again 1 s
    later, in the background (its start-up takes seconds)."""
    if fault == "kill-worker":
        await workers[0].kill()
        workers[0].restarting = asyncio.create_task(workers[0].restart(session))
    elif fault == "restart-redis":
        await asyncio.to_thread(redis.restart)
    elif fault in TELEGRAM_FAULTS:
        telegram.chaos = Chaos(0.2, random.Random(7), kinds=(fault.removeprefix("telegram-"),))
        await asyncio.sleep(10)
        telegram.chaos = None
    elif fault == "slow-media":
        telegram.latency["sendPhoto"] = 2.0
        await asyncio.sleep(10)
        telegram.latency.pop("sendPhoto")


def recovery(answered: list[float], fault_at: float, end: float) -> str:
    """How long updates answered per second took to be back to 80% of their rate in the 10 s
    before the fault, from the fault, once they had fallen below it (in whole seconds)."""
    before = sum(1 for t in answered if fault_at - 10 <= t < fault_at) / 10

    def rate(second: float) -> int:
        return sum(1 for t in answered if second <= t < second + 1)

    second, fell = fault_at, None
    while second + 1 <= end:
        if fell is None and rate(second) < 0.8 * before:
            fell = second
        elif fell is not None and rate(second) >= 0.8 * before:
            return f"fell at +{fell - fault_at:.0f} s, back after {second + 1 - fault_at:.0f} s"
        second += 1
    if fell is None:
        return "never fell below 80%"
    return "not back within the window"


@dataclass
class Run:
    workers: int
    window: Window
    faults: list[tuple[str, str, float]]  # fault, its recovery, seconds it took
    verdict_text: list[str]
    errors: list[str]
    load: float  # the machine's load average as the run began
    sound: bool  # no move lost or doubled, no player stuck, no error logged, clean exits


async def run(args: argparse.Namespace, count: int) -> Run:
    rng = random.Random(args.seed)
    load = os.getloadavg()[0]
    async with AsyncExitStack() as stack:
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        redis = RedisServer(folder)
        redis.start()
        stack.callback(redis.stop)
        store = RedisStore(redis.url)
        stack.push_async_callback(store.close)
        telegram = LoadTelegram(limited=False)
        telegram.add_chat(MEDIA)
        api = web.AppRunner(make_app(telegram), shutdown_timeout=0.5)
        await api.setup()
        stack.push_async_callback(api.cleanup)
        api_port = free_port()
        await web.TCPSite(api, "127.0.0.1", api_port).start()
        ports = [free_port() for _ in range(count)]
        front = Front(ports)
        front_port = await stack.enter_async_context(front.serving())
        env = {
            "PATH": os.environ["PATH"], "PYTHONPATH": str(ROOT), "BOT_TOKEN": TOKEN,
            "REDIS_URL": redis.url, "TELEGRAM_API_URL": f"http://127.0.0.1:{api_port}",
            "BOT_MODE": "webhook", "WEBHOOK_URL": f"http://127.0.0.1:{front_port}",
            "WEBHOOK_SECRET": SECRET, "MEDIA_CHAT_ID": str(MEDIA["id"]), "LOG_LEVEL": "INFO",
            "HEALTH_FILE": str(folder / "alive"),
            "PERSON_LIMIT": PERSON_LIMIT,  # simulated people faster than any person
            "OVERALL_LIMIT": "1000000/1",  # the fake's limits are off: so is this one's pacing
        }  # fmt: skip
        workers = []
        for i, port in enumerate(ports):
            profile = args.profile / f"worker{i}.prof" if args.profile and i == 0 else None
            workers.append(Worker(env, port, folder / f"worker{i}.log", profile))
        session = await stack.enter_async_context(ClientSession())
        await asyncio.gather(*(w.start() for w in workers))
        stack.push_async_callback(stop_all, workers)
        await asyncio.gather(*(w.ready(session) for w in workers))

        table = Table(telegram, args.think, rng)
        people, games = cast_games(table, args.games, args.mix)
        players = [asyncio.create_task(game) for game in games]
        await asyncio.sleep(min(10.0, args.duration / 4))  # every game begun
        with collector_aside():
            window, faults = await measure(
                args, telegram, front, people, workers, redis, store, session
            )
        table.starting = False
        table.running = args.finish
        done, pending = await asyncio.wait(players, timeout=600 if args.finish else 120)
        for task in pending:
            task.cancel()
        for task in done:
            if task.exception() is not None:
                table.stuck.append(f"a player failed: {task.exception()!r}")
        answers = telegram.calls_of("answerCallbackQuery")
        declined = {
            call.params["callback_query_id"]
            for call in answers
            if call.status == 200 and call.params.get("text")
        }
        verdict = await check(store, people, declined)
        restarts = [await w.restarting for w in workers if w.restarting is not None]
        statuses = await stop_all(workers)
        sent = telegram.calls_of("sendMessage")
        apologies = sum(1 for call in sent if call.params.get("text") in APOLOGIES)
        refused = Counter(call.status for call in telegram.calls if call.status >= 400)
        text = [
            f"games played: {verdict.games} ({verdict.over} over; finished while running, by"
            f" kind: {dict(sorted(table.finished.items()))})",
            f"move taps that took effect: {verdict.moves}; problems: {len(verdict.problems)}",
            *("  " + p for p in verdict.problems[:10]),
            *("  stuck: " + s for s in Counter(table.stuck)),
            f"deliveries: {dict(sorted(Counter(telegram.deliveries).items()))} (status: count;"
            " 0: no answer); schema problems: " + str(len(telegram.schema_problems)),
            *(f"the killed worker was ready again {t:.1f} s after the kill" for t in restarts),
            f"apologies sent to players (storage or Telegram trouble): {apologies}",
            f"Bot API requests the fake refused, by status: {dict(sorted(refused.items()))}",
            f"worker exit statuses: {statuses}",
        ]
        errors = [
            line
            for worker in workers
            for line in worker.log.read_text().splitlines()
            if " ERROR " in line or "Traceback" in line
        ]
        sound = not (verdict.problems or table.stuck or errors or any(statuses))
        if not sound:  # the workers' logs outlive the run's folder
            kept = Path(tempfile.mkdtemp(prefix=f"load-test-{count}-workers-"))
            for worker in workers:
                shutil.copy(worker.log, kept)
            text.append(f"the workers' logs are kept in {kept}")
        return Run(count, window, faults, text, errors, load, sound)


async def stop_all(workers: list[Worker]) -> list[int]:
    statuses = []
    for worker in workers:
        if worker.process is not None and worker.process.returncode is None:
            statuses.append(await worker.stop())
        elif worker.process is not None:
            statuses.append(worker.process.returncode or 0)
    return statuses


def cast_games(
    table: Table, games: int, mix: str
) -> tuple[list[Person], list[Coroutine[Any, Any, None]]]:
    """The people and their games, `games` in all in the proportions of `mix`."""
    weights = [int(w) for w in mix.split(":")]
    kinds = [
        k for k, w in zip(("private", "inline", "group"), weights, strict=True) for _ in range(w)
    ]
    people: list[Person] = []
    played: list[Coroutine[Any, Any, None]] = []
    for i in range(games):
        kind = kinds[i % len(kinds)]
        first = Person(100_000 + 2 * i)
        if kind == "private":
            people.append(first)
            played.append(private_games(table, first))
            continue
        pair = (first, Person(100_001 + 2 * i))
        people += pair
        if kind == "inline":
            played.append(inline_games(table, pair))
        else:
            group = {"id": -1_000_000_000 - i, "type": "supergroup", "title": f"G{i}"}
            table.telegram.add_chat(group)
            played.append(group_games(table, pair, group))
    return people, played


async def measure(args: argparse.Namespace, telegram: LoadTelegram, front: Front,
                  people: list[Person], workers: list[Worker], redis: RedisServer,
                  store: RedisStore, session: ClientSession
                  ) -> tuple[Window, list[tuple[str, str, float]]]:  # fmt: skip
    """The measuring window, with the faults injected at its thirds, one after another."""
    start = time.perf_counter()
    cpu = sum((w.cpu() for w in workers), Cpu())
    own = time.process_time()
    commands = await redis_calls(store)
    redis_pid = await redis_process(store)
    redis_cpu = _ticks(_stat(f"/proc/{redis_pid}/stat"))
    answered = len(front.answered)
    calls = len(telegram.calls)
    injected: list[tuple[str, float, float]] = []
    step = args.duration / (len(args.faults) + 1)
    for fault in args.faults:
        await asyncio.sleep(max(0.0, start + step * (len(injected) + 1) - time.perf_counter()))
        at = time.perf_counter()
        await inject(fault, workers, redis, telegram, session)
        injected.append((fault, at, time.perf_counter() - at))
    await asyncio.sleep(max(0.0, start + args.duration - time.perf_counter()))
    end = time.perf_counter()
    commands = await redis_calls(store) - commands
    if await redis_process(store) != redis_pid:  # restarted: its counts began again
        commands, redis_cpu = -1, float("nan")
    else:
        redis_cpu = _ticks(_stat(f"/proc/{redis_pid}/stat")) - redis_cpu
    taps = sorted(t.made for p in people for t in p.taps if start <= t.made < end)
    window = Window(
        seconds=end - start,
        updates=len(front.answered) - answered,
        taps=len(taps),
        latencies=latencies(telegram, front, people, start, end),
        worker_cpu=sum((w.cpu() for w in workers), Cpu()) - cpu,
        own_cpu=time.process_time() - own,
        redis_cpu=redis_cpu,
        redis_commands=commands,
        requests=Counter(call.method for call in telegram.calls[calls:]),
    )
    faults = [(f, recovery(front.answered, at, end), took) for f, at, took in injected]
    return window, faults


def report(result: Run, args: argparse.Namespace) -> None:
    w = result.window
    by_kind = {kind: [s * 1000 for s in each] for kind, each in sorted(w.latencies.items())}
    ms = [each for kind in by_kind.values() for each in kind]
    moves = max(1, w.taps)
    print(f"\n== {result.workers} worker(s), {args.games} games at once, think {args.think} s"
          f" (load average {result.load:.1f} when it began) ==")  # fmt: skip
    print(f"window {w.seconds:.0f} s: {w.updates / w.seconds:.1f} updates/s answered 2xx,"
          f" {w.taps / w.seconds:.1f} board taps/s")  # fmt: skip
    print(f"tap latency (update at the front -> board edit at the fake), {len(ms)} taps:"
          f" p50 {percentile(ms, 0.5):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms,"
          f" max {max(ms, default=float('nan')):.1f} ms")  # fmt: skip
    for kind, each in by_kind.items():  # a group's board is paced to its 20 edits a minute
        print(f"  {kind} boards, {len(each)} taps: p50 {percentile(each, 0.5):.1f} ms,"
              f" p99 {percentile(each, 0.99):.1f} ms")  # fmt: skip
    cpu, per = w.worker_cpu, 1000 / max(1, w.updates)
    print(f"worker CPU {cpu.total:.1f} s, {cpu.total * per:.2f} ms per update: event loop"
          f" {cpu.loop * per:.2f} ms, other threads (rendering) {cpu.threads * per:.2f} ms,"
          f" AI process {cpu.children * per:.2f} ms;"
          f" redis-server {w.redis_cpu:.1f} s; load-test process (fake, front, players)"
          f" {w.own_cpu:.1f} s")  # fmt: skip
    per_tap = ", ".join(f"{m} {n / moves:.2f}" for m, n in w.requests.most_common(6))
    print(f"Bot API requests per board tap: {per_tap}")
    if w.redis_commands >= 0:
        print(f"Redis commands: {w.redis_commands / max(1, w.updates):.1f} per update,"
              f" {w.redis_commands / moves:.1f} per board tap")  # fmt: skip
    else:
        print("Redis commands: not counted (Redis restarted within the window)")
    for fault, recovered, took in result.faults:
        print(f"fault {fault} (took {took:.1f} s): updates answered per second {recovered}")
    for line in result.verdict_text:
        print(line)
    print(f"ERROR lines or tracebacks in the workers' logs: {len(result.errors)}")
    for line in result.errors[:5]:
        print("   ", line)


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tools.load.test", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--workers", default="1,2,4", help="worker counts, one run each")
    parser.add_argument("--games", type=int, default=60, help="games at once")
    parser.add_argument("--duration", type=float, default=60.0, help="measuring window, s")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time per tap, s")
    parser.add_argument("--mix", default="2:1:1", help="private:inline:group games")
    parser.add_argument("--faults", default="", help="comma-separated: " + ", ".join(FAULTS))
    parser.add_argument("--finish", action="store_true", help="play every game out at the end")
    parser.add_argument("--profile", type=Path, help="cProfile the first worker into DIR")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.faults = [f for f in args.faults.split(",") if f]
    if unknown := set(args.faults) - set(FAULTS):
        parser.error(f"unknown faults: {', '.join(sorted(unknown))}")
    if args.profile:
        args.profile.mkdir(parents=True, exist_ok=True)
    print("Left out: " + __doc__.split("Left out:")[1].strip().replace("\n", " "))
    failed = False
    for count in (int(n) for n in args.workers.split(",")):
        result = asyncio.run(run(args, count))
        report(result, args)
        failed = failed or not result.sound
    print(f"\nmachine: {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f} at the end")
    if failed:
        raise SystemExit("FAILED: a move lost or doubled, a player stuck, or an error logged")


if __name__ == "__main__":
    main()
