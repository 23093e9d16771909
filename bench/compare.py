"""Merges the three timing outputs of bench/compare, checks the exact odds agree, prints the table.

Usage: compare.py DICETRAY.jsonl ICEPOOL.jsonl RPG.jsonl [--ratios FILE]
A file may hold an expression more than once (bench/compare's alternated rounds of rolls): the first line's odds
count, and the fastest round's rolls/s. The table's last column gives the slowest round's ratio too (ours at its
slowest against theirs at its fastest), so a row decided by one lucky round shows.
Exit status 1 if any probability differs by more than 1e-9 from icepool's. With --ratios, writes each row's odds
and roll ratios (expression, odds ratio, roll ratio or -, tab-separated) for the engine guard's calibration.
"""
import json
import sys


def load(path):
    out = {}
    try:
        with open(path) as f:
            for line in f:
                if line.strip():
                    v = json.loads(line)
                    rate = v.get("rolls_per_sec")
                    v["slowest_rolls_per_sec"] = rate
                    seen = out.setdefault(v["expr"], v)
                    if seen is not v and isinstance(rate, (int, float)):
                        best, worst = seen.get("rolls_per_sec"), seen.get("slowest_rolls_per_sec")
                        seen["rolls_per_sec"] = rate if best is None else max(best, rate)
                        seen["slowest_rolls_per_sec"] = rate if worst is None else min(worst, rate)
    except FileNotFoundError:
        pass
    return out


def max_diff(a, b):
    pa = {v: p for v, p in a}
    pb = {v: p for v, p in b}
    return max(abs(pa.get(k, 0.0) - pb.get(k, 0.0)) for k in set(pa) | set(pb))


ODDS_TARGET, ROLL_TARGET = 100.0, 20.0


def main():
    dt, ip, rr = (load(p) for p in sys.argv[1:4])
    ratios_out = sys.argv[sys.argv.index("--ratios") + 1] if "--ratios" in sys.argv else None
    ratios, misses = [], []
    ok = True
    head = f"{'expression':<16} {'dicetray odds':>14} {'icepool odds':>14} {'speed-up':>9} {'max |dp|':>9}   " \
           f"{'dicetray rolls/s':>16} {'rpg-dice-roller/s':>17} {'ratio':>7} {'slowest':>7}"
    print(head)
    print("-" * len(head))
    worst_odds, worst_roll = float("inf"), float("inf")
    for expr, d in dt.items():
        i, r = ip.get(expr), rr.get(expr)
        if "error" in d and "total" not in d:
            odds, speed, diff = "error", "", ""
        else:
            odds = f"{d['odds_us']:.1f} us"
            speed, diff = "", ""
        ice = ""
        if i is not None and "total" in d:
            ice = f"{i['odds_us']:.1f} us"
            ratio = i["odds_us"] / d["odds_us"]
            worst_odds = min(worst_odds, ratio)
            if ratio < ODDS_TARGET:
                misses.append(f"{expr} odds {ratio:.0f}x")
            speed = f"{ratio:.0f}x"
            dp = max_diff(d["total"], i["total"])
            diff = f"{dp:.1e}"
            if dp > 1e-9:
                ok = False
                diff += " FAIL"
        rolls = f"{d['rolls_per_sec']:,.0f}"
        rpg, rratio, slowest = "", "", ""
        if r is not None and "rolls_per_sec" in r:
            rpg = f"{r['rolls_per_sec']:,.0f}"
            q = d["rolls_per_sec"] / r["rolls_per_sec"]
            worst_roll = min(worst_roll, q)
            if q < ROLL_TARGET:
                misses.append(f"{expr} rolls {q:.1f}x")
            rratio = f"{q:.1f}x"
            slowest = f"{d['slowest_rolls_per_sec'] / r['rolls_per_sec']:.1f}x"
        elif r is not None:
            rpg = "unsupported"
        print(f"{expr:<16} {odds:>14} {ice:>14} {speed:>9} {diff:>9}   {rolls:>16} {rpg:>17} {rratio:>7} {slowest:>7}")
        if i is not None and "total" in d:
            ratios.append((expr, f"{ratio:.1f}", f"{q:.2f}" if rratio else "-"))
    print()
    print(f"slowest odds speed-up over icepool: {worst_odds:.0f}x (target >= {ODDS_TARGET:.0f}x); "
          f"lowest roll throughput ratio over rpg-dice-roller: {worst_roll:.1f}x (target >= {ROLL_TARGET:.0f}x)")
    print("under target: " + (", ".join(misses) if misses else "none"))
    if ratios_out:
        with open(ratios_out, "w") as f:
            for row in ratios:
                f.write("\t".join(row) + "\n")
    print("odds agree with icepool within 1e-9" if ok else "ODDS DISAGREE WITH ICEPOOL")
    sys.exit(0 if ok else 1)


main()
