#!/usr/bin/env bash
# remo and herd7 side by side, whole commands, on the workloads of docs/performance.md: pairs run
# A B A B..., each side's median [min-max] wall time and the median [min-max] of the pairs' ratios
# (remo / herd7), as a Markdown table with the date, the machine and its load average.
#
# It fetches nothing. Give it what it measures against (docs/performance.md says how to get each):
#   HERD7        herd7's executable (herdtools7 7.57 built from source; a measuring tool only)
#   HERD_LIBDIR  herd7's library directory (herd/libdir of the herdtools7 tree), for its models
#   DAT3M_X86    Dat3M's litmus/X86 folder (487 tests)
#   DIY_X86      a folder of diy7-generated X86 tests (451 in docs/performance.md)
# The herdtools7 tree's 89 X86 tests and the suite are in the repository.
#
# Usage: bench/remo-vs-herd7.sh [--pairs N] WORKLOAD...
# Workloads (remo against herd7 unless said otherwise):
#   sb-warm     one small test (testdata/x86/dat3m-x86/SB.litmus), the server warm
#   sb-cold     the same, the first call: the server is stopped before every remo run
#   sb-direct   the same with --no-daemon (a JVM of its own)
#   tree        herdtools7's 89 X86 tests in one process (served, warm)
#   diy         $DIY_X86 in one process (served, warm)
#   dat3m       $DAT3M_X86 in one process (served, warm)
#   dat3m-direct  the same with --no-daemon
#   jobs        remo check --jobs 1 against --jobs 2 on $DAT3M_X86, served (ratio = jobs 1 / jobs 2: the speed-up);
#               then both outputs compared, but for the measured seconds (a row says whether they are the same)
#   jobs-direct the same with --no-daemon
#   warm-server runs $DAT3M_X86 through the server until a served batch takes no longer than the
#               median of the 10 before it (at least 60 batches, --jobs 1 and 2 in turn), so that
#               its JIT compilers have reached the steady state before the rows that follow: a
#               server that has just started is still compiling (the batch took 0.2-0.3 s for the
#               first 30 batches on the AMD machine, then 0.12-0.13 s)
#   jobs-ceiling what two jobs can gain on this machine at all: `remo bench --rounds 300` of $DAT3M_X86
#               with --jobs 1 alone, with --jobs 2 alone, and two --jobs 1 processes at once (no
#               shared JVM, lock or output), each in three JVMs; median seconds per round over the
#               last 100 rounds, the JDK's default compile thresholds (the launcher raises them
#               for short runs); about 7 minutes
#   memory      peak resident memory of $DAT3M_X86 in one process: herd7, remo --no-daemon, and the
#               server's own peak (VmHWM) after serving it
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
remo="$here/remo"
pairs=5
if [ "${1:-}" = --pairs ]; then
  pairs="$2"
  shift 2
fi
[ "$#" -gt 0 ] || { sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
herd() {
  [ -n "${HERD7:-}" ] || { echo "bench: set HERD7 to herd7's executable (docs/performance.md)" >&2; exit 2; }
  "$HERD7" ${HERD_LIBDIR:+-set-libdir "$HERD_LIBDIR"} "$@"
}
need() { # need VAR: the folder the variable names
  local v="${!1:-}"
  [ -n "$v" ] && [ -d "$v" ] || { echo "bench: set $1 (docs/performance.md)" >&2; exit 2; }
}
files() { # files DIR: its *.litmus files, sorted, one per line
  find "$1" -name '*.litmus' | LC_ALL=C sort
}
server_pid() {
  local f="${XDG_RUNTIME_DIR:-${TMPDIR:-/tmp}}/remo-$UID/${here//\//%2F}/server" port pid
  [ -f "$f" ] && read -r port pid < "$f" && echo "$pid"
}
stop_server() {
  local pid
  pid="$(server_pid || true)"
  if [ -n "$pid" ]; then
    kill "$pid" 2>/dev/null || true
    while kill -0 "$pid" 2>/dev/null; do sleep 0.01; done
  fi
}
now() { echo "$EPOCHREALTIME"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b - a }'; }
stats() { # stats VALUES...: median [min-max]
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.3f [%.3f-%.3f]", m, v[1], v[NR] }'
}
# pair NAME PREPARE-A CMD-A -- CMD-B: PAIRS pairs A B; A's and B's times and the ratios A/B
pair() {
  local name="$1" prepare="$2" a=() b=() ta=() tb=() r=() s e x y i
  shift 2
  while [ "$1" != -- ]; do a+=("$1"); shift; done
  shift
  b=("$@")
  for ((i = 0; i < pairs; i++)); do
    $prepare
    s=$(now); "${a[@]}" >/dev/null 2>&1 || true; e=$(now); x=$(elapsed "$s" "$e")
    s=$(now); "${b[@]}" >/dev/null 2>&1 || true; e=$(now); y=$(elapsed "$s" "$e")
    ta+=("$x"); tb+=("$y"); r+=("$(awk -v x="$x" -v y="$y" 'BEGIN { printf "%.4f", x / y }')")
  done
  printf '| %s | %s | %s | %s |\n' "$name" "$(stats "${tb[@]}")" "$(stats "${ta[@]}")" "$(stats "${r[@]}")"
}
nothing() { :; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "?"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# same_output NAME CMD-A -- CMD-B: a row saying whether both print the same, but for the measured
# seconds (the Time lines and the Summary's seconds column)
same_output() {
  local name="$1" a=() b=() x y
  shift
  while [ "$1" != -- ]; do a+=("$1"); shift; done
  shift
  b=("$@")
  mask() { sed -E 's/^(Time [^ ]+ )[0-9.]+$/\1T/; s/ +[0-9]+\.[0-9]{2}s( |$)/ Ts\1/'; }
  # each stream on its own: merged, their interleaving would depend on the timing
  x="$("${a[@]}" 2>/tmp/remo-bench-err.$$ | mask | cksum) $(mask < /tmp/remo-bench-err.$$ | cksum)"
  y="$("${b[@]}" 2>/tmp/remo-bench-err.$$ | mask | cksum) $(mask < /tmp/remo-bench-err.$$ | cksum)"
  rm -f /tmp/remo-bench-err.$$
  if [ "$x" = "$y" ]; then
    printf '| %s: output (stdout and stderr, seconds masked) | the same | | |\n' "$name"
  else
    printf '| %s: output (stdout and stderr, seconds masked) | **DIFFERENT** | | |\n' "$name"
  fi
}
warm() { "$remo" check "$here/testdata/x86/dat3m-x86/SB.litmus" >/dev/null 2>&1 || true; }
rss() { # rss CMD...: peak resident memory in MiB
  /usr/bin/time -f '%M' -o /tmp/remo-bench-rss.$$ "$@" >/dev/null 2>&1 || true
  awk '{ printf "%.0f", $1 / 1024 }' /tmp/remo-bench-rss.$$
  rm -f /tmp/remo-bench-rss.$$
}

echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'); machine: $(nproc) processors, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "Load average at the start: $(cut -d' ' -f1-3 /proc/loadavg); $pairs pairs per row, run A B A B"
echo
echo "| workload | B: herd7 (s) | A: remo (s) | A / B |"
echo "|---|---|---|---|"
sb="$here/testdata/x86/dat3m-x86/SB.litmus"
for w in "$@"; do
  case "$w" in
    sb-warm) warm; pair "one small test (SB), server warm" nothing "$remo" check "$sb" -- herd "$sb" ;;
    sb-cold) pair "one small test (SB), first call (server started)" stop_server "$remo" check "$sb" -- herd "$sb" ;;
    sb-direct) pair "one small test (SB), --no-daemon" nothing "$remo" --no-daemon check "$sb" -- herd "$sb" ;;
    tree)
      mapfile -t t < <(files "$here/testdata/x86/herdtools7-tree")
      warm; pair "herdtools7's ${#t[@]} X86 tests, one process, server warm" nothing "$remo" check "${t[@]}" -- herd "${t[@]}" ;;
    diy)
      need DIY_X86; mapfile -t t < <(files "$DIY_X86")
      warm; pair "${#t[@]} diy7 X86 tests, one process, server warm" nothing "$remo" check "${t[@]}" -- herd "${t[@]}" ;;
    dat3m)
      need DAT3M_X86; mapfile -t t < <(files "$DAT3M_X86")
      warm; pair "${#t[@]} Dartagnan X86 tests, one process, server warm" nothing "$remo" check "${t[@]}" -- herd "${t[@]}" ;;
    dat3m-direct)
      need DAT3M_X86; mapfile -t t < <(files "$DAT3M_X86")
      pair "${#t[@]} Dartagnan X86 tests, one process, --no-daemon" nothing "$remo" --no-daemon check "${t[@]}" -- herd "${t[@]}" ;;
    jobs)
      need DAT3M_X86; warm
      echo "| (columns: B = remo --jobs 2, A = remo --jobs 1, A / B = speed-up of --jobs 2) | | | |"
      pair "Dartagnan X86 tests, --jobs 1 against --jobs 2, server warm" nothing "$remo" check --jobs 1 "$DAT3M_X86" -- "$remo" check --jobs 2 "$DAT3M_X86"
      same_output "--jobs 1 against --jobs 2" "$remo" check --jobs 1 "$DAT3M_X86" -- "$remo" check --jobs 2 "$DAT3M_X86" ;;
    jobs-direct)
      need DAT3M_X86
      echo "| (columns: B = remo --jobs 2, A = remo --jobs 1, A / B = speed-up of --jobs 2) | | | |"
      pair "Dartagnan X86 tests, --jobs 1 against --jobs 2, --no-daemon" nothing "$remo" --no-daemon check --jobs 1 "$DAT3M_X86" -- "$remo" --no-daemon check --jobs 2 "$DAT3M_X86"
      same_output "--jobs 1 against --jobs 2, --no-daemon" "$remo" --no-daemon check --jobs 1 "$DAT3M_X86" -- "$remo" --no-daemon check --jobs 2 "$DAT3M_X86" ;;
    memory)
      need DAT3M_X86; mapfile -t t < <(files "$DAT3M_X86")
      h=(); d=()
      for ((i = 0; i < pairs; i++)); do
        h+=("$(rss "$HERD7" ${HERD_LIBDIR:+-set-libdir "$HERD_LIBDIR"} "${t[@]}")")
        d+=("$(rss "$remo" --no-daemon check "${t[@]}")")
      done
      stop_server; "$remo" check "${t[@]}" >/dev/null 2>&1 || true; "$remo" check "${t[@]}" >/dev/null 2>&1 || true
      pid="$(server_pid)"
      hwm="$(awk '/VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$pid/status")"
      echo "| peak resident memory (MiB), ${#t[@]} Dartagnan tests: herd7 | $(stats "${h[@]}") | remo --no-daemon: $(stats "${d[@]}") | server after two batches: $hwm MiB (client: bash, and a cat per output stream of a run not over within 20 ms) |" ;;
    warm-server)
      need DAT3M_X86
      "$remo" check -q "$here/testdata/x86" >/dev/null 2>&1 || true
      w=()
      for ((i = 0; i < 200; i++)); do
        s=$(now); "$remo" check --jobs $((i % 2 + 1)) "$DAT3M_X86" >/dev/null 2>&1 || true; e=$(now)
        w+=("$(elapsed "$s" "$e")")
        # steady: this --jobs 1 batch no slower than the median of the ten --jobs 1 batches before it
        # (of the 20 batches before the last two, the first is a --jobs 2 batch: the even lines)
        if [ "$i" -ge 60 ] && [ $((i % 2)) = 0 ]; then
          m="$(printf '%s\n' "${w[@]: -22:20}" | awk 'NR % 2 == 0' | sort -g | awk '{ v[NR] = $1 } END { print (v[5] + v[6]) / 2 }')"
          awk -v x="${w[-1]}" -v m="$m" 'BEGIN { exit !(x <= m) }' && break
        fi
      done
      echo "| (server warmed: the repository's x86 tests, then ${#w[@]} batches of the Dartagnan tests, the last --jobs 1 batch ${w[-1]} s) | | | |" ;;
    jobs-ceiling)
      need DAT3M_X86
      # one JVM's steady state differs from another's by up to a third (C2's choices differ from
      # run to run), so each setting runs in three JVMs, in turn, and the medians are compared
      defaults="-XX:Tier4InvocationThreshold=5000 -XX:Tier4MinInvocationThreshold=600 -XX:Tier4CompileThreshold=15000 -XX:Tier4BackEdgeThreshold=40000"
      t="/tmp/remo-bench-ceiling.$$"
      bench_round() { # bench_round JOBS: median seconds per round of rounds 201-300 of one remo bench JVM
        REMO_JAVA_OPTS="$defaults" "$remo" bench --rounds 300 --jobs "$1" "$DAT3M_X86" 2>&1 |
          sed -nE 's/^round ([0-9]+): [0-9]+ tests in ([0-9.]+) s.*/\1 \2/p' | awk '$1 > 200 { print $2 }' | median
      }
      one=(); two=(); both=()
      for ((i = 0; i < 3; i++)); do
        one+=("$(bench_round 1)")
        two+=("$(bench_round 2)")
        bench_round 1 >"$t" &
        pa=$!
        both+=("$(bench_round 1)")
        wait "$pa" || true
        both+=("$(cat "$t")")
      done
      rm -f "$t"
      m1="$(printf '%s\n' "${one[@]}" | median)"; m2="$(printf '%s\n' "${two[@]}" | median)"; mb="$(printf '%s\n' "${both[@]}" | median)"
      echo "| (columns: seconds per round of ${DAT3M_X86##*/}'s tests in one JVM, median of rounds 201-300; each JVM's figure listed, then their median) | | | |"
      echo "| --jobs 2 alone against --jobs 1 alone: speed-up | ${two[*]}: $m2 | ${one[*]}: $m1 | $(awk -v x="$m1" -v y="$m2" 'BEGIN { printf "%.3f", x / y }') |"
      echo "| two --jobs 1 JVMs at once against one alone: the machine's gain from a second processor (2 x alone / at once) | ${both[*]}: $mb | ${one[*]}: $m1 | $(awk -v x="$m1" -v y="$mb" 'BEGIN { printf "%.3f", 2 * x / y }') |" ;;
    *) echo "bench: unknown workload '$w'" >&2; exit 2 ;;
  esac
done
echo
echo "Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
