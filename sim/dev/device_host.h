// What a device sees of the machine it sits in: the clock, the queue of timed device events,
// the interrupt lines of every hardware context and the stores its DMA makes. The platform
// implements it over all its cores (global context numbers, core * contexts + context); a
// single core's ISS implements it too, for tests that put a device beside one core.
#pragma once

#include <cstdint>
#include <functional>

namespace kasane {

class DeviceHost {
 public:
  virtual ~DeviceHost() = default;
  // The cycle the machine has reached (of the core whose access is being served).
  virtual uint64_t cycle() const = 0;
  // Run `fn` when the clock reaches `cycle`; events due in the same cycle run in the order they
  // were scheduled.
  virtual void schedule_event(uint64_t cycle, std::function<void()> fn) = 0;
  // Hardware contexts the interrupt lines reach.
  virtual unsigned num_contexts() const = 0;
  // Drive line `line` (2..6, Cause.IP2..IP6) of context `ctx` (level-triggered).
  virtual void set_irq(unsigned ctx, unsigned line, bool level) = 0;
  // `bytes` bytes at physical `pa` were written by something other than a context (DMA): LL
  // links and monitored lines on every core must see it.
  virtual void external_store(uint32_t pa, uint32_t bytes) = 0;
};

}  // namespace kasane
