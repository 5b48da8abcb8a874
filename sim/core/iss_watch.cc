// What the ISS watches stores for: LL/SC links and MONITOR lines. Every store in the machine (any
// core's, or DMA) reaches every core through the StoreObserver, which breaks the links and hits
// the monitors it touches; `watchers` counts the armed ones so that a store checks nothing when
// none is armed.
#include "core/iss.h"

#include "core/store_observer.h"

namespace kasane {

void StoreObserver::store(uint32_t pa, uint64_t bytes) {
  for (Iss* core : cores_) core->snoop_store(pa, bytes);
}

void Iss::snoop_store(uint32_t pa, uint64_t bytes) {
  const uint64_t end = pa + bytes;
  // [base, base + size) overlaps the stored bytes.
  auto touched = [&](uint64_t base, uint64_t size) { return base < end && base + size > pa; };
  for (Context& o : ctx_) {
    if (o.ll_bit && touched(o.ll_pa & ~3u, 4)) {
      o.ll_bit = false;
      --observer_->watchers;
    }
    if (o.monitor_armed && !o.monitor_hit && touched(o.monitor_line, cfg_.thread.monitor_line))
      hit_monitor(o);
  }
}

void Iss::hit_monitor(Context& o) {
  o.monitor_hit = true;
  if (o.state == ContextState::kMwait) {
    o.gpr[o.mwait_rd] = 0;  // woken by a store
    o.gpr[0] = 0;
    monitor_disarm(o);
    wake(o, o.mwait_deep ? cfg_.thread.mwait_deep_wake : cfg_.thread.mwait_light_wake);
  }
}

void Iss::note_texit() {
  for (Context& o : ctx_)
    if ((o.cp0.tcontrol & cp0::kTControlXW) && o.monitor_armed && !o.monitor_hit) hit_monitor(o);
}

void Iss::monitor_arm(Context& c, uint32_t pa) {
  if (!c.monitor_armed) ++observer_->watchers;
  c.monitor_armed = true;
  c.monitor_hit = false;
  c.monitor_line = pa & ~(cfg_.thread.monitor_line - 1);
}

void Iss::monitor_disarm(Context& c) {
  if (c.monitor_armed) --observer_->watchers;
  c.monitor_armed = c.monitor_hit = false;
}

void Iss::ll_link(Context& c, uint32_t pa) {
  if (!c.ll_bit) ++observer_->watchers;
  c.ll_bit = true;
  c.ll_pa = pa;
  c.cp0.lladdr = pa >> 4;
}

void Iss::ll_clear(Context& c) {
  if (c.ll_bit) --observer_->watchers;
  c.ll_bit = false;
}

}  // namespace kasane
