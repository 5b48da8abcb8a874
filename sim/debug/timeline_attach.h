// Wiring the thread timeline to a core: the ISS's state hooks, sim-control's user thread
// register and the power model's intervals all report to one Timeline.
#pragma once

#include "debug/timeline.h"

namespace kasane {

class Core;
class SimCtl;

// `core` is core number `index` (the timeline's pid); `simctl` is the platform's sim-control.
void attach_timeline(Timeline& timeline, Core& core, unsigned index, SimCtl& simctl);

}  // namespace kasane
