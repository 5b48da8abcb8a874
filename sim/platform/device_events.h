// The machine's queue of timed device events (a block device finishing a request). It belongs to
// the platform, not to a core: every core's ISS fires the events that are due when its clock
// reaches them, and since the cores advance in lock-step the first core to reach a cycle fires
// that cycle's events, before any core executes an instruction in it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>

namespace kasane {

class DeviceEvents {
 public:
  // Events due in the same cycle run in the order they were scheduled.
  void schedule(uint64_t cycle, std::function<void()> fn) {
    events_.emplace(cycle, std::move(fn));  // after any other event of the same cycle
  }
  bool pending() const { return !events_.empty(); }
  // The cycle of the earliest event, or ~0 if none.
  uint64_t next() const { return events_.empty() ? ~0ull : events_.begin()->first; }
  // Run every event due at `cycle` or before. Each is taken off the queue before it runs: an
  // event may schedule another, even for this cycle.
  void fire_due(uint64_t cycle) {
    while (!events_.empty() && events_.begin()->first <= cycle) {
      std::function<void()> fn = std::move(events_.begin()->second);
      events_.erase(events_.begin());
      fn();
    }
  }

 private:
  std::multimap<uint64_t, std::function<void()>> events_;  // by cycle; equal keys in order
};

}  // namespace kasane
