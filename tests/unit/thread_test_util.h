// Helpers shared by the thread-extension ISS tests (iss_thread_test.cc, iss_thread_wait_test.cc):
// encoders of the format-T instructions that test_machine.h lacks (it has tfork), a machine with
// four contexts and distinctive thread timing, and a way to start a context without TFORK.
#pragma once

#include <vector>

#include "test_machine.h"

namespace kasane::test {

namespace tenc {
// Format T: 010010 1 0000 rt(20:16) rd(15:11) rs(10:6) funct.
constexpr uint32_t t(unsigned funct, unsigned rd = 0, unsigned rs = 0, unsigned rt = 0) {
  return 0x4a000000u | (rt & 31u) << 16 | (rd & 31u) << 11 | (rs & 31u) << 6 | (funct & 63u);
}
constexpr uint32_t texit() { return t(0x02); }
constexpr uint32_t tid(unsigned rd) { return t(0x03, rd); }
constexpr uint32_t tsuspend() { return t(0x04); }
constexpr uint32_t tresume(unsigned rd, unsigned rs) { return t(0x05, rd, rs); }
constexpr uint32_t monitor(unsigned rs) { return t(0x06, 0, rs); }
constexpr uint32_t mwait(unsigned rd, unsigned rs, unsigned rt) { return t(0x07, rd, rs, rt); }
constexpr uint32_t tprio(unsigned rs) { return t(0x08, 0, rs); }
constexpr uint32_t thalt(unsigned rs) { return t(0x10, 0, rs); }
constexpr uint32_t tstart(unsigned rs) { return t(0x11, 0, rs); }
constexpr uint32_t tintr(unsigned rs) { return t(0x12, 0, rs); }
}  // namespace tenc

// Timing values that differ from the defaults and from each other, so that a test that passes
// cannot be using the wrong knob.
constexpr unsigned kForkLatency = 7, kResumeLatency = 3, kLightWake = 10, kDeepWake = 50;
constexpr unsigned kMonitorLine = 32;

inline IssConfig thread_config(unsigned contexts = 4) {
  IssConfig cfg;
  cfg.contexts = contexts;
  cfg.thread.fork_latency = kForkLatency;
  cfg.thread.resume_latency = kResumeLatency;
  cfg.thread.mwait_light_wake = kLightWake;
  cfg.thread.mwait_deep_wake = kDeepWake;
  cfg.thread.monitor_line = kMonitorLine;
  return cfg;
}

// Where the tests put the code of context i (kseg0, RAM; 4 KiB each).
inline uint32_t code_of(unsigned i) { return kEntry + 0x1000u * i; }

// `n` words of `addiu $s0, $s0, 1`: a context running them has s0 == instructions executed.
inline std::vector<uint32_t> counter(unsigned n = 512) {
  return std::vector<uint32_t>(n, enc::addiu(r::s0, r::s0, 1));
}

inline std::vector<uint32_t> operator+(std::vector<uint32_t> a, const std::vector<uint32_t>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
inline std::vector<uint32_t> nops(unsigned n) { return std::vector<uint32_t>(n, enc::nop()); }

// Start context i at code_of(i) running `words` (in kernel mode, as after reset with
// core.smp_start), without going through TFORK.
inline void start(Machine& m, unsigned i, const std::vector<uint32_t>& words) {
  m.load(words, code_of(i), i);
  m.ctx(i).state = ContextState::kRunning;
  m.ctx(i).wake_at = 0;
}

// An exception handler at the general vector (all contexts share EBase): counts entries in $s1,
// saves EPC in $k1, acknowledges the timer (Compare = 0) and the software interrupts (Cause = 0),
// and returns with ERET.
inline void place_handler(Machine& m) {
  using namespace enc;
  m.place(kGeneralVector, {addiu(r::s1, r::s1, 1), mfc0(r::k1, cp0::kEPC),
                           mtc0(r::zero, cp0::kCompare), mtc0(r::zero, cp0::kCause), eret()});
}

constexpr uint32_t kStatusIM1 = 1u << 9;  // kStatusIM7 is in test_machine.h
constexpr uint32_t kCauseIP1 = 1u << 9;

}  // namespace kasane::test
