// See region_names.h. The symbols are absolute (`.set`), so they take no space in the program and
// no cycle in the run: naming a region leaves every figure of the run as it was.
#include "platform/region_names.h"

#include <stdexcept>

#include "kasane/roi.h"

namespace kasane {

std::map<uint32_t, std::string> region_names(const ElfImage& kernel, const ElfImage* program) {
  const std::string prefix = KASANE_ROI_SYMBOL_PREFIX;
  std::map<uint32_t, std::string> names;
  for (const ElfImage* image : {program, &kernel}) {
    if (!image) continue;
    for (const auto& [symbol, id] : image->symbols_with_prefix(prefix))
      names.emplace(id, symbol.substr(prefix.size()));  // emplace keeps the first
  }
  return names;
}

void resolve_region_name(TraceWindow& w, const ElfImage& kernel, const ElfImage* program) {
  if (!w.region || w.region_name.empty()) return;
  const std::string symbol = KASANE_ROI_SYMBOL_PREFIX + w.region_name;
  std::optional<uint32_t> id;
  if (program) id = program->symbol(symbol);
  if (!id) id = kernel.symbol(symbol);
  if (!id)
    throw std::invalid_argument(
        "no region named '" + w.region_name + "': neither " +
        (program ? program->path() + " nor " : std::string()) + kernel.path() +
        " has the symbol " + symbol + " (a program names region ID with KASANE_ROI_NAME(ID, " +
        w.region_name + ") from <kasane/roi.h>)");
  w.region_id = *id;
}

}  // namespace kasane
