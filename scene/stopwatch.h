// Wall time of a phase (--timings, issue 16): steady_clock, so a clock change cannot make a
// phase negative. Plain header: scene/, renderer/ and app/ time their phases with it.
#pragma once

#include <chrono>

namespace vitrine::scene {

class Stopwatch {
 public:
  // Seconds since construction or the last lap().
  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  // seconds(), then restarts: consecutive laps measure consecutive phases.
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(now - start_).count();
    start_ = now;
    return s;
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

// Adds the wall time of consecutive phases to their counters: enter(x) closes the phase being
// timed (adding its time to its counter) and starts timing x; stop() or the destructor closes
// the last one, so a function that returns early still counts the phase it was in.
class PhaseClock {
 public:
  explicit PhaseClock(double& first) : phase_(&first) {}
  PhaseClock(const PhaseClock&) = delete;
  PhaseClock& operator=(const PhaseClock&) = delete;
  ~PhaseClock() { stop(); }
  void enter(double& next) {
    stop();
    phase_ = &next;
  }
  void stop() {
    const double s = watch_.lap();
    if (phase_) *phase_ += s;
    phase_ = nullptr;
  }

 private:
  double* phase_;
  Stopwatch watch_;
};

}  // namespace vitrine::scene
