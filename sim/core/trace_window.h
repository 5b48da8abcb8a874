// The window of cycles a trace covers (--trace-window), shared by the pipeline trace and the
// instruction trace: cycles A:B, a region of interest by id or name (roi:ID-BEFORE+AFTER,
// roi:NAME-BEFORE+AFTER) or the first time a context reaches a symbol (sym:NAME-BEFORE+AFTER).
#pragma once

#include <cstdint>
#include <string>
#include <utility>

namespace kasane {

// What --trace-window selects: cycles first..last, the first entry of region `region_id` with
// margins (the region's begin - before .. its end + after), or the first time any context
// executes the instruction at symbol `symbol` (sym_addr, which kasane-sim looks up in the ELF
// symbol tables; from then - before to then + after, or to the end without +AFTER).
struct TraceWindow {
  uint64_t first = 0, last = UINT64_MAX;
  bool region = false;
  uint32_t region_id = 0;
  std::string region_name;  // roi:NAME: region_id is left for the caller to look up
  uint64_t before = 0, after = 0;
  bool at_symbol = false;
  std::string symbol;
  uint32_t sym_addr = 0;
  // A region or symbol window: nothing is traced until its start is seen.
  bool deferred() const { return region || at_symbol; }
};

// Parses --trace-window: "A:B" (parse_trace_window), "roi:ID[-BEFORE][+AFTER]" (decimal ID and
// cycles), "roi:NAME[-BEFORE][+AFTER]" (a C identifier, region_id left for the caller) or "sym:NAME[-BEFORE][+AFTER]" (sym_addr left for the caller to look up); throws std::invalid_argument saying what is wrong and what is expected.
TraceWindow parse_trace_spec(const std::string& text);

// Parses "A:B" (decimal cycles, A <= B) into a window; throws std::invalid_argument saying what
// is wrong and what is expected.
std::pair<uint64_t, uint64_t> parse_trace_window(const std::string& text);

}  // namespace kasane
