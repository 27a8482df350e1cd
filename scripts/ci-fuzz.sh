#!/usr/bin/env bash
# CI stage: every libFuzzer target of fuzz/ for a bounded time on seeds generated now
# (fuzz/make_corpus.sh). Fails on any crash, sanitizer report, leak, timeout or out-of-memory;
# the input that did it is kept as BUILD_DIR/fuzz-artifacts/<target>/crash-* (or leak-*, ...)
# and the fuzzer's log printed. Make it a regression test (tests/load/fuzz_regression_test.cpp).
# Usage: ci-fuzz.sh [BUILD_DIR] [SECONDS_PER_TARGET]   (defaults build-sanitize, 45)
set -euo pipefail
build=${1:-build-sanitize}
seconds=${2:-${FUZZ_SECONDS:-45}}
cd "$(dirname "$0")/.."
jobs=${JOBS:-$(nproc)}
targets=(loader_fuzz accessor_fuzz animation_fuzz image_fuzz draco_fuzz meshopt_fuzz meshopt_khr_fuzz ktx2_fuzz hdr_fuzz
         interact_graph_fuzz interact_run_fuzz interact_value_text_fuzz ply_fuzz splat_attributes_fuzz)
./scripts/sanitize-build.sh "$build"
cmake --build "$build" -j "$jobs" --target fuzzers
build=$(cd "$build" && pwd)
corpus="$build/fuzz-corpus"
./fuzz/make_corpus.sh "$build/fuzz/corpus_gen" "$corpus"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
failed=0
for t in "${targets[@]}"; do
  name=${t%_fuzz}
  artifacts="$build/fuzz-artifacts/$t"
  mkdir -p "$artifacts" "$corpus/$name.new"
  log="$build/fuzz-artifacts/$t.log"
  # The new inputs go to a folder of their own, so the seeds stay as generated. -timeout: one
  # input may take 10 s (sanitizers slow everything down); -rss_limit_mb: the loader's own
  # caps (1 GiB per accessor, 16384-pixel images) must hold well below it.
  if "$build/fuzz/$t" "$corpus/$name.new" "$corpus/$name" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=4096 -max_len=131072 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" >"$log" 2>&1; then
    echo "$t: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') runs in ${seconds} s, no crash"
  else
    echo "$t: FAILED, log below; the input is in $artifacts/" >&2
    tail -n 80 "$log" >&2
    failed=1
  fi
done
exit $failed
