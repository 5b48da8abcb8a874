// The hooks through which a recorder (the thread timeline, sim/debug/timeline.h) learns of what
// happens to contexts at the moment it happens: a state or mode change, an exception, a TFORK or
// TRESUME from one context to another. The ISS calls them only where the state changes, never
// per cycle, and only when an observer is attached, so they cost one test of a pointer when off.
#pragma once

#include <cstdint>

namespace kasane {

struct Context;

class ContextObserver {
 public:
  virtual ~ContextObserver() = default;
  // c's state (Context::state, mwait_deep) or mode (kernel/user) may have changed at `cycle`.
  virtual void on_change(const Context& c, uint64_t cycle) = 0;
  // c took exception `code` (cp0::kSys for a system call, cp0::kInt for an interrupt).
  virtual void on_exception(const Context& c, uint32_t code, uint64_t cycle) = 0;
  // `from` started `to` (TFORK) or woke it (TRESUME): an arrow from one track to the other.
  virtual void on_flow(const Context& from, const Context& to, const char* what,
                       uint64_t cycle) = 0;
};

}  // namespace kasane
