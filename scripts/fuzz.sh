#!/usr/bin/env bash
# Coverage-guided fuzzing of dicetray's parsers and decoders (cargo-fuzz / libFuzzer). See docs/fuzzing.md.
#
#   scripts/fuzz.sh [seconds-per-target] [target...]      default: 600 s, every target
#
# Installs cargo-fuzz if missing, builds the targets once, then runs each for the given time with -timeout=1
# (any input taking over 1 s is a crash) and -rss_limit_mb=256 (any run over 256 MB is a crash), and prints
# one summary line per target. New inputs go to fuzz/corpus/<target> (not committed); the committed seeds are in
# fuzz/seeds/<target>; crashes land in fuzz/artifacts/<target>, logs in fuzz/logs/<target>.log. Exits non-zero if any target found a crash.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$root"

seconds="${1:-600}"
shift || true
all=(notation odds requests app_import table_message)
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=("${all[@]}")

# The toolchain is stable: RUSTC_BOOTSTRAP=1 lets it take cargo-fuzz's -Z flags. No sanitizer by default: the
# code is safe Rust, and AddressSanitizer's quarantine holds freed memory, so its RSS passes 256 MB after a few
# hundred thousand runs and -rss_limit_mb=256 reports a false out-of-memory. FUZZ_SANITIZER=address works too
# (the runtime ships with stable rust-std on x86_64 Linux); its quarantine is then kept small.
export RUSTC_BOOTSTRAP=1
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
fuzz_target_dir="$CARGO_TARGET_DIR/fuzz"
sanitizer="${FUZZ_SANITIZER:-none}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=16:detect_leaks=0}"
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --version 0.13.2 --locked

cd fuzz
nice -n 10 cargo fuzz build -O --sanitizer "$sanitizer" --target-dir "$fuzz_target_dir" 2>&1 \
    | grep -E '^(error|warning: unused)' || true
failed=0
summary=()
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t" logs
    log="logs/$t.log" # not in artifacts/: cargo-fuzz reports the newest file there as the failing input
    set +e
    nice -n 10 cargo fuzz run -O --sanitizer "$sanitizer" --target-dir "$fuzz_target_dir" "$t" "corpus/$t" "seeds/$t" -- \
        -max_total_time="$seconds" -timeout=1 -rss_limit_mb=256 -max_len=4096 -print_final_stats=1 >"$log" 2>&1
    rc=$?
    set -e
    execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo '?')
    last=$(grep -E '#[0-9]+.*(cov|DONE)' "$log" | tail -1)
    cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last")
    ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last")
    corp=$(sed -nE 's/.* corp: ([0-9]+).*/\1/p' <<<"$last")
    stat() { grep -oE "stat::$1: *[0-9]+" "$log" | grep -oE '[0-9]+$' || echo '?'; }
    speed=$(stat average_exec_per_sec)
    slowest=$(stat slowest_unit_time_sec)
    rss=$(stat peak_rss_mb)
    crash=$(grep -oE '(artifact_prefix=.*|Test unit written to [^ ]+)' "$log" | tail -1 || true)
    if [ $rc -ne 0 ]; then
        failed=1
        line="$t: FAILED (exit $rc) after ${execs} execs, cov ${cov:-?}; ${crash:-no artifact}; log fuzz/$log"
    else
        line="$t: ok, ${seconds} s, ${execs} execs (${speed}/s), cov ${cov:-?} edges, ft ${ft:-?}, corpus ${corp:-?}, slowest ${slowest} s, peak RSS ${rss} MB"
    fi
    echo "$line"
    summary+=("$line")
done
echo "---- summary ----"
printf '%s\n' "${summary[@]}"
exit $failed
