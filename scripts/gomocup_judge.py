"""Positions of recorded games given to Gomocup engines, for the tools that
read `narabe match --records` files and ask engines about their positions:
`scripts/label-positions`, `scripts/engine-blunders` (a strong engine, Rapfi
by default, as a judge) and `scripts/engine-depth-probe`."""
import os
import re
import subprocess
import time

DEFAULT_JUDGE = os.path.join(
    os.path.dirname(os.path.abspath(__file__)),
    "../../peers/rapfi/Rapfi/build/native/pbrain-rapfi",
)


def recorded_games(path):
    """The columns of every game line of a `narabe match --records` file
    (number, opening, black, white, moves, result, ...); comments skipped."""
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            columns = line.rstrip("\n").split("\t")
            if not line.startswith("#") and len(columns) >= 6:
                yield columns


def board_lines(moves):
    """The `BOARD` lines of a move list (renju notation, Black first): the side
    to move's stones are 1, the other side's 2."""
    side = len(moves) % 2
    for index, name in enumerate(moves):
        x, y = ord(name[0]) - ord("a"), int(name[1:]) - 1
        yield f"{x},{y},{1 if index % 2 == side else 2}"


def move_name(x, y):
    """The renju-notation name of the Gomocup coordinates `x,y` (the inverse
    of the reading in `board_lines`)."""
    return f"{chr(ord('a') + x)}{y + 1}"


def require(command):
    """Exits with a clear message when the judge is not built."""
    if not os.access(command.split()[0], os.X_OK):
        raise SystemExit(f"no judge at {command}: build the peers with ../shared/peers/setup-peers")


class Judge:
    """A judge engine process, started afresh after a crash (Rapfi crashes on
    a few positions)."""

    def __init__(self, command, rule, move_ms):
        self.command, self.rule, self.move_ms = command, rule, move_ms
        self.crashes = 0
        self.process = None
        self.start()

    def start(self):
        self.process = subprocess.Popen(
            self.command, shell=True, text=True, bufsize=1, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        self.process.stdin.write(
            f"START 15\nINFO rule {self.rule}\nINFO timeout_turn {self.move_ms}\n"
            "INFO timeout_match 1000000000\nINFO SHOW_DETAIL 2\n"
        )

    def judge(self, moves):
        """The last `INFO EVAL` and `INFO WINRATE` the judge prints before its
        move, for the side to move, and the move itself (`MOVE`, in renju
        notation), as a dict; None when it crashed (it is then started
        afresh)."""
        # Rapfi drops a command that comes within a millisecond of its move.
        time.sleep(0.01)
        try:
            self.process.stdin.write(
                "BOARD\n" + "".join(line + "\n" for line in board_lines(moves)) + "DONE\n"
            )
        except BrokenPipeError:
            return self.crashed()
        found = {}
        while True:
            line = self.process.stdout.readline()
            if not line:
                return self.crashed()
            text = line.strip()
            # A mate announcement (`INFO EVAL +M21`) is no number: the last
            # numeric value stands.
            if match := re.fullmatch(r"INFO (EVAL|WINRATE) (-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)", text):
                found[match.group(1)] = float(match.group(2))
            elif match := re.fullmatch(r"(\d+),(\d+)", text):
                found["MOVE"] = move_name(int(match.group(1)), int(match.group(2)))
                return found

    def crashed(self):
        self.crashes += 1
        self.process.wait(timeout=10)
        self.start()
        return None

    def close(self):
        self.process.stdin.write("END\n")
        self.process.stdin.close()
        self.process.wait(timeout=10)
