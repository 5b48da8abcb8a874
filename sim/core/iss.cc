// The ISS main loop, instruction fetch through the decode cache, address translation (the MIPS32
// fixed segments and the TLB), exceptions and interrupts.
#include "core/iss.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

#include "core/decoder.h"
#include "core/exec_trace.h"
#include "core/run_loop.h"

namespace kasane {

void exec_reserved(Context& c, Insn i);  // exec_system.cc

namespace {
// Executed for words no table row matches.
const InsnInfo kReservedRow = {"(reserved)", 0, 0, "", Format::R, Unit::system, 0, 0, 0,
                               &exec_reserved};
constexpr unsigned kDecodeCacheSize = 1u << 14;
constexpr uint32_t kKseg0 = 0x80000000u, kKseg1 = 0xa0000000u, kKseg2 = 0xc0000000u;
}  // namespace

const char* context_state_name(ContextState s) {
  switch (s) {
    case ContextState::kFree: return "free";
    case ContextState::kRunning: return "running";
    case ContextState::kWaiting: return "waiting (WAIT)";
    case ContextState::kSuspended: return "suspended";
    case ContextState::kMwait: return "waiting (MWAIT)";
    case ContextState::kHalted: return "halted";
  }
  return "?";
}

Iss::Iss(const IssConfig& cfg, PhysMemory& mem)
    : cfg_(cfg), mem_(mem), ctx_(cfg.contexts), tlb_(cfg.tlb_entries) {
  const InsnInfo* nop = decode_exec(0);
  dcache_.assign(kDecodeCacheSize, DecodeSlot{0, nop});
  for (unsigned i = 0; i < ctx_.size(); ++i) {
    ctx_[i].id = i;
    ctx_[i].cpunum = cfg.first_cpunum + i;
    ctx_[i].core = this;
  }
  own_observer_.attach(*this);
}

void Iss::join_machine(DeviceEvents& events, StoreObserver& observer) {
  events_ = &events;
  observer_ = &observer;
  observer.attach(*this);
}

void Iss::reset(uint32_t entry, uint32_t a0, uint32_t a1) {
  ++state_epoch_;
  for (Context& c : ctx_) {
    bool start = c.cpunum == 0 || cfg_.smp_start;  // the machine boots on CPU 0
    c.state = start ? ContextState::kRunning : ContextState::kFree;
    c.cp0.tcontrol = cfg_.thread.user_legal ? (cp0::kTControlMU | cp0::kTControlTU) : 0;
    c.pc = entry;
    c.gpr[4] = a0;
    c.gpr[5] = a1;
    note_change(c);
  }
}

namespace {
// The ISS alone as a model of the run loop (run_loop.h): a cycle executes one instruction of each
// running context whose wake-up latency has passed. Whether any context runs is counted again
// only when some context's state may have changed (Iss::state_epoch).
class IssStepper {
 public:
  explicit IssStepper(Iss& iss)
      : iss_(iss), first_(&iss.context(0)), last_(first_ + iss.num_contexts()) {}
  bool quiescent() {
    if (seen_ != iss_.state_epoch()) {
      seen_ = iss_.state_epoch();
      running_ = iss_.any_running();
    }
    return !running_;
  }
  void tick(uint64_t now) {
    for (Context* c = first_; c != last_; ++c)
      if (c->state == ContextState::kRunning && c->wake_at <= now) iss_.step(*c);
  }
  void idle(uint64_t, uint64_t) {}  // idle cycles only advance Count, which is the clock

 private:
  Iss& iss_;
  Context* const first_;  // the contexts, walked by pointer: a Context is kilobytes, and an
  Context* const last_;   // index would cost a multiply per context per cycle
  uint64_t seen_ = ~0ull;
  bool running_ = false;
};
}  // namespace

uint64_t Iss::run(uint64_t cycles) {
  const uint64_t start = cycle_;
  uint64_t now = cycle_;
  IssStepper stepper(*this);
  run_cycles(stepper, *this, now, start + cycles, idle_skip_);
  pause_ = false;
  return cycle_ - start;
}

uint64_t Iss::next_wake_cycle() const {
  uint64_t wake = ~0ull;
  for (const Context& c : ctx_) {
    // IM7 sits at the same bit in Status as IP7 in Cause.
    const bool timer_masked_in = c.cp0.status & cp0::kCauseIP7;
    const bool timer_taken = timer_masked_in && (c.cp0.status & cp0::kStatusIE) &&
                             !(c.cp0.status & (cp0::kStatusEXL | cp0::kStatusERL));
    switch (c.state) {
      case ContextState::kRunning:
        if (c.wake_at > cycle_) wake = std::min(wake, c.wake_at);
        break;
      case ContextState::kWaiting:
        if (timer_masked_in) wake = std::min(wake, c.timer_at);
        break;
      case ContextState::kSuspended:
        if (timer_taken) wake = std::min(wake, c.timer_at);
        break;
      case ContextState::kMwait:
        wake = std::min(wake, c.mwait_deadline);
        if (timer_taken) wake = std::min(wake, c.timer_at);
        break;
      default: break;
    }
  }
  wake = std::min(wake, events_->next());
  return wake;
}

void Iss::set_irq(unsigned ctx, unsigned line, bool level) {
  if (ctx >= ctx_.size() || line < 2 || line > 6)
    throw std::out_of_range("set_irq: no context " + std::to_string(ctx) + " or line " +
                            std::to_string(line));
  Context& c = ctx_[ctx];
  const uint32_t bit = 1u << (cp0::kCauseIPShift + line), old = c.cp0.cause;
  c.cp0.cause = level ? old | bit : old & ~bit;
  if (c.cp0.cause == old) return;
  c.check_irq = true;
  if (level) wake_on_interrupt(c);
}

bool Iss::all_exited() const {
  for (const Context& c : ctx_)
    if (c.state != ContextState::kFree) return false;
  return true;
}

void Iss::wake(Context& c, uint64_t latency) {
  c.state = ContextState::kRunning;
  c.wake_at = cycle_ + latency;
  c.mwait_deadline = ~0ull;
  note_change(c);
}

void Iss::wake_on_interrupt(Context& c) {
  switch (c.state) {
    case ContextState::kWaiting:  // WAIT: any pending unmasked interrupt, whatever IE says
      if (c.cp0.cause & c.cp0.status & cp0::kCauseIPMask) wake(c, 0);
      break;
    case ContextState::kSuspended:  // the interrupt is taken; TSUSPEND then returns
      if (c.cp0.interrupt_ready()) wake(c, cfg_.thread.resume_latency);
      break;
    case ContextState::kMwait:
      if (c.cp0.interrupt_ready()) {
        c.gpr[c.mwait_rd] = 2;  // woken by an interrupt
        wake(c, c.mwait_deep ? cfg_.thread.mwait_deep_wake : cfg_.thread.mwait_light_wake);
      }
      break;
    default: break;
  }
  if (c.mwait_rd == 0) c.gpr[0] = 0;
}

Iss::StepResult Iss::step(Context& c) {
  if (c.check_irq && take_interrupt(c)) return StepResult::kInterrupted;
  if (debug_) debug_->before_step(c);
  c.redirected = c.exception_taken = false;
  c.in_delay = c.slot_pending;
  uint32_t raw;
  if (!fetch(c, raw)) return StepResult::kException;
  DecodeSlot& slot = dcache_[(c.pc >> 2) & (kDecodeCacheSize - 1)];
  if (slot.raw != raw) {
    const InsnInfo* info = decode_exec(raw);
    slot = DecodeSlot{raw, info ? info : &kReservedRow};
  }
  return execute_word(c, raw, slot.info);
}

Iss::StepResult Iss::step_fetched(Context& c, uint32_t raw, const InsnInfo* info) {
  if (debug_) return step(c);
  if (c.check_irq && take_interrupt(c)) return StepResult::kInterrupted;
  c.redirected = c.exception_taken = false;
  c.in_delay = c.slot_pending;
  return execute_word(c, raw, info ? info : &kReservedRow);
}

Iss::StepResult Iss::execute_word(Context& c, uint32_t raw, const InsnInfo* info) {
  const uint32_t pc = c.pc;
  const bool taken = c.branch_pending;
  const uint32_t target = c.branch_target;
  c.slot_pending = c.branch_pending = false;
  auto execute = [&] {
    if ((info->flags & kF_cp1) && !c.cp0.cp1_usable())
      raise(c, cp0::kCpU, false, 1);  // every FPU instruction, one check: the kernel uses CE = 1
    else
      info->exec(c, Insn{raw});
    c.gpr[0] = 0;
  };
  // The instruction trace (--trace) sees the registers before and after: one well-predicted
  // branch when it is off. So does the fast-forward's warm-up.
  if (__builtin_expect(watcher_ != nullptr, 0))
    watcher_->before(c, pc, raw, info == &kReservedRow ? nullptr : info);
  if (__builtin_expect(exec_trace_ != nullptr, 0)) {
    exec_trace_->before(c, pc, raw, info == &kReservedRow ? nullptr : info, cycle_);
    execute();
    exec_trace_->after(c, !(c.redirected && c.exception_taken));
  } else {
    execute();
  }
  if (__builtin_expect(watcher_ != nullptr, 0))
    watcher_->after(c, !(c.redirected && c.exception_taken));
  if (c.redirected) {
    // An exception or ERET set pc itself. ERET retires; an exception does not.
    if (c.exception_taken) return StepResult::kException;
    ++c.instret;
    c.exc_streak = 0;
    return StepResult::kRetired;
  }
  ++c.instret;
  c.exc_streak = 0;
  if (c.annul_slot) {
    c.annul_slot = false;
    c.pc = pc + 8;
  } else {
    c.pc = c.in_delay && taken ? target : pc + 4;
  }
  return StepResult::kRetired;
}

bool Iss::peek_pa(const Context& c, uint32_t va, Access a, uint32_t& pa) const {
  if (va >= kKseg0 && c.cp0.user_mode()) return false;
  if (va >= kKseg0 && va < kKseg2) {
    pa = va - (va < kKseg1 ? kKseg0 : kKseg1);
    return true;
  }
  if (va < kKseg0 && (c.cp0.status & cp0::kStatusERL)) {
    pa = va;
    return true;
  }
  return tlb_.lookup(va, c.cp0.entryhi & cp0::kEntryHiASIDMask, a == Access::kStore, pa) ==
         Tlb::Result::kHit;
}

const InsnInfo* Iss::decode_cached(uint32_t pc, uint32_t raw) {
  DecodeSlot& slot = dcache_[(pc >> 2) & (kDecodeCacheSize - 1)];
  if (slot.raw != raw) {
    const InsnInfo* info = decode_exec(raw);
    slot = DecodeSlot{raw, info ? info : &kReservedRow};
  }
  return slot.info == &kReservedRow ? nullptr : slot.info;
}

bool Iss::peek_fetch_slow(Context& c, uint32_t va, uint32_t& pa, uint32_t& raw) {
  if (va & 3) return false;
  if (!peek_pa(c, va, Access::kFetch, pa)) return false;
  uint8_t* host = mem_.ram_page(pa >> 12);
  if (!host) return false;  // instructions come from RAM only in this model
  // Filling the micro-TLB is invisible to the guest: it only caches the TLB.
  uint32_t ignored;
  bool writable = peek_pa(c, va, Access::kStore, ignored);
  c.utlb[(va >> 12) & (Context::kMicroTlbSize - 1)] =
      MicroTlbEntry{va >> 12, pa >> 12, host, writable};
  std::memcpy(&raw, host + (va & 0xfffu), 4);
  return true;
}

bool Iss::fetch(Context& c, uint32_t& raw) {
  const uint32_t pc = c.pc;
  if (pc & 3) {
    raise_address(c, cp0::kAdEL, pc);
    return false;
  }
  if (uint8_t* p = utlb_hit(c, pc, Access::kFetch)) {
    std::memcpy(&raw, p, 4);
    return true;
  }
  return access_slow(c, pc, 4, Access::kFetch, raw);
}

bool Iss::translate(Context& c, uint32_t va, Access a, uint32_t& pa, bool* writable) {
  const bool store = a == Access::kStore;
  const uint32_t bad_addr_code = store ? cp0::kAdES : cp0::kAdEL;
  if (writable) *writable = true;
  if (va >= kKseg0 && c.cp0.user_mode()) {
    raise_address(c, bad_addr_code, va);
    return false;
  }
  if (va >= kKseg0 && va < kKseg2) {
    pa = va - (va < kKseg1 ? kKseg0 : kKseg1);
    return true;
  }
  if (va < kKseg0 && (c.cp0.status & cp0::kStatusERL)) {  // kuseg is unmapped while ERL is set
    pa = va;
    return true;
  }
  const uint8_t asid = c.cp0.entryhi & cp0::kEntryHiASIDMask;
  const uint32_t tlb_code = store ? cp0::kTLBS : cp0::kTLBL;
  switch (tlb_.lookup(va, asid, store, pa)) {
    case Tlb::Result::kHit:
      if (writable && !store) {
        uint32_t ignored;
        *writable = tlb_.lookup(va, asid, true, ignored) == Tlb::Result::kHit;
      }
      return true;
    case Tlb::Result::kMiss:
      raise_address(c, tlb_code, va, /*refill=*/true);
      return false;
    case Tlb::Result::kInvalid:
      raise_address(c, tlb_code, va);
      return false;
    case Tlb::Result::kModified:
      raise_address(c, cp0::kMod, va);
      return false;
  }
  return false;
}

bool Iss::access_slow(Context& c, uint32_t va, unsigned size, Access a, uint32_t& data) {
  uint32_t pa;
  bool writable;
  if (!translate(c, va, a, pa, &writable)) return false;
  if (uint8_t* page = mem_.ram_page(pa >> 12)) {
    MicroTlbEntry& e = c.utlb[(va >> 12) & (Context::kMicroTlbSize - 1)];
    e = MicroTlbEntry{va >> 12, pa >> 12, page, writable};
    uint8_t* p = page + (pa & 0xfffu);
    if (a == Access::kStore) {
      std::memcpy(p, &data, size);
      if (observer_->watchers) note_store(pa);
    } else {
      data = 0;
      std::memcpy(&data, p, size);
      // Sign or zero extension is the caller's business: it asked for a T of `size` bytes.
    }
    return true;
  }
  if (a != Access::kStore) data = 0;
  io_ctx_ = &c;
  if (mem_.io(pa, size, a == Access::kStore, data)) {
    if (a == Access::kStore && observer_->watchers) note_store(pa);
    return true;
  }
  c.cp0.badvaddr = va;  // not architected for bus errors, but useful in fault reports
  raise(c, a == Access::kFetch ? cp0::kIBE : cp0::kDBE);
  return false;
}

void Iss::raise(Context& c, uint32_t code, bool refill, unsigned ce) {
  Cp0& s = c.cp0;
  uint32_t offset = 0x180;
  if (!(s.status & cp0::kStatusEXL)) {
    s.epc = c.in_delay ? c.pc - 4 : c.pc;
    s.cause = c.in_delay ? (s.cause | cp0::kCauseBD) : (s.cause & ~cp0::kCauseBD);
    if (refill) offset = 0;
  }
  if (refill) ++c.tlb_refills;  // nested (EXL set) ones too: each is a miss the kernel serves
  if (code == cp0::kInt && (s.cause & cp0::kCauseIV)) offset = 0x200;
  s.cause = (s.cause & ~(cp0::kCauseExcMask | (3u << cp0::kCauseCEShift))) |
            (code << cp0::kCauseExcShift) | (ce << cp0::kCauseCEShift);
  s.status |= cp0::kStatusEXL;
  if (ctx_observer_) {
    ctx_observer_->on_exception(c, code, cycle_);
    ctx_observer_->on_change(c, cycle_);
  }
  if (++c.exc_streak == cfg_.exception_storm && storm_.empty()) {
    char buf[200];
    std::snprintf(buf, sizeof buf,
                  "context %u took %u exceptions in a row without retiring an instruction; the "
                  "last: %s (%s) at pc 0x%08x, BadVAddr 0x%08x (no working exception handler?)",
                  c.id, cfg_.exception_storm, cp0::exc_name(code), cp0::exc_mnemonic(code), c.pc,
                  s.badvaddr);
    storm_ = buf;
    stop_ = true;
  }
  const uint32_t base = (s.status & cp0::kStatusBEV) ? 0xbfc00200u : (s.ebase & 0xfffff000u);
  c.pc = base + offset;
  c.slot_pending = c.branch_pending = false;
  c.annul_slot = false;
  c.redirected = true;
  c.exception_taken = true;
}

void Iss::raise_address(Context& c, uint32_t code, uint32_t va, bool refill) {
  Cp0& s = c.cp0;
  s.badvaddr = va;
  if (code == cp0::kTLBL || code == cp0::kTLBS || code == cp0::kMod) {
    s.context = (s.context & cp0::kContextPTEBaseMask) | ((va >> 13) << 4);
    s.entryhi = (va & cp0::kEntryHiVPN2Mask) | (s.entryhi & cp0::kEntryHiASIDMask);
  }
  raise(c, code, refill);
}

bool Iss::take_interrupt(Context& c) {
  c.check_irq = false;
  if (!c.cp0.interrupt_ready()) return false;
  c.in_delay = c.slot_pending;
  raise(c, cp0::kInt);
  c.exception_taken = false;
  return true;
}

void Iss::schedule_timer(Context& c) {
  uint32_t delta = c.cp0.compare - count(c);
  c.timer_at = cycle_ + (delta ? delta : (1ull << 32));
  recompute_next_event();
}

void Iss::fire_timers() {
  for (Context& c : ctx_) {
    if (c.state == ContextState::kMwait && c.mwait_deadline <= cycle_) {
      c.gpr[c.mwait_rd] = 1;  // woken by the timeout
      c.gpr[0] = 0;
      monitor_disarm(c);
      wake(c, c.mwait_deep ? cfg_.thread.mwait_deep_wake : cfg_.thread.mwait_light_wake);
    }
    if (c.timer_at > cycle_) continue;
    c.cp0.cause |= cp0::kCauseIP7 | cp0::kCauseTI;
    c.check_irq = true;
    wake_on_interrupt(c);
    c.timer_at += 1ull << 32;
  }
  events_->fire_due(cycle_);
  recompute_next_event();
}

void Iss::recompute_next_event() {
  next_timer_ = ~0ull;
  for (const Context& o : ctx_) {
    next_timer_ = std::min(next_timer_, o.timer_at);
    if (o.state == ContextState::kMwait) next_timer_ = std::min(next_timer_, o.mwait_deadline);
  }
}

uint32_t Iss::tlb_random(const Context& c) const {
  // Deterministic: derived from the cycle counter, always within [Wired, entries-1].
  const uint32_t wired = std::min(c.cp0.wired, tlb_.size() - 1);
  return wired + static_cast<uint32_t>(cycle_ % (tlb_.size() - wired));
}

void Iss::switch_space(const Context& c) {
  // An x86 logical CPU flushes its own TLB on a CR3 write; here the contexts of a core share one
  // TLB, so the entries of the spaces its other live contexts run (and will hit) stay: what
  // goes is what c alone used, including entries of its new space that a past tenant left.
  uint64_t keep[4] = {0, 0, 0, 0};
  for (const Context& o : ctx_)
    if (&o != &c && o.state != ContextState::kFree && o.user_asid != Context::kNoSpace)
      keep[o.user_asid >> 6] |= 1ull << (o.user_asid & 63);
  tlb_.flush_non_global(keep);
  flush_all_utlbs();
}

void Iss::flush_all_utlbs() {
  for (Context& c : ctx_) c.flush_utlb();
}

}  // namespace kasane
