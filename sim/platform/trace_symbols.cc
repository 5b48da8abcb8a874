// See trace_symbols.h.
#include "platform/trace_symbols.h"

#include <stdexcept>

namespace kasane {

Symbolizer trace_symbolizer(const ElfImage& kernel, const ElfImage* program) {
  return [&kernel, program](uint32_t addr) {
    if (program && addr < 0x80000000u) return program->symbolize(addr);
    return kernel.symbolize(addr);
  };
}

void resolve_trace_symbol(TraceWindow& w, const ElfImage& kernel, const ElfImage* program) {
  if (!w.at_symbol) return;
  std::optional<uint32_t> addr;
  if (program) addr = program->symbol(w.symbol);
  if (!addr) addr = kernel.symbol(w.symbol);
  if (!addr)
    throw std::invalid_argument("no symbol '" + w.symbol + "' in " +
                                (program ? program->path() + " or " : std::string()) +
                                kernel.path());
  w.sym_addr = *addr;
}

}  // namespace kasane
