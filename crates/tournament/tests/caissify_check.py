"""Re-pairs every round of a TRF file (stdin) with caissify-pairings' Dutch
engine, the independent implementation narabe's Swiss pairings are checked
against, and prints one JSON report: per round whether the pairs agree, the
pairs only one side has, and the agreeing pairs whose sides differ.

caissify's checker counts every round without an opponent as a bye and as a
downfloat, including the absences (TRF `Z`) that FIDE and bbpPairings do
not count: a player absent once would lose their right to the
pairing-allocated bye. This script counts only the pairing-allocated (`U`)
and full-point (`F`) byes, and no float for an absence, before asking the
engine.
"""

import json
import sys

try:
    from caissify_pairings import fpc
    from caissify_pairings.trf import TRFParser
    from caissify_pairings.engines.dutch import ColorPref, DutchEngine
except ImportError:
    print(json.dumps({"error": "caissify-pairings is not installed: "
                      "python3 -m pip install caissify-pairings==0.5.0"}))
    sys.exit(3)

original_players = fpc._build_engine_players


def players_without_absences_as_byes(player_map, target_round):
    players = original_players(player_map, target_round)
    for player in players:
        results = player_map[player["starting_number"]].get("results", {})
        byes = 0
        floats = []
        index = 0
        for rnd in range(1, target_round):
            r = results.get(rnd)
            if r is None:
                continue
            if r.get("opponent") is None:
                if r.get("result") in ("U", "F"):
                    byes += 1
                    floats.append("down")
                else:
                    floats.append("none")
            else:
                floats.append(player["float_history"][index])
            index += 1
        player["bye_count"] = byes
        player["float_history"] = floats
    return players


fpc._build_engine_players = players_without_absences_as_byes

original_assign_colors = DutchEngine._assign_colors


def assign_colors_by_rank(self, p1, p2):
    """E.4 and E.5 with the higher ranked player of A.2: score, then number."""
    higher, lower = sorted((p1, p2), key=lambda p: (-p.score, p.pairing_number))
    if higher.pairing_number < lower.pairing_number:
        return original_assign_colors(self, p1, p2)
    if (p1.color_preference == ColorPref.NONE
            and p2.color_preference == ColorPref.NONE):
        # E.5: the initial colour to the higher ranked player if their
        # pairing number is odd.
        initial_to_higher = higher.pairing_number % 2 == 1
        higher_white = initial_to_higher == (self.initial_color == "white")
        return (higher, lower) if higher_white else (lower, higher)
    # E.1 to E.3 do not look at the order; E.4 finds the higher ranked
    # player by the lower pairing number, so it is lent for the call.
    numbers = (higher.pairing_number, lower.pairing_number)
    higher.pairing_number, lower.pairing_number = numbers[1], numbers[0]
    try:
        return original_assign_colors(self, p1, p2)
    finally:
        higher.pairing_number, lower.pairing_number = numbers


DutchEngine._assign_colors = assign_colors_by_rank

text = sys.stdin.read()
report = fpc.check_trf(text)
rounds = []
for rnd in report["rounds"]:
    trf_sides = {
        frozenset((p["white"], p["black"])): p["white"]
        for p in rnd.get("trf_pairings", [])
        if p.get("black") is not None
    }
    colour_mismatches = []
    for p in rnd.get("engine_pairings", []):
        if p.get("black") is None:
            continue
        key = frozenset((p["white"], p["black"]))
        if key in trf_sides and trf_sides[key] != p["white"]:
            colour_mismatches.append([p["white"], p["black"]])
    rounds.append({
        "round": rnd["round"],
        "match": rnd["match"],
        "discrepancies": rnd["discrepancies"],
        "colour_mismatches": colour_mismatches,
    })
print(json.dumps({"rounds": rounds}))
