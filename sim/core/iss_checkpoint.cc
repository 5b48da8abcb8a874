// The ISS's part of a checkpoint (--checkpoint-at, --restore): every context's architectural
// state (GPRs, HI/LO, PC and the delay-slot state, CP0 with the thread-control registers, the
// FPU, the LL link, the monitor and MWAIT state, timer and wake-up cycles), the joint TLB and the
// core's clock. One list of fields (context_fields) serves both directions, so a field cannot be
// saved and forgotten on restore. The micro-TLBs and the decode cache hold host pointers and
// derived data: they start empty and refill.
#include <stdexcept>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "core/iss.h"
#include "platform/checkpoint_file.h"

namespace kasane {

namespace {

// Calls f(name, field) for every field of a context that a checkpoint keeps. `C` is Context or
// const Context.
template <typename C, typename F>
void context_fields(C& c, F&& f) {
  f("gpr", c.gpr);
  f("hi", c.hi);
  f("lo", c.lo);
  f("pc", c.pc);
  f("fpr", c.fpr);
  f("fcsr", c.fcsr);
  f("slot_pending", c.slot_pending);
  f("branch_pending", c.branch_pending);
  f("branch_target", c.branch_target);
  f("in_delay", c.in_delay);
  f("annul_slot", c.annul_slot);
  f("redirected", c.redirected);
  f("exception_taken", c.exception_taken);
  f("ll_bit", c.ll_bit);
  f("ll_pa", c.ll_pa);
  f("state", c.state);
  f("check_irq", c.check_irq);
  f("timer_at", c.timer_at);
  f("fetch_priority", c.fetch_priority);
  f("wake_at", c.wake_at);
  f("wake_token", c.wake_token);
  f("halted_from", c.halted_from);
  f("monitor_armed", c.monitor_armed);
  f("monitor_hit", c.monitor_hit);
  f("monitor_line", c.monitor_line);
  f("mwait_rd", c.mwait_rd);
  f("mwait_deep", c.mwait_deep);
  f("mwait_deadline", c.mwait_deadline);
  f("instret", c.instret);
  f("exc_streak", c.exc_streak);
  f("tlb_refills", c.tlb_refills);
  f("user_asid", c.user_asid);
  f("cp0.index", c.cp0.index);
  f("cp0.entrylo0", c.cp0.entrylo0);
  f("cp0.entrylo1", c.cp0.entrylo1);
  f("cp0.context", c.cp0.context);
  f("cp0.userlocal", c.cp0.userlocal);
  f("cp0.wired", c.cp0.wired);
  f("cp0.hwrena", c.cp0.hwrena);
  f("cp0.badvaddr", c.cp0.badvaddr);
  f("cp0.count_offset", c.cp0.count_offset);
  f("cp0.entryhi", c.cp0.entryhi);
  f("cp0.compare", c.cp0.compare);
  f("cp0.status", c.cp0.status);
  f("cp0.cause", c.cp0.cause);
  f("cp0.epc", c.cp0.epc);
  f("cp0.ebase", c.cp0.ebase);
  f("cp0.lladdr", c.cp0.lladdr);
  f("cp0.errorepc", c.cp0.errorepc);
  f("cp0.tmask", c.cp0.tmask);
  f("cp0.tcontrol", c.cp0.tcontrol);
}

void check(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument(what);
}

}  // namespace

nlohmann::json Iss::save_state() const {
  nlohmann::json contexts = nlohmann::json::array();
  for (const Context& c : ctx_) {
    nlohmann::json j;
    context_fields(c, [&](const char* name, const auto& v) { j[name] = v; });
    contexts.push_back(j);
  }
  nlohmann::json tlb = nlohmann::json::array();
  for (unsigned i = 0; i < tlb_.size(); ++i) {
    const TlbEntry& e = tlb_.read(i);
    tlb.push_back({e.entryhi, e.lo[0], e.lo[1]});
  }
  return {{"cycle", cycle_}, {"next_timer", next_timer_}, {"contexts", contexts}, {"tlb", tlb}};
}

void Iss::restore_state(const nlohmann::json& j) {
  const nlohmann::json& contexts = j.at("contexts");
  const nlohmann::json& tlb = j.at("tlb");
  check(contexts.size() == ctx_.size(), "it has " + std::to_string(contexts.size()) +
                                            " contexts on a core, the machine " +
                                            std::to_string(ctx_.size()));
  check(tlb.size() == tlb_.size(), "its TLB has " + std::to_string(tlb.size()) + " entries");
  cycle_ = checked<uint64_t>(j.at("cycle"));
  next_timer_ = checked<uint64_t>(j.at("next_timer"));
  for (unsigned i = 0; i < ctx_.size(); ++i) {
    Context& c = ctx_[i];
    context_fields(c, [&](const char* name, auto& v) {
      v = checked<std::decay_t<decltype(v)>>(contexts[i].at(name));
    });
    // Fields that index or select: a file edited by hand must not make them reach out of range.
    check(c.state <= ContextState::kHalted && c.halted_from <= ContextState::kHalted,
          "context " + std::to_string(i) + " has no valid state");
    check(c.user_asid <= Context::kNoSpace,
          "context " + std::to_string(i) + " has a user ASID out of range");
    check(c.mwait_rd < 32 && c.fetch_priority <= 2,
          "context " + std::to_string(i) + " has an MWAIT register or priority out of range");
    c.flush_utlb();
    c.was_free = c.state == ContextState::kFree; /* free cycles count from the restore on */
    c.free_since = cycle_;
    c.free_cycles = 0;
    if (c.ll_bit) ++observer_->watchers;
    if (c.monitor_armed) ++observer_->watchers;
  }
  for (unsigned i = 0; i < tlb_.size(); ++i)
    tlb_.write(i, checked<uint32_t>(tlb[i].at(0)), checked<uint32_t>(tlb[i].at(1)),
               checked<uint32_t>(tlb[i].at(2)));
}

}  // namespace kasane
