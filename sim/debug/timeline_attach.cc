// See timeline_attach.h.
#include "debug/timeline_attach.h"

#include "core/core.h"
#include "dev/simctl.h"

namespace kasane {

void attach_timeline(Timeline& timeline, const std::vector<Core*>& cores, SimCtl& simctl) {
  for (unsigned k = 0; k < cores.size(); ++k) {
    cores[k]->iss().set_observer(&timeline);
    cores[k]->power().on_interval([&timeline, k](uint64_t cycle, double watts, double die_c) {
      timeline.power_sample(k, cycle, watts, die_c);
    });
  }
  // The register write names no context: the one whose store is reaching the device does (one
  // core at a time reaches a device).
  simctl.on_user_thread([&timeline, cores](uint32_t thread, uint64_t cycle) {
    for (Core* core : cores)
      if (const Context* c = core->iss().io_context()) {
        timeline.set_user_thread(*c, thread, cycle);
        return;
      }
  });
}

}  // namespace kasane
