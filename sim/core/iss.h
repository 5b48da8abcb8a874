// The functional instruction-set simulator of one core: its contexts, its TLB, address
// translation and precise exceptions. It is the reference model: one instruction per running
// context per cycle, no timing beyond that. The semantics of each instruction live in
// exec_*.cc, one file per family, as functions named after the table rows.
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/context.h"
#include "core/context_observer.h"
#include "core/debug_hook.h"
#include "core/insn.h"
#include "core/step_watcher.h"
#include "core/store_observer.h"
#include "core/tlb.h"
#include "dev/device_host.h"
#include "platform/device_events.h"

namespace kasane {

class ExecTrace;

// Physical memory as a core sees it: RAM pages it may touch directly (the TLM-2.0 DMI idea, one
// page at a time so that RAM can be allocated lazily), and everything else through the bus.
class PhysMemory {
 public:
  virtual ~PhysMemory() = default;
  // Host memory of the 4 KiB physical page `ppn`, or nullptr if that page is not RAM.
  virtual uint8_t* ram_page(uint32_t ppn) = 0;
  // A device access of 1, 2 or 4 bytes. False means nothing answered: a bus error.
  virtual bool io(uint32_t pa, unsigned size, bool write, uint32_t& data) = 0;
};

// Timing knobs of the thread extension (config keys thread.*), in cycles.
struct ThreadTiming {
  unsigned fork_latency = 4;        // TFORK until the new context fetches
  unsigned resume_latency = 2;      // TRESUME until the woken context fetches
  unsigned mwait_light_wake = 10;   // a store, timeout or interrupt until a light MWAIT fetches
  unsigned mwait_deep_wake = 200;   // ... until a deep MWAIT fetches
  unsigned monitor_line = 32;       // bytes watched by MONITOR
  bool user_legal = true;           // reset value of TControl.TU and .MU
};

struct IssConfig {
  unsigned contexts = 1;
  ThreadTiming thread;
  unsigned tlb_entries = 32;
  // core.tlb_flush_on_switch: a return to user mode in another address space flushes the TLB
  // (Iss::enter_user_space).
  bool tlb_flush_on_switch = false;
  uint32_t prid = 0x00019300;
  bool smp_start = false;
  uint32_t exception_storm = 100000;  // exceptions in a row that end the run (sim.exception_storm)
  unsigned first_cpunum = 0;  // global number of context 0 (core index * contexts)
  // The machine's only core: it ends the run itself when every context has exited or nothing
  // can wake one. With several cores the platform decides that over all of them, since a store
  // or an interrupt from another core may still wake a context here.
  bool alone = true;
};

enum class Access : uint8_t { kFetch, kLoad, kStore };

// Final: nothing derives from it, so calls of its DeviceHost functions from code that holds an
// Iss (cycle() on the pipeline's per-cycle path) are direct and inline.
class Iss final : public DeviceHost {
 public:
  Iss(const IssConfig& cfg, PhysMemory& mem);
  Iss(const Iss&) = delete;  // its own observer refers to it
  Iss& operator=(const Iss&) = delete;
  // Share the machine's device event queue and store observer instead of this core's own.
  void join_machine(DeviceEvents& events, StoreObserver& observer);

  // Start CPU 0 (context 0 of core 0; with smp_start, every context) at `entry` in kernel mode.
  void reset(uint32_t entry, uint32_t a0, uint32_t a1);
  // Run for at most `cycles` cycles (core/run_loop.h); returns early when stopped. Returns the
  // cycles run.
  uint64_t run(uint64_t cycles);
  // What one step did.
  enum class StepResult : uint8_t {
    kRetired,      // the instruction at pc executed and retired
    kException,    // it raised an exception (pc is now the vector); it did not retire
    kInterrupted,  // an interrupt was taken before it; it did not execute
  };
  // Execute one instruction on context `c`. The cycle-level pipeline calls this when it issues an
  // instruction, so the ISS is the one place where instructions have semantics.
  StepResult step(Context& c);
  // The same for a caller that has just read the word at c.pc through peek_fetch and decoded it
  // (the pipeline at issue; `info` is decode_cached's answer): it is not fetched and looked up
  // again. A debugger may change the word before a step, so with one attached this is step().
  StepResult step_fetched(Context& c, uint32_t raw, const InsnInfo* info);

  // Side-effect-free look-ups for the timing model: the instruction word at `va` and the physical
  // address of `va`, as context `c` would see them, or false if that would fault.
  // Both ask the context's micro-TLB first, inline: the pipeline asks on every fetch, issue and
  // memory access, and nearly always hits. Inline by force: with fetch, issue and the reference
  // check calling it, the compiler made it a call, which at issue cost three times the look-up.
  [[gnu::always_inline]] bool peek_fetch(Context& c, uint32_t va, uint32_t& pa, uint32_t& raw) {
    const MicroTlbEntry& e = c.utlb[(va >> 12) & (Context::kMicroTlbSize - 1)];
    if (!(va & 3) && e.vpage == (va >> 12) && !((va & 0x80000000u) && c.cp0.user_mode())) {
      pa = (e.ppage << 12) | (va & 0xfffu);
      std::memcpy(&raw, e.host + (va & 0xfffu), 4);
      return true;
    }
    return peek_fetch_slow(c, va, pa, raw);
  }
  bool peek_pa(const Context& c, uint32_t va, Access a, uint32_t& pa) const;
  // peek_pa through the context's micro-TLB first (the common case on the data path).
  bool peek_data_pa(const Context& c, uint32_t va, bool store, uint32_t& pa) const {
    const MicroTlbEntry& e = c.utlb[(va >> 12) & (Context::kMicroTlbSize - 1)];
    if (e.vpage == (va >> 12) && (!store || e.writable) &&
        !((va & 0x80000000u) && c.cp0.user_mode())) {
      pa = (e.ppage << 12) | (va & 0xfffu);
      return true;
    }
    return peek_pa(c, va, store ? Access::kStore : Access::kLoad, pa);
  }
  // Physical address `pa` is RAM (not a device).
  bool is_ram(uint32_t pa) { return mem_.ram_page(pa >> 12) != nullptr; }
  // The table row for word `raw` at `pc` through the decode cache; nullptr if none matches.
  const InsnInfo* decode_cached(uint32_t pc, uint32_t raw);

  // Driving time from outside (the pipeline owns the clock when it runs the core).
  void set_cycle(uint64_t cycle) { cycle_ = cycle; }
  // Raise the timer interrupt of every context whose Count reached Compare.
  void update_timers() {
    if (cycle_ >= next_timer_ || cycle_ >= events_->next()) fire_timers();
  }
  // The earliest cycle at which a waiting context can be woken, or ~0 if none can. A pending
  // device event counts: it may raise an interrupt.
  uint64_t next_wake_cycle() const;

  // ---- used by devices ----
  // Run `fn` when the core's clock reaches `cycle` (a device finishing a request). Events fire
  // where timers do, so at that exact cycle in either core model and whatever the quantum; those
  // due in the same cycle run in the order they were scheduled. While one is pending no idle
  // skip jumps past it and the core is not deadlocked.
  void schedule_event(uint64_t cycle, std::function<void()> fn) override {
    events_->schedule(cycle, std::move(fn));
  }
  bool event_pending() const { return events_->pending(); }
  // A device drives hardware interrupt line `line` (2..6, Cause.IP2..IP6) of context `ctx`. The
  // lines are level-triggered: the Cause bit follows the line, and software cannot clear it
  // (MTC0 writes only IP1..0); the handler acknowledges the device, which lowers the line.
  void set_irq(unsigned ctx, unsigned line, bool level) override;

  // A debugger to consult before every instruction (debug_hook.h), or nullptr.
  void set_debug_hook(DebugHook* h) { debug_ = h; }
  // Write the instruction trace to `t` (owned by the caller), or stop with nullptr.
  void set_exec_trace(ExecTrace* t) { exec_trace_ = t; }
  // Tell `w` (owned by the caller) of every instruction executed, or stop with nullptr.
  void set_step_watcher(StepWatcher* w) { watcher_ = w; }
  // A checkpoint (core/iss_checkpoint.cc): the contexts, the TLB and the clock. restore_state
  // throws std::invalid_argument or a JSON error on a state this core cannot take.
  nlohmann::json save_state() const;
  void restore_state(const nlohmann::json& state);
  // Make run() return at the end of the current cycle without ending the run (the fast-forward
  // switching models at a region marker); run() clears it when it returns.
  void request_pause() { pause_ = true; }
  bool pause_requested() const { return pause_; }

  void request_stop() { stop_ = true; }
  // false: tick idle cycles one by one instead of jumping over them (for measuring the jump).
  void set_idle_skip(bool on) { idle_skip_ = on; }
  bool stop_requested() const { return stop_; }
  // Every context is free, halted or asleep and nothing will wake one: the guest cannot progress.
  bool deadlocked() const { return deadlocked_; }
  // A context took IssConfig::exception_storm exceptions in a row without retiring an
  // instruction (a guest that jumped to garbage with no working handler): what happened, or ""
  // if nothing like it.
  const std::string& exception_storm() const { return storm_; }

  uint64_t cycle() const override { return cycle_; }
  void mark_deadlocked() { deadlocked_ = stop_ = true; }
  unsigned num_contexts() const override { return static_cast<unsigned>(ctx_.size()); }
  Context& context(unsigned i) { return ctx_[i]; }
  const Context& context(unsigned i) const { return ctx_[i]; }
  Tlb& tlb() { return tlb_; }
  const IssConfig& config() const { return cfg_; }

  // ---- used by the semantics functions ----
  template <typename T>
  bool load(Context& c, uint32_t va, T& out);
  template <typename T>
  bool store(Context& c, uint32_t va, T value);
  // Physical address of `va` for LL (raises like a load on failure).
  bool translate(Context& c, uint32_t va, Access a, uint32_t& pa, bool* writable = nullptr);

  // Take exception `code` on `c` at its current instruction. `refill` selects the TLB refill
  // vector; `ce` is Cause.CE for Coprocessor Unusable.
  void raise(Context& c, uint32_t code, bool refill = false, unsigned ce = 0);
  // Address-related exceptions also set BadVAddr (and Context/EntryHi for TLB ones).
  void raise_address(Context& c, uint32_t code, uint32_t va, bool refill = false);

  // LL sets a link to a physical word; a store to that word by anyone, SC, or ERET breaks it.
  void ll_link(Context& c, uint32_t pa);
  void ll_clear(Context& c);
  // MONITOR arms a line; a store to it by any context (or a device's DMA) sets monitor_hit and
  // wakes a context sleeping in MWAIT on it.
  void monitor_arm(Context& c, uint32_t pa);
  void monitor_disarm(Context& c);
  // A context became free with TEXIT: for every context with TControl.XW, a wake event of its
  // armed monitor as a store to its line would be. A kernel that waits for user contexts to end
  // (they free themselves without a trap) sleeps in MWAIT so, instead of polling TState.
  void note_texit();
  // A store by something other than a context of this core (DMA, another core).
  void external_store(uint32_t pa) { if (observer_->watchers) note_store(pa); }
  // ... of `bytes` bytes from `pa` (a DMA transfer): breaks every LL link to a word in it and
  // hits every monitored line it touches, in one pass over the contexts.
  void external_store(uint32_t pa, uint32_t bytes) override {
    if (observer_->watchers && bytes) note_store(pa, bytes);
  }
  // A store to [pa, pa + bytes) somewhere in the machine (StoreObserver): break this core's LL
  // links to it and hit its monitored lines.
  void snoop_store(uint32_t pa, uint64_t bytes);
  // Make a sleeping context run again `latency` cycles from now.
  void wake(Context& c, uint64_t latency);
  // An interrupt became pending on c: wake it if its state lets an interrupt wake it.
  void wake_on_interrupt(Context& c);
  // Every context has ended with TEXIT.
  bool all_exited() const;
  // Some context is in the running state (it may still be waiting out a wake-up latency).
  bool any_running() const {
    for (const Context& c : ctx_)
      if (c.state == ContextState::kRunning) return true;
    return false;
  }

  // The thread timeline (or any recorder) hears of state changes, exceptions and hand-offs.
  // A count that changes whenever a context's state (Context::state, mwait_deep) may have.
  const uint64_t& state_epoch() const { return state_epoch_; }
  void set_observer(ContextObserver* o) { ctx_observer_ = o; }
  ContextObserver* observer() const { return ctx_observer_; }
  // Every change of a context's state goes through here (or reset()), so state_epoch() moves
  // whenever one does: the pipeline and the power model recount their idle contexts only then.
  void note_change(Context& c) {
    ++state_epoch_;
    if (const bool free = c.state == ContextState::kFree; free != c.was_free) {
      if (free) c.free_since = cycle_;
      else c.free_cycles += cycle_ - c.free_since;
      c.was_free = free;
    }
    if (ctx_observer_) ctx_observer_->on_change(c, cycle_);
  }
  // Cycles c has spent free up to `cycle` (not before its last state change).
  static uint64_t free_cycles(const Context& c, uint64_t cycle) {
    return c.free_cycles + (c.was_free && cycle > c.free_since ? cycle - c.free_since : 0);
  }
  void note_flow(const Context& from, const Context& to, const char* what) {
    if (ctx_observer_) ctx_observer_->on_flow(from, to, what, cycle_);
  }
  // The context whose load or store is reaching a device now (a device register that means
  // "this context" asks it).
  const Context* io_context() const { return io_ctx_; }

  uint32_t cp0_read(Context& c, unsigned reg, unsigned sel);
  void cp0_write(Context& c, unsigned reg, unsigned sel, uint32_t v);
  uint32_t count(const Context& c) const {
    return static_cast<uint32_t>(cycle_) + c.cp0.count_offset;
  }
  uint32_t tlb_random(const Context& c) const;
  // TLB contents changed: every context's micro-TLB is stale.
  void flush_all_utlbs();
  // ERET took c to user mode. With core.tlb_flush_on_switch, a return in another ASID than the
  // context's last is an address-space switch: drop the non-global entries it cannot use.
  void enter_user_space(Context& c) {
    const uint32_t asid = c.cp0.entryhi & cp0::kEntryHiASIDMask;
    if (asid == c.user_asid) return;
    if (cfg_.tlb_flush_on_switch) switch_space(c);
    c.user_asid = asid;
  }
  void schedule_timer(Context& c);
  // An MWAIT deadline was set: the next event may come sooner.
  void note_deadline(uint64_t cycle) { next_timer_ = std::min(next_timer_, cycle); }

 private:
  void switch_space(const Context& c);
  struct DecodeSlot {
    uint32_t raw;
    const InsnInfo* info;
  };

  bool fetch(Context& c, uint32_t& raw);
  // The rest of a step once the word at c.pc and its row (never null: kReservedRow) are known.
  // Inline by force into step and step_fetched: as a call of its own it cost the pipeline about
  // 20 host instructions per instruction in register saves and restores.
  [[gnu::always_inline]] inline StepResult execute_word(Context& c, uint32_t raw,
                                                        const InsnInfo* info);
  // peek_fetch when the micro-TLB misses: translate without side effects, then fill it.
  bool peek_fetch_slow(Context& c, uint32_t va, uint32_t& pa, uint32_t& raw);
  uint8_t* utlb_hit(Context& c, uint32_t va, Access a) {
    MicroTlbEntry& e = c.utlb[(va >> 12) & (Context::kMicroTlbSize - 1)];
    if (e.vpage != (va >> 12) || (a == Access::kStore && !e.writable)) return nullptr;
    // A user access to a kernel segment must fault even if kernel code cached the page.
    if ((va & 0x80000000u) && c.cp0.user_mode()) return nullptr;
    return e.host + (va & 0xfffu);
  }
  // Slow path of a data access: translate, then RAM (filling the micro-TLB) or a device.
  bool access_slow(Context& c, uint32_t va, unsigned size, Access a, uint32_t& data);
  // A store to [pa, pa + bytes) (1 for a core's own store: it never crosses a word), made
  // visible to every core.
  void note_store(uint32_t pa, uint64_t bytes = 1) { observer_->store(pa, bytes); }
  // o's armed monitor was hit: remember it, and wake o if it sleeps in MWAIT.
  void hit_monitor(Context& o);
  void fire_timers();  // timer interrupts, MWAIT timeouts and device events that are due
  void recompute_next_event();
  bool take_interrupt(Context& c);

  IssConfig cfg_;
  PhysMemory& mem_;
  std::vector<Context> ctx_;
  Tlb tlb_;
  std::vector<DecodeSlot> dcache_;
  uint64_t cycle_ = 0;
  uint64_t state_epoch_ = 0;  // see state_epoch()
  uint64_t next_timer_ = ~0ull;  // the earliest timer or MWAIT timeout
  DeviceEvents own_events_;
  DeviceEvents* events_ = &own_events_;  // the machine's, once it joins one
  StoreObserver own_observer_;
  StoreObserver* observer_ = &own_observer_;
  ExecTrace* exec_trace_ = nullptr;  // --trace, or none
  StepWatcher* watcher_ = nullptr;   // the fast-forward's warm-up, or none
  bool stop_ = false;
  bool pause_ = false;
  bool deadlocked_ = false;
  bool idle_skip_ = true;
  DebugHook* debug_ = nullptr;
  std::string storm_;
  ContextObserver* ctx_observer_ = nullptr;
  const Context* io_ctx_ = nullptr;
};

template <typename T>
bool Iss::load(Context& c, uint32_t va, T& out) {
  if (va & (sizeof(T) - 1)) {
    raise_address(c, cp0::kAdEL, va);
    return false;
  }
  if (uint8_t* p = utlb_hit(c, va, Access::kLoad)) {
    std::memcpy(&out, p, sizeof(T));  // the host is little-endian, like the guest
    return true;
  }
  uint32_t data = 0;
  if (!access_slow(c, va, sizeof(T), Access::kLoad, data)) return false;
  out = static_cast<T>(data);
  return true;
}

template <typename T>
bool Iss::store(Context& c, uint32_t va, T value) {
  if (va & (sizeof(T) - 1)) {
    raise_address(c, cp0::kAdES, va);
    return false;
  }
  if (uint8_t* p = utlb_hit(c, va, Access::kStore)) {
    std::memcpy(p, &value, sizeof(T));
    // The entry that hit holds the translation: the micro-TLB is flushed whenever the TLB, the
    // ASID or ERL changes, so walking the TLB again would find the same page.
    if (observer_->watchers)
      note_store((c.utlb[(va >> 12) & (Context::kMicroTlbSize - 1)].ppage << 12) | (va & 0xfffu));
    return true;
  }
  uint32_t data = static_cast<uint32_t>(value);
  return access_slow(c, va, sizeof(T), Access::kStore, data);
}

}  // namespace kasane
