"""Times icepool's exact odds for the second column of expressions.tsv, in this one process.

Icepool memoises evaluations, so every timed iteration starts from cleared caches (otherwise the 2nd call is a
cache lookup and the comparison would be meaningless); clearing happens outside the timed region. Warm-up: one
untimed evaluation of each expression (imports, code paths). Prints one JSON object per line:
{"expr", "odds_us", "iters", "total": [[value, p], ...]}.
"""
import gc
import json
import sys
import time

import icepool
from icepool import Die, d, d4, d6, d8, d10, d12, d20  # noqa: F401  (used by the expressions)


def clear_caches():
    for o in gc.get_objects():
        dd = getattr(o, "__dict__", None)
        if isinstance(dd, dict):
            for a in ("_cache", "ascending_cache", "descending_cache"):
                dd.pop(a, None)
    icepool.math.comb_row_cache.clear()


def evaluate(src):
    result = eval(src)
    if not isinstance(result, icepool.Die):
        result = Die([result])
    return result


def main():
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    for line in sys.stdin:
        cols = line.rstrip("\n").split("\t")
        if len(cols) < 2 or line.startswith("//"):
            continue
        dt_expr, src = cols[0].strip(), cols[1].strip()
        die = evaluate(src)  # warm-up
        total = die.denominator()
        probs = [[int(o), q / total] for o, q in sorted(die.items())]
        times = []
        spent = 0.0
        while (spent < budget and len(times) < 200) or len(times) < 3:
            clear_caches()
            t = time.perf_counter()
            evaluate(src)
            dt = time.perf_counter() - t
            times.append(dt)
            spent += dt
        print(json.dumps({"expr": dt_expr, "icepool": src, "odds_us": sum(times) / len(times) * 1e6,
                          "iters": len(times), "total": probs}), flush=True)


main()
