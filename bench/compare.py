"""Merges the three timing outputs of bench/compare, checks the exact odds agree, prints the table.

Usage: compare.py DICETRAY.jsonl ICEPOOL.jsonl RPG.jsonl
Exit status 1 if any probability differs by more than 1e-9 from icepool's.
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
                    out[v["expr"]] = v
    except FileNotFoundError:
        pass
    return out


def max_diff(a, b):
    pa = {v: p for v, p in a}
    pb = {v: p for v, p in b}
    return max(abs(pa.get(k, 0.0) - pb.get(k, 0.0)) for k in set(pa) | set(pb))


def main():
    dt, ip, rr = (load(p) for p in sys.argv[1:4])
    ok = True
    head = f"{'expression':<16} {'dicetray odds':>14} {'icepool odds':>14} {'speed-up':>9} {'max |dp|':>9}   " \
           f"{'dicetray rolls/s':>16} {'rpg-dice-roller/s':>17} {'ratio':>7}"
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
            speed = f"{ratio:.0f}x"
            dp = max_diff(d["total"], i["total"])
            diff = f"{dp:.1e}"
            if dp > 1e-9:
                ok = False
                diff += " FAIL"
        rolls = f"{d['rolls_per_sec']:,.0f}"
        rpg, rratio = "", ""
        if r is not None and "rolls_per_sec" in r:
            rpg = f"{r['rolls_per_sec']:,.0f}"
            q = d["rolls_per_sec"] / r["rolls_per_sec"]
            worst_roll = min(worst_roll, q)
            rratio = f"{q:.1f}x"
        elif r is not None:
            rpg = "unsupported"
        print(f"{expr:<16} {odds:>14} {ice:>14} {speed:>9} {diff:>9}   {rolls:>16} {rpg:>17} {rratio:>7}")
    print()
    print(f"slowest odds speed-up over icepool: {worst_odds:.0f}x (target >= 20x); "
          f"lowest roll throughput ratio over rpg-dice-roller: {worst_roll:.1f}x (target >= 10x)")
    print("odds agree with icepool within 1e-9" if ok else "ODDS DISAGREE WITH ICEPOOL")
    sys.exit(0 if ok else 1)


main()
