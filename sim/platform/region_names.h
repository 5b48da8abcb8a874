// Names of the regions of interest: a guest names region ID with KASANE_ROI_NAME(ID, NAME)
// (<kasane/roi.h>), which leaves the absolute symbol __kasane_roi_NAME = ID in its ELF file.
// Here those symbols are read back, for --trace-window roi:NAME and for stats.json.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "core/trace_window.h"
#include "platform/elf_image.h"

namespace kasane {

// Region id -> name, from the program's symbols and then the kernel's (the program wins for an
// id both name; of several names for one id, the first in alphabetical order).
std::map<uint32_t, std::string> region_names(const ElfImage& kernel, const ElfImage* program);

// Sets w.region_id for a roi:NAME window, looking in the program first, then the kernel. Throws
// std::invalid_argument naming the region and the files if neither names it.
void resolve_region_name(TraceWindow& w, const ElfImage& kernel, const ElfImage* program);

}  // namespace kasane
