// See timeline_attach.h.
#include "debug/timeline_attach.h"

#include "core/core.h"
#include "dev/simctl.h"

namespace kasane {

void attach_timeline(Timeline& timeline, Core& core, unsigned index, SimCtl& simctl) {
  Iss& iss = core.iss();
  iss.set_observer(&timeline);
  // The register write names no context: the one whose store is reaching the device does.
  simctl.on_user_thread([&timeline, &iss](uint32_t thread, uint64_t cycle) {
    if (const Context* c = iss.io_context()) timeline.set_user_thread(*c, thread, cycle);
  });
  core.power().on_interval([&timeline, index](uint64_t cycle, double watts, double die_c) {
    timeline.power_sample(index, cycle, watts, die_c);
  });
}

}  // namespace kasane
