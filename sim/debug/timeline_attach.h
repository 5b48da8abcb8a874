// Wiring the thread timeline to a core: the ISS's state hooks, sim-control's user thread
// register and the power model's intervals all report to one Timeline.
#pragma once

#include <vector>

#include "debug/timeline.h"

namespace kasane {

class Core;
class SimCtl;

// cores[k] is core number k (the timeline's pid); `simctl` is the platform's sim-control.
void attach_timeline(Timeline& timeline, const std::vector<Core*>& cores, SimCtl& simctl);

}  // namespace kasane
