// Parsing --trace-window: cycles, a region of interest or a symbol, with margins.
#include "core/trace_window.h"

#include <algorithm>
#include <stdexcept>
#include <tuple>

namespace kasane {

namespace {
bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

const char kExpected[] =
    " (expected FIRST:LAST in cycles, e.g. 1000:2000, roi:ID[-BEFORE][+AFTER] or "
    "roi:NAME[-BEFORE][+AFTER], e.g. roi:3-500+2000 or roi:parallel+2000, or "
    "sym:NAME[-BEFORE][+AFTER], e.g. sym:main+5000)";

// A region's name is the NAME of KASANE_ROI_NAME(ID, NAME), a C identifier (<kasane/roi.h>).
bool identifier(const std::string& s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s)
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
      return false;
  return true;
}
}  // namespace

std::pair<uint64_t, uint64_t> parse_trace_window(const std::string& text) {
  const std::string expected = kExpected;
  const size_t colon = text.find(':');
  if (colon == std::string::npos)
    throw std::invalid_argument("trace window '" + text + "' has no ':'" + expected);
  const std::string a = text.substr(0, colon), b = text.substr(colon + 1);
  if (!all_digits(a) || !all_digits(b))
    throw std::invalid_argument("trace window '" + text + "' is not two decimal numbers" +
                                expected);
  uint64_t first, last;
  try {
    first = std::stoull(a);
    last = std::stoull(b);
  } catch (const std::out_of_range&) {
    throw std::invalid_argument("trace window '" + text + "' has a number too large" + expected);
  }
  if (last < first)
    throw std::invalid_argument("trace window '" + text + "' ends before it starts" + expected);
  return {first, last};
}

// roi:ID[-BEFORE][+AFTER], roi:NAME[-BEFORE][+AFTER] or sym:NAME[-BEFORE][+AFTER]: the margins
// decimal, in that order, optional.
TraceWindow parse_trace_spec(const std::string& text) {
  const bool at_symbol = text.compare(0, 4, "sym:") == 0;
  if (text.compare(0, 4, "roi:") != 0 && !at_symbol) {
    TraceWindow w;
    std::tie(w.first, w.last) = parse_trace_window(text);
    return w;
  }
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument("trace window '" + text + "' " + why + kExpected);
  };
  TraceWindow w;
  w.region = !at_symbol;
  w.at_symbol = at_symbol;
  const std::string rest = text.substr(4);
  const size_t minus = rest.find('-'), plus = rest.find('+');
  if (minus != std::string::npos && plus != std::string::npos && plus < minus)
    fail("has its +AFTER before its -BEFORE");
  const size_t id_end = std::min(minus, plus);
  auto number = [&](const std::string& digits, const char* what) -> uint64_t {
    if (!all_digits(digits))
      fail(std::string("has no decimal ") + what + " where '" + digits + "' is");
    try {
      return std::stoull(digits);
    } catch (const std::out_of_range&) {
      fail(std::string("has a ") + what + " too large");
    }
    return 0;
  };
  if (at_symbol) {
    w.symbol = rest.substr(0, id_end);
    if (w.symbol.empty()) fail("has no symbol name");
    w.after = UINT64_MAX;  // without +AFTER, to the end of the run
  } else if (const std::string name = rest.substr(0, id_end);
             !name.empty() && !(name[0] >= '0' && name[0] <= '9')) {
    if (!identifier(name)) fail("has a region name '" + name + "' that is no C identifier");
    w.region_name = name;
  } else {
    const uint64_t id = number(rest.substr(0, id_end), "region id");
    if (id > UINT32_MAX) fail("has a region id too large");
    w.region_id = static_cast<uint32_t>(id);
  }
  if (minus != std::string::npos)
    w.before = number(rest.substr(minus + 1, plus == std::string::npos ? std::string::npos
                                                                        : plus - minus - 1),
                      "BEFORE margin");
  if (plus != std::string::npos) w.after = number(rest.substr(plus + 1), "AFTER margin");
  return w;
}

}  // namespace kasane
