// Writing the Kanata log: one line per event, a C line whenever the cycle moves, and only the
// instructions that begin inside the window (an instruction cut at the window's start would show
// stages without a beginning; one cut at its end simply stays in flight when the file ends).
#include "core/kanata.h"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <stdexcept>
#include <tuple>

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

TraceWindow window_of(uint64_t first, uint64_t last) {
  TraceWindow w;
  w.first = first;
  w.last = last;
  return w;
}

}  // namespace

KanataWriter::KanataWriter(const std::string& path, uint64_t first, uint64_t last)
    : KanataWriter(path, window_of(first, last)) {}

KanataWriter::KanataWriter(const std::string& path, const TraceWindow& window)
    : KanataWriter(std::fopen(path.c_str(), "w"), window) {
  if (!file_)
    throw std::runtime_error("cannot open pipeline trace '" + path + "': " + std::strerror(errno));
  owned_.reset(file_);
}

KanataWriter::KanataWriter(std::FILE* file, const TraceWindow& window)
    : file_(file), window_(window), first_(window.first), last_(window.last), cycle_(window.first) {
  if (!file_) return;  // the path constructor throws
  std::fputs("Kanata\t0004\n", file_);
  if (window_.deferred()) {
    waiting_ = true;  // an empty window until the region begins
    first_ = 1;
    last_ = 0;
    return;
  }
  // Konata itself counts from 0 and ignores C=, but the absolute start keeps the file
  // self-describing for other readers.
  std::fprintf(file_, "C=\t%" PRIu64 "\n", first_);
}

void KanataWriter::region_marker(uint32_t id, bool begin, uint64_t cycle) {
  if (!window_.region || id != window_.region_id) return;
  if (begin && waiting_) {
    open_window(cycle >= window_.before ? cycle - window_.before : 0);
  } else if (!begin && !waiting_ && !closing_) {
    closing_ = true;
    last_ = cycle + std::min(window_.after, UINT64_MAX - cycle);
  }
}

void KanataWriter::reached(uint32_t pc, uint64_t cycle) {
  if (!watching() || pc != window_.sym_addr) return;
  open_window(cycle >= window_.before ? cycle - window_.before : 0);
  closing_ = true;
  last_ = cycle + std::min(window_.after, UINT64_MAX - cycle);
}

// The region began: the window starts `before` cycles ago, and the pre-roll holds what happened
// since then. Instructions that began before that are left out, as with a window of cycles.
void KanataWriter::open_window(uint64_t first) {
  waiting_ = false;
  first_ = cycle_ = first;
  last_ = UINT64_MAX;
  std::fprintf(file_, "C=\t%" PRIu64 "\n", first_);
  for (const Held& e : preroll_) {
    if (e.cycle < first_) continue;
    if (e.kind == Held::kBegin) {
      if (advance(e.cycle)) write_begin(e.id, e.thread, e.pc, e.text);
    } else if (live_.count(e.id) && advance(e.cycle)) {
      switch (e.kind) {
        case Held::kStage: drop_later(e.id); write_stage(e.id, e.text); break;
        case Held::kRetire: drop_later(e.id); write_retire(e.id, e.squashed); break;
        case Held::kLater: write_later(e.id, e.text, e.when); break;
        case Held::kDepend: write_depend(e.id, e.when); break;
        case Held::kStall: write_stall(e.id, e.text); break;
        case Held::kBegin: break;
      }
    }
  }
  preroll_.clear();
}

void KanataWriter::hold(Held e) {
  const uint64_t now = e.cycle;
  preroll_.push_back(std::move(e));
  while (!preroll_.empty() && preroll_.front().cycle + window_.before < now) preroll_.pop_front();
}

bool KanataWriter::advance(uint64_t cycle) {
  // The window is over, or the file cannot take more: nothing will be written again, so drop
  // the state.
  if ((cycle > last_ || failed_) && !live_.empty()) {
    live_.clear();
    later_.clear();
  }
  if (cycle < first_ || cycle > last_ || failed_) return false;
  assert(cycle >= cycle_ && "pipeline trace: the cycle went back");
  if (cycle > cycle_) write_due(cycle);
  if (cycle > cycle_) {
    std::fprintf(file_, "C\t%" PRIu64 "\n", cycle - cycle_);
    cycle_ = cycle;
  }
  return true;
}

void KanataWriter::end_stall(Live& l) {
  if (!l.stalled) return;
  std::fprintf(file_, "E\t%" PRIu64 "\t1\t%s\n", l.file_id, label_text(l.reason).c_str());
  l.stalled = false;
}

void KanataWriter::end_stage(uint64_t file_id, const std::string& stage) {
  if (!stage.empty())
    std::fprintf(file_, "E\t%" PRIu64 "\t0\t%s\n", file_id, stage.c_str());
}

uint64_t KanataWriter::begin(uint64_t cycle, unsigned thread, uint32_t pc,
                             const std::string& disasm) {
  if (waiting_) {
    if (window_.before == 0) return kNotRecorded;
    const uint64_t id = next_id_++;
    hold({Held::kBegin, cycle, id, thread, pc, disasm, false});
    return id;
  }
  if (!advance(cycle)) return kNotRecorded;
  const uint64_t id = next_id_++;
  write_begin(id, thread, pc, disasm);
  return id;
}

void KanataWriter::write_begin(uint64_t id, unsigned thread, uint32_t pc,
                               const std::string& disasm) {
  const uint64_t f = next_file_id_++;
  // The id in the simulator is the same serial: the pipeline has no sequence number of its own
  // worth showing, and the thread has its own field.
  std::fprintf(file_, "I\t%" PRIu64 "\t%" PRIu64 "\t%u\n", f, f, first_thread_ + thread);
  std::fprintf(file_, "L\t%" PRIu64 "\t0\t%08" PRIx32 ": %s\n", f, pc,
               label_text(disasm).c_str());
  // Core and context, for the hover box (the thread id above is the global context number).
  std::fprintf(file_, "L\t%" PRIu64 "\t1\tc%u.t%u\n", f, core_, thread);
  live_.emplace(id, Live{f, std::string(), std::string(), false});
}

void KanataWriter::stage(uint64_t cycle, uint64_t id, const char* stage) {
  assert(std::strpbrk(stage, "\t\n") == nullptr);
  if (id == kNotRecorded) return;
  if (waiting_) {
    hold({Held::kStage, cycle, id, 0, 0, stage, false});
    return;
  }
  if (!live_.count(id) || !advance(cycle)) return;  // kNotRecorded and retired ids are not there
  drop_later(id);
  write_stage(id, stage);
}

void KanataWriter::stage_at(uint64_t cycle, uint64_t id, const char* stage, uint64_t when) {
  assert(when > cycle && std::strpbrk(stage, "\t\n") == nullptr);
  if (id == kNotRecorded) return;
  if (waiting_) {
    Held e{Held::kLater, cycle, id, 0, 0, stage, false};
    e.when = when;
    hold(std::move(e));
    return;
  }
  if (!live_.count(id) || !advance(cycle)) return;
  write_later(id, stage, when);
}

void KanataWriter::retire_at(uint64_t cycle, uint64_t id, uint64_t when) {
  if (id == kNotRecorded) return;
  if (waiting_) {
    Held e{Held::kLater, cycle, id, 0, 0, std::string(), false};
    e.when = when;
    hold(std::move(e));
    return;
  }
  if (!live_.count(id) || !advance(cycle)) return;
  write_later(id, std::string(), when);
}

void KanataWriter::write_later(uint64_t id, const std::string& stage, uint64_t when) {
  if (live_.count(id)) later_.push_back({when, id, stage});
}

void KanataWriter::drop_later(uint64_t id) {
  later_.erase(std::remove_if(later_.begin(), later_.end(),
                              [id](const Later& l) { return l.id == id; }),
               later_.end());
}

// A scheduled event is written when the file moves past its cycle, so an explicit event of the
// same instruction in that cycle can still supersede it. Few are pending (two per instruction in
// flight at most): a scan for the earliest is enough.
void KanataWriter::write_due(uint64_t before) {
  for (;;) {
    auto next = later_.end();
    for (auto it = later_.begin(); it != later_.end(); ++it)
      if (it->when < before && (next == later_.end() || it->when < next->when)) next = it;
    if (next == later_.end()) return;
    const Later l = *next;
    later_.erase(next);
    if (!live_.count(l.id)) continue;
    if (l.when > cycle_) {
      std::fprintf(file_, "C\t%" PRIu64 "\n", l.when - cycle_);
      cycle_ = l.when;
    }
    if (l.stage.empty())
      write_retire(l.id, false);
    else
      write_stage(l.id, l.stage);
  }
}

// What is still in flight when the run ends never retires: it is flushed, so that every
// instruction the file starts ends exactly once.
void KanataWriter::finish() {
  if (waiting_ || failed_) return;
  write_due(UINT64_MAX);
  std::vector<uint64_t> ids;
  for (const auto& [id, live] : live_) ids.push_back(id);
  std::sort(ids.begin(), ids.end());  // in the order they began
  for (uint64_t id : ids) write_retire(id, true);
}

void KanataWriter::depend(uint64_t cycle, uint64_t consumer, uint64_t producer) {
  if (consumer == kNotRecorded || producer == kNotRecorded) return;
  if (waiting_) {
    Held e{Held::kDepend, cycle, consumer, 0, 0, std::string(), false};
    e.when = producer;
    hold(std::move(e));
    return;
  }
  if (!live_.count(consumer) || !live_.count(producer) || !advance(cycle)) return;
  write_depend(consumer, producer);
}

void KanataWriter::write_depend(uint64_t consumer, uint64_t producer) {
  auto c = live_.find(consumer), p = live_.find(producer);
  if (c == live_.end() || p == live_.end()) return;
  // Konata: W <consumer> <producer> <type>, type 0 a wakeup (a register dependence).
  std::fprintf(file_, "W\t%" PRIu64 "\t%" PRIu64 "\t0\n", c->second.file_id, p->second.file_id);
}

void KanataWriter::stall(uint64_t cycle, uint64_t id, const char* reason) {
  if (id == kNotRecorded) return;
  if (waiting_) {
    hold({Held::kStall, cycle, id, 0, 0, reason, false});
    return;
  }
  if (!live_.count(id) || !advance(cycle)) return;
  write_stall(id, reason);
}

void KanataWriter::write_stall(uint64_t id, const std::string& reason) {
  auto it = live_.find(id);
  if (it == live_.end() || (it->second.stalled && it->second.reason == reason)) return;
  end_stall(it->second);
  it->second.reason = reason;
  it->second.stalled = true;
  std::fprintf(file_, "S\t%" PRIu64 "\t1\t%s\n", it->second.file_id, label_text(reason).c_str());
  // A hover line per change of reason; Konata turns the literal \n into a line break.
  std::fprintf(file_, "L\t%" PRIu64 "\t1\t\\n%" PRIu64 ": waits: %s\n", it->second.file_id,
               cycle_, label_text(reason).c_str());
}

void KanataWriter::write_stage(uint64_t id, const std::string& stage) {
  Live& l = live_.at(id);
  // A stall is the wait to issue: the scheduled Is written after it in its cycle goes on with it.
  if (stage != "Is") end_stall(l);
  end_stage(l.file_id, l.stage);
  std::fprintf(file_, "S\t%" PRIu64 "\t0\t%s\n", l.file_id, stage.c_str());
  l.stage = stage;
}

void KanataWriter::retire(uint64_t cycle, uint64_t id, bool squashed) {
  if (id == kNotRecorded) return;
  if (waiting_) {
    hold({Held::kRetire, cycle, id, 0, 0, std::string(), squashed});
    return;
  }
  if (!live_.count(id) || !advance(cycle)) return;
  drop_later(id);
  write_retire(id, squashed);
}

void KanataWriter::write_retire(uint64_t id, bool squashed) {
  auto it = live_.find(id);
  end_stall(it->second);
  end_stage(it->second.file_id, it->second.stage);
  // Konata indexes committed instructions by retire id, a serial over the whole file; a squashed
  // instruction gets the number it would have had, which the format allows to repeat.
  std::fprintf(file_, "R\t%" PRIu64 "\t%" PRIu64 "\t%d\n", it->second.file_id,
               next_retire_id_, squashed ? 1 : 0);
  if (!squashed) ++next_retire_id_;
  live_.erase(it);
}

bool KanataWriter::flush() {
  if (!failed_ && (std::fflush(file_) != 0 || std::ferror(file_))) failed_ = true;
  return !failed_;
}

}  // namespace kasane
