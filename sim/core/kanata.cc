// Writing the Kanata log: one line per event, a C line whenever the cycle moves, and only the
// instructions that begin inside the window (an instruction cut at the window's start would show
// stages without a beginning; one cut at its end simply stays in flight when the file ends).
#include "core/kanata.h"

#include <cassert>
#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <stdexcept>

namespace kasane {

namespace {

// Fields are tab-separated and lines end at '\n'; Konata turns a literal "\n" back into a line
// break in labels, so neither character may reach the file raw.
std::string label_text(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '\t') out += ' ';
    else if (c == '\n') out += "\\n";
    else if (c != '\r') out += c;
  }
  return out;
}

bool all_digits(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

KanataWriter::KanataWriter(const std::string& path, uint64_t first, uint64_t last)
    : path_(path), file_(std::fopen(path.c_str(), "w")), first_(first), last_(last), cycle_(first) {
  if (!file_)
    throw std::runtime_error("cannot open pipeline trace '" + path + "': " + std::strerror(errno));
  // Konata itself counts from 0 and ignores C=, but the absolute start keeps the file
  // self-describing for other readers.
  std::fprintf(file_.get(), "Kanata\t0004\nC=\t%" PRIu64 "\n", first);
}

bool KanataWriter::advance(uint64_t cycle) {
  // The window is over: nothing will be written again, so drop the state.
  if (cycle > last_ && !live_.empty()) live_.clear();
  if (!active(cycle)) return false;
  assert(cycle >= cycle_ && "pipeline trace: the cycle went back");
  if (cycle > cycle_) {
    std::fprintf(file_.get(), "C\t%" PRIu64 "\n", cycle - cycle_);
    cycle_ = cycle;
  }
  return true;
}

void KanataWriter::end_stage(uint64_t id, const std::string& stage) {
  if (!stage.empty()) std::fprintf(file_.get(), "E\t%" PRIu64 "\t0\t%s\n", id, stage.c_str());
}

uint64_t KanataWriter::begin(uint64_t cycle, unsigned thread, uint32_t pc,
                             const std::string& disasm) {
  if (!advance(cycle)) return kNotRecorded;
  const uint64_t id = next_id_++;
  // The id in the simulator is the same serial: the pipeline has no sequence number of its own
  // worth showing, and the thread has its own field.
  std::fprintf(file_.get(), "I\t%" PRIu64 "\t%" PRIu64 "\t%u\n", id, id, thread);
  std::fprintf(file_.get(), "L\t%" PRIu64 "\t0\t%08" PRIx32 ": %s\n", id, pc,
               label_text(disasm).c_str());
  live_.emplace(id, std::string());
  return id;
}

void KanataWriter::stage(uint64_t cycle, uint64_t id, const char* stage) {
  assert(std::strpbrk(stage, "\t\n") == nullptr);
  auto it = live_.find(id);  // kNotRecorded and retired ids are not there
  if (it == live_.end() || !advance(cycle)) return;
  end_stage(id, it->second);
  std::fprintf(file_.get(), "S\t%" PRIu64 "\t0\t%s\n", id, stage);
  it->second = stage;
}

void KanataWriter::retire(uint64_t cycle, uint64_t id, bool squashed) {
  auto it = live_.find(id);
  if (it == live_.end() || !advance(cycle)) return;
  end_stage(id, it->second);
  // Konata indexes committed instructions by retire id, a serial over the whole file; a squashed
  // instruction gets the number it would have had, which the format allows to repeat.
  std::fprintf(file_.get(), "R\t%" PRIu64 "\t%" PRIu64 "\t%d\n", id, next_retire_id_,
               squashed ? 1 : 0);
  if (!squashed) ++next_retire_id_;
  live_.erase(it);
}

void KanataWriter::flush() {
  if (std::fflush(file_.get()) != 0 || std::ferror(file_.get()))
    throw std::runtime_error("cannot write pipeline trace '" + path_ + "': " +
                             std::strerror(errno));
}

std::pair<uint64_t, uint64_t> parse_trace_window(const std::string& text) {
  const std::string expected = " (expected FIRST:LAST in cycles, e.g. 1000:2000)";
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

}  // namespace kasane
